"""The move path in few round trips (issue 16): one person's move costs at most 3 SQL statements in every
game (lock-and-read, update, event insert), the work done on commit included, and a viewer's update after
a move (the room socket receiving the group's message) makes no query at all.

The matches are real and mid-game: started through the service with people in every seat, a few moves
played through it first. Celery tasks are recorded, not sent (nor run inline), so what is counted is what
the service itself asks of the database."""

from __future__ import annotations

import asyncio
import contextvars
import json
import random
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.db import connection
from django.db.backends import utils as db_utils
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Player
from accounts.services import player_create_guest
from games.models import Match
from games.runtime import matches, rooms, scheduling
from games.runtime.catalogue import spec_for
from games.runtime.registry import bots_for, engine_for
from ratings.models import Rating
from wordlists.lexicon import lexicon

MOST_STATEMENTS = 3  # SELECT ... FOR UPDATE, UPDATE, INSERT of the events

ROOMS: dict[str, dict[str, Any]] = {
    "duelo": {"seats": 2, "settings": {"language": "es", "rounds": 3, "round_seconds": 60}},
    "wordgrid": {"seats": 2, "settings": {}},
    "cruzadas": {"seats": 2, "settings": {}},
    "claves": {"seats": 2, "settings": {}},
    "torneo": {"seats": 8, "settings": {"language": "es", "rated": True}},
}


def mid_game(slug: str, *, people: list[Player] | None = None) -> tuple[Match, list[Player], datetime]:
    """A match of `slug` with a person in every seat, started and played for a few moves."""
    shape = ROOMS[slug]
    people = people or [player_create_guest(nickname=f"P{slug[:3]}{index}") for index in range(shape["seats"])]
    if slug == "torneo":
        for person in people:
            Rating.objects.get_or_create(player=person, game="torneo", defaults={"value": 1000 + 10 * person.pk % 97})
    room = rooms.room_create(
        game=slug, host=people[0], seats=shape["seats"], interface_language="es", settings=shape["settings"]
    )
    for person in people[1:]:
        rooms.room_join(room=room, player=person)
    now = timezone.now()
    match = matches.match_start(room=room, by=None if slug == "torneo" else people[0], now=now)
    for person in people:
        matches.match_arrive(match_id=match.pk, player=person, now=now)
    match.refresh_from_db()
    assert match.status == Match.PLAYING
    for _ in range(2):
        player, action, turn, now = next_move(match, people, now)
        matches.match_act(match_id=match.pk, player=player, action=action, turn=turn, now=now)
        match.refresh_from_db()
    assert match.status == Match.PLAYING
    return match, people, now


def next_move(match: Match, people: list[Player], now: datetime) -> tuple[Player, dict, str, datetime]:
    """A legal move of a person who owes one: the game's easy bot chooses it (Claves: a clue, then a safe
    guess). The clock is moved past the start card or the round's opening when there is one."""
    engine = engine_for(match.game)
    state = engine.from_json(match.state)
    opens = engine.opens_at(state)
    if opens is not None and opens > now:
        now = opens
    now += timedelta(milliseconds=500)
    state, _events = engine.advance(state, now)
    if match.game == "claves":
        return _claves_move(engine, state, people, now)
    bots = bots_for(match.game)
    rng = random.Random(7)
    for seat, person in enumerate(people):
        if bots.bot_turn(state, seat) is None:
            continue
        action = bots.bot_action(state, seat, "easy", rng, words=lexicon, **spec_for(match.game).engine_kwargs())
        if action is not None:
            return person, action, engine.turn_of(state, seat), now
    raise AssertionError(f"nobody owes a move in {match.game}")


def _claves_move(engine: Any, state: Any, people: list[Player], now: datetime) -> tuple[Player, dict, str, datetime]:
    from games.claves import engine as claves

    if state.phase == claves.CLUE:
        seat = state.giver
        return people[seat], {"type": "clue", "word": "zumbido", "number": 2}, engine.turn_of(state, seat), now
    seat = 1 - state.giver
    mine = state.maps[state.giver]
    cell = next(cell for cell, kind in enumerate(mine) if kind == claves.KEY and state.touchable(cell))
    return people[seat], {"type": "guess", "cell": cell}, engine.turn_of(state, seat), now


