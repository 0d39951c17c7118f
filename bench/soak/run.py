"""The soak itself: prepare a PostgreSQL and a Redis of its own, start the real stack, seat the people, play,
kill the site's work processes now and then (long profile), stop Redis once and PostgreSQL once, check,
report. Always stops what it started.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import random
import secrets
import time
from collections import Counter
from datetime import UTC, datetime
from typing import Any

from bench.figures import RESULTS, Figure, percentile, sampled
from bench.soak import checks, moves, outage
from bench.soak.clients import ACK_SECONDS, PING_SECONDS, PONG_SECONDS, SILENT_SECONDS, Http, Person, Table
from bench.soak.delivery import Ledger, Resync
from bench.soak.observations import (
    FAULT_TAIL,
    QUEUE_DRAIN_SECONDS,
    Fault,
    Observations,
    clock_figures,
    queue_figures,
    task_figures,
)
from bench.soak.postgres import SoakPostgres
from bench.soak.profiles import Profile
from bench.stack import Stack, recreate_database

AREA = "soak"
# The site's work processes besides daphne (config/launch.py) and what each writes once it is up.
WORK_PROCESSES = ("clock", "worker-live", "worker-batch", "beat")
READY = {"clock": "clock: ticking", "worker-live": " ready.", "worker-batch": " ready.", "beat": "maxinterval ->"}
DRAIN_SECONDS = 60  # after play stops, what is still on its way may arrive; past it, it was dropped
SAMPLE_SECONDS = 2
SETTLE_SECONDS = 15  # the final checks wait this long after the worker's last start
STEADY_AFTER = 20  # seconds after the ramp: moves sent later show steady play, without the connects' burst
# After Redis returns: the server's log lines of this long after it still belong to the outage (a reader
# that retries every second, a request that began before), and the worker's return is watched this long.
OUTAGE_TAIL_SECONDS = 10
WATCH_SECONDS = 60
PRESENCE_AFTER_SECONDS = 30  # presence is compared with the open sockets this long after Redis returned
# After an outage, every socket must show its match's latest version within this long (issue 30): sockets that
# stayed open are told to look again when their process' channel layer is back, the others reconnect.
RESYNC_SECONDS = 10


def log(message: str) -> None:
    print(f"[soak {time.strftime('%H:%M:%S')}] {message}", flush=True)


class Soak:
    """Shared state of one run: the counters every socket and table writes to."""

    def __init__(
        self,
        profile: Profile,
        bases: list[str],
        stack: Stack,
        redis: outage.SoakRedis,
        postgres: SoakPostgres,
        *,
        page_heartbeat: bool = False,
    ):
        self.profile, self.bases, self.stack, self.redis, self.postgres = profile, bases, stack, redis, postgres
        self.obs = Observations()
        self.faults: list[Fault] = []  # every fault the soak caused, with its times (epochs)
        self.page_heartbeat = page_heartbeat  # act on socket.js's 0.9 s pong limit (else only count it)
        self.redis_url = redis.url
        self.https = [Http(base) for base in bases]
        self.tables: list[Table] = []
        self.tables_made = 0
        self.ledger = Ledger()
        self.stopping = False  # no new moves
        self.closing = asyncio.Event()  # everyone leaves
        self.in_flight = 0
        self.refs = itertools.count(1)
        self.pool = moves.pool()
        self.connects = self.never_connected = self.out_of_order = self.syncs = 0
        self.heartbeat_losses: list[float] = []  # when the soak gave a socket up for want of a frame
        self.page_losses: list[float] = []  # when socket.js would have (no frame within PONG_SECONDS of a ping)
        self.loop_lag_ms: list[float] = []  # how late this driver's own event loop woke, every 0.1 s
        self.unanswered = self.unanswered_closed = self.starts = self.tables_failed = self.open_retries = 0
        self.connect_ms: list[float] = []
        self.pong_ms: list[float] = []
        self.pong_at: list[float] = []  # when each pong arrived (perf_counter)
        self.connect_failed_at: list[float] = []  # perf_counter of each failed handshake
        self.reopened_at: list[float] = []  # each reconnect that opened
        self.server_closed_at: list[float] = []  # each close the soak did not ask for
        self.viewless: Counter = Counter()  # (match, "arriving" | "aborted") -> frames without a view
        self.outages: list[dict[str, Any]] = []  # what each Redis outage did (break_redis)
        self.resync: Resync | None = None  # after the latest outage: who still lacks the latest version
        self.resyncs: list[Resync] = []
        self.redis_back_at: float | None = None
        self.pg_back_at: float | None = None
        self.ack_ms: list[float] = []
        self.connect_failures: Counter = Counter()
        self.close_codes: Counter = Counter()
        self.sent: Counter = Counter()
        self.accepted: Counter = Counter()
        self.refused: Counter = Counter()
        self.unsolicited_errors: Counter = Counter()
        self.samples: list[dict[str, Any]] = []
        self.driver_errors: list[str] = []
        self.kills: list[tuple[float, str]] = []
        self.limit_problems: list[str] = []  # the limits of issue 30 a run broke (observations.py)
        self.pg_outages: list[dict[str, Any]] = []
        self.worker_started_at = time.monotonic()  # the last start of any killed process (the checks wait for it)

    def next_ref(self) -> str:
        return f"m{next(self.refs)}"

    def connect_failed(self, why: str) -> None:
        self.connect_failures[why] += 1
        self.connect_failed_at.append(time.perf_counter())

    def give_up_resync(self, socket, why: str, *, left: bool = False) -> None:
        if self.resync is not None and socket in self.resync.owed:
            match_id = self.resync.owed[socket][0]
            view = socket.view or {}
            self.resync.give_up(
                socket,
                why,
                left=left,
                seen_at_end=socket.versions.get(match_id, 0),
                shown_at_end=socket.match
                and {
                    "match": socket.match["match_id"],
                    "v": socket.match["v"],
                    "turn": socket.turn,
                    "can_move": view.get("can_move"),
                    "outcome": bool(view.get("outcome")),
                },
            )

    def open_sockets(self) -> int:
        return sum(s.connected for table in self.tables for s in table.sockets)

    async def choose(self, game: str, view: dict) -> dict | None:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, moves.choose, game, view, secrets.randbits(32))

    @staticmethod
    def open_offer_of(player_id: int) -> int | None:
        from lobby.models import StakeOffer

        return checks.retrying(
            lambda: (
                StakeOffer.objects.filter(player_id=player_id, status=StakeOffer.OPEN)
                .order_by("-pk")
                .values_list("pk", flat=True)
                .first()
            ),
            attempts=5,
            wait=1,
        )

    # -- watching the stack ----------------------------------------------------------------------------

    async def watch_loop(self) -> None:
        """How late the soak's own event loop runs: a late pong may be the driver's doing, not the server's."""
        while True:
            expected = time.perf_counter() + 0.1
            await asyncio.sleep(0.1)
            self.loop_lag_ms.append(max(0.0, (time.perf_counter() - expected) * 1000))

    async def sample_forever(self) -> None:
        from django.conf import settings
        from redis.exceptions import RedisError

        # Through the site's own topology: on the cluster the sampler follows a Redis failover as the site does.
        client = settings.REDIS.async_client(socket_timeout=2, socket_connect_timeout=2)
        started = time.monotonic()
        redis_was_up = True
        try:
            while True:
                try:
                    queued, reserved, present = await _redis_sample(client)
                    if not redis_was_up:
                        self.obs.restarted()
                    await self.obs.pull(client)
                    redis_was_up = True
                except (RedisError, OSError):  # the outage: a gap in these samples
                    queued, reserved, present = {}, None, None
                    redis_was_up = False
                overdue, connections = await asyncio.to_thread(_database_sample)
                now = time.perf_counter()
                self.obs.queues.append({"at": time.time(), **queued, "unacked": reserved})
                self.samples.append(
                    {
                        "t": round(time.monotonic() - started, 1),
                        "queue": queued or None,
                        "unacked": reserved,
                        "overdue_s": None if overdue is None else round(overdue, 1),
                        "db_connections": connections,
                        "rss": self.stack.rss(),
                        "cpu": self.stack.cpu(),
                        "driver_cpu": round(sum(os.times()[:2]), 2),
                        "worker_up": all(self.stack.alive(name) for name in WORK_PROCESSES),
                        "worker_up_for": round(time.monotonic() - self.worker_started_at, 1),
                        "redis_up": self.redis.running(),
                        "redis_up_for": None if self.redis_back_at is None else round(now - self.redis_back_at, 1),
                        "postgres_up": overdue is not None,
                        "postgres_up_for": None if self.pg_back_at is None else round(now - self.pg_back_at, 1),
                        "present": present,
                        "open_sockets": self.open_sockets(),
                        "at": now,
                        "outstanding": self.ledger.outstanding(),
                    }
                )
                await asyncio.sleep(SAMPLE_SECONDS)
        finally:
            await client.aclose()

    async def break_processes(self, play_started: float) -> None:
        """Kill the profile's processes at its times (SIGKILL, as a crash or an OOM kill) and start a new one of
        each a while later, noting when it says it is ready."""
        for at, name in self.profile.kills:
            await asyncio.sleep(max(0.0, play_started + at - time.monotonic()))
            if self.stopping:
                return
            log(f"killing {name} (SIGKILL), {self.profile.kill_down_seconds:.0f} s down")
            fault = Fault("kill", name, time.time())
            self.faults.append(fault)
            ready_before = self.stack.tail(name, 10**7).count(READY[name])
            self.stack.kill(name)
            self.kills.append((round(time.monotonic() - play_started, 1), name))
            try:
                await asyncio.sleep(self.profile.kill_down_seconds)
            finally:
                self.restart(name)
                fault.end = time.time()
            for _ in range(600):
                if self.stack.tail(name, 10**7).count(READY[name]) > ready_before:
                    fault.ready = time.time()
                    break
                await asyncio.sleep(0.1)
            ready = f"{fault.ready - fault.end:.1f} s" if fault.ready else "not yet"
            log(f"{name} is back, ready {ready} after its start")

    def restart(self, name: str) -> None:
        if name == "clock":
            self.stack.start_clock()
        else:
            self.stack.start_worker(name.removeprefix("worker-"))
        self.worker_started_at = time.monotonic()

    async def break_postgres(self, play_started: float) -> None:
        """Stop the soak's PostgreSQL at once (every connection cut) at the profile's times, and start it again
        with what was committed; then every socket is owed its match's latest version, as after Redis."""
        for at, seconds in self.profile.postgres_outages:
            await asyncio.sleep(max(0.0, play_started + at - time.monotonic()))
            if self.stopping:
                return
            log(f"stopping the soak's PostgreSQL (immediate), {seconds:.0f} s down")
            report: dict[str, Any] = {"at_play_s": round(time.monotonic() - play_started, 1), "seconds": seconds}
            fault = Fault("postgres", "postgres", time.time())
            self.faults.append(fault)
            refused_before, http_before = Counter(self.refused), sum(_http_failures(self).values())
            report["logs_at_start"] = outage.log_sizes(self.stack.logs)
            await asyncio.to_thread(self.postgres.kill)
            report["started_at"] = time.perf_counter()
            self.ledger.outage_begins(report["started_at"])
            report["book"] = len(self.ledger.outages) - 1
            try:
                await asyncio.sleep(seconds)
            finally:
                await asyncio.to_thread(self.postgres.start)
                back = self.pg_back_at = report["back_at"] = time.perf_counter()
                fault.end = time.time()
                report["down_s"] = round(back - report["started_at"], 1)
                self.ledger.outage_ends(back)
            log(f"PostgreSQL is back after {report['down_s']:.1f} s")
            report["moves_refused_during"] = dict(Counter(self.refused) - refused_before)
            report["http_failed_during"] = sum(_http_failures(self).values()) - http_before
            self.pg_outages.append(report)
            await self._owed_after(back)
            report["resync_index"] = len(self.resyncs) - 1
            # How soon the site serves again: a page that reads the database, until it answers 200.
            report["serves_again_s"] = await self._serves_again(back)
            await asyncio.sleep(max(0.0, back + OUTAGE_TAIL_SECONDS - time.perf_counter()))
            report["logs_at_end"] = outage.log_sizes(self.stack.logs)

    async def _serves_again(self, back: float) -> float | None:
        http, person = self.https[0], self.tables[0].people[0] if self.tables else None
        while person is not None and time.perf_counter() < back + 120 and not self.closing.is_set():
            response = await http.request(person, "GET", "/play/wordgrid/")
            if response is not None and response.status_code == 200:
                return round(time.perf_counter() - back, 1)
            await asyncio.sleep(0.5)
        return None

    async def break_redis(self, play_started: float) -> None:
        """Kill the soak's Redis at the profile's times and start it again, empty, on the same port."""
        for at, seconds in self.profile.redis_outages:
            await asyncio.sleep(max(0.0, play_started + at - time.monotonic()))
            if self.stopping:
                return
            report: dict[str, Any] = {
                "at_play_s": round(time.monotonic() - play_started, 1),
                "seconds": seconds,
                "logs_at_start": outage.log_sizes(self.stack.logs),
                "open_at_start": self.open_sockets(),
                "opens_at_start": self._opens(),
            }
            log(f"killing the soak's Redis (SIGKILL), {seconds:.0f} s down")
            self.outages.append(report)
            fault = Fault("redis", "redis", time.time())
            self.faults.append(fault)
            self.redis.kill()
            report["started_at"] = time.perf_counter()
            self.ledger.outage_begins(report["started_at"])
            report["book"] = len(self.ledger.outages) - 1
            try:
                await asyncio.sleep(seconds)
            finally:
                report["restart_epoch"] = time.time()
                self.redis.start()
                fault.end = time.time()
                back = self.redis_back_at = report["back_at"] = time.perf_counter()
                report["back_epoch"] = time.time()
                report["down_s"] = round(back - report["started_at"], 1)
                self.ledger.outage_ends(back)
            log(f"Redis is back (empty) after {report['down_s']:.1f} s")
            report["closed_during"] = sum(1 for t in self.server_closed_at if report["started_at"] <= t <= back)
            report["open_through"] = sum(
                1
                for table in self.tables
                for socket in table.sockets
                if socket.connected and socket.opens == report["opens_at_start"].get(id(socket))
            )
            await self._owed_after(back)
            report["resync_index"] = len(self.resyncs) - 1
            await self._watch_the_return(report, back)

    def _opens(self) -> dict[int, int]:
        return {id(socket): socket.opens for table in self.tables for socket in table.sockets if socket.connected}

    async def _owed_after(self, back: float) -> None:
        """Each socket is owed the version its room's latest match has in the database now."""
        codes = {table.code for table in self.tables if table.code}
        latest = await asyncio.to_thread(checks.retrying, lambda: checks.latest_matches(codes))
        resync = Resync(back_at=back, judge_seconds=RESYNC_SECONDS)
        for table in self.tables:
            found = latest.get(table.code)
            if found is None:
                continue
            match_id, version = found
            for socket in table.sockets:
                if not socket.leaving and socket.final_code is None and socket.opens:
                    resync.owe(
                        socket,
                        match_id,
                        version,
                        socket.versions.get(match_id, 0),
                        about={
                            "game": table.game,
                            "room": table.code,
                            "match": match_id,
                            "version": version,
                            "seen": socket.versions.get(match_id, 0),
                            "knew_match": match_id in socket.versions,
                            "seat": socket.seat,
                        },
                    )
        self.resync = resync
        self.resyncs.append(resync)

    async def _watch_the_return(self, report: dict[str, Any], back: float) -> None:
        """How long after Redis returned the worker reconnected and ran a sweep and a timer again (from the
        times of its log lines), the log lines that still belong to the outage, and presence against the
        open sockets."""
        worker_log = self.stack.logs / "worker-live.log"
        offset = report["logs_at_start"].get("worker-live", 0)
        found: dict[str, tuple[float, str]] = {}
        tail_noted = presence_noted = False
        while time.perf_counter() < back + WATCH_SECONDS and not self.closing.is_set():
            lines, offset = outage.new_lines(worker_log, offset)
            outage.first_after(lines, report["restart_epoch"], found)
            now = time.perf_counter()
            if not tail_noted and now >= back + OUTAGE_TAIL_SECONDS:
                report["logs_at_end"], tail_noted = outage.log_sizes(self.stack.logs), True
            if not presence_noted and now >= back + PRESENCE_AFTER_SECONDS and self.samples:
                last = self.samples[-1]
                report["presence_after"], presence_noted = (last["present"], last["open_sockets"]), True
            if tail_noted and presence_noted and len(found) == len(outage.WORKER_BACK):
                break
            await asyncio.sleep(0.5)
        report.setdefault("logs_at_end", outage.log_sizes(self.stack.logs))
        end = back + OUTAGE_TAIL_SECONDS
        through = [
            socket
            for table in self.tables
            for socket in table.sockets
            if report["opens_at_start"].get(id(socket)) == socket.opens
        ]
        report["page_would_lose"] = sum(
            1 for socket in through if any(report["started_at"] <= t <= end for t in socket.page_losses)
        )
        report["page_would_lose_of"] = len(through)
        # From the moment Redis answered (the worker may reconnect while the soak still waits for the port).
        early = report["back_epoch"] - report["restart_epoch"]
        report["worker_back_s"] = {
            name: round(max(0.0, seconds - early), 1) for name, (seconds, _line) in found.items()
        }
        report["worker_back_lines"] = {name: line for name, (_seconds, line) in found.items()}
        before = [s for s in self.samples if s["at"] < report["started_at"] and s["present"] is not None]
        report["presence_before"] = (before[-1]["present"], before[-1]["open_sockets"]) if before else None
        caught_up = [
            s
            for s in self.samples
            if s["at"] >= back and s["overdue_s"] is not None and s["overdue_s"] <= 2 * SAMPLE_SECONDS
        ]
        report["overdue_settled_s"] = round(caught_up[0]["at"] - back, 1) if caught_up else None

    # -- the run -------------------------------------------------------------------------------------------

    async def play(self, people: dict[str, list[Person]]) -> dict[str, float]:
        profile = self.profile
        await self.choose("duelo", {"grid": {"rows": []}})  # the helper has its word lists before anyone waits
        tables = self.tables = _tables(self, profile, people)
        sampler = asyncio.create_task(self.sample_forever())
        lag = asyncio.create_task(self.watch_loop())
        ramp_started = time.monotonic()
        log(f"opening {len(tables)} tables ({profile.sockets} sockets) over {profile.ramp_seconds:.0f} s")
        running = []
        for index, table in enumerate(tables):
            await asyncio.sleep(max(0.0, ramp_started + profile.ramp_seconds * index / len(tables) - time.monotonic()))
            running.append(asyncio.create_task(table.run()))
        play_started, play_started_perf = time.monotonic(), time.perf_counter()
        chaos = [
            asyncio.create_task(self.break_processes(play_started)),
            asyncio.create_task(self.break_redis(play_started)),
            asyncio.create_task(self.break_postgres(play_started)),
        ]
        connected_at_ramp = sum(s.connected for t in tables for s in t.sockets)
        rss_loaded = self.stack.rss()
        log(f"{connected_at_ramp} sockets connected; playing for {profile.play_seconds:.0f} s")
        next_report = play_started + 30
        while time.monotonic() < play_started + profile.play_seconds:
            await asyncio.sleep(1)
            if time.monotonic() >= next_report:
                next_report += 30
                last = self.samples[-1] if self.samples else {}
                log(
                    f"{int(time.monotonic() - play_started)} s: {sum(self.accepted.values())} moves accepted, "
                    f"{self.ledger.delivered}/{self.ledger.expected} updates seen, queue {last.get('queue')}, "
                    f"overdue {last.get('overdue_s')} s, worker {'up' if last.get('worker_up') else 'DOWN'}, "
                    f"Redis {'up' if self.redis.running() else 'DOWN'}, {self.open_sockets()} sockets open"
                )
        log("play stops; draining")
        self.stopping = True
        play_end_epoch = time.time()
        played = time.monotonic() - play_started
        rss_end_of_play = self.stack.rss()
        # The kills stop here; an outage under way runs to its end (started again) and its watch goes on while
        # the tables drain (no new outage starts once play has stopped).
        chaos[0].cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await chaos[0]
        for name in WORK_PROCESSES:
            if name != "beat" and not self.stack.alive(name):
                self.restart(name)
        drain_started = time.monotonic()
        while (self.ledger.outstanding() or self.in_flight) and time.monotonic() < drain_started + DRAIN_SECONDS:
            await asyncio.sleep(0.2)
        drained = time.monotonic() - drain_started
        log(f"drained in {drained:.0f} s; {self.ledger.outstanding()} updates still missing; everyone leaves")
        self.closing.set()
        # An outage's watch ends once everyone leaves (it checks `closing`); cut short, its figures would miss.
        await asyncio.wait(chaos[1:], timeout=30)
        # The lanes' queues are watched until both are empty, or a while past the limit of the verdict.
        while time.time() < play_end_epoch + QUEUE_DRAIN_SECONDS + 5 and not _queues_empty(self.obs, play_end_epoch):
            await asyncio.sleep(1)
        for task in chaos:
            task.cancel()
        for result in await asyncio.gather(*chaos, return_exceptions=True):
            if isinstance(result, Exception):
                self.driver_errors.append(repr(result))
        for result in await asyncio.gather(*running, return_exceptions=True):
            if isinstance(result, Exception):
                self.driver_errors.append(repr(result))
        for table in tables:
            for socket in table.sockets:
                self.ledger.give_up(socket, "not seen by the end")
                self.give_up_resync(socket, "not seen by the end")
        self.never_connected = sum(1 for table in tables for socket in table.sockets if not socket.opens)
        settle = self.worker_started_at + SETTLE_SECONDS - time.monotonic()
        if settle > 0:
            log(f"waiting {settle:.0f} s for the worker to settle before the checks")
            await asyncio.sleep(settle)
        for task in (sampler, lag):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for http in self.https:
            await http.close()
        return {
            "play_started": play_started,
            "play_started_perf": play_started_perf,
            "play_seconds": played,
            "connected_at_ramp": connected_at_ramp,
            "drain_seconds": drained,
            "rss_after_ramp": rss_loaded,
            "rss_end_of_play": rss_end_of_play,
            "play_started_epoch": time.time() - (time.monotonic() - play_started),
            "play_end_epoch": play_end_epoch,
        }


