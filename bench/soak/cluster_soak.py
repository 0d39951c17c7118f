"""`make soak-cluster`: the soak of issue 30 against the cluster on one machine (cluster/, `make cluster`), every
player through HAProxy, with the faults of issue 34 in one run:

    python -m bench.soak.cluster_soak [--nodes 2] [--scale 1.0] [--play 600]

1. a node killed (SIGKILL of every process of its host) and started again a while later;
2. the Redis primary killed: Sentinel promotes the replica, the site follows without a restart, and the old primary
   comes back as a replica;
3. the node whose beat holds the lock killed: another node's beat sends.

The verdict: issue 30's limits (updates delivered, clock lateness in steady play, queues drained), and issue 34's:
every socket of a killed node reconnected through the balancer and caught up (its first snapshot) within 10 s; no
move lost (each move acknowledged reached every other player: the delivery ledger) or applied twice (no two events
of a match share a version, no clock event repeated); no deadline later than 10 s across a fault; beat's
heartbeat never older than /healthz allows; the ledger check passed. Writes bench-results/soak-cluster-<time>.json.

`--capacity`: no faults; the same players on one node and then on two (each a cluster of its own), side by side:
moves a second, the update's p99 and each host's CPU, for how close to twice two nodes come.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from typing import Any

from bench import figures as report
from bench.figures import RESULTS, Figure, percentile
from bench.soak import checks
from bench.soak.observations import Fault, clock_figures, lateness, queue_figures
from bench.soak.on_cluster import ClusterRedis, ClusterStack, host_cpu
from bench.soak.profiles import LONG, Profile
from cluster.core import Cluster

AREA = "soak-cluster"
CAUGHT_UP_SECONDS = 10.0  # issue 34: a killed node's sockets back and caught up within this
LATE_ACROSS_FAULT_MS = 10_000.0  # issue 34: no deadline applied later than this across a fault
BEAT_STALE_SECONDS = 15.0  # config/health.py's limit for beat's heartbeat
NODE_DOWN_SECONDS = 20.0
REDIS_DOWN_SECONDS = 15.0
# The site's rate limits are per address, and every player of the soak comes from the driver's one address.
NODE_OVERRIDES = {"CODE_LOOKUP_RATES": "1000000/m", "WALLET_PAIR_GAMES_PER_DAY": "0"}


def log(message: str) -> None:
    print(f"[soak-cluster {time.strftime('%H:%M:%S')}] {message}", flush=True)


def profile_for(play: float, scale: float) -> Profile:
    """The long profile's tables (1,000 sockets at scale 1), its own faults left out: the cluster's are below."""
    return dataclasses.replace(
        LONG,
        name=f"cluster-x{scale:g}",
        play_seconds=play,
        ramp_seconds=max(10, round(LONG.ramp_seconds * scale)),
        duelo=round(LONG.duelo * scale),
        wordgrid=round(LONG.wordgrid * scale),
        wordgrid_staked=round(LONG.wordgrid_staked * scale),
        cruzadas=round(LONG.cruzadas * scale),
        kills=(),
        redis_outages=(),
        postgres_outages=(),
        limit_seconds=play + 900,
    )


@dataclasses.dataclass
class NodeDeath:
    """One node killed: which sockets it held (those the server closed within a moment of the kill) and how soon
    each was open again and had its first snapshot."""

    node: int
    why: str
    at: float  # perf_counter of the kill
    fault: Fault
    cut: int = 0
    back_s: list[float] = dataclasses.field(default_factory=list)  # kill to the first frame after the reopen
    never: int = 0
    beat_from: int | None = None
    beat_to: int | None = None


class ClusterFaults:
    """The three faults of issue 34, at shares of the play time, each off the event loop (the cluster's calls
    block) so that the players' sockets go on meanwhile."""

    def __init__(self, soak, cluster: Cluster, play_started_at: float):
        self.soak, self.cluster, self.play_started_at = soak, cluster, play_started_at
        self.deaths: list[NodeDeath] = []
        self.failover: dict[str, Any] = {}
        self.beat_ages: list[tuple[float, float | None]] = []  # (epoch, seconds since beat's last heartbeat)
        # The cluster's calls in threads of their own: in the loop's shared pool they waited behind the soak's
        # samples (a promotion seen 8 s after Sentinel's log said it).
        self.threads = concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="faults")

    async def _call(self, function, *args):
        return await asyncio.get_running_loop().run_in_executor(self.threads, function, *args)

    async def run(self) -> None:
        play = self.soak.profile.play_seconds
        await self._at(0.2 * play)
        await self.kill_node(2, "a node killed and started again")
        await self._at(0.45 * play)
        await self.kill_redis_primary()
        await self._at(0.7 * play)
        beat = await self._call(self.cluster.beat_node)
        await self.kill_node(beat or 1, "the beat's node killed")

    async def _at(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, self.play_started_at + seconds - time.monotonic()))

    async def kill_node(self, number: int, why: str) -> None:
        soak = self.soak
        if soak.stopping:
            return
        log(f"{why}: node{number} (SIGKILL of every process), {NODE_DOWN_SECONDS:.0f} s down")
        beat_before = await self._call(self.cluster.beat_node)
        fault = Fault("node", f"node{number}", time.time())
        soak.faults.append(fault)
        open_before = {s for t in soak.tables for s in t.sockets if s.connected}
        at = time.perf_counter()
        await self._call(self.cluster.kill_node, number)
        death = NodeDeath(number, why, at, fault, beat_from=beat_before)
        self.deaths.append(death)
        await asyncio.sleep(2.0)
        # The node's sockets: open before, closed by the server since (the others' stay open throughout).
        cut = [s for s in open_before if s.closed_at >= at and not s.leaving and s.final_code is None]
        death.cut = len(cut)
        deadline = at + CAUGHT_UP_SECONDS + 20
        while time.perf_counter() < deadline:
            if all(s.opened_at > at and s.first_frame_at is not None for s in cut):
                break
            await asyncio.sleep(0.5)
        for s in cut:
            if s.opened_at > at and s.first_frame_at is not None:
                death.back_s.append(s.first_frame_at - at)
            elif not s.leaving:
                death.never += 1
        log(
            f"node{number}: {death.cut} sockets cut, {len(death.back_s)} back and caught up, worst "
            f"{max(death.back_s, default=0):.1f} s, {death.never} not"
        )
        await asyncio.sleep(max(0.0, at + NODE_DOWN_SECONDS - time.perf_counter()))
        await self._call(self.cluster.start_node, number)
        fault.end = time.time()
        fault.ready = time.time()
        death.beat_to = await self._call(self.cluster.beat_node)
        log(f"node{number} is back; beat held by node{death.beat_from} before, node{death.beat_to} now")

    async def kill_redis_primary(self) -> None:
        soak = self.soak
        if soak.stopping:
            return
        fault = Fault("redis", "redis primary", time.time())
        soak.faults.append(fault)
        started = time.perf_counter()
        soak.ledger.outage_begins(started)
        old = await self._call(self.cluster.kill_redis_primary)
        log(f"the Redis primary ({old}) killed after {time.perf_counter() - started:.1f} s; waiting for Sentinel")
        new = await self._call(self.cluster.wait_failover, old)
        promoted = time.perf_counter()
        soak.ledger.outage_ends(promoted)
        fault.end = time.time()
        log(f"{new} promoted after {promoted - started:.1f} s")
        await soak._owed_after(promoted)  # every socket is owed its match's latest version, as after any outage
        await asyncio.sleep(max(0.0, started + REDIS_DOWN_SECONDS - time.perf_counter()))
        await self._call(self.cluster.start_redis, old)
        log(f"{old} is back, as a replica of {new}")
        self.failover = {"old": old, "new": new, "promoted_after_s": round(promoted - started, 1)}

    async def watch_beat(self) -> None:
        from config.health import HEARTBEAT_SENT_KEY, _age

        while True:
            try:
                age = await asyncio.to_thread(_age, HEARTBEAT_SENT_KEY)
            except Exception:  # noqa: BLE001 - Redis failing over: a gap in the samples
                age = None
            self.beat_ages.append((time.time(), age))
            await asyncio.sleep(1.0)


