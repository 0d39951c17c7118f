"""issue 16's side-by-side transport table: the bare transport and the real move path of each game, in one
run, on the same sockets and the same two daphne processes.

    python -m bench --only transport [--transport-quick | --transport-sockets 100,1000
        --transport-rates 30,60,100 --transport-seconds 15 --transport-repeats 3]
        [--transport-games duelo,torneo,wordgrid,cruzadas,claves]

The stack (bench/stack.py): two daphne processes, the clock and a Celery worker of each lane (no beat) on the
bench's own database and on REDIS_URL's Redis, the tasks on the bench's own copies of the lanes' queues
(`bench-<pid>-live`, `-batch`, deleted at the end; every process of the stack sends there: CELERY_QUEUE_PREFIX,
config/lanes.py), with the site's channel layer (config/settings.py), and the site's production settings
(bench.stack.production_env: DEBUG off). The daphne processes serve bench/transport_asgi.py: the site's
application, whose room socket also relays a `bench.frame` group
message as it is (a route only these processes have).

The games are measured one after the other (bench/transport_games.py: each game's tables and its move,
the cheapest ordinary move a person makes in it: a Duelo guess, a Torneo guess in one duel, a Wordgrid
letter, a Cruzadas pass, a Claves clue or touch). For each game and socket count N the load generator
(this process, a Django process) makes the game's tables through games.runtime's services, as a host or
the site would (N/2 two-seat rooms; N/8 eight-seat Torneo rooms, so 96 sockets for 100), and opens one
socket (python `websockets`, with a guest's session) per seat; the seats of a room alternate between the
two daphne processes, so every frame crosses the channel layer. Cruzadas and Claves tables are set to a
stored mid-game state (tests/games/fixtures/states/<game>-mid-median.json; games without a clock); the
others start fresh. When the game is done its sockets close and its matches are stopped (match_stop),
so no clock of theirs runs while the next game is measured.

A match that finishes (a Duelo match, a full Wordgrid grid, a Torneo, a Claves game) does not stop the
measurement: as soon as a socket of its room receives the finished frame, the load generator starts the
next match in the same room (match_start, by the host, or by the site for a Torneo) and the sockets
receive it as a person's page would (a Wordgrid or Cruzadas match waits for both to arrive, and their
sockets' reads are the arrival). Moves due on a table meanwhile, or while its board is closed (a Duelo
start or end card, a Torneo intro), are offered and counted as not accepted without being sent
(`not_sent:between_matches`, `not_sent:<phase>`), next to the server's refusals. Moves are offered open
loop at a fixed rate, table after table in turn: move k is due at k/rate s whether earlier ones were
answered or not. Before a game's first step, WARM_UP_SECONDS of real moves that no figure counts (a daphne
process loads a game's word lists at its first move: up to a second), and CONNECT_SETTLE_SECONDS of quiet
after sockets open (the rooms answer each arrival).

- **real** (the move path): the seat whose latest frame gives it the turn and whose board has a move
  (in a Duelo both seats have the round's turn: they take the moves in turn) sends
  `{"type": "act", "action": ..., "turn": ...}`; if no seat has the turn yet (the previous move is still on
  its way) the next seat that has a move on its board sends it on the turn it has, and it is refused
  (counted, not accepted). Latency, move to opponent: from the send at the mover to its opponent's receipt
  of a `match` frame that shows the move. The opponent is the other seat (a Torneo: the rival of the
  duel). "Shows the move": Wordgrid, Cruzadas, Claves (one move at a time in a match): the frame's version
  is the mover's version + 1 or later; Duelo (simultaneous) and Torneo (four duels make versions): the
  frame shows one more guess of the mover's seat in its round (Torneo: one more row in its duel) than
  the mover's own frame did, or a later round. Delivery: accepted moves (an `ok`) whose frame reached
  the opponent within the step and GRACE_SECONDS.
- **bare** (the transport alone): the load generator calls `group_send` on its own client of the same
  channel layer (`channels.layers.get_channel_layer()`, configured as the site) to the room's group,
  `{"type": "bench.frame", "text": ...}`, a frame padded to the median size of the match frames the
  game's sockets received; every socket of that room receives it and the one it names (the seats in
  turn) times it. Latency: from the call to `group_send` to that receipt. No database. The games' clocks
  run meanwhile (Duelo rounds, Torneo turns of 30 s, Wordgrid clocks): `match_frames` in the JSON counts
  the match frames the sockets received during the step.
- **clock lateness**: the deadlines the clock applied during the step (observe.streams.CLOCK: deadline to
  commit), their p99 and max, and each lane's queue at the step's end (issue 30).
- **daphne CPU per move**: utime + stime of both daphne processes (`/proc/<pid>/stat`) before the
  step's first move and after its grace, divided by the moves delivered.
- **SQL statements per move**: Django's `CaptureQueriesContext` around one `match_act` of the game's
  move, in this process, on a spare table (the second of two moves: the service call only; the viewers'
  reads in the consumer are not in it; `BEGIN` and `COMMIT` are two of them), and for each step the bench
  database's transactions (`pg_stat_database.xact_commit + xact_rollback`, every process, viewers
  included; every statement outside a transaction block is one) per move delivered, read
  STATS_SETTLE_SECONDS after the step (an idle backend publishes its counters only every 10 s); the bare
  path's figure is what else runs meanwhile, without any move (the worker, the clocks, the connection pools).

Each (game, sockets, rate) runs bare then real, `repeats` times; the table gives the medians of the
repeats, with the load average at each repeat, the ratios real / bare of p50, p99 and CPU per move, and
each game's daphne CPU per move relative to Duelo's at the same sockets and rate (issue 16: "Cruzadas and
Torneo cost no more than Duelo per move plus 30 %").
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from bench.figures import RESULTS, Figure, number, percentile
from bench.transport_games import BENCHES, GAMES, rival
from bench.transport_tables import (
    GameTables,
    Seat,
    Table,
    count_transactions,
    make_tables,
    pick,
    statements_per_move,
    witness,
)

AREA = "transport"
GRACE_SECONDS = 5.0
STATS_SETTLE_SECONDS = 11.0
CONNECT_SETTLE_SECONDS = 3.0  # after the sockets open: the rooms' answers to their arrivals are sent
WARM_UP_SECONDS = 3.0  # of real moves before a game's first step: its word lists loaded in both processes
PATHS = ("bare", "real")
RATIO_KEYS = ("p50", "p99", "cpu_ms_per_move")
BASELINE = "duelo"  # per-game cost is given relative to this game's


@dataclass(frozen=True)
class Plan:
    sockets: tuple[int, ...] = (100, 1000)
    rates: tuple[float, ...] = (30, 60, 100)
    seconds: float = 15.0
    repeats: int = 3
    games: tuple[str, ...] = GAMES


QUICK = Plan(sockets=(100,), rates=(30,), seconds=10.0, repeats=3)


# -- the arithmetic (tests/bench/test_transport.py) ---------------------------------------------------


def cpu_ms_per_move(before: dict[str, float], after: dict[str, float], moves: int) -> float | None:
    """CPU milliseconds the processes used between two readings (seconds each, by process), per move."""
    if moves <= 0:
        return None
    return sum(after[name] - before[name] for name in before) * 1000 / moves


def summary(
    latencies_ms: list[float],
    *,
    offered: int,
    accepted: int,
    delivered: int,
    seconds: float,
    cpu_ms: float | None,
    transactions: int | None = None,
) -> dict[str, Any]:
    """One step's figures: what was offered and taken, what arrived, how soon (nearest rank), at what cost."""
    spread = {
        label: percentile(latencies_ms, share) if latencies_ms else None
        for label, share in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))
    }
    return {
        "offered": offered,
        "offered_per_s": offered / seconds,
        "accepted": accepted,
        "delivered": delivered,
        "achieved_per_s": delivered / seconds,
        "delivery": delivered / accepted if accepted else None,
        **spread,
        "cpu_ms_per_move": cpu_ms,
        "transactions_per_move": transactions / delivered if transactions is not None and delivered else None,
    }