def _queues_empty(obs: Observations, since: float) -> bool:
    """Whether a sample taken after `since` found both lanes' queues empty."""
    return any(s["at"] >= since and s.get("live") == 0 and s.get("batch") == 0 for s in obs.queues)


async def _redis_sample(client) -> tuple[dict[str, int], int, int]:
    """Each lane's queue and the reserved tasks, and how many sockets are present by heartbeat (the sorted
    sets of games.runtime.presence: members heard from within its TTL)."""
    from config import lanes
    from games.runtime import presence

    queued = {lane: await client.llen(lanes.queue(lane)) for lane in lanes.LANES}
    reserved = await client.hlen("unacked")
    codes = await client.smembers(presence.ROOMS_KEY)
    since = time.time() - presence.TTL_SECONDS
    pipe = client.pipeline(transaction=False)
    for code in codes:
        pipe.zcount(f"dg:presence:{code.decode()}", since, "+inf")
    counts = await pipe.execute() if codes else []
    return queued, reserved, sum(counts)


def _database_sample() -> tuple[float | None, int | None]:
    from django.db import Error

    try:
        return checks.overdue_seconds(), checks.database_connections()
    except Error:  # no free connection slot: noted as a gap in the samples
        return None, None
    finally:
        checks.close_connections()


def _tables(soak: Soak, profile: Profile, people: dict[str, list[Person]]) -> list[Table]:
    guests, members = iter(people["guests"]), iter(people["members"])
    tables = []
    for number in range(profile.duelo):
        tables.append(Table(soak, "duelo", [next(guests), next(guests)], with_bot=number % 2 == 1))
    for _ in range(profile.wordgrid):
        tables.append(Table(soak, "wordgrid", [next(guests), next(guests)]))
    for _ in range(profile.wordgrid_staked):
        tables.append(Table(soak, "wordgrid", [next(members), next(members)], staked=True))
    for _ in range(profile.cruzadas):
        tables.append(Table(soak, "cruzadas", [next(guests), next(guests)]))
    random.Random(1).shuffle(tables)  # the games open mixed, as people arrive
    return tables