def applied_acts() -> dict[str, Any]:
    """What the database holds of the moves: every version is made of exactly one input (games.kit.rerun.Input),
    so a version with two inputs is a change written twice; and the people's acts it holds, to set against the
    moves the soak was told were taken ('ok'): fewer is a move lost, more a move applied twice."""
    from django.db.models import Count

    from games.models import Match, MatchEvent

    doubled = list(
        MatchEvent.objects.filter(kind="input")
        .values("match_id", "version")
        .annotate(times=Count("id"))
        .filter(times__gt=1)[:20]
    )
    lineups = dict(Match.objects.values_list("id", "lineup"))
    people = 0
    for match_id, data in MatchEvent.objects.filter(kind="input", data__kind="act").values_list("match_id", "data"):
        seat = data.get("seat")
        if seat is not None and not lineups[match_id][seat].get("bot"):
            people += 1
    return {"versions_written_twice": doubled, "people_acts": people}


def fault_run(cluster: Cluster, profile: Profile) -> tuple[list[Figure], dict[str, Any]]:
    from bench.soak.run import Soak, make_people

    people = make_people(profile)
    soak = Soak(profile, [cluster.balancer_url] * 2, ClusterStack(cluster), ClusterRedis(cluster), cluster._postgres())
    holder: dict[str, ClusterFaults] = {}

    async def play() -> dict[str, Any]:
        play_started = time.monotonic() + profile.ramp_seconds  # Soak.play opens the tables over the ramp first
        faults = holder["faults"] = ClusterFaults(soak, cluster, play_started)
        beat = asyncio.create_task(faults.watch_beat())
        chaos = asyncio.create_task(faults.run())
        outcome = await soak.play(people)
        for task in (chaos, beat):
            task.cancel()
        results = await asyncio.gather(chaos, beat, return_exceptions=True)
        soak.driver_errors.extend(repr(r) for r in results if isinstance(r, Exception) and not _cancelled(r))
        return outcome

    outcome = asyncio.run(play())
    faults = holder["faults"]
    log("checking: stuck matches, moves lost or applied twice, repeated clock events, the ledger")
    stuck = checks.retrying(checks.stuck_matches)
    acts = checks.retrying(applied_acts)
    repeated = checks.retrying(checks.repeated_clock_events)
    ledger_ok, ledger_text = checks.ledger_check(checks.env_for(cluster.database_url, cluster.redis_url()))
    soak.pool.shutdown(cancel_futures=True)
    return _verdict(soak, faults, outcome, stuck, acts, repeated, ledger_ok, ledger_text)