def statements_of_one_move(slug: str, django_capture_on_commit_callbacks) -> list[str]:
    match, people, now = mid_game(slug)
    player, action, turn, now = next_move(match, people, now)
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=True) as callbacks:
        matches.match_act(match_id=match.pk, player=player, action=action, turn=turn, now=now)
    assert callbacks, "the move published on commit"
    match.refresh_from_db()
    assert match.status == Match.PLAYING, "an ordinary move, not the last one"
    # The test's own transaction turns the move's BEGIN/COMMIT into savepoints: those are not the move's.
    return [query["sql"] for query in queries.captured_queries if "SAVEPOINT" not in query["sql"][:20]]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(ROOMS))
def test_a_move_costs_at_most_three_statements(slug, tasks, django_capture_on_commit_callbacks):
    statements = statements_of_one_move(slug, django_capture_on_commit_callbacks)
    shown = "\n".join(statements)
    assert len(statements) <= MOST_STATEMENTS, f"{slug}: {len(statements)} statements per move:\n{shown}"
    assert statements[0].startswith("SELECT") and "FOR UPDATE" in statements[0]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(ROOMS))
def test_the_published_frames_are_the_snapshots_every_viewer_would_read(
    slug, tasks, monkeypatch, django_capture_on_commit_callbacks
):
    import msgpack

    from games.runtime import broadcast
    from games.runtime.views import match_snapshot, published_frame

    announced: list[dict] = []
    monkeypatch.setattr(broadcast, "announce", lambda code, **message: announced.append(message))
    match, people, now = mid_game(slug)
    player, action, turn, now = next_move(match, people, now)
    with django_capture_on_commit_callbacks(execute=True):
        matches.match_act(match_id=match.pk, player=player, action=action, turn=turn, now=now)
    match.refresh_from_db()
    [message] = announced
    assert (message["match_id"], message["match_version"]) == (match.pk, match.version)
    spectator = player_create_guest(nickname="Watcher")
    for viewer in [*people, spectator]:
        published, read = json.loads(published_frame(message["frames"], viewer)), match_snapshot(match, viewer)
        assert published.pop("server_time") and read.pop("server_time")
        # Whose move it was, the published frame says (the page's sounds, issue 33); a read does not know.
        assert published.pop("by") == match.seat_of(player.pk) and read.pop("by") is None
        assert published == read
        assert json.dumps(published, sort_keys=True) == json.dumps(read, sort_keys=True)
    # The group message goes through Redis as msgpack: far below channels_redis' limits (and Redis' 512 MB).
    assert len(msgpack.packb({"type": "room.changed", **message})) < 256 * 1024


# -- a viewer's update -------------------------------------------------------------------------------

_updating: contextvars.ContextVar[bool] = contextvars.ContextVar("updating", default=False)


@pytest.fixture
def update_queries(monkeypatch):
    """Every SQL statement run, on any connection and thread, while a room socket handles a group message,
    and every hop to a sync thread (`sync_to_async`, which database_sync_to_async is) it makes meanwhile,
    recorded as "hop: <function>".

    A context variable marks the handling, from the consumer's dispatch of the message on (channels' own
    dispatch hopped to the database thread before every handler); asgiref carries it into the thread."""
    from asgiref.sync import SyncToAsync

    from games.runtime.consumers import RoomConsumer

    seen: list[str] = []
    dispatch = RoomConsumer.dispatch

    async def dispatching(self, message):
        token = _updating.set(message.get("type") == "room.changed")
        try:
            return await dispatch(self, message)
        finally:
            _updating.reset(token)

    def counting(original):
        def run(self, sql, *args, **kwargs):
            if _updating.get():
                seen.append(sql)
            return original(self, sql, *args, **kwargs)

        return run

    hop = SyncToAsync.__call__

    async def hopping(self, *args, **kwargs):
        if _updating.get():
            seen.append(f"hop: {getattr(self.func, '__qualname__', self.func)}")
        return await hop(self, *args, **kwargs)

    monkeypatch.setattr(RoomConsumer, "dispatch", dispatching)
    monkeypatch.setattr(SyncToAsync, "__call__", hopping)
    monkeypatch.setattr(db_utils.CursorWrapper, "execute", counting(db_utils.CursorWrapper.execute))
    monkeypatch.setattr(db_utils.CursorWrapper, "executemany", counting(db_utils.CursorWrapper.executemany))
    return seen


def _table(slug: str):
    """A mid-game match of `slug` whose people (and one spectator) have sessions, and the next move."""
    from django.test import Client

    clients = []
    for index in range(ROOMS[slug]["seats"] + 1):
        client = Client()
        client.post("/guest/", {"nickname": f"S{slug[:3]}{index}"})
        clients.append(client)
    everyone = [Player.objects.get(nickname=f"S{slug[:3]}{index}") for index in range(len(clients))]
    match, people, now = mid_game(slug, people=everyone[:-1])
    clients[-1].post(f"/r/{match.room.code}/")  # the spectator comes in by the invitation's Watch button
    player, action, turn, now = next_move(match, people, now)
    mover = people.index(player)
    other = next(seat for seat in range(len(people)) if seat != mover)
    cookies = [clients[index].cookies["sessionid"].value for index in (mover, other, len(people))]
    return match.room.code, match.pk, match.version, cookies, (player, action, turn, now)