def make_people(profile: Profile) -> dict[str, list[Person]]:
    """Guests, and registered players for the staked games (they get the sign-up grant), each with a
    session made directly in the database, as the guest page and the login would make it."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.selectors import remember_guest
    from accounts.services import player_create_for_user, player_create_guest

    def session(fill) -> str:
        store = SessionStore()
        fill(store)
        store.create()
        return store.session_key

    guests = []
    for number in range(2 * (profile.duelo + profile.wordgrid + profile.cruzadas)):
        player = player_create_guest(nickname=f"Soak{number}")
        guests.append(
            Person(player.nickname, player.pk, session(lambda s, p=player: remember_guest(session=s, player=p)))
        )
    members = []
    for number in range(2 * profile.wordgrid_staked):
        user = get_user_model().objects.create_user(username=f"soak{number}", email=f"soak{number}@example.com")
        # Verified, as after the confirmation link: the sign-up grant and staked play wait for it (issue 17).
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
        player = player_create_for_user(user=user, nickname=f"Member{number}")

        def login(store, user=user):
            store[SESSION_KEY] = str(user.pk)
            store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            store[HASH_SESSION_KEY] = user.get_session_auth_hash()

        members.append(Person(player.nickname, player.pk, session(login)))
    checks.close_connections()
    return {"guests": guests, "members": members}


def prepare(database_url: str) -> None:
    log(f"recreating the soak database {database_url.rsplit('/', 1)[-1]}")
    recreate_database(database_url)


def wait_for_workers(stack: Stack, seconds: float = 90) -> None:
    """Until each of the site's work processes says it is up (READY), or fail with the log of one that died."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(READY[name] in stack.tail(name, 20000) for name in WORK_PROCESSES):
            return
        for name in WORK_PROCESSES:
            if not stack.alive(name):
                raise RuntimeError(f"{name} died: {stack.tail(name)}")
        time.sleep(0.5)
    missing = [name for name in WORK_PROCESSES if READY[name] not in stack.tail(name, 20000)]
    raise RuntimeError(f"not ready: {missing}: {stack.tail(missing[0])}")