def _cancelled(error: BaseException) -> bool:
    return isinstance(error, asyncio.CancelledError)


def _verdict(soak, faults: ClusterFaults, outcome, stuck, acts, repeated, ledger_ok, ledger_text):
    problems: list[str] = []
    moves = sum(soak.accepted.values())
    windows = [f.window() for f in soak.faults]
    steady = soak.ledger.latencies_since(outcome["play_started"] + 20, [])
    figures = [
        Figure(AREA, "players (sockets)", soak.profile.sockets, "sockets", "through HAProxy, every one"),
        Figure(AREA, "moves accepted", moves, "moves", f"{moves / outcome['play_seconds']:.1f} a second"),
        Figure(AREA, "updates delivered", soak.ledger.ratio(), "share", "every other player saw each move"),
    ]
    if steady:
        figures.append(
            Figure(AREA, "update, the other players, p99", round(percentile(steady, 0.99)), "ms", "the whole run")
        )
    ratio = soak.ledger.ratio()
    if ratio is not None and ratio < 1.0:
        problems.append(f"updates delivered {ratio:.4f} (a move lost for someone)")
    clock, clock_problems = clock_figures(soak.obs, soak.faults, outcome["play_started_epoch"] + 20)
    figures += clock
    problems += clock_problems
    queues, queue_problems = queue_figures(soak.obs, outcome["play_end_epoch"])
    figures += queues
    problems += queue_problems
    for fault in soak.faults:
        start, end = fault.window()
        late = [ms for deadline, _applied, ms in map(lateness, soak.obs.clock) if start <= deadline <= end]
        worst = max(late, default=0.0)
        figures.append(Figure(AREA, f"deadline lateness across {fault.what}", round(worst), "ms", "worst"))
        if worst > LATE_ACROSS_FAULT_MS:
            problems.append(f"a deadline {worst / 1000:.1f} s late across {fault.what}")
    for death in faults.deaths:
        worst = max(death.back_s, default=0.0)
        figures.append(
            Figure(
                AREA,
                f"{death.why}: node{death.node}'s sockets back and caught up",
                f"{len(death.back_s)} of {death.cut}, worst {worst:.1f} s",
                "sockets",
                "cut by the kill, open again through the balancer with their first snapshot",
            )
        )
        if death.never or worst > CAUGHT_UP_SECONDS:
            problems.append(f"node{death.node}: {death.never} sockets not back, worst {worst:.1f} s")
        if death.cut == 0:
            problems.append(f"node{death.node} held no socket when killed: the fault showed nothing")
    if faults.failover:
        figures.append(
            Figure(
                AREA,
                "Redis failover",
                f"{faults.failover['old']} -> {faults.failover['new']} in {faults.failover['promoted_after_s']} s",
                "",
                "SIGKILL of the primary to Sentinel's promotion",
            )
        )
    for resync in soak.resyncs:
        slow = [ms for ms in resync.caught_up_ms if ms > CAUGHT_UP_SECONDS * 1000]
        figures.append(
            Figure(
                AREA,
                "after the failover, sockets caught up",
                f"{len(resync.caught_up_ms)} of {resync.behind} behind, "
                f"worst {max(resync.caught_up_ms, default=0) / 1000:.1f} s",
                "sockets",
                "each owed its match's version at the promotion",
            )
        )
        if resync.owed or resync.dropped or slow:
            problems.append(
                f"after the failover {len(resync.owed) + sum(resync.dropped.values())} sockets never caught up"
            )
    ages = [age for _at, age in faults.beat_ages if age is not None]
    figures.append(Figure(AREA, "beat's heartbeat, oldest", round(max(ages, default=0), 1), "s", "sampled every 1 s"))
    if not ages or max(ages) > BEAT_STALE_SECONDS:
        problems.append(f"beat's heartbeat {max(ages, default=0):.0f} s old (limit {BEAT_STALE_SECONDS:.0f})")
    taken, in_db = sum(soak.accepted.values()), acts["people_acts"]
    unknown = soak.unanswered + soak.unanswered_closed  # sent, no answer before a timeout or the socket's end
    figures.append(
        Figure(
            AREA,
            "moves taken ('ok') / people's acts in the database / sent, unanswered",
            f"{taken} / {in_db} / {unknown}",
            "moves",
            "taken <= in the database <= taken + unanswered: no move lost, none applied twice",
        )
    )
    if in_db < taken:
        problems.append(f"{taken - in_db} moves taken ('ok') are not in the database: lost")
    if in_db > taken + unknown:
        problems.append(f"{in_db - taken - unknown} more acts in the database than moves sent: applied twice")
    twice = acts["versions_written_twice"]
    for name, found in (
        ("stuck matches", stuck),
        ("versions written twice", twice),
        ("repeated clock events", repeated),
    ):
        figures.append(Figure(AREA, name, len(found), "", "none expected"))
        if found:
            problems.append(f"{len(found)} {name}")
    figures.append(Figure(AREA, "ledger_check", "passed" if ledger_ok else "FAILED", "", ledger_text[-200:]))
    if not ledger_ok:
        problems.append("ledger_check failed")
    if soak.driver_errors:
        problems.append(f"the driver failed: {soak.driver_errors[:3]}")
    verdict = "passed" if not problems else "failed"
    figures.append(Figure(AREA, "verdict", verdict, "", "; ".join(problems) or "every limit kept"))
    details = {
        "outcome": outcome,
        "faults": [f.__dict__ for f in soak.faults],
        "deaths": [{k: v for k, v in d.__dict__.items() if k != "fault"} for d in faults.deaths],
        "failover": faults.failover,
        "beat_ages": faults.beat_ages,
        "problems": problems,
        "close_codes": dict(soak.close_codes),
        "connect_failures": dict(soak.connect_failures),
        "refused": dict(soak.refused),
        "stuck": stuck,
        "acts": acts,
        "repeated": repeated,
        "windows": windows,
        "driver_errors": soak.driver_errors,
    }
    return figures, details


