"""What the site's processes observed about themselves during the soak (observe.streams): every deadline applied
and how late, every Celery task and how long it waited and ran, and the lanes' queue depths over time; and the
figures the soak makes of them (issue 30: "clock lateness is a first-class figure").

The streams live in the soak's Redis, which the soak kills: the sampler pulls what is new every couple of
seconds into this process (`Observations.pull`), so an outage loses at most the entries of its last seconds.

Fault windows: each fault the soak caused (a process killed, Redis or PostgreSQL down) from its start to
FAULT_TAIL seconds after it was back. "Steady play" leaves out every deadline that fell, or was applied, in a
window; each fault is judged on its own rule.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from bench.figures import Figure, percentile, sampled
from observe import streams

AREA = "soak"
FAULT_TAIL = 10.0  # seconds after a fault's end that still belong to it (reconnects, the first ticks)
# Verdict limits (issue 30): clock lateness in steady play, and across a fault of the clock itself.
STEADY_P99_MS = 1000.0
STEADY_MAX_MS = 3000.0
SWEEP_SECONDS = 2.0  # games.runtime.clock.SWEEP_SECONDS: a killed clock's deadlines, applied this soon after it is back
QUEUE_DRAIN_SECONDS = 30.0


@dataclass
class Fault:
    kind: str  # "kill", "redis", "postgres"
    what: str  # the process killed, or the service
    start: float  # epoch
    end: float | None = None  # epoch: the process started again / the service answers again
    ready: float | None = None  # epoch: the new process said it is ready (kills)

    def window(self, tail: float = FAULT_TAIL) -> tuple[float, float]:
        return self.start, (self.ready or self.end or self.start) + tail

    def holds(self, at: float, tail: float = FAULT_TAIL) -> bool:
        begin, end = self.window(tail)
        return begin <= at <= end


@dataclass
class Observations:
    clock: list[dict[str, str]] = field(default_factory=list)
    tasks: list[dict[str, str]] = field(default_factory=list)
    queues: list[dict[str, Any]] = field(default_factory=list)  # {"at": epoch, "live": n, "batch": n, "unacked": n}
    last_ids: dict[str, str] = field(default_factory=dict)

    async def pull(self, client) -> None:
        """Read what the streams hold beyond the last entry read (an async redis client)."""
        for stream, into in ((streams.CLOCK, self.clock), (streams.TASKS, self.tasks)):
            start = self.last_ids.get(stream, "0-0")
            while True:
                batch = await client.xrange(stream, min=f"({start}" if start != "0-0" else "-", max="+", count=5000)
                if not batch:
                    break
                for entry_id, fields in batch:
                    key = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
                    row = {k.decode(): v.decode() for k, v in fields.items()}
                    row["at"] = str(int(key.split("-")[0]) / 1000)
                    into.append(row)
                    start = key
                self.last_ids[stream] = start
                if len(batch) < 5000:
                    break

    def restarted(self) -> None:
        """The soak's Redis came back empty: its streams start anew (their ids are times, so none is missed)."""
        self.last_ids.clear()


def lateness(entry: dict[str, str]) -> tuple[float, float, float]:
    """(deadline, applied) as epochs and the lateness in ms of one clock entry."""
    applied, late = float(entry["at"]), float(entry["late_ms"])
    return applied - late / 1000, applied, late


def steady_clock(obs: Observations, faults: list[Fault], since: float) -> list[dict[str, str]]:
    """The clock entries of steady play: applied after `since`, neither deadline nor application in a fault."""
    kept = []
    for entry in obs.clock:
        deadline, applied, _late_ms = lateness(entry)
        if applied < since or any(f.holds(deadline) or f.holds(applied) for f in faults):
            continue
        kept.append(entry)
    return kept


