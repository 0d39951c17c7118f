"""Which frames a change sends (docs/protocol.md): a move changes the match only, so every socket gets the
match frame and no room frame; a change of the room (someone leaves) sends the room frame."""

import pytest

from games.runtime import scheduling
from tests.games.test_room_socket import drain, guess_now, receive_until, socket, table_of_two

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


async def test_a_move_sends_the_match_frame_and_not_the_unchanged_room():
    code, match_id, ana_cookie, beto_cookie, _state = await table_of_two()
    ana, beto = socket(code, ana_cookie), socket(code, beto_cookie)
    await ana.connect()
    await beto.connect()
    for client in (ana, beto):
        await receive_until(client, "match")
        await drain(client)  # the arrivals' room frames

    await guess_now(match_id, "Ana", "perro")
    for client in (ana, beto):
        frames = await drain(client)
        assert [frame["type"] for frame in frames] == ["match"]
        assert frames[0]["match_id"] == match_id and frames[0]["view"]["seats"][0]["guesses"] == 1

    await beto.disconnect()  # the room changes (Beto goes offline): Ana gets the room frame
    assert (await receive_until(ana, "room"))["room"]["seats"][1]["online"] is False
    await ana.disconnect()


async def test_a_socket_that_connects_gets_its_snapshots_once_and_the_others_see_it_arrive():
    code, _match_id, ana_cookie, beto_cookie, _state = await table_of_two()
    ana = socket(code, ana_cookie)
    await ana.connect()
    frames = [await ana.receive_json_from(timeout=5)] + await drain(ana)
    assert [frame["type"] for frame in frames] == ["room", "match"]  # not its own arrival's echo too

    beto = socket(code, beto_cookie)
    await beto.connect()
    frames = [await beto.receive_json_from(timeout=5)] + await drain(beto)
    assert [frame["type"] for frame in frames] == ["room", "match"]
    # Ana's page learns that Beto came online (a room frame; the match is unchanged).
    arrival = await drain(ana)
    assert [frame["type"] for frame in arrival] == ["room"] and arrival[0]["room"]["seats"][1]["online"] is True
    await beto.disconnect()
    await ana.disconnect()