def run(profile: Profile, *, page_heartbeat: bool = False) -> tuple[list[Figure], dict[str, Any]]:
    started = datetime.now(UTC)
    logs = RESULTS / "soak-logs" / f"{profile.name}-{started.strftime('%Y%m%d-%H%M%S')}"
    postgres = SoakPostgres(logs / "postgres")
    postgres.create()
    database_url = postgres.url("dreamgames_soak")
    log(f"the soak's own PostgreSQL: {postgres.bin} on port {postgres.port}")
    prepare(database_url)
    redis = outage.SoakRedis(logs / "redis")
    redis_url = redis.url
    os.environ.update(DATABASE_URL=database_url, REDIS_URL=redis_url)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from bench.stack import collect_static, production_env

    # The site's processes run as the site does (DEBUG off: no query log, no debug cursor); this driver keeps
    # the development settings it was started with, and the same SECRET_KEY signs the sessions it makes.
    env = {**checks.env_for(database_url, redis_url), **production_env()}
    collect_static(env)
    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request would bury the soak's own
    stack = Stack(env, logs)
    soak = None
    try:
        redis.start()
        log(f"the soak's own Redis: {outage.REDIS_SERVER} on port {redis.port} (nothing saved)")
        bases = [stack.start_daphne(f"daphne-{number}") for number in range(1, profile.daphnes + 1)]
        stack.start_workers()
        stack.start_beat()
        wait_for_workers(stack)
        log(
            f"stack up: daphne {', '.join(bases)}, the clock, a worker of each lane and beat; logs in "
            f"{logs.relative_to(RESULTS.parent)}"
        )
        rss_idle = stack.rss()
        people = make_people(profile)
        log(f"{len(people['guests'])} guests and {len(people['members'])} registered players with sessions")
        soak = Soak(profile, bases, stack, redis, postgres, page_heartbeat=page_heartbeat)
        outcome = asyncio.run(soak.play(people))
        log("checking: stuck matches, repeated clock events, the ledger, the logs")
        stuck = checks.retrying(checks.stuck_matches)
        repeated = checks.retrying(checks.repeated_clock_events)
        totals = checks.retrying(checks.counts)
        ledger_ok, ledger_text = checks.ledger_check(env)
        rss_end = stack.rss()
    finally:
        if soak is not None:
            soak.pool.shutdown(cancel_futures=True)
        stack.stop_all()
        redis.stop()
        from django.db import connections

        connections.close_all()
        postgres.remove()
    outages = (soak.outages + soak.pg_outages) if soak else []
    alarms, outage_alarms = checks.log_alarms(logs, [(o["logs_at_start"], o.get("logs_at_end", {})) for o in outages])
    figures = _figures(
        soak,
        profile,
        outcome,
        rss_idle=rss_idle,
        rss_end=rss_end,
        stuck=stuck,
        repeated=repeated,
        totals=totals,
        ledger=(ledger_ok, ledger_text),
        alarms=alarms,
        outage_alarms=outage_alarms,
    )
    details = {
        "profile": profile.__dict__,
        "logs": str(logs),
        "outcome": outcome,
        "samples": soak.samples,
        "stuck": stuck,
        "repeated_clock_events": repeated,
        "counts": totals,
        "ledger_check": ledger_text,
        "log_alarms": {name: hits[:20] for name, hits in alarms.items()},
        "log_alarms_during_outages": {name: hits[:20] for name, hits in outage_alarms.items()},
        "outages": [
            {key: value for key, value in report.items() if key not in ("opens_at_start",)} for report in soak.outages
        ],
        "outage_deliveries": [
            {
                "expected": book.expected,
                "during": book.during,
                "after": book.after,
                "after_ms": book.after_ms,
                "dropped": dict(book.dropped),
            }
            for book in soak.ledger.outages
        ],
        "resyncs": [
            {
                "checked": r.checked,
                "behind": r.behind,
                "caught_up_ms": r.caught_up_ms,
                "dropped": dict(r.dropped),
                "never": r.never,
            }
            for r in soak.resyncs
        ],
        "pong_ms": soak.pong_ms,
        "pong_at": [round(at - outcome["play_started_perf"], 1) for at in soak.pong_at],
        "refused": dict(soak.refused),
        "sent": dict(soak.sent),
        "close_codes": dict(soak.close_codes),
        "connect_failures": dict(soak.connect_failures),
        "http_failures": dict(_http_failures(soak)),
        "unsolicited_errors": dict(soak.unsolicited_errors),
        "kills": soak.kills,
        "faults": [fault.__dict__ for fault in soak.faults],
        "postgres_outages": soak.pg_outages,
        "queues": soak.obs.queues,
        "clock_lateness": soak.obs.clock,
        "tasks_observed": len(soak.obs.tasks),
        "dropped": dict(soak.ledger.dropped),
        "driver_errors": soak.driver_errors,
    }
    return figures, details