def socket(code: str, cookie: str):
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", f"sessionid={cookie}".encode())]
    return WebsocketCommunicator(application, f"/ws/rooms/{code}/", headers=headers)


async def drain(client) -> None:
    while not await client.receive_nothing(timeout=0.3):
        await client.receive_json_from()


async def match_frame(client) -> dict:
    for _ in range(10):
        frame = await client.receive_json_from(timeout=5)
        if frame["type"] == "match":
            return frame
    raise AssertionError("no match frame")


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("async_db_connections_closed")
@pytest.mark.parametrize("slug", list(ROOMS))
async def test_a_viewers_update_after_a_move_makes_no_query_and_no_thread_hop(slug, update_queries):
    from channels.db import database_sync_to_async

    with scheduling.timers_disabled():
        code, match_id, version, cookies, (player, action, turn, now) = await database_sync_to_async(_table)(slug)
        sockets = [socket(code, cookie) for cookie in cookies]  # the mover, another seat, a spectator
        for client in sockets:
            assert (await client.connect())[0]
        for client in sockets:
            await drain(client)  # the snapshots of connecting (and of the others' arrivals) are reads
        update_queries.clear()
        await database_sync_to_async(matches.match_act)(
            match_id=match_id, player=player, action=action, turn=turn, now=now
        )
        frames = [await match_frame(client) for client in sockets]
        for client in sockets:
            await drain(client)
        during = list(update_queries)  # leaving is a room change: its snapshots read, as they should
        for client in sockets:
            await client.disconnect()
    assert [frame["v"] for frame in frames] == [version + 1] * 3
    shown = "\n".join(sql[:90] for sql in during)
    assert during == [], f"{slug}: the viewers' updates after one move ran {len(during)} queries or hops:\n{shown}"


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("async_db_connections_closed")
@pytest.mark.parametrize("slug", ["duelo", "cruzadas"])
async def test_after_a_redis_outage_the_owed_announcement_of_a_move_brings_its_frames_and_no_reads(
    slug, update_queries, monkeypatch
):
    """A move made while Redis is away is announced again when it is back, and once more a little later
    (broadcast.AGAIN_SECONDS). Both announcements carry the move's frames: the sockets send their viewer's
    frame once and read nothing (the long soak: owed announcements used to be plain, and after the outage
    every socket of every room read its room and match again and again, while the moves waited)."""
    from channels.db import database_sync_to_async
    from channels.layers import channel_layers
    from django.test import override_settings

    from games.runtime import broadcast

    monkeypatch.setattr(broadcast, "RETRY_SECONDS", 0.2)
    monkeypatch.setattr(broadcast, "AGAIN_SECONDS", 0.5)
    dead = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": "redis://127.0.0.1:1/0", "socket_timeout": 1}]},
        }
    }
    with scheduling.timers_disabled():
        code, match_id, version, cookies, (player, action, turn, now) = await database_sync_to_async(_table)(slug)
        sockets = [socket(code, cookie) for cookie in cookies]  # the mover, another seat, a spectator
        for client in sockets:
            assert (await client.connect())[0]
        for client in sockets:
            await drain(client)
        update_queries.clear()
        # Redis is away for what the move does after its commit (the sockets keep the layer they have).
        with override_settings(CHANNEL_LAYERS=dead):
            channel_layers.backends.pop("default", None)
            try:
                await database_sync_to_async(matches.match_act)(
                    match_id=match_id, player=player, action=action, turn=turn, now=now
                )
            finally:
                channel_layers.backends.pop("default", None)
        frames = [await match_frame(client) for client in sockets]  # the owed announcement, Redis back
        await asyncio.sleep(3 * broadcast.AGAIN_SECONDS)  # ... and the second one, after AGAIN_SECONDS
        later = []
        for client in sockets:
            while not await client.receive_nothing(timeout=0.3):
                later.append(await client.receive_json_from())
        during = list(update_queries)
        for client in sockets:
            await client.disconnect()
    with broadcast._owed_lock:
        assert broadcast._owed == {}  # everything owed was paid
    broadcast._recovering_until = 0.0
    assert [frame["v"] for frame in frames] == [version + 1] * 3
    assert [frame["type"] for frame in later] == []  # the second announcement: nothing new to send
    shown = "\n".join(sql[:90] for sql in during)
    assert during == [], f"{slug}: the owed announcements made {len(during)} queries or hops:\n{shown}"


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("async_db_connections_closed")
async def test_a_move_for_a_match_of_another_room_is_no_match_and_changes_nothing():
    """The room socket's check now rides on the locked read: a move sent in one room for the playing match
    of another is refused as no_match (not as not_seated, what the service alone would answer)."""
    from channels.db import database_sync_to_async

    def tables():
        code, _match_id, _version, cookies, (_player, action, turn, _now) = _table("duelo")
        other, _people, _now = mid_game("duelo")
        return code, cookies[0], other.pk, other.version, action, turn

    with scheduling.timers_disabled():
        code, cookie, other_id, version, action, turn = await database_sync_to_async(tables)()
        client = socket(code, cookie)
        assert (await client.connect())[0]
        await drain(client)
        await client.send_json_to({"type": "act", "match_id": other_id, "action": action, "turn": turn, "ref": "x"})
        for _ in range(10):
            frame = await client.receive_json_from(timeout=5)
            if frame["type"] == "error":
                break
        await client.disconnect()
    assert (frame["code"], frame["ref"]) == ("no_match", "x")
    assert (await database_sync_to_async(Match.objects.get)(pk=other_id)).version == version