def medians(summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """Key by key, the median of the repeats that have the figure (numbers only; None where none has)."""
    keys = dict.fromkeys(key for item in summaries for key in item)
    found: dict[str, Any] = {}
    for key in keys:
        values = [
            item[key]
            for item in summaries
            if isinstance(item.get(key), int | float) and not isinstance(item.get(key), bool)
        ]
        found[key] = statistics.median(values) if values else None
    return found


def ratios(real: dict[str, Any], bare: dict[str, Any]) -> dict[str, float | None]:
    """real / bare of p50, p99 and CPU per move (None where either is missing, or bare is 0)."""
    return {key: real[key] / bare[key] if real.get(key) is not None and bare.get(key) else None for key in RATIO_KEYS}


def relative(value: float | None, baseline: float | None) -> float | None:
    """`value` as a multiple of `baseline` (None where either is missing, or the baseline is 0)."""
    return value / baseline if value is not None and baseline else None


# -- one step ----------------------------------------------------------------------------------------


class Step:
    """What one step sent and what arrived where."""

    serial = itertools.count(1)

    def __init__(self, path: str):
        self.path = path
        self.tag = f"{path}{next(Step.serial)}-"  # this step's refs: a late answer to another step's is not its
        self.offered = self.accepted = self.match_frames = self.started = 0
        self.latencies_ms: list[float] = []
        self.sent: dict[str, tuple[Seat, float]] = {}  # ref -> (opponent, sent at)
        self.acked: set[str] = set()
        self.delivered_refs: set[str] = set()
        self.refused: dict[str, int] = {}

    def outstanding(self) -> bool:
        """Moves neither shown to the opponent nor refused yet."""
        return bool(self.sent)

    def not_sent(self, reason: str) -> None:
        self.refused[reason] = self.refused.get(reason, 0) + 1

    def frame(self, seat: Seat, frame: dict[str, Any], at: float) -> None:
        kind = frame.get("type")
        if kind == "bench":
            if frame["to"] == seat.index and frame["id"] in self.sent:
                _opponent, published = self.sent.pop(frame["id"])
                self.latencies_ms.append((at - published) * 1000)
                self.delivered_refs.add(frame["id"])
        elif kind == "match":
            self.match_frames += 1
            for item in [item for item in seat.waiting if item[1](frame)]:
                seat.waiting.remove(item)
                ref, _shows, sent_at = item
                self.sent.pop(ref, None)
                self.latencies_ms.append((at - sent_at) * 1000)
                self.delivered_refs.add(ref)
        elif kind == "ok":
            if str(frame.get("ref")).startswith(self.tag):
                self.acked.add(frame["ref"])
        elif kind == "error" and str(frame.get("ref")).startswith(self.tag):
            self.not_sent(frame.get("code", "?"))
            ref = frame["ref"]
            sent = self.sent.pop(ref, None)
            if sent is not None:
                opponent = sent[0]
                opponent.waiting[:] = [item for item in opponent.waiting if item[0] != ref]

    def delivered(self) -> int:
        if self.path == "bare":
            return len(self.delivered_refs)
        return len(self.delivered_refs & self.acked)


async def _real(step: Step, table: Table, ref: str) -> None:
    choice = pick(table)
    if isinstance(choice, str):
        step.not_sent(choice)
        return
    mover, action = choice
    opponent = table.seats[rival(table.bench.slug, mover.view, mover.index, len(table.seats))]
    sent_at = time.perf_counter()
    step.sent[ref] = (opponent, sent_at)
    opponent.waiting.append((ref, witness(table, mover), sent_at))
    await mover.ws.send(
        json.dumps({"type": "act", "match_id": mover.match_id, "action": action, "ref": ref, "turn": mover.turn})
    )


async def _bare(step: Step, table: Table, ref: str, layer, size: int) -> None:
    from games.runtime import broadcast

    to = table.last_bare = (table.last_bare + 1) % len(table.seats)
    text = json.dumps({"type": "bench", "id": ref, "to": to, "pad": ""})
    text = text.replace('"pad": ""', '"pad": "' + "x" * max(0, size - len(text)) + '"')
    step.sent[ref] = (table.seats[to], time.perf_counter())
    await layer.group_send(broadcast.room_group(table.code), {"type": "bench.frame", "text": text})


async def _offer(step: Step, tables: list[Table], rate: float, seconds: float, size: int) -> None:
    """Offer the step's moves open loop, table after table, then wait for them (at most GRACE_SECONDS)."""
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    for table in tables:
        for seat in table.seats:
            seat.step, seat.waiting = step, []
    started = time.perf_counter() + 0.05
    sends = []
    for k in range(round(rate * seconds)):
        await asyncio.sleep(max(0.0, started + k / rate - time.perf_counter()))
        table = tables[k % len(tables)]
        ref = f"{step.tag}{k}"
        step.offered += 1
        work = _bare(step, table, ref, layer, size) if step.path == "bare" else _real(step, table, ref)
        sends.append(asyncio.create_task(work))
    await asyncio.gather(*sends)
    deadline = time.perf_counter() + GRACE_SECONDS
    while time.perf_counter() < deadline and step.outstanding():
        await asyncio.sleep(0.05)


def _done(tables: list[Table]) -> None:
    for table in tables:
        for seat in table.seats:
            seat.step = None


async def warm_up(tables: list[Table], rate: float) -> Step:
    """Real moves that no figure counts: a daphne process loads a game's word lists at its first moves."""
    step = Step("real")
    await _offer(step, tables, rate, WARM_UP_SECONDS, 0)
    _done(tables)
    return step


async def run_step(
    step: Step, tables: list[Table], rate: float, seconds: float, pids: dict[str, int], size: int, database
) -> dict[str, Any]:
    from bench.stack import cpu_seconds

    loop = asyncio.get_running_loop()
    transactions_before = await loop.run_in_executor(database, count_transactions)
    cpu_before = {name: cpu_seconds(pid) for name, pid in pids.items()}
    began = time.time()
    await _offer(step, tables, rate, seconds, size)
    cpu_after = {name: cpu_seconds(pid) for name, pid in pids.items()}
    lateness = await loop.run_in_executor(database, clock_lateness, began, time.time())
    # An idle PostgreSQL backend publishes its counters only after 10 s (PostgreSQL 15, PGSTAT_IDLE_INTERVAL):
    # read them after that, so that a step's transactions are not counted in the next one.
    await asyncio.sleep(STATS_SETTLE_SECONDS)
    transactions = await loop.run_in_executor(database, count_transactions) - transactions_before
    _done(tables)
    accepted = step.offered if step.path == "bare" else len(step.acked)
    result = summary(
        step.latencies_ms,
        offered=step.offered,
        accepted=accepted,
        delivered=step.delivered(),
        seconds=seconds,
        cpu_ms=cpu_ms_per_move(cpu_before, cpu_after, step.delivered()),
        transactions=transactions,
    )
    result.update(refused=dict(step.refused), match_frames=step.match_frames, matches_started=step.started)
    result.update(lateness)
    return result


def clock_lateness(began: float, ended: float) -> dict[str, Any]:
    """The deadlines the clock applied during a step (observe.streams.CLOCK, on the bench's Redis): how many, and
    how late (p50, p99, max, ms), and how many tasks waited in each lane's queue at its end (issue 30)."""
    from django.conf import settings

    from config import lanes
    from observe import streams

    client = settings.REDIS.client()
    try:
        late = [float(e["late_ms"]) for e in streams.entries(client, streams.CLOCK, began) if float(e["at"]) <= ended]
        queued = {f"{lane}_queue": client.llen(lanes.queue(lane, settings.CELERY_QUEUE_PREFIX)) for lane in lanes.LANES}
    finally:
        client.close()
    return {
        "deadlines": len(late),
        "clock_p50": percentile(late, 0.5) if late else None,
        "clock_p99": percentile(late, 0.99) if late else None,
        "clock_max": max(late) if late else None,
        **queued,
    }


async def _measure_game(plan: Plan, room: GameTables, pids: dict[str, int], out) -> list[dict[str, Any]]:
    limit = asyncio.Semaphore(20)
    results = []
    game = room.bench.slug
    for sockets in sorted(plan.sockets):
        wanted = await room.grow(sockets, limit)
        opened = sum(len(table.seats) for table in wanted)
        size = round(statistics.median(seat.frame_size for table in wanted for seat in table.seats))
        out(f"{game}: {opened} sockets open ({len(wanted)} rooms), match frames of {size} bytes (median)")
        if sockets == min(plan.sockets):
            warm = await warm_up(wanted, min(plan.rates))
            out(f"{game}: warmed up, {warm.delivered()} of {warm.offered} moves delivered (not counted)")
        await asyncio.sleep(CONNECT_SETTLE_SECONDS)
        for repeat in range(1, plan.repeats + 1):
            load = os.getloadavg()
            for rate in plan.rates:
                for path in PATHS:
                    room.step = Step(path)  # the matches started during the step are counted in it
                    result = await run_step(room.step, wanted, rate, plan.seconds, pids, size, room.database)
                    room.step = None
                    result.update(
                        game=game, sockets=sockets, open=opened, rate=rate, path=path, repeat=repeat, load=load,
                        frame_bytes=size,
                    )  # fmt: skip
                    results.append(result)
                    out(
                        f"{game}, repeat {repeat} (load {load[0]:.2f}), {opened} sockets, {rate:g}/s, {path}: "
                        f"delivered {result['delivered']} of {result['accepted']} accepted "
                        f"({result['offered']} offered; not accepted: {result['refused'] or 'none'}), "
                        f"p50 {number(result['p50'])} ms, p99 {number(result['p99'])} ms, "
                        f"CPU/move {number(result['cpu_ms_per_move'])} ms, {result['match_frames']} match frames"
                    )
    out(f"{game}: next matches started: {room.restarts or 'none'}")
    return results


async def _measure(plan: Plan, people: list[Any], bases: list[str], pids: dict[str, int], database, out) -> list:
    results = []
    for game in plan.games:
        room = GameTables(BENCHES[game], people, bases, database, out)
        try:
            results += await _measure_game(plan, room, pids, out)
        finally:
            await room.close()
    return results


# -- the table -------------------------------------------------------------------------------------


def _cell(value: Any, digits: str = "") -> str:
    return number(value) + digits if value is not None else "-"


def _rows(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per (game, sockets, rate): the medians of its repeats on each path, and the ratios."""
    rows = []
    for game, sockets, rate in dict.fromkeys((item["game"], item["sockets"], item["rate"]) for item in results):
        of = {
            path: [item for item in results if (item["game"], item["sockets"], item["rate"], item["path"])
                   == (game, sockets, rate, path)]
            for path in PATHS
        }  # fmt: skip
        bare, real = (medians(of[path]) for path in PATHS)
        rows.append(
            {
                "game": game,
                "sockets": sockets,
                "open": max((item.get("open", sockets) for item in of["real"] + of["bare"]), default=sockets),
                "rate": rate,
                "bare": bare,
                "real": real,
                "ratios": ratios(real, bare),
                "loads": [round(item["load"][0], 2) for item in of["real"]],
                "refused": [item["refused"] for item in of["real"]],
            }
        )
    baseline = {
        (row["sockets"], row["rate"]): row["real"]["cpu_ms_per_move"] for row in rows if row["game"] == BASELINE
    }
    for row in rows:
        row["cpu_vs_duelo"] = relative(row["real"]["cpu_ms_per_move"], baseline.get((row["sockets"], row["rate"])))
    return rows


def side_by_side(results: list[dict[str, Any]], statements: dict[str, list[int]]) -> tuple[str, list[dict[str, Any]]]:
    """The medians of the repeats, bare and real side by side for each game, with the ratios real / bare and
    each game's CPU per move against Duelo's; and the rows as data."""
    rows = _rows(results)
    header = (
        "| game | sockets, offered | path | achieved/s | delivery | p50 | p95 | p99 ms | daphne CPU/move ms "
        "| DB transactions/move | clock late p99 / max ms | load (1 min) |"
    )
    lines = [header, "|" + "---|" * 12]
    for row in rows:
        where = f"| {row['game']} | {row['open']:,}, {row['rate']:g}/s"
        for path in PATHS:
            item = row[path]
            lines.append(
                f"{where} | {path} | {_cell(item['achieved_per_s'])} "
                f"| {_cell(None if item['delivery'] is None else item['delivery'] * 100, ' %')} | {_cell(item['p50'])} "
                f"| {_cell(item['p95'])} | {_cell(item['p99'])} | {_cell(item['cpu_ms_per_move'])} "
                f"| {_cell(item['transactions_per_move'])} | {_cell(item.get('clock_p99'))} / "
                f"{_cell(item.get('clock_max'))} ({_cell(item.get('deadlines'))}) "
                f"| {', '.join(f'{load:.2f}' for load in row['loads'])} |"
            )
        share = row["ratios"]
        lines.append(
            f"{where} | real / bare | | | {_cell(share['p50'], 'x')} | "
            f"| {_cell(share['p99'], 'x')} | {_cell(share['cpu_ms_per_move'], 'x')} | | | |"
        )
        if row["game"] != BASELINE and row["cpu_vs_duelo"] is not None:
            lines.append(f"{where} | real / Duelo's real | | | | | | {_cell(row['cpu_vs_duelo'], 'x')} | | | |")
    lines.append("\nnot accepted, real path, by repeat (not_sent: the board had no move, nothing was sent):")
    lines += [f"  {row['game']}, {row['open']:,} sockets, {row['rate']:g}/s: {row['refused']}" for row in rows]
    lines.append("SQL statements per move (match_act of the game's move, in-process, two moves):")
    lines += [f"  {game} ({BENCHES[game].move}): {counts}" for game, counts in statements.items()]
    return "\n".join(lines), rows


def _figures(rows: list[dict[str, Any]], statements: dict[str, list[int]]) -> list[Figure]:
    figures = []
    for row in rows:
        game = row["game"]
        method = f"bench/transport.py: medians of the repeats; real = {BENCHES[game].move} through the room socket"
        label = f"{game}, {row['open']:,} sockets, {row['rate']:g} moves/s"
        for path in PATHS:
            item = row[path]
            extra = {**item, "refused_by_repeat": row["refused"]} if path == "real" else item
            figures.append(
                Figure(
                    AREA,
                    f"{label}, {path}: move to opponent",
                    item["p50"],
                    "ms",
                    method,
                    p50=item["p50"],
                    p95=item["p95"],
                    p99=item["p99"],
                    extra=extra,
                )
            )
            figures.append(
                Figure(AREA, f"{label}, {path}: daphne CPU per move", item["cpu_ms_per_move"], "CPU ms", method)
            )
            figures.append(
                Figure(
                    AREA,
                    f"{label}, {path}: delivered / achieved",
                    None if item["delivery"] is None else item["delivery"] * 100,
                    "%",
                    f"{number(item['achieved_per_s'])} moves/s delivered of {row['rate']:g} offered",
                )
            )
        figures.append(Figure(AREA, f"{label}: real / bare, p50 / p99 / CPU", None, "", method, extra=row["ratios"]))
        figures[-1].value = " / ".join(_cell(row["ratios"][key], "x") for key in RATIO_KEYS)
        if game != BASELINE:
            figures.append(Figure(AREA, f"{label}: daphne CPU per move / Duelo's", row["cpu_vs_duelo"], "x", method))
    for game, counts in statements.items():
        figures.append(
            Figure(
                AREA,
                f"SQL statements per move ({game}: {BENCHES[game].move})",
                counts[-1],
                "statements",
                "CaptureQueriesContext around match_act, in-process",
            )
        )
    return figures


def _spares(plan: Plan, people: list[Any]) -> dict[str, list[int]]:
    """Each game's statements per move, on a spare table of its own (the last people: no socket's)."""
    statements = {}
    for game in plan.games:
        bench = BENCHES[game]
        spare = make_tables(bench, people[-bench.seats :], 0, 1)[0]
        statements[game] = statements_per_move(bench, spare)
    return statements


def run(plan: Plan = Plan()) -> tuple[list[Figure], str]:
    from django.db import connections

    from bench.soak import checks
    from bench.soak.run import make_people
    from bench.stack import Stack, collect_static, production_env

    def out(line: str) -> None:
        print(f"[transport {time.strftime('%H:%M:%S')}] {line}", flush=True)

    most = max(max(plan.sockets), max(BENCHES[game].seats for game in plan.games))
    extra = max(BENCHES[game].seats for game in plan.games)
    people = make_people(SimpleNamespace(duelo=0, wordgrid=0, cruzadas=(most + extra + 1) // 2, wordgrid_staked=0))
    people = people["guests"]
    statements = _spares(plan, people)
    connections.close_all()
    logs = RESULTS / "transport-logs" / datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    prefix = f"bench-{os.getpid()}-"  # the lanes' queues of the bench's own (config/lanes.py), for the whole stack
    env = dict(checks.env_for(os.environ["DATABASE_URL"], os.environ["REDIS_URL"]), CELERY_QUEUE_PREFIX=prefix)
    env.update(production_env())  # measured as the site runs: DEBUG off
    collect_static(env)
    stack = Stack(env, logs)
    database = ThreadPoolExecutor(1, thread_name_prefix="bench-db")  # every query of the load generator
    try:
        bases = [stack.start_daphne(f"daphne-{n}", application="bench.transport_asgi:application") for n in (0, 1)]
        stack.start_workers(app="bench.transport_celery", queue_prefix=prefix)
        pids = {name: stack.processes[name].pid for name in ("daphne-0", "daphne-1")}
        results = asyncio.run(_measure(plan, people[: -extra or None], bases, pids, database, out))
    finally:
        stack.stop_all()
        database.submit(connections.close_all).result()
        database.shutdown()
        connections.close_all()
    text, rows = side_by_side(results, statements)
    loads = sorted({round(item["load"][0], 2) for item in results})
    text += f"\nload average (1 min) at the repeats: {', '.join(map(str, loads))}; now {os.getloadavg()[0]:.2f}"
    return _figures(rows, statements), "\n" + text + "\n"  # the progress lines are in the step's output already