def _cpu_shares(samples: list[dict[str, Any]]) -> str:
    """Each process's CPU time over the run, as a share of one core. A restarted worker is a new process
    whose counter starts again from zero: its time is added up across the restarts."""
    if len(samples) < 2:
        return "-"
    elapsed = samples[-1]["t"] - samples[0]["t"]
    used: dict[str, float] = {}
    for before, after in itertools.pairwise(samples):
        for name, now in after["cpu"].items():
            if now is None:
                continue
            earlier = before["cpu"].get(name)
            used[name] = used.get(name, 0.0) + (now - earlier if earlier is not None and now >= earlier else now)
    used["driver"] = samples[-1]["driver_cpu"] - samples[0]["driver_cpu"]
    return ", ".join(f"{name} {seconds / elapsed:.0%}" for name, seconds in used.items())


def _http_failures(soak: Soak) -> Counter:
    return sum((http.failures for http in soak.https), Counter())


def _memory(rss: dict[str, float | None]) -> str:
    return ", ".join(f"{name} {'-' if value is None else f'{value:.0f}'}" for name, value in rss.items())


def _figures(
    soak: Soak,
    profile: Profile,
    outcome: dict[str, Any],
    *,
    rss_idle,
    rss_end,
    stuck,
    repeated,
    totals,
    ledger,
    alarms,
    outage_alarms,
) -> list[Figure]:
    ledger_book = soak.ledger
    matches = totals["matches"]
    started = sum(row["started"] for row in matches.values())
    finished = sum(row["finished"] for row in matches.values())
    samples = soak.samples
    settled = [
        s["overdue_s"]
        for s in samples
        if s["worker_up"]
        and s["worker_up_for"] >= SETTLE_SECONDS
        and s["overdue_s"] is not None
        and s["redis_up"]
        and (s["redis_up_for"] is None or s["redis_up_for"] >= SETTLE_SECONDS)
        and (s.get("postgres_up_for") is None or s["postgres_up_for"] >= SETTLE_SECONDS)
    ]
    peak = {name: max((s["rss"].get(name) or 0) for s in samples) for name in rss_idle}
    ratio = ledger_book.ratio()
    steady_since = outcome["play_started_epoch"] + STEADY_AFTER
    clock_figs, clock_problems = clock_figures(soak.obs, soak.faults, steady_since)
    queue_figs, queue_problems = queue_figures(soak.obs, outcome["play_end_epoch"])
    soak.limit_problems = clock_problems + queue_problems
    figures = [
        Figure(
            AREA,
            "profile",
            profile.name,
            "",
            f"{profile.tables} tables ({profile.duelo} Duelo, half with a medium bot; {profile.wordgrid} Wordgrid "
            f"free + {profile.wordgrid_staked} staked; {profile.cruzadas} Cruzadas), {profile.ramp_seconds:.0f} s "
            f"ramp, {outcome['play_seconds']:.0f} s of play; {profile.daphnes} daphne processes, each table's "
            f"two people on different ones",
        ),
        Figure(AREA, "sockets planned", profile.sockets, "sockets", "two people per table, one room socket each"),
        Figure(
            AREA,
            "sockets connected at the end of the ramp",
            outcome["connected_at_ramp"],
            "sockets",
            "open room sockets once every table had opened",
        ),
        Figure(
            AREA,
            "socket connects",
            soak.connects,
            "connects",
            "successful handshakes, staked tables' new rooms and reconnects included",
        ),
        Figure(
            AREA,
            "socket connects failed",
            sum(soak.connect_failures.values()),
            "attempts",
            f"tried again after a back-off, as socket.js does; sockets that never opened: {soak.never_connected}; "
            f"by error: {dict(soak.connect_failures) or 'none'}",
        ),
        sampled(
            AREA, "socket connect time", soak.connect_ms, "ms", "handshake to open, loopback", headline="p50", p95=True
        ),
        Figure(
            AREA,
            "sockets closed by the server / reconnected",
            f"{len(soak.server_closed_at)} / {len(soak.reopened_at)}",
            "sockets",
            "a socket the soak did not close reconnects (back-off 0.5 s doubling to 8 s), as socket.js does; "
            "given up by the soak for want of a frame ("
            + (
                f"socket.js's {PONG_SECONDS} s after a ping"
                if soak.page_heartbeat
                else f"{SILENT_SECONDS:.0f} s of silence"
            )
            + f"): {len(soak.heartbeat_losses)}; pings that socket.js "
            f"would have given the socket up after (no frame within {PONG_SECONDS} s): {len(soak.page_losses)}, "
            f"of them during a Redis outage or {OUTAGE_TAIL_SECONDS} s after: "
            f"{sum(_in(soak.page_losses, o, OUTAGE_TAIL_SECONDS) for o in soak.outages if 'back_at' in o)}",
        ),
        sampled(
            AREA,
            "ping to pong",
            soak.pong_ms,
            "ms",
            f"a ping every {PING_SECONDS:.0f} s per socket; slower than {PONG_SECONDS} s: "
            f"{sum(1 for ms in soak.pong_ms if ms > PONG_SECONDS * 1000)} (a room socket handles its frames one "
            f"at a time: a ping waits behind that socket's database work, and its presence write)",
            headline="p50",
            p95=True,
        ),
        sampled(
            AREA,
            "the same, steady play",
            _steady_pongs(soak, outcome),
            "ms",
            f"pongs from {STEADY_AFTER} s after the ramp on, outside the Redis outage and its "
            f"{OUTAGE_TAIL_SECONDS} s after; slower than {PONG_SECONDS} s: "
            f"{sum(1 for ms in _steady_pongs(soak, outcome) if ms > PONG_SECONDS * 1000)}",
            headline="p50",
            p95=True,
        ),
        sampled(
            AREA,
            "the driver's own event loop lag",
            soak.loop_lag_ms,
            "ms",
            "how late a 0.1 s sleep of the soak's client loop wakes: what of a late pong is the driver's",
            headline="p50",
            p95=True,
        ),
        Figure(
            AREA,
            "close codes",
            ", ".join(f"{code}: {n}" for code, n in sorted(soak.close_codes.items())) or "-",
            "",
            "who closed: client = the soak (leaving a room, the end), server = daphne or the network",
        ),
        Figure(
            AREA,
            "tables failed to open",
            soak.tables_failed,
            "tables",
            f"tried again {soak.open_retries} times; HTTP failures: {dict(_http_failures(soak)) or 'none'}; "
            f"errors of the soak's own clients: "
            f"{len(soak.driver_errors)} (in the JSON)",
        ),
        sampled(
            AREA,
            "HTTP request time",
            [ms for http in soak.https for ms in http.times_ms],
            "ms",
            "room forms, invite links, start, offers; 2 at a time per daphne at most (1,000 people arriving "
            "over 40 s send about that many at once)",
            headline="p50",
            p95=True,
        ),
        Figure(
            AREA,
            "matches started / finished",
            f"{started} / {finished}",
            "matches",
            "; ".join(f"{game} {row['started']}/{row['finished']}" for game, row in sorted(matches.items()))
            + f"; host starts {soak.starts}, staked {totals['staked_matches']}; began after both arrived "
            f"{totals['arrived']}, aborted (no show) {totals['aborted']}; matches whose first frame had no view "
            f"(arriving) {len({m for m, kind in soak.viewless if kind == 'arriving'})}",
        ),
        Figure(
            AREA,
            "moves sent",
            sum(soak.sent.values()),
            "moves",
            ", ".join(f"{kind} {n}" for kind, n in sorted(soak.sent.items())),
        ),
        Figure(
            AREA,
            "moves accepted",
            sum(soak.accepted.values()),
            "moves",
            f"refused: {sum(soak.refused.values())} ({dict(soak.refused) or 'none'}); syncs after stale_turn: "
            f"{soak.syncs}; no answer in {ACK_SECONDS} s: {soak.unanswered}; socket closed before the answer: "
            f"{soak.unanswered_closed}; errors without a ref: {dict(soak.unsolicited_errors) or 'none'}",
        ),
        sampled(
            AREA,
            "move to the mover's ok",
            soak.ack_ms,
            "ms",
            "act frame sent to its 'ok' received",
            headline="p50",
            p95=True,
        ),
        Figure(
            AREA,
            "broadcast delivery ratio",
            None if ratio is None else round(100 * ratio, 3),
            "%",
            f"{ledger_book.delivered:,} of {ledger_book.expected:,} expected updates (outside the Redis outage) "
            f"reached the other players' sockets within {DRAIN_SECONDS} s of play stopping (or of a table "
            f"leaving); dropped: "
            f"{dict(ledger_book.dropped) or 'none'}; frames out of order: {soak.out_of_order}",
        ),
        sampled(
            AREA,
            "move to the other players' update",
            ledger_book.latencies_ms,
            "ms",
            "act sent by one player to a match frame showing it at each other player (same clock)",
            headline="p50",
            p95=True,
        ),
        sampled(
            AREA,
            "the same, steady play",
            ledger_book.latencies_since(outcome["play_started"] + STEADY_AFTER, _fault_windows(soak)),
            "ms",
            f"moves sent from {STEADY_AFTER} s after the ramp on (the connects' burst is over), outside the faults "
            f"and {FAULT_TAIL:.0f} s after each; limit p99 {STEADY_UPDATE_P99_MS:.0f} ms",
            headline="p50",
            p95=True,
        ),
        Figure(AREA, "server memory at start (idle)", _memory(rss_idle), "MiB RSS", "before any player"),
        Figure(AREA, "server memory, peak", _memory(peak), "MiB RSS", f"sampled every {SAMPLE_SECONDS} s"),
        Figure(
            AREA,
            "server memory at end",
            _memory(rss_end),
            "MiB RSS",
            "after the checks (the worker is the last one started)",
        ),
        Figure(
            AREA,
            "server CPU",
            _cpu_shares(samples),
            "of one core",
            "CPU time each process used between the first and the last sample, over that time",
        ),
        Figure(
            AREA,
            "PostgreSQL sessions on the soak database, max",
            max((s["db_connections"] or 0 for s in samples), default=0),
            "sessions",
            f"pg_stat_activity every {SAMPLE_SECONDS} s (daphne, worker, beat, this driver); the server allows "
            f"{totals['max_connections']} over all its databases; samples without a free slot: "
            f"{sum(1 for s in samples if s['db_connections'] is None)}",
        ),
        *queue_figs,
        *task_figures(soak.obs, soak.faults, steady_since),
        *clock_figs,
        Figure(
            AREA,
            "processes killed",
            len(soak.kills),
            "kills",
            f"SIGKILL at {', '.join(f'{at:.0f} s {name}' for at, name in soak.kills) or 'never'} of play, "
            f"{profile.kill_down_seconds:.0f} s down each, then a new one (ready after "
            + ", ".join(
                f"{f.ready - f.end:.1f} s" if f.ready and f.end else "?" for f in soak.faults if f.kind == "kill"
            )
            + ")",
        ),
        Figure(
            AREA,
            "most overdue deadline, worker settled",
            max(settled, default=0.0),
            "s",
            f"oldest passed deadline of a playing match, sampled every {SAMPLE_SECONDS} s while every process had "
            f"been up {SETTLE_SECONDS} s or more, and Redis and PostgreSQL too",
        ),
        Figure(
            AREA,
            "most overdue deadline, any time",
            max((s["overdue_s"] for s in samples if s["overdue_s"] is not None), default=0.0),
            "s",
            "the same, worker or Redis down included",
        ),
        Figure(
            AREA,
            "matches stuck past their deadline",
            len(stuck),
            "matches",
            f"playing (or waiting for its players) with a deadline more than {checks.STUCK_SECONDS:.0f} s ago, "
            f"after the last worker settled",
        ),
        Figure(
            AREA,
            "clock steps applied twice",
            len(repeated),
            "keys",
            f"MatchEvent kinds {', '.join(checks.ONCE)} repeated for one (match, round, seat)",
        ),
        Figure(AREA, "ledger_check", "passed" if ledger[0] else "FAILED", "", ledger[1].splitlines()[-1][:160]),
        Figure(
            AREA,
            "server log alarms",
            sum(len(hits) for hits in alarms.values()),
            "lines",
            (", ".join(f"{name} {len(hits)}" for name, hits in alarms.items()) or "no traceback in any log")
            + " (outside the Redis outage; during it: "
            + (", ".join(f"{name} {len(hits)}" for name, hits in outage_alarms.items()) or "none")
            + ")",
        ),
        *_outage_figures(soak),
        *_postgres_figures(soak),
    ]
    figures.append(Figure(AREA, "verdict", *_verdict(figures, soak)))
    return figures


