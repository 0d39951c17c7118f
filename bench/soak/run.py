"""The soak itself: prepare a database and a Redis db of its own, start the real stack, seat the people,
play, break the worker now and then (long profile), check, report. Always stops what it started.
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

from bench.figures import RESULTS, Figure, sampled
from bench.soak import checks, moves
from bench.soak.clients import ACK_SECONDS, Http, Person, Table
from bench.soak.delivery import Ledger
from bench.soak.profiles import Profile
from bench.stack import Stack, recreate_database

AREA = "soak"
DRAIN_SECONDS = 60  # after play stops, what is still on its way may arrive; past it, it was dropped
SAMPLE_SECONDS = 2
SETTLE_SECONDS = 15  # the final checks wait this long after the worker's last start
STEADY_AFTER = 20  # seconds after the ramp: moves sent later show steady play, without the connects' burst


def log(message: str) -> None:
    print(f"[soak {time.strftime('%H:%M:%S')}] {message}", flush=True)


class Soak:
    """Shared state of one run: the counters every socket and table writes to."""

    def __init__(self, profile: Profile, bases: list[str], stack: Stack, redis_url: str):
        self.profile, self.bases, self.stack, self.redis_url = profile, bases, stack, redis_url
        self.https = [Http(base) for base in bases]
        self.tables_made = 0
        self.ledger = Ledger()
        self.stopping = False  # no new moves
        self.closing = asyncio.Event()  # everyone leaves
        self.in_flight = 0
        self.refs = itertools.count(1)
        self.pool = moves.pool()
        self.connects = self.never_connected = self.reconnects = self.out_of_order = 0
        self.unanswered = self.unanswered_closed = self.starts = self.tables_failed = 0
        self.connect_ms: list[float] = []
        self.ack_ms: list[float] = []
        self.connect_failures: Counter = Counter()
        self.close_codes: Counter = Counter()
        self.sent: Counter = Counter()
        self.accepted: Counter = Counter()
        self.refused: Counter = Counter()
        self.unsolicited_errors: Counter = Counter()
        self.samples: list[dict[str, Any]] = []
        self.driver_errors: list[str] = []
        self.worker_kills: list[float] = []
        self.worker_started_at = time.monotonic()

    def next_ref(self) -> str:
        return f"m{next(self.refs)}"

    async def choose(self, game: str, view: dict) -> dict | None:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, moves.choose, game, view, secrets.randbits(32))

    @staticmethod
    def open_offer_of(player_id: int) -> int | None:
        from lobby.models import StakeOffer

        return checks.retrying(lambda: StakeOffer.objects.filter(player_id=player_id, status=StakeOffer.OPEN)
                               .order_by("-pk").values_list("pk", flat=True).first(), attempts=5, wait=1)

    # -- watching the stack ----------------------------------------------------------------------------

    async def sample_forever(self) -> None:
        import redis.asyncio as aioredis

        client = aioredis.Redis.from_url(self.redis_url)
        started = time.monotonic()
        try:
            while True:
                queued = await client.llen("celery")
                reserved = await client.hlen("unacked")
                overdue, connections = await asyncio.to_thread(_database_sample)
                self.samples.append({
                    "t": round(time.monotonic() - started, 1), "queue": queued, "unacked": reserved,
                    "overdue_s": None if overdue is None else round(overdue, 1), "db_connections": connections,
                    "rss": self.stack.rss(), "cpu": self.stack.cpu(),
                    "driver_cpu": round(sum(os.times()[:2]), 2), "worker_up": self.stack.alive("worker"),
                    "worker_up_for": round(time.monotonic() - self.worker_started_at, 1),
                    "outstanding": self.ledger.outstanding(),
                })
                await asyncio.sleep(SAMPLE_SECONDS)
        finally:
            await client.aclose()

    async def break_the_worker(self, play_started: float) -> None:
        """Kill the worker at the profile's times and start a new one after a while."""
        for at in self.profile.worker_kills_at:
            await asyncio.sleep(max(0.0, play_started + at - time.monotonic()))
            if self.stopping:
                return
            log(f"killing the Celery worker (SIGKILL), {self.profile.worker_down_seconds:.0f} s down")
            self.stack.kill_worker()
            self.worker_kills.append(round(time.monotonic() - play_started, 1))
            try:
                await asyncio.sleep(self.profile.worker_down_seconds)
            finally:
                self.stack.start_worker()
                self.worker_started_at = time.monotonic()

    # -- the run -------------------------------------------------------------------------------------------

    async def play(self, people: dict[str, list[Person]]) -> dict[str, float]:
        profile = self.profile
        await self.choose("duelo", {"grid": {"rows": []}})  # the helper has its word lists before anyone waits
        tables = _tables(self, profile, people)
        sampler = asyncio.create_task(self.sample_forever())
        ramp_started = time.monotonic()
        log(f"opening {len(tables)} tables ({profile.sockets} sockets) over {profile.ramp_seconds:.0f} s")
        running = []
        for index, table in enumerate(tables):
            await asyncio.sleep(max(0.0, ramp_started + profile.ramp_seconds * index / len(tables) - time.monotonic()))
            running.append(asyncio.create_task(table.run()))
        play_started = time.monotonic()
        chaos = asyncio.create_task(self.break_the_worker(play_started))
        connected_at_ramp = sum(s.connected for t in tables for s in t.sockets)
        rss_loaded = self.stack.rss()
        log(f"{connected_at_ramp} sockets connected; playing for {profile.play_seconds:.0f} s")
        next_report = play_started + 30
        while time.monotonic() < play_started + profile.play_seconds:
            await asyncio.sleep(1)
            if time.monotonic() >= next_report:
                next_report += 30
                last = self.samples[-1] if self.samples else {}
                log(f"{int(time.monotonic() - play_started)} s: {sum(self.accepted.values())} moves accepted, "
                    f"{self.ledger.delivered}/{self.ledger.expected} updates seen, queue {last.get('queue')}, "
                    f"overdue {last.get('overdue_s')} s, worker {'up' if last.get('worker_up') else 'DOWN'}")
        log("play stops; draining")
        self.stopping = True
        played = time.monotonic() - play_started
        rss_end_of_play = self.stack.rss()
        chaos.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await chaos
        if not self.stack.alive("worker"):
            self.stack.start_worker()
            self.worker_started_at = time.monotonic()
        drain_started = time.monotonic()
        while (self.ledger.outstanding() or self.in_flight) and time.monotonic() < drain_started + DRAIN_SECONDS:
            await asyncio.sleep(0.2)
        drained = time.monotonic() - drain_started
        log(f"drained in {drained:.0f} s; {self.ledger.outstanding()} updates still missing; everyone leaves")
        self.closing.set()
        for result in await asyncio.gather(*running, return_exceptions=True):
            if isinstance(result, Exception):
                self.driver_errors.append(repr(result))
        for table in tables:
            for socket in table.sockets:
                self.ledger.give_up(socket, "not seen by the end")
        settle = self.worker_started_at + SETTLE_SECONDS - time.monotonic()
        if settle > 0:
            log(f"waiting {settle:.0f} s for the worker to settle before the checks")
            await asyncio.sleep(settle)
        sampler.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sampler
        for http in self.https:
            await http.close()
        return {"play_started": play_started, "play_seconds": played,
                "connected_at_ramp": connected_at_ramp, "drain_seconds": drained,
                "rss_after_ramp": rss_loaded, "rss_end_of_play": rss_end_of_play}


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
        guests.append(Person(player.nickname, player.pk, session(lambda s, p=player: remember_guest(session=s,
                                                                                                  player=p))))
    members = []
    for number in range(2 * profile.wordgrid_staked):
        user = get_user_model().objects.create_user(username=f"soak{number}", email=f"soak{number}@example.com")
        player = player_create_for_user(user=user, nickname=f"Member{number}")

        def login(store, user=user):
            store[SESSION_KEY] = str(user.pk)
            store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            store[HASH_SESSION_KEY] = user.get_session_auth_hash()

        members.append(Person(player.nickname, player.pk, session(login)))
    checks.close_connections()
    return {"guests": guests, "members": members}


