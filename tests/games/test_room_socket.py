"""The room socket: per-viewer snapshots, moves through the service, reconnects, abuse."""

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games.duelo import engine
from games.models import Match
from games.runtime import matches, rooms, scheduling

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


@database_sync_to_async
def table_of_two():
    """Ana hosts, Beto (a guest who came by link) sits; the match starts and its round is open."""
    ana, beto = Client(), Client()
    ana.post("/guest/", {"nickname": "Ana"})
    beto.post("/guest/", {"nickname": "Beto"})
    from accounts.models import Player

    host, guest = Player.objects.get(nickname="Ana"), Player.objects.get(nickname="Beto")
    room = rooms.room_create(
        game="duelo",
        host=host,
        seats=2,
        interface_language="es",
        settings={"language": "es", "rounds": 1, "round_seconds": 60},
    )
    rooms.room_join(room=room, player=guest)
    match = matches.match_start(room=room, by=host)
    state = engine.from_json(match.state)
    # Skip the start card: the round opens now (the engine's own clock, through the service).
    matches.match_advance(match_id=match.pk, now=state.current.opens_at + timedelta(milliseconds=1))
    return room.code, match.pk, ana.cookies["sessionid"].value, beto.cookies["sessionid"].value, state


def socket(code: str, cookie: str | None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
    if cookie:
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    return WebsocketCommunicator(application, f"/ws/rooms/{code}/", headers=headers)


async def receive_until(client: WebsocketCommunicator, kind: str) -> dict:
    for _ in range(10):
        frame = await client.receive_json_from(timeout=5)
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame")


async def room_until(client: WebsocketCommunicator, wanted, seconds: float = 10) -> bool:
    """Read room frames until one satisfies `wanted` (a slow machine may send a few before it)."""
    import asyncio

    deadline = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < deadline:
        frame = await client.receive_json_from(timeout=seconds)
        if frame["type"] == "room" and wanted(frame["room"]):
            return True
    return False


async def drain(client: WebsocketCommunicator) -> list[dict]:
    frames = []
    while not await client.receive_nothing(timeout=0.3):
        frames.append(await client.receive_json_from())
    return frames


async def guess_now(match_id: int, cookie_owner: str, word: str):
    @database_sync_to_async
    def act():
        from accounts.models import Player

        match = Match.objects.get(pk=match_id)
        state = engine.from_json(match.state)
        matches.match_act(
            match_id=match_id,
            player=Player.objects.get(nickname=cookie_owner),
            action={"type": "guess", "word": word},
            now=state.current.opens_at + timedelta(seconds=2),
        )

    await act()


async def test_each_player_gets_their_own_view_and_never_a_rivals_letters():
    code, match_id, ana_cookie, beto_cookie, state = await table_of_two()
    ana, beto = socket(code, ana_cookie), socket(code, beto_cookie)
    assert (await ana.connect())[0] and (await beto.connect())[0]
    room = await receive_until(ana, "room")
    assert [seat["nickname"] for seat in room["room"]["seats"]] == ["Ana", "Beto"]
    assert room["room"]["you"] == {"seat": 0, "is_host": True, "spectator": False}
    await receive_until(ana, "match")
    await receive_until(beto, "match")

    await guess_now(match_id, "Ana", "perro")
    mine = await receive_until(ana, "match")
    theirs = await receive_until(beto, "match")
    assert mine["view"]["grid"]["rows"][0]["shown"] == "perro"
    assert "perro" not in json.dumps(theirs) and "p" not in [
        letter for row in theirs["view"]["grid"]["rows"] for letter in row["letters"]
    ]
    assert len(theirs["view"]["seats"][0]["rows"]) == 1  # Beto sees Ana's colours, live
    hidden = state.hidden_words[0]
    assert hidden not in json.dumps(theirs) and hidden not in json.dumps(mine)
    await ana.disconnect()
    await beto.disconnect()


async def test_a_move_from_the_socket_goes_through_the_service_and_errors_go_to_the_sender_only():
    code, match_id, ana_cookie, beto_cookie, _state = await table_of_two()
    ana, beto = socket(code, ana_cookie), socket(code, beto_cookie)
    await ana.connect()
    await beto.connect()
    turn = (await receive_until(ana, "match"))["turn"]
    await receive_until(beto, "match")
    assert turn == "round:1"  # the round Ana plays: her guesses name it
    await ana.send_json_to(
        {"type": "act", "match_id": match_id, "ref": "r1", "turn": turn, "action": {"type": "guess", "word": "qqqqq"}}
    )
    error = await receive_until(ana, "error")
    assert error["code"] == "not_in_list" and error["ref"] == "r1"
    assert error["message"] == "No está en la lista de palabras."
    assert "error" not in [frame["type"] for frame in await drain(beto)]  # Ana's mistake is hers alone
    await ana.send_json_to(
        {"type": "act", "match_id": match_id, "ref": "r2", "turn": turn, "action": {"type": "guess", "word": "Árbol"}}
    )
    assert (await receive_until(ana, "ok"))["ref"] == "r2"
    assert (await receive_until(beto, "match"))["v"] >= 3
    await ana.disconnect()
    await beto.disconnect()


async def test_a_player_who_comes_back_gets_the_current_view():
    code, match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    ana = socket(code, ana_cookie)
    await ana.connect()
    before = await receive_until(ana, "match")
    await ana.disconnect()
    await guess_now(match_id, "Ana", "perro")
    again = socket(code, ana_cookie)
    await again.connect()
    after = await receive_until(again, "match")
    assert after["v"] == before["v"] + 1
    assert after["view"]["grid"]["rows"][0]["shown"] == "perro"
    await again.disconnect()


async def test_a_spectator_sees_colours_only_and_cannot_play():
    code, match_id, _ana_cookie, _beto_cookie, _state = await table_of_two()
    await guess_now(match_id, "Ana", "perro")

    @database_sync_to_async
    def carla_cookie():
        client = Client()
        client.post("/guest/", {"nickname": "Carla"})
        client.post(f"/r/{code}/")  # the invitation's button: a match is on, so Carla watches
        return client.cookies["sessionid"].value

    carla = socket(code, await carla_cookie())
    await carla.connect()
    room = await receive_until(carla, "room")
    assert room["room"]["you"]["spectator"] is True
    watched = await receive_until(carla, "match")
    assert watched["view"]["grid"] is None and "perro" not in json.dumps(watched)
    assert watched["turn"] is None  # a spectator owes no turn
    await carla.send_json_to(
        {"type": "act", "match_id": match_id, "turn": None, "action": {"type": "guess", "word": "árbol"}}
    )
    assert (await receive_until(carla, "error"))["code"] == "not_seated"
    await carla.disconnect()


async def test_bad_frames_get_an_error_and_a_flood_is_closed_with_a_clear_code():
    code, match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    ana = socket(code, ana_cookie)
    await ana.connect()
    await receive_until(ana, "match")
    for frame, expected in [
        ("nope", "malformed"),
        ('{"type": "act", "match_id": "1", "action": {}}', "malformed"),
        ('{"type": "launch"}', "unknown_type"),
    ]:
        await ana.send_to(text_data=frame)
        assert (await receive_until(ana, "error"))["code"] == expected
    for _ in range(200):
        await ana.send_to(text_data='{"type": "ping"}')
    codes = []
    while True:
        output = await ana.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            codes.append(output["code"])
            break
    assert codes == [4429]


async def test_unknown_rooms_and_strangers_are_refused():
    code, _match_id, _ana, _beto, _state = await table_of_two()
    from tests.conftest import closed_with

    assert await closed_with(socket("ZZZZZZ", None)) == 4401
    assert await closed_with(socket(code, None)) == 4401
    assert await closed_with(socket("ZZZZZZ", _ana)) == 4404

    @database_sync_to_async
    def stranger_cookie():
        client = Client()
        client.post("/guest/", {"nickname": "Mallory"})
        return client.cookies["sessionid"].value

    # A player who never came into the room is told "no room" as for a made-up code: scanning codes
    # through the socket reveals nothing.
    assert await closed_with(socket(code, await stranger_cookie())) == 4404


async def test_the_room_shows_who_is_connected():
    code, _match_id, ana_cookie, beto_cookie, _state = await table_of_two()
    ana, beto = socket(code, ana_cookie), socket(code, beto_cookie)
    await ana.connect()
    await beto.connect()
    assert await room_until(ana, lambda room: [seat["online"] for seat in room["seats"]] == [True, True])
    await beto.disconnect()
    assert await room_until(ana, lambda room: [seat["online"] for seat in room["seats"]] == [True, False])
    await ana.disconnect()


async def test_a_frame_for_a_socket_that_closed_on_its_way_is_dropped_without_a_traceback():
    """A person leaves while a pong or an update is queued for them: daphne's protocol, closed, raises
    autobahn's Disconnected on the send. The consumer drops that frame instead of ending with "Exception
    inside application" in the log (the long soak: 44 tracebacks as a thousand people left)."""
    from autobahn.exception import Disconnected

    from games.runtime.consumers import RoomConsumer

    sent: list[dict] = []
    closed = False

    async def daphne(message):  # what daphne's protocol does with a reply, before and after the close
        if closed:
            raise Disconnected("Attempt to send on a closed protocol")
        sent.append(message)

    consumer = RoomConsumer()
    consumer.base_send = daphne
    await consumer.send_json({"type": "pong"})
    closed = True
    await consumer.send_json({"type": "pong"})  # dropped: no exception reaches daphne
    await consumer.send(text_data='{"type": "match"}')
    assert sent == [{"type": "websocket.send", "text": '{"type": "pong"}'}]