def _fault_windows(soak: Soak) -> list[tuple[float, float]]:
    """Each fault's window (observations.Fault, in epochs) on this process' perf_counter clock."""
    offset = time.time() - time.perf_counter()
    return [(begin - offset, end - offset) for begin, end in (fault.window() for fault in soak.faults)]


def _steady_pongs(soak: Soak, outcome: dict[str, Any]) -> list[float]:
    start = outcome["play_started_perf"] + STEADY_AFTER
    windows = [
        (o["started_at"], o["back_at"] + OUTAGE_TAIL_SECONDS) for o in soak.outages + soak.pg_outages if "back_at" in o
    ]
    return [
        ms
        for ms, at in zip(soak.pong_ms, soak.pong_at, strict=True)
        if at >= start and not any(begin <= at <= end for begin, end in windows)
    ]


def _in(moments: list[float], report: dict[str, Any], tail: float = 0.0) -> int:
    return sum(1 for t in moments if report["started_at"] <= t <= report["back_at"] + tail)


def _outage_figures(soak: Soak) -> list[Figure]:
    """What each Redis outage did: when, the worker's return, the sockets, what was owed and resynced."""
    if not soak.outages:
        return [Figure(AREA, "Redis outages", 0, "outages", "none in this profile")]
    figures = []
    for number, report in enumerate(soak.outages, start=1):
        resync = soak.resyncs[report["resync_index"]] if "resync_index" in report else None
        book = soak.ledger.outages[report["book"]]
        name = f"Redis outage {number}"
        back = report.get("worker_back_s", {})
        http_failed = sum(
            1
            for http in soak.https
            for at, _why in http.failed_at
            if report["started_at"] <= at <= report["back_at"] + OUTAGE_TAIL_SECONDS
        )
        figures += [
            Figure(
                AREA,
                name,
                report["down_s"],
                "s down",
                f"at {report['at_play_s']:.0f} s of play: the soak's Redis SIGKILLed, started again empty on the "
                f"same port {report['down_s']:.1f} s later (channel layer, broker, cache and presence of every "
                f"process)",
            ),
            Figure(
                AREA,
                f"{name}: live worker back",
                back.get("reconnected"),
                "s after",
                f"from the times of the live worker's log lines after Redis returned: reconnected "
                f"{back.get('reconnected', '-')} s, first bot move "
                f"{_first_task_after(soak, 'games.bot_move', report)} s (the clock applies "
                f"deadlines from PostgreSQL, Redis or not); the most overdue deadline back under "
                f"{2 * SAMPLE_SECONDS} s after {report.get('overdue_settled_s', '-')} s",
            ),
            Figure(
                AREA,
                f"{name}: sockets",
                f"{report['open_through']} / {report['open_at_start']}",
                "open through",
                f"open when Redis went and still the same connection when it returned; closed by the server "
                f"during it {report['closed_during']}; reconnects from its start to {OUTAGE_TAIL_SECONDS} s after "
                f"it {_in(soak.reopened_at, report, OUTAGE_TAIL_SECONDS)}, after that "
                f"{sum(1 for t in soak.reopened_at if t > report['back_at'] + OUTAGE_TAIL_SECONDS)}; handshakes "
                f"refused meanwhile {_in(soak.connect_failed_at, report, OUTAGE_TAIL_SECONDS)}; HTTP requests "
                f"failed meanwhile {http_failed}; of the sockets open through it, socket.js would have given up "
                f"{report.get('page_would_lose', '-')} of {report.get('page_would_lose_of', '-')} (no frame "
                f"within {PONG_SECONDS} s of a ping) and reconnected",
            ),
            Figure(
                AREA,
                f"{name}: updates owed across it",
                book.after,
                "delivered after",
                f"{book.expected} updates owed (on their way when Redis went, or moves sent while it was away): "
                f"shown while it was away (a sync) {book.during}, after it returned {book.after} ("
                + (
                    f"p50 {_p(book.after_ms, 0.5)}, max {max(book.after_ms) / 1000:.1f} s after its return; "
                    f"later than {RESYNC_SECONDS} s: {sum(1 for ms in book.after_ms if ms > RESYNC_SECONDS * 1000)}"
                    if book.after_ms
                    else "none"
                )
                + f"); never: {dict(book.dropped) or 'none'}",
            ),
        ]
        if resync is not None:
            figures.append(
                Figure(
                    AREA,
                    f"{name}: latest version after it",
                    f"{len(resync.caught_up_ms)} / {resync.behind}",
                    "sockets caught up",
                    f"{resync.checked} sockets checked when Redis returned against their room's latest match in the "
                    f"database; behind it {resync.behind}; reached that version (a reconnect's, a sync's or the next "
                    f"change's snapshot) "
                    + (
                        f"p50 {_p(resync.caught_up_ms, 0.5)}, max "
                        f"{max(resync.caught_up_ms) / 1000:.1f} s after its return; later than "
                        f"{RESYNC_SECONDS} s: "
                        f"{sum(1 for ms in resync.caught_up_ms if ms > RESYNC_SECONDS * 1000)}"
                        if resync.caught_up_ms
                        else "-"
                    )
                    + f"; never: {dict(resync.dropped) or 'none'}"
                    + f"; left their finished table within {RESYNC_SECONDS} s, before it came (not judged): "
                    f"{resync.left_in_time}"
                    + (
                        f" (by game: {dict(Counter(n.get('game') for n in resync.never))}; the match was new to the "
                        f"socket: {sum(1 for n in resync.never if not n.get('knew_match'))})"
                        if resync.never
                        else ""
                    ),
                )
            )
        before, after = report.get("presence_before"), report.get("presence_after")
        figures.append(
            Figure(
                AREA,
                f"{name}: presence",
                "-" if after is None else f"{after[0]} / {after[1]}",
                "present / open",
                f"sockets present by heartbeat (games.runtime.presence) against the soak's open sockets, "
                f"{PRESENCE_AFTER_SECONDS} s after Redis returned; before it: "
                + ("-" if before is None else f"{before[0]} / {before[1]}"),
            )
        )
    return figures


