"""A socket that stayed open through a Redis outage and missed the last announcement shows its match's latest
version within 10 s of Redis's return, unasked (issue 30: 3 of 221 such sockets never did).

Real Redis of the test's own (killed and started again, empty, on the same port) for the socket's channel layer;
the announcement of the change made meanwhile is lost for good (published to a Redis that forgot it), so only the
receiving side can catch the socket up: its process' layer, once it reads again, tells its sockets to look again.
"""

import asyncio
import os
import signal
import time

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.test import override_settings

from games.runtime import matches, scheduling
from tests.games.test_live_sockets import forget_the_outage
from tests.games.test_room_socket import receive_until, socket, table_of_two
from tests.integration.stack import free_port, redis_server

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]

CAUGHT_UP_SECONDS = 10


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


@pytest.fixture
def own_redis(tmp_path):
    port = free_port()
    server = redis_server(port, tmp_path)
    url = f"redis://127.0.0.1:{port}/0"
    layers = {
        "default": {
            "BACKEND": "games.runtime.layer.RecoveringPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": url, "socket_timeout": None}]},
        }
    }
    with override_settings(CHANNEL_LAYERS=layers):
        channel_layers.backends.pop("default", None)
        state = {"server": server}

        def restart():
            state["server"] = redis_server(port, tmp_path)

        yield state, restart
    channel_layers.backends.pop("default", None)
    os.killpg(state["server"].pid, signal.SIGKILL)
    forget_the_outage()


async def test_a_socket_that_missed_an_announcement_during_an_outage_catches_up_unasked(own_redis, monkeypatch):
    state, restart = own_redis
    code, match_id, _ana_cookie, beto_cookie, opened = await table_of_two()
    beto = socket(code, beto_cookie)
    assert (await beto.connect())[0]
    seen = (await receive_until(beto, "match"))["v"]

    server = state["server"]
    os.killpg(server.pid, signal.SIGKILL)  # Redis crashes
    server.wait()
    # Ana guesses meanwhile; the service's announcement of it is lost for good (not owed, not retried).
    monkeypatch.setattr("games.runtime.broadcast.announce", lambda *args, **kwargs: None)
    from accounts.models import Player

    ana = await database_sync_to_async(Player.objects.get)(nickname="Ana")
    word = next(w for w in ("perro", "gatos", "mundo") if w != opened.hidden_words[0])
    version = await database_sync_to_async(matches.match_act)(
        match_id=match_id, player=ana, action={"type": "guess", "word": word}
    )
    assert version > seen
    await asyncio.sleep(2)
    restart()  # back, empty
    back = time.monotonic()

    while True:
        frame = await beto.receive_json_from(timeout=CAUGHT_UP_SECONDS)
        if frame["type"] == "match" and frame["v"] >= version:
            break
    assert time.monotonic() - back < CAUGHT_UP_SECONDS
    await beto.disconnect()


class Looking:
    """A room socket as the resync sees it, which keeps what it was sent."""

    def __init__(self, room_id, room_version, match_id, match_version, player):
        self.room_id, self.sent_room_version = room_id, room_version
        self.sent_match_id, self.sent_match_version = match_id, match_version
        self.player = player
        self.published, self.own_reads = [], 0

    async def send_snapshots(self, force=False):
        self.own_reads += 1

    async def send_published(self, match_id, version, frames):
        from games.runtime.views import published_frame

        self.published.append((match_id, version, published_frame(frames, self.player)))


async def test_the_sockets_of_a_process_catch_up_together_with_one_read_per_match_that_moved():
    """A thousand sockets each reading its own snapshots after an outage took seconds (the soak): together, a
    socket behind gets its viewer's frame of its match, read once for all its viewers; one that is not behind
    gets nothing; one whose room changed reads its own."""
    from datetime import timedelta

    from accounts.models import Player
    from accounts.services import player_create_guest
    from games.duelo import engine
    from games.models import Match, Room
    from games.runtime import rooms
    from games.runtime.resync import Resync

    @database_sync_to_async
    def three_tables():
        found = []
        for table in range(3):
            host, guest = (player_create_guest(nickname=f"{name}{table}") for name in ("Uno", "Dos"))
            settings = {"language": "es", "rounds": 1, "round_seconds": 60}
            room = rooms.room_create(game="duelo", host=host, seats=2, interface_language="es", settings=settings)
            rooms.room_join(room=room, player=guest)
            match = matches.match_start(room=room, by=host)
            opens = engine.from_json(match.state).current.opens_at
            matches.match_advance(match_id=match.pk, now=opens + timedelta(milliseconds=1))
            match.refresh_from_db()
            room.refresh_from_db()
            for sitter in match.lineup:
                player = Player.objects.get(pk=sitter["player"])
                found.append(Looking(room.pk, room.version, match.pk, match.version, player))
        return found

    sockets = await three_tables()
    moved = sockets[0].sent_match_id
    hidden = await database_sync_to_async(lambda: Match.objects.get(pk=moved).state["hidden_words"][0])()
    word = next(w for w in ("perro", "gatos", "mundo") if w != hidden)
    # The first table's match moves while nobody hears of it.
    await database_sync_to_async(matches.match_act)(
        match_id=moved, player=sockets[0].player, action={"type": "guess", "word": word}
    )
    await database_sync_to_async(Room.objects.filter(pk=sockets[4].room_id).update)(version=99)  # the third's room

    calls = []

    def counted(function):
        from toolkit.database_threads import in_database_thread

        calls.append(function.__name__)
        return in_database_thread(function)

    await Resync(counted).answer(sockets)
    latest = await database_sync_to_async(lambda: Match.objects.get(pk=moved).version)()
    for looking in sockets[:2]:
        assert [(match_id, version) for match_id, version, _text in looking.published] == [(moved, latest)]
        assert f'"match_id":{moved}' in looking.published[0][2] and looking.own_reads == 0
    assert [(looking.published, looking.own_reads) for looking in sockets[2:4]] == [([], 0), ([], 0)]
    assert [looking.own_reads for looking in sockets[4:]] == [1, 1]
    assert calls == ["standings", "frames_of"]  # two reads for six sockets
