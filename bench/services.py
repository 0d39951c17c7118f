"""Services on PostgreSQL and Redis: one game action end to end through the one service path, and wallet
settlements. Run inside `bench_database()` (bench.database), with Django set up.

A game action is what the room socket does with a move: `await database_sync_to_async(match_act)(...)`
from an event loop, as `games.runtime.consumers.RoomConsumer` does: the row lock, the engine, the save
(version + 1), the event rows and, on commit, the broadcast through the channel layer on the real Redis
and the next deadline armed on the Celery broker. Like in daphne, every call runs on the one thread that
Channels keeps for the database, so concurrent players queue there. A subscriber on the same channel
layer times each broadcast's arrival.

The deadlines the actions arm go to a queue of this process's own (`bench-<pid>`), which nobody consumes
and which is deleted at the end: the bench never leaves timers for a worker of someone else.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import random
import time
from datetime import timedelta

from bench.figures import Figure, sampled

AREA = "services"
DUELO_ROUNDS = 5
DUELO_GUESSES = 6


@contextlib.contextmanager
def private_celery_queue():
    """Tasks this process sends go to queues of its own (copies of the lanes' queues), deleted afterwards."""
    from django.conf import settings

    from config import lanes
    from config.celery import app

    prefix = f"bench-{os.getpid()}-"
    lanes.use_prefix(app, prefix)
    try:
        yield prefix
    finally:
        lanes.use_prefix(app, settings.CELERY_QUEUE_PREFIX)
        client = settings.REDIS.client()
        for lane in lanes.LANES:
            name = lanes.queue(lane, prefix)
            client.delete(name, f"_kombu.binding.{name}")
        client.close()


def _guests(count: int, prefix: str):
    from accounts.services import player_create_guest

    return [player_create_guest(nickname=f"{prefix}{number}") for number in range(count)]


# -- Duelo: guesses ----------------------------------------------------------------------------------


class DueloTable:
    """A 2-seat Duelo match of 5 rounds whose guesses never solve, on a virtual clock: 12 guesses a round,
    then the clock jumps past the end card and the next start card."""

    def __init__(self, rng: random.Random, players):
        from django.utils import timezone

        from games.runtime import matches, rooms
        from wordlists.lexicon import lexicon

        self.players = players
        hidden = rng.sample(lexicon("duelo-es-5-hidden").words, DUELO_ROUNDS)
        valid = [word for word in lexicon("duelo-es-5-valid").words if word not in hidden]
        self.room = rooms.room_create(
            game="duelo",
            host=players[0],
            seats=2,
            interface_language="es",
            settings={"language": "es", "rounds": DUELO_ROUNDS, "round_seconds": 120},
        )
        rooms.room_join(room=self.room, player=players[1])
        self.now = timezone.now()
        self.match = matches.match_start(
            room=self.room, by=players[0], now=self.now, settings_override={"hidden_words": hidden}
        )
        self.now += timedelta(seconds=3)  # past the start card
        # Seats take turns; each round every seat spends its six guesses on words that are not the answer.
        self.plan = []
        for _round in range(DUELO_ROUNDS):
            words = rng.sample(valid, 2 * DUELO_GUESSES)
            self.plan.append([(index % 2, {"type": "guess", "word": word}) for index, word in enumerate(words)])

    def actions(self):
        for number, round_plan in enumerate(self.plan, start=1):
            for seat, action in round_plan:
                self.now += timedelta(milliseconds=50)
                yield self.players[seat], action, self.now, f"round:{number}"
            self.now += timedelta(seconds=10)  # the end card and the next start card


# -- Wordgrid: moves -----------------------------------------------------------------------------------


class WordgridTable:
    """A free Wordgrid match; every move is an easy bot's choice (a random short word), worked out
    beforehand on a copy of the state (the engine is deterministic, so the server reaches the same
    positions), so that choosing moves stays out of the figures."""

    def __init__(self, rng: random.Random, players):
        from django.utils import timezone

        from games.runtime import matches, rooms
        from games.wordgrid import bots, engine
        from wordlists.lexicon import dawg, lexicon

        self.room = rooms.room_create(game="wordgrid", host=players[0], seats=2, interface_language="en", settings={})
        rooms.room_join(room=self.room, player=players[1])
        now = timezone.now()
        self.match = matches.match_start(room=self.room, by=players[0], now=now)
        for player in players:  # both at the table: the game begins (docs/decisions.md, 17)
            matches.match_arrive(match_id=self.match.pk, player=player, now=now)
        self.match.refresh_from_db()
        state = engine.from_json(self.match.state)
        self.plan = []
        while state.phase == engine.PLAYING:
            now += timedelta(seconds=1)
            seat = state.turn
            action = bots.bot_action(state, seat, "easy", rng, words=lexicon, dawg=dawg)
            self.plan.append((players[seat], action, now, self.match.pk, engine.turn_of(state, seat)))
            state, _events = engine.apply(state, seat, action, now, words=lexicon, dawg=dawg)


# -- the socket's way of calling the service ----------------------------------------------------------


class Arrivals:
    """Subscribes to rooms' groups on the channel layer and notes when each (match, version) arrives."""

    def __init__(self):
        from channels.layers import get_channel_layer

        self.layer = get_channel_layer()
        self.seen: dict[tuple[int, int], float] = {}

    async def start(self, codes: list[str]):
        from games.runtime import broadcast

        self.channel = await self.layer.new_channel()
        for code in codes:
            await self.layer.group_add(broadcast.room_group(code), self.channel)
        self.task = asyncio.create_task(self._listen())

    async def _listen(self):
        while True:
            message = await self.layer.receive(self.channel)
            if message.get("match_id") is not None:
                self.seen.setdefault((message["match_id"], message["match_version"]), time.perf_counter())

    async def stop(self):
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task


async def _play(streams, arrivals: Arrivals) -> tuple[list[float], list[float], float]:
    """Each stream is one player's sequence of (player, action, now, match_id, turn); streams run concurrently
    like sockets of one daphne process. Returns per-action latency (ms), broadcast arrival (ms), seconds."""
    from channels.db import database_sync_to_async

    from games.runtime.matches import match_act

    act = database_sync_to_async(match_act)
    latencies: list[float] = []
    sent: dict[tuple[int, int], float] = {}

    async def run(stream):
        for player, action, now, match_id, turn in stream:
            started = time.perf_counter()
            version = await act(match_id=match_id, player=player, action=action, now=now, turn=turn)
            latencies.append((time.perf_counter() - started) * 1000)
            sent[(match_id, version)] = started

    started = time.perf_counter()
    await asyncio.gather(*(run(stream) for stream in streams))
    elapsed = time.perf_counter() - started
    await asyncio.sleep(0.5)  # the last broadcasts are on their way
    arrivals_ms = [(arrivals.seen[key] - at) * 1000 for key, at in sent.items() if key in arrivals.seen]
    missing = len(sent) - len(arrivals_ms)
    if missing:
        raise RuntimeError(f"{missing} broadcasts of {len(sent)} never arrived")
    return latencies, arrivals_ms, elapsed


def game_actions(
    seed: int = 1, serial_tables: int = 4, concurrent_tables: int = 8, wordgrid_games: int = 8
) -> list[Figure]:
    from channels.db import database_sync_to_async
    from django.db import connections

    rng = random.Random(seed)
    players = _guests(2 * (serial_tables + concurrent_tables + wordgrid_games), "Bench")
    pairs = [players[i : i + 2] for i in range(0, len(players), 2)]
    duelo_serial = [DueloTable(rng, pairs.pop()) for _ in range(serial_tables)]
    duelo_concurrent = [DueloTable(rng, pairs.pop()) for _ in range(concurrent_tables)]
    wordgrid_tables = [WordgridTable(rng, pairs.pop()) for _ in range(wordgrid_games)]

    def duelo_stream(table):
        return [(player, action, now, table.match.pk, turn) for player, action, now, turn in table.actions()]

    async def scenario():
        arrivals = Arrivals()
        await arrivals.start([t.room.code for t in duelo_serial + duelo_concurrent + wordgrid_tables])
        results = {}
        serial = [item for table in duelo_serial for item in duelo_stream(table)]
        results["duelo serial"] = await _play([serial], arrivals)
        results["duelo concurrent"] = await _play([duelo_stream(t) for t in duelo_concurrent], arrivals)
        results["wordgrid serial"] = await _play([[item for t in wordgrid_tables for item in t.plan]], arrivals)
        await arrivals.stop()
        await database_sync_to_async(connections.close_all)()
        return results

    results = asyncio.run(scenario())
    figures = []
    method = (
        "match_act through database_sync_to_async, as the room socket calls it: lock, engine, save, "
        "events, on-commit broadcast on the channel layer (Redis) and deadline on the broker"
    )
    for label, (latencies, arrivals_ms, elapsed) in (
        ("Duelo guess, one match at a time", results["duelo serial"]),
        (f"Duelo guess, {concurrent_tables} matches at once", results["duelo concurrent"]),
        ("Wordgrid move, one match at a time", results["wordgrid serial"]),
    ):
        figures.append(
            Figure(
                AREA,
                f"{label}: throughput",
                len(latencies) / elapsed,
                "actions/s",
                f"{len(latencies)} actions; {method}",
            )
        )
        figures.append(
            sampled(
                AREA,
                f"{label}: latency",
                latencies,
                "ms",
                "time of one awaited call (queueing on the database thread included)",
            )
        )
        figures.append(
            sampled(
                AREA,
                f"{label}: broadcast arrival",
                arrivals_ms,
                "ms",
                "from the call to its 'room.changed' received by a subscriber of the room's group",
            )
        )
    return figures


# -- the wallet --------------------------------------------------------------------------------------


def settlements(count: int = 400, workers: int = 4) -> tuple[list[Figure], str]:
    """wallet.bench's hold + settle pairs, one worker then several, followed by the ledger check."""
    from django.core.management import call_command

    from wallet import bench as wallet_bench

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        players = wallet_bench._seed(2 * workers)
        serial = wallet_bench._run("serial", players, count, 1)
        parallel = wallet_bench._run("parallel", players, count, workers)
        call_command("ledger_check", stdout=out)
    method = "escrow_hold + escrow_settle pairs through wallet.services (wallet.bench)"
    return [
        Figure(AREA, "Wallet settlements, one worker", serial, "settlements/s", f"{count}; {method}"),
        Figure(
            AREA,
            f"Wallet settlements, {workers} workers",
            parallel,
            "settlements/s",
            f"{count} on separate matches, threads meeting on the house account; ledger_check after: passed",
        ),
    ], out.getvalue()