def _first_task_after(soak: Soak, name: str, report: dict[str, Any]) -> str:
    """Seconds from Redis's return to the first `name` task a worker ran after it (its observations)."""
    back = report.get("back_epoch")
    starts = [float(e["at"]) - float(e["run_ms"]) / 1000 for e in soak.obs.tasks if e["name"] == name]
    later = [at - back for at in starts if back is not None and at >= back]
    return f"{min(later):.1f}" if later else "-"


def _postgres_figures(soak: Soak) -> list[Figure]:
    """What each PostgreSQL outage did: the moves refused meanwhile, how soon the site served again, what was
    owed across it and whether every socket showed its match's latest version after it."""
    if not soak.pg_outages:
        return [Figure(AREA, "PostgreSQL outages", 0, "outages", "none in this profile")]
    figures = []
    for number, report in enumerate(soak.pg_outages, start=1):
        name = f"PostgreSQL outage {number}"
        book = soak.ledger.outages[report["book"]]
        resync = soak.resyncs[report["resync_index"]]
        figures += [
            Figure(
                AREA,
                name,
                report["down_s"],
                "s down",
                f"at {report['at_play_s']:.0f} s of play: the soak's PostgreSQL stopped at once (every connection cut) "
                f"and started again; moves refused meanwhile {report['moves_refused_during'] or 'none'} (a clear "
                f"error each), HTTP requests failed meanwhile {report['http_failed_during']}; a page that reads the "
                f"database answered 200 again {report['serves_again_s']} s after its return",
            ),
            Figure(
                AREA,
                f"{name}: updates owed across it",
                book.after,
                "delivered after",
                f"{book.expected} updates owed (on their way when it went): shown after it returned {book.after}; "
                f"never: {dict(book.dropped) or 'none'}",
            ),
            Figure(
                AREA,
                f"{name}: latest version after it",
                f"{len(resync.caught_up_ms)} / {resync.behind}",
                "sockets caught up",
                f"{resync.checked} sockets checked when it returned; behind {resync.behind}; caught up "
                + (
                    f"p50 {_p(resync.caught_up_ms, 0.5)}, max {max(resync.caught_up_ms) / 1000:.1f} s after"
                    if resync.caught_up_ms
                    else "-"
                )
                + f"; never: {dict(resync.dropped) or 'none'}",
            ),
        ]
    return figures


