"""The room socket while the database is away (issue 31, finding 1): a move gets a clear error and changes
nothing, the socket stays open; a socket that opens meanwhile is told to try again later (4503), never a 500
at the handshake or a close with 1011."""

import asyncio
import time

import pytest
from django.db import OperationalError

from games.models import Match
from observe import database
from tests.games.test_room_socket import receive_until, socket, table_of_two

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]


@pytest.fixture(autouse=True)
def no_celery_tasks():
    from games.runtime import scheduling

    with scheduling.timers_disabled():
        yield


async def test_a_move_while_the_database_is_away_gets_a_clear_error_and_the_socket_stays_open(monkeypatch):
    code, match_id, ana, _beto, state = await table_of_two()
    client = socket(code, ana)
    assert (await client.connect())[0]
    await receive_until(client, "match")
    probing = []
    monkeypatch.setattr(database.health, "failed", lambda error=None: probing.append(error))

    def refused(**kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr("games.runtime.consumers.match_act", refused)
    word = next(w for w in ("perro", "gatos", "mundo") if w != state.hidden_words[0])
    await client.send_json_to(
        {"type": "act", "match_id": match_id, "action": {"type": "guess", "word": word}, "ref": "r1", "turn": None}
    )
    answer = await receive_until(client, "error")
    assert answer["code"] == "unavailable" and answer["ref"] == "r1"
    assert "recuperando el aliento" in answer["message"]
    assert len(probing) == 1
    await client.send_json_to({"type": "ping"})
    assert (await receive_until(client, "pong"))["type"] == "pong"  # still open
    await client.disconnect()
    assert (await Match.objects.aget(pk=match_id)).version == 2  # nothing changed


async def test_a_socket_that_opens_while_the_database_is_away_is_told_to_try_again_later(monkeypatch):
    code, _match_id, ana, _beto, _state = await table_of_two()
    monkeypatch.setattr(database.health, "away_since", time.monotonic())
    try:
        client = socket(code, ana)
        connected, _subprotocol = await client.connect()
        assert connected
        closed = await client.receive_output(timeout=5)
        assert closed == {"type": "websocket.close", "code": 4503}
    finally:
        monkeypatch.setattr(database.health, "away_since", None)


async def test_a_move_while_the_process_knows_the_database_is_away_is_refused_at_once(monkeypatch):
    code, match_id, ana, _beto, state = await table_of_two()
    client = socket(code, ana)
    assert (await client.connect())[0]
    frame = await receive_until(client, "match")
    monkeypatch.setattr(database.health, "away_since", time.monotonic())

    def never(**kwargs):
        raise AssertionError("the service was called while the database was known away")

    monkeypatch.setattr("games.runtime.consumers.match_act", never)
    try:
        word = next(w for w in ("perro", "gatos", "mundo") if w != state.hidden_words[0])
        await client.send_json_to(
            {
                "type": "act",
                "match_id": match_id,
                "action": {"type": "guess", "word": word},
                "ref": "r2",
                "turn": frame["turn"],
            }
        )
        assert (await receive_until(client, "error"))["code"] == "unavailable"
    finally:
        monkeypatch.setattr(database.health, "away_since", None)
    await client.disconnect()


async def test_a_change_a_socket_could_not_read_while_the_database_was_away_is_shown_once_it_answers(monkeypatch):
    """The long soak: sockets behind the database's outage showed their match's latest version only at the next
    change, 16.6 s after it returned. A socket whose read failed now looks again as soon as the database answers
    (observe.database: `when_back`), with the other sockets of its process (games.runtime.resync)."""
    from asgiref.sync import sync_to_async

    from accounts.models import Player
    from games.runtime import consumers, matches

    code, match_id, ana, _beto, state = await table_of_two()
    client = socket(code, ana)
    assert (await client.connect())[0]
    shown = await receive_until(client, "match")
    owed = []
    monkeypatch.setattr(database.health, "failed", lambda error=None: None)
    monkeypatch.setattr(database.health, "when_back", owed.append)
    away = {"now": True}
    read = consumers.room_match_frame

    def snapshot(room_id, match_id, viewer):
        if away["now"]:
            raise OperationalError("server closed the connection unexpectedly")
        return read(room_id, match_id, viewer)

    def no_frames(match, state, **_):
        raise RuntimeError("frames not built: the sockets read the match themselves")

    monkeypatch.setattr(consumers, "room_match_frame", snapshot)
    monkeypatch.setattr("games.runtime.matches.match_frames", no_frames)
    beto = await Player.objects.aget(nickname="Beto")
    word = next(w for w in ("perro", "gatos", "mundo") if w != state.hidden_words[0])
    with_scheduling_off = sync_to_async(matches.match_act, thread_sensitive=False)
    await with_scheduling_off(match_id=match_id, player=beto, action={"type": "guess", "word": word})
    moved = await Match.objects.aget(pk=match_id)
    assert moved.version == shown["v"] + 1
    for _ in range(50):  # the announcement reaches Ana's socket, whose read fails
        if owed:
            break
        await asyncio.sleep(0.05)
    assert len(owed) == 1
    assert await client.receive_nothing(timeout=0.3)  # nothing shown while the database is away

    away["now"] = False
    owed[0]()  # the database answers again (the probe's thread calls back)
    frame = await receive_until(client, "match")
    assert frame["v"] == moved.version
    await client.disconnect()