def capacity_run(cluster: Cluster, profile: Profile) -> dict[str, Any]:
    from bench.soak.run import Soak, make_people

    people = make_people(profile)
    soak = Soak(profile, [cluster.balancer_url] * 2, ClusterStack(cluster), ClusterRedis(cluster), cluster._postgres())
    hosts = ["db", "redis1", "lb", *(f"node{n}" for n in cluster.layout.node_numbers)]
    cpu_before = {h: host_cpu(cluster, h) for h in hosts}
    started = time.monotonic()
    outcome = asyncio.run(soak.play(people))
    elapsed = time.monotonic() - started
    soak.pool.shutdown(cancel_futures=True)
    steady = soak.ledger.latencies_since(outcome["play_started"] + 20, [])
    return {
        "nodes": len(cluster.layout.node_numbers),
        "sockets": profile.sockets,
        "moves_per_second": round(sum(soak.accepted.values()) / outcome["play_seconds"], 1),
        "update_ms_p50_p99": [round(percentile(steady, q)) for q in (0.5, 0.99)] if steady else None,
        "delivered": soak.ledger.ratio(),
        "cpu_cores": {h: round((host_cpu(cluster, h) - cpu_before[h]) / elapsed, 2) for h in hosts},
    }


def _cluster(nodes: int, tag: str) -> Cluster:
    run_dir = RESULTS / "cluster" / f"soak-{tag}-{time.strftime('%Y%m%d-%H%M%S')}"
    return Cluster(run_dir, nodes=nodes, prefix="dgs", subnet="10.76.0", extra_env=NODE_OVERRIDES, say=log)