def prepare(database_url: str, redis_url: str) -> None:
    import redis

    log(f"recreating the soak database {database_url.rsplit('/', 1)[-1]} and emptying Redis {redis_url}")
    recreate_database(database_url)
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    client.close()


def wait_for_worker(stack: Stack, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if " ready." in stack.tail("worker", 20000):
            return
        if not stack.alive("worker"):
            raise RuntimeError(f"the Celery worker died: {stack.tail('worker')}")
        time.sleep(0.5)
    raise RuntimeError(f"the Celery worker did not get ready: {stack.tail('worker')}")


def run(profile: Profile, database_url: str, redis_url: str) -> tuple[list[Figure], dict[str, Any]]:
    started = datetime.now(UTC)
    logs = RESULTS / "soak-logs" / f"{profile.name}-{started.strftime('%Y%m%d-%H%M%S')}"
    prepare(database_url, redis_url)
    env = checks.env_for(database_url, redis_url)
    os.environ.update(DATABASE_URL=database_url, REDIS_URL=redis_url)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request would bury the soak's own
    stack = Stack(env, logs)
    soak = None
    try:
        bases = [stack.start_daphne(f"daphne-{number}") for number in range(1, profile.daphnes + 1)]
        stack.start_worker()
        stack.start_beat()
        wait_for_worker(stack)
        log(f"stack up: daphne {', '.join(bases)}, a Celery worker and beat; logs in "
            f"{logs.relative_to(RESULTS.parent)}")
        rss_idle = stack.rss()
        people = make_people(profile)
        log(f"{len(people['guests'])} guests and {len(people['members'])} registered players with sessions")
        soak = Soak(profile, bases, stack, redis_url)
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
    alarms = checks.log_alarms(logs)
    tasks = checks.task_outcomes(logs)
    figures = _figures(soak, profile, outcome, rss_idle=rss_idle, rss_end=rss_end, stuck=stuck, repeated=repeated,
                       totals=totals, ledger=(ledger_ok, ledger_text), alarms=alarms, tasks=tasks)
    details = {"profile": profile.__dict__, "logs": str(logs), "outcome": outcome, "samples": soak.samples,
               "stuck": stuck,
               "repeated_clock_events": repeated, "counts": totals, "ledger_check": ledger_text,
               "log_alarms": {name: hits[:20] for name, hits in alarms.items()},
               "refused": dict(soak.refused), "sent": dict(soak.sent), "close_codes": dict(soak.close_codes),
               "connect_failures": dict(soak.connect_failures), "http_failures": dict(_http_failures(soak)),
               "unsolicited_errors": dict(soak.unsolicited_errors), "worker_kills_at": soak.worker_kills,
               "dropped": dict(soak.ledger.dropped), "celery_tasks": tasks, "driver_errors": soak.driver_errors}
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


def _figures(soak: Soak, profile: Profile, outcome: dict[str, Any], *, rss_idle, rss_end, stuck, repeated, totals,
             ledger, alarms, tasks) -> list[Figure]:
    ledger_book = soak.ledger
    matches = totals["matches"]
    started = sum(row["started"] for row in matches.values())
    finished = sum(row["finished"] for row in matches.values())
    samples = soak.samples
    settled = [s["overdue_s"] for s in samples
               if s["worker_up"] and s["worker_up_for"] >= SETTLE_SECONDS and s["overdue_s"] is not None]
    peak = {name: max((s["rss"].get(name) or 0) for s in samples) for name in rss_idle}
    ratio = ledger_book.ratio()
    figures = [
        Figure(AREA, "profile", profile.name, "",
               f"{profile.tables} tables ({profile.duelo} Duelo, half with a medium bot; {profile.wordgrid} Wordgrid "
               f"free + {profile.wordgrid_staked} staked; {profile.cruzadas} Cruzadas), {profile.ramp_seconds:.0f} s "
               f"ramp, {outcome['play_seconds']:.0f} s of play; {profile.daphnes} daphne processes, each table's "
               f"two people on different ones"),
        Figure(AREA, "sockets planned", profile.sockets, "sockets", "two people per table, one room socket each"),
        Figure(AREA, "sockets connected at the end of the ramp", outcome["connected_at_ramp"], "sockets",
               "open room sockets once every table had opened"),
        Figure(AREA, "socket connects", soak.connects, "connects",
               "successful handshakes, staked tables' new rooms and reconnects included"),
        Figure(AREA, "socket connects failed", sum(soak.connect_failures.values()), "attempts",
               f"never connected after {4} attempts: {soak.never_connected}; "
               f"by error: {dict(soak.connect_failures) or 'none'}"),
        sampled(AREA, "socket connect time", soak.connect_ms, "ms", "handshake to open, loopback", headline="p50",
                p95=True),
        Figure(AREA, "reconnects after a server close", soak.reconnects, "sockets",
               "a socket the server closed reconnects, as the page's socket.js does"),
        Figure(AREA, "close codes", ", ".join(f"{code}: {n}" for code, n in sorted(soak.close_codes.items())) or "-",
               "", "who closed: client = the soak (leaving a room, the end), server = daphne or the network"),
        Figure(AREA, "tables failed to open", soak.tables_failed, "tables",
               f"HTTP failures: {dict(_http_failures(soak)) or 'none'}; errors of the soak's own clients: "
               f"{len(soak.driver_errors)} (in the JSON)"),
        sampled(AREA, "HTTP request time", [ms for http in soak.https for ms in http.times_ms], "ms",
                "room forms, invite links, start, offers; 2 at a time per daphne at most (1,000 people arriving "
                "over 40 s send about that many at once)", headline="p50", p95=True),
        Figure(AREA, "matches started / finished", f"{started} / {finished}", "matches",
               "; ".join(f"{game} {row['started']}/{row['finished']}" for game, row in sorted(matches.items()))
               + f"; host starts {soak.starts}, staked {totals['staked_matches']}"),
        Figure(AREA, "moves sent", sum(soak.sent.values()), "moves",
               ", ".join(f"{kind} {n}" for kind, n in sorted(soak.sent.items()))),
        Figure(AREA, "moves accepted", sum(soak.accepted.values()), "moves",
               f"refused: {sum(soak.refused.values())} ({dict(soak.refused) or 'none'}); no answer in "
               f"{ACK_SECONDS} s: {soak.unanswered}; socket closed before the answer: {soak.unanswered_closed}"),
        sampled(AREA, "move to the mover's ok", soak.ack_ms, "ms", "act frame sent to its 'ok' received",
                headline="p50", p95=True),
        Figure(AREA, "broadcast delivery ratio", None if ratio is None else round(100 * ratio, 3), "%",
               f"{ledger_book.delivered:,} of {ledger_book.expected:,} expected updates reached the other players' "
               f"sockets within {DRAIN_SECONDS} s of play stopping (or of a table leaving); dropped: "
               f"{dict(ledger_book.dropped) or 'none'}; frames out of order: {soak.out_of_order}"),
        sampled(AREA, "move to the other players' update", ledger_book.latencies_ms, "ms",
                "act sent by one player to a match frame showing it at each other player (same clock)",
                headline="p50", p95=True),
        sampled(AREA, "the same, steady play", ledger_book.latencies_since(outcome["play_started"] + STEADY_AFTER),
                "ms", f"moves sent from {STEADY_AFTER} s after the ramp on (the connects' burst is over)",
                headline="p50", p95=True),
        Figure(AREA, "server memory at start (idle)", _memory(rss_idle), "MiB RSS", "before any player"),
        Figure(AREA, "server memory, peak", _memory(peak), "MiB RSS", f"sampled every {SAMPLE_SECONDS} s"),
        Figure(AREA, "server memory at end", _memory(rss_end), "MiB RSS",
               "after the checks (the worker is the last one started)"),
        Figure(AREA, "server CPU", _cpu_shares(samples), "of one core",
               "CPU time each process used between the first and the last sample, over that time"),
        Figure(AREA, "PostgreSQL sessions on the soak database, max",
               max((s["db_connections"] or 0 for s in samples), default=0), "sessions",
               f"pg_stat_activity every {SAMPLE_SECONDS} s (daphne, worker, beat, this driver); the server allows "
               f"{totals['max_connections']} over all its databases; samples without a free slot: "
               f"{sum(1 for s in samples if s['db_connections'] is None)}"),
        Figure(AREA, "Celery queue depth, max / end", f"{max((s['queue'] for s in samples), default=0)} / "
               f"{samples[-1]['queue'] if samples else '-'}", "tasks",
               f"LLEN celery on the soak's Redis every {SAMPLE_SECONDS} s; tasks reserved for later (ETA) max "
               f"{max((s['unacked'] for s in samples), default=0)}"),
        Figure(AREA, "Celery tasks run / did nothing", " ; ".join(
            f"{name.split('.')[-1]} {row['runs']}/{row['did_nothing']}" for name, row in sorted(tasks.items())) or "-",
               "tasks", "from the worker's log: 'did nothing' = returned False (a timer whose match had moved on, a "
               "bot whose turn was gone); mean ms " + ", ".join(
                   f"{name.split('.')[-1]} {row['mean_ms']:.0f}" for name, row in sorted(tasks.items()))),
        Figure(AREA, "Celery worker kills", len(soak.worker_kills), "kills",
               f"SIGKILL at {soak.worker_kills or 'never'} s of play, "
               f"{profile.worker_down_seconds:.0f} s down each, then a new worker"),
        Figure(AREA, "most overdue deadline, worker settled", max(settled, default=0.0), "s",
               f"oldest passed deadline of a playing match, sampled every {SAMPLE_SECONDS} s while the worker had "
               f"been up {SETTLE_SECONDS} s or more (the sweeper runs every 2 s, 1 s grace)"),
        Figure(AREA, "most overdue deadline, any time",
               max((s["overdue_s"] for s in samples if s["overdue_s"] is not None), default=0.0), "s",
               "the same, worker down included"),
        Figure(AREA, "matches stuck past their deadline", len(stuck), "matches",
               f"playing with a deadline more than {checks.STUCK_SECONDS:.0f} s ago, after the last worker settled"),
        Figure(AREA, "clock steps applied twice", len(repeated), "keys",
               f"MatchEvent kinds {', '.join(checks.ONCE)} repeated for one (match, round, seat)"),
        Figure(AREA, "ledger_check", "passed" if ledger[0] else "FAILED", "", ledger[1].splitlines()[-1][:160]),
        Figure(AREA, "server log alarms", sum(len(hits) for hits in alarms.values()), "lines",
               ", ".join(f"{name} {len(hits)}" for name, hits in alarms.items()) or "no traceback in any log"),
    ]
    return figures