def clock_figures(obs: Observations, faults: list[Fault], steady_since: float) -> tuple[list[Figure], list[str]]:
    """Clock lateness: steady play per game and per lane, the worst inside each fault; and what breaks the
    verdict's rules."""
    problems: list[str] = []
    steady = steady_clock(obs, faults, steady_since)
    everything = [float(e["late_ms"]) for e in obs.clock]
    late = [float(e["late_ms"]) for e in steady]
    figures = [
        sampled(
            AREA,
            "clock lateness, steady play",
            late,
            "ms",
            "deadline to the commit that applied it (games.runtime.matches, observe.streams.CLOCK), every deadline "
            f"of steady play (outside the faults and {FAULT_TAIL:.0f} s after each); limits p99 "
            f"{STEADY_P99_MS:.0f} ms, max {STEADY_MAX_MS:.0f} ms",
            headline="p50",
            p95=True,
        ),
        sampled(AREA, "clock lateness, the whole run", everything, "ms", "every deadline applied", headline="p50"),
    ]
    if late:
        if percentile(late, 0.99) > STEADY_P99_MS or max(late) > STEADY_MAX_MS:
            problems.append(
                f"clock lateness in steady play p99 {percentile(late, 0.99):.0f} ms, max {max(late):.0f} ms "
                f"(limits {STEADY_P99_MS:.0f} / {STEADY_MAX_MS:.0f})"
            )
    else:
        problems.append("no deadline applied in steady play")
    by_game: dict[str, list[float]] = defaultdict(list)
    by_lane: dict[str, list[float]] = defaultdict(list)
    for entry in steady:
        by_game[entry["game"]].append(float(entry["late_ms"]))
        by_lane[entry["lane"]].append(float(entry["late_ms"]))
    figures.append(
        Figure(
            AREA,
            "clock lateness, steady play, per game",
            "; ".join(_spread(name, values) for name, values in sorted(by_game.items())) or "-",
            "ms",
            "p50 / p99 / max (n) of each game's deadlines",
        )
    )
    figures.append(
        Figure(
            AREA,
            "clock lateness, steady play, per lane",
            "; ".join(_spread(name, values) for name, values in sorted(by_lane.items())) or "-",
            "ms",
            "clock: the clock process applied it; move: a person's or a bot's move came first and applied it on "
            "its way; stop: an admin's stop",
        )
    )
    for fault in faults:
        inside = [(d, a, ms) for d, a, ms in map(lateness, obs.clock) if fault.holds(d)]
        worst = max((ms for _d, _a, ms in inside), default=0.0)
        rule = ""
        if fault.kind == "kill" and fault.what == "clock" and fault.ready is not None:
            # The rule: across the clock's kill, no deadline later than the sweep period plus the time the
            # clock took to come back (kill to ready). How long after the new clock was ready the deadlines that
            # fell while none ran were applied is reported beside it.
            restart = fault.ready - fault.start
            limit_ms = (SWEEP_SECONDS + restart) * 1000
            behind = [a - max(d, fault.ready) for d, a, _ms in inside]
            slowest = max(behind, default=0.0)
            rule = (
                f"; limit sweep period + restart = {SWEEP_SECONDS:.0f} + {restart:.1f} s; the slowest applied "
                f"{slowest:.1f} s after the new clock was ready"
            )
            if worst > limit_ms:
                problems.append(
                    f"across the clock's kill, a deadline {worst / 1000:.1f} s late (limit {limit_ms / 1000:.1f} s)"
                )
        elif fault.kind == "kill":
            # The clock does not depend on a worker: a worker's kill must not make a deadline late at all.
            rule = f" (no clock depends on it: steady limits apply, max {STEADY_MAX_MS:.0f} ms)"
            if worst > STEADY_MAX_MS:
                problems.append(f"a deadline {worst:.0f} ms late while {fault.what} was down")
        figures.append(
            Figure(
                AREA,
                f"clock lateness across {fault.kind} {fault.what}",
                round(worst, 1),
                "ms max",
                f"deadlines due from the fault's start to {FAULT_TAIL:.0f} s after its end: {len(inside)}" + rule,
            )
        )
    return figures, problems


def _spread(name: str, values: list[float]) -> str:
    return f"{name} {percentile(values, 0.5):.0f} / {percentile(values, 0.99):.0f} / {max(values):.0f} ({len(values)})"


def task_figures(obs: Observations, faults: list[Fault], steady_since: float) -> list[Figure]:
    """The tasks per type (count, mean and longest run, how long they waited) and each lane's wait."""
    rows: dict[str, dict[str, list[float]]] = defaultdict(lambda: {"run": [], "wait": [], "nothing": []})
    lane_wait: dict[str, list[float]] = defaultdict(list)
    for entry in obs.tasks:
        name = entry["name"].split(".")[-1]
        rows[name]["run"].append(float(entry["run_ms"]))
        rows[name]["nothing"].append(1.0 if entry["outcome"] == "did_nothing" else 0.0)
        wait = float(entry["wait_ms"])
        at = float(entry["at"])
        if wait >= 0:
            rows[name]["wait"].append(wait)
            if at >= steady_since and not any(f.holds(at) for f in faults):
                lane_wait[entry["lane"]].append(wait)
    per_type = "; ".join(
        f"{name} {len(row['run'])} (did nothing {int(sum(row['nothing']))}), run mean {statistics.mean(row['run']):.0f}"
        f" max {max(row['run']):.0f}, wait p99 {percentile(row['wait'], 0.99) if row['wait'] else 0:.0f}"
        for name, row in sorted(rows.items())
    )
    return [
        Figure(
            AREA,
            "Celery tasks per type",
            per_type or "-",
            "ms",
            "from the workers' own observations (config/task_stats.py): count, run time mean and max, time waited "
            "from the task's ETA (or its sending) to its start",
        ),
        Figure(
            AREA,
            "lane wait, steady play",
            "; ".join(_spread(lane, waits) for lane, waits in sorted(lane_wait.items())) or "-",
            "ms",
            "p50 / p99 / max (n) of the time a task waited past its due time before a worker of its lane began it "
            "(a bot's move: past its think time)",
        ),
    ]


def queue_figures(obs: Observations, play_end: float) -> tuple[list[Figure], list[str]]:
    """Each lane's queue over the run, and how soon after play stopped each was empty."""
    problems = []
    figures = []
    for lane in ("live", "batch"):
        depths = [(s["at"], s[lane]) for s in obs.queues if s.get(lane) is not None]
        if not depths:
            continue
        empty_after = next((at - play_end for at, depth in depths if at >= play_end and depth == 0), None)
        if empty_after is None or empty_after > QUEUE_DRAIN_SECONDS:
            problems.append(f"the {lane} queue was not empty within {QUEUE_DRAIN_SECONDS:.0f} s of play stopping")
        figures.append(
            Figure(
                AREA,
                f"{lane} queue depth, max / at play's end / empty after",
                f"{max(depth for _at, depth in depths)} / "
                f"{next((depth for at, depth in depths if at >= play_end), '-')} / "
                + ("never" if empty_after is None else f"{empty_after:.0f} s"),
                "tasks",
                f"LLEN of the lane's queue, sampled every 2 s (the timeline is in the JSON); limit: empty within "
                f"{QUEUE_DRAIN_SECONDS:.0f} s of play stopping",
            )
        )
    return figures, problems