def _driver_env(cluster: Cluster) -> None:
    """The driver reads the database and Redis as the site does: through Sentinel, so it follows a failover."""
    os.environ.update(
        DATABASE_URL=cluster.database_url,
        REDIS_SENTINELS=cluster.sentinels,
        REDIS_SENTINEL_MASTER="dreamgames",
        SECRET_KEY=cluster.secrets.secret_key,  # the members' sessions carry a hash signed with it
        DEBUG="1",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()


def _stop(signum, frame):
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.soak.cluster_soak", description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, choices=(2, 3), default=2)
    parser.add_argument("--scale", type=float, default=1.0, help="the long profile's tables times this")
    parser.add_argument("--play", type=float, default=600, help="seconds of play after the ramp")
    parser.add_argument("--capacity", action="store_true", help="no faults: one node, then two, side by side")
    parser.add_argument("--capacity-of", type=int, choices=(1, 2), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, _stop)  # SIGTERM as Ctrl-C: the cluster is taken down on the way out
    profile = profile_for(args.play, args.scale)
    started, load = datetime.now(UTC), os.getloadavg()
    import logging

    logging.getLogger("httpx").setLevel(logging.WARNING)
    if args.capacity_of:  # one side of --capacity, in a process of its own (a driver's settings are read once)
        with _cluster(args.capacity_of, f"capacity-{args.capacity_of}") as cluster:
            _driver_env(cluster)
            result = capacity_run(cluster, profile)
            _close_driver_connections()
        print("RESULT " + json.dumps(result), flush=True)
        return 0
    if args.capacity:
        found = []
        for nodes in (1, 2):
            command = [sys.executable, "-m", "bench.soak.cluster_soak", "--capacity-of", str(nodes)]
            command += ["--scale", str(args.scale), "--play", str(args.play)]
            log(f"capacity: {nodes} node(s)")
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            sys.stderr.write(done.stderr[-3000:])
            line = next((x for x in done.stdout.splitlines() if x.startswith("RESULT ")), None)
            if line is None:
                print(done.stdout[-3000:])
                return 1
            found.append(json.loads(line.removeprefix("RESULT ")))
            log(f"{nodes} node(s): {found[-1]}")
        figures = [
            Figure(AREA, f"{r['nodes']} node(s): moves a second", r["moves_per_second"], "moves/s", str(r))
            for r in found
        ]
        one, two = found[0]["moves_per_second"], found[1]["moves_per_second"]
        figures.append(Figure(AREA, "two nodes against one", round(two / one, 2) if one else None, "x", ""))
        details: dict[str, Any] = {"capacity": found}
        name = "soak-cluster-capacity"
    else:
        with _cluster(args.nodes, "faults") as cluster:
            _driver_env(cluster)
            figures, details = fault_run(cluster, profile)
            _close_driver_connections()
        name = "soak-cluster"
    print()
    print(report.table(figures))
    path = report.write_json(name, report.report(name, figures, started=started, details=details, load_at_start=load))
    print(f"\nsoak-cluster: written {path.relative_to(report.ROOT)} (load average at start {load[0]:.2f})")
    verdict = next((f for f in figures if f.figure == "verdict"), None)
    return 0 if verdict is None or verdict.value == "passed" else 1


def _close_driver_connections() -> None:
    from django.db import connections

    connections.close_all()


if __name__ == "__main__":
    sys.exit(main())