@pytest.mark.django_db
def test_a_rated_tournament_publishes_the_rating_changes_a_reader_sees_once_places_are_fixed(
    tasks, monkeypatch, django_capture_on_commit_callbacks
):
    from games.runtime import broadcast
    from games.runtime.views import match_snapshot, published_frame
    from games.torneo import engine as torneo
    from tests.games.test_torneo_runtime import START, play_round, torneo_room

    people = [player_create_guest(nickname=f"Rated{index}") for index in range(8)]
    for person, value in zip(people, START, strict=True):
        Rating.objects.create(player=person, game="torneo", value=value)
    match = matches.match_start(room=torneo_room(people, rated=True), by=None, now=timezone.now())
    announced: list[dict] = []
    monkeypatch.setattr(broadcast, "announce", lambda code, **message: announced.append(message))
    now, rounds = timezone.now(), 0
    placed = False
    while match.status == Match.PLAYING and not placed:
        with django_capture_on_commit_callbacks(execute=True):
            now = play_round(match, people, now, solver_is_first=rounds % 2 == 0)
        rounds += 1
        match.refresh_from_db()
        placed = any(place is not None for place in torneo.fixed_places(torneo.from_json(match.state)))
        assert rounds < torneo.max_rounds(8)
    published = [message for message in announced if message.get("frames")][-1]
    assert published["match_version"] == match.version
    ratings = json.loads(published["frames"]["spectator"])["ratings"]
    assert ratings, "somebody was placed and their change is shown"
    for viewer in people:
        frame, read = json.loads(published_frame(published["frames"], viewer)), match_snapshot(match, viewer)
        assert frame.pop("server_time") and read.pop("server_time")
        assert read.pop("by") is None and frame.pop("by") in (None, *range(len(people)))
        assert frame == read


def test_a_broadcast_from_a_worker_thread_keeps_one_event_loop_and_its_connection():
    """Outside the ASGI server (a Celery worker's thread) every broadcast of a thread runs on one loop, so
    the channel layer's Redis connection for that loop is made once (issue 16: a new one per call cost
    3.5 ms), and the messages arrive."""
    import asyncio
    import threading

    from channels.layers import get_channel_layer

    from games.runtime import broadcast

    layer = get_channel_layer()
    loops: list[object] = []
    received: list[dict] = []

    async def listen(ready: threading.Event):
        channel = await layer.new_channel()
        await layer.group_add("room.LOOPTEST", channel)
        ready.set()
        for _ in range(2):
            received.append(await asyncio.wait_for(layer.receive(channel), timeout=10))

    def worker(ready: threading.Event):
        ready.wait(10)
        for number in range(2):
            broadcast.group_send(layer, "room.LOOPTEST", {"type": "room.changed", "n": number})
            loops.append(broadcast._thread.loop)
        broadcast.close_thread_loop()

    async def both():
        ready = threading.Event()
        thread = threading.Thread(target=worker, args=(ready,))
        thread.start()
        await listen(ready)
        await asyncio.get_running_loop().run_in_executor(None, thread.join)

    asyncio.run(both())
    assert len(loops) == 2 and loops[0] is loops[1]
    assert [message["n"] for message in received] == [0, 1]