def _p(values: list[float], share: float) -> str:
    return f"{percentile(values, share) / 1000:.1f} s"


# The limits of issue 30 on steady play besides the clock's (observations.py has those).
STEADY_UPDATE_P99_MS = 250.0


def _verdict(figures: list[Figure], soak: Soak) -> tuple[str, str, str]:
    """What must hold whatever the load: the soak's correctness, and the limits issue 30 sets (clock lateness,
    queues drained, updates to the other players in steady play, every update delivered outside the outages,
    every socket caught up within RESYNC_SECONDS of each outage)."""
    value = {figure.figure: figure.value for figure in figures}
    problems = list(soak.limit_problems)
    if value["matches stuck past their deadline"]:
        problems.append("matches stuck")
    if value["clock steps applied twice"]:
        problems.append("clock steps applied twice")
    if value["ledger_check"] != "passed":
        problems.append("ledger_check failed")
    if value["server log alarms"]:
        problems.append("tracebacks outside the outages")
    if soak.driver_errors:
        problems.append("errors in the soak's own clients")
    if value["broadcast delivery ratio"] is not None and value["broadcast delivery ratio"] < 100:
        problems.append(f"{value['broadcast delivery ratio']} % of updates delivered outside the outages")
    updates = [f for f in figures if f.figure == "the same, steady play" and "moves sent" in f.method]
    if updates and updates[0].p99 is not None and updates[0].p99 > STEADY_UPDATE_P99_MS:
        problems.append(
            f"move to the other players' update p99 {updates[0].p99:.0f} ms in steady play "
            f"(limit {STEADY_UPDATE_P99_MS:.0f})"
        )
    for resync in soak.resyncs:
        never = sum(resync.dropped.values()) + len(resync.owed)
        late = sum(1 for ms in resync.caught_up_ms if ms > RESYNC_SECONDS * 1000)
        if never or late:
            problems.append(
                f"{never + late} of {resync.behind} sockets behind the database after an outage "
                f"did not show their match's latest version within {RESYNC_SECONDS} s ({never} never)"
            )
    for book in soak.ledger.outages:
        late = sum(1 for ms in book.after_ms if ms > RESYNC_SECONDS * 1000)
        if book.dropped or late:
            problems.append(
                f"{sum(book.dropped.values()) + late} of {book.expected} updates owed across an outage "
                f"not shown within {RESYNC_SECONDS} s of its end"
            )
    return (
        ("passed" if not problems else "FAILED"),
        "",
        "; ".join(problems)
        or (
            "no match stuck, no clock step twice, ledger balanced, no traceback outside the outages, every limit of "
            "issue 30 kept (clock lateness, queues drained, updates in steady play, delivery, catching up after "
            "each outage)"
        ),
    )
