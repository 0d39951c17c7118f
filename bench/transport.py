"""issue 16's side-by-side transport table: the bare transport and the real move path, in one run, on the
same sockets and the same two daphne processes.

    python -m bench --only transport [--transport-quick | --transport-sockets 100,1000
        --transport-rates 30,60,100 --transport-seconds 15 --transport-repeats 3]

The stack (bench/stack.py): two daphne processes and a Celery worker (no beat) on the bench's own database
and on REDIS_URL's Redis, the tasks on the bench's own queue (`bench-<pid>`, deleted at the end), with the
site's channel layer (`RedisPubSubChannelLayer`, config/settings.py). The daphne processes serve
bench/transport_asgi.py: the site's application, whose room socket also relays a `bench.frame` group
message as it is (a route only these processes have).

N sockets (python `websockets`, one per person, with a guest's session) sit in N/2 two-seat Letras
Cruzadas games, each started and then set to a stored mid-game state (tests/games/fixtures/states/
cruzadas-mid-median.json: 40 tiles in the bag, so passing never ends the game); the two seats of a game
are on different daphne processes, so every frame crosses the channel layer. Moves are offered open
loop at a fixed rate, game after game in turn: move k is due at k/rate s whether earlier ones were
answered or not.

- **real** (the move path): the socket whose latest frame gives it the turn sends
  `{"type": "act", "action": {"type": "pass"}, "turn": ...}`; if neither has the turn yet (the previous
  pass is still on its way) the seat that is due sends it on the turn it has, and it is refused (counted,
  not accepted). Latency: from the send at the mover to the opponent's receipt of a `match` frame at the
  new version (the mover's version + 1) or later. Delivery: accepted moves (an `ok`) whose frame reached
  the opponent within the step and GRACE_SECONDS.
- **bare** (the transport alone): the load generator (this process) calls `group_send` on its own
  client of the same channel layer (`channels.layers.get_channel_layer()`, configured as the site) to
  the game's room group, `{"type": "bench.frame", "text": ...}`, a frame padded to the size of the
  match frames the sockets received; both daphne processes' sockets of that room receive it and send the
  text as it is. Latency: from the call to `group_send` to the opponent's receipt. No database.
- **daphne CPU per move**: utime + stime of both daphne processes (`/proc/<pid>/stat`) before the
  step's first move and after its grace, divided by the moves delivered.
- **SQL statements per move**: Django's `CaptureQueriesContext` around one `match_act` pass, in this
  process, on a spare game (the second of two passes: the service call only; the viewers' reads in the
  consumer are not in it), and for each step the bench database's transactions
  (`pg_stat_database.xact_commit + xact_rollback`, every process, viewers included; every statement
  outside a transaction block is one) per move delivered, read STATS_SETTLE_SECONDS after the step (an idle
  backend publishes its counters only every 10 s); the bare path's figure is what else runs meanwhile,
  without any move (the worker, the connection pools).

Each (sockets, rate) runs bare then real, `repeats` times; the table gives the medians of the repeats,
with the load average at each repeat, and the ratios real / bare of p50, p99 and CPU per move.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bench.figures import RESULTS, Figure, number, percentile

AREA = "transport"
ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / "tests" / "games" / "fixtures" / "states" / "cruzadas-mid-median.json"
GRACE_SECONDS = 5.0
STATS_SETTLE_SECONDS = 11.0
PATHS = ("bare", "real")
RATIO_KEYS = ("p50", "p99", "cpu_ms_per_move")


@dataclass(frozen=True)
class Plan:
    sockets: tuple[int, ...] = (100, 1000)
    rates: tuple[float, ...] = (30, 60, 100)
    seconds: float = 15.0
    repeats: int = 3


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


# -- the tables and the people -----------------------------------------------------------------------


@dataclass
class Seat:
    index: int
    person: Any
    base: str
    ws: Any = None
    version: int = 0
    turn: str | None = None
    frame_size: int = 0
    shown: asyncio.Event = field(default_factory=asyncio.Event)
    waiting: list[tuple[str, int, float]] = field(default_factory=list)  # (ref, version, sent at)
    step: Step | None = None
    reader: asyncio.Task | None = None


@dataclass
class Game:
    code: str
    match_id: int
    seats: list[Seat]
    last_mover: int = 0


def _tables(count: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """`count` Cruzadas games (and one spare), each begun and set to the stored mid-game state."""
    from accounts.models import Player
    from bench.soak.run import make_people
    from games.models import Match
    from games.runtime import matches, rooms

    state = json.loads(STATE.read_text())
    people = make_people(SimpleNamespace(duelo=0, wordgrid=0, cruzadas=count + 1, wordgrid_staked=0))["guests"]
    made = []
    for number_ in range(count + 1):
        pair = people[2 * number_ : 2 * number_ + 2]
        players = [Player.objects.get(pk=person.player_id) for person in pair]
        room = rooms.room_create(
            game="cruzadas", host=players[0], seats=2, interface_language="es", settings={"language": "tr"}
        )
        rooms.room_join(room=room, player=players[1])
        match = matches.match_start(room=room, by=players[0])
        for player in players:
            matches.match_arrive(match_id=match.pk, player=player)
        Match.objects.filter(pk=match.pk).update(state=state)
        match.refresh_from_db()
        seated = sorted(pair, key=lambda person, m=match: m.seat_of(person.player_id))
        made.append({"code": room.code, "match_id": match.pk, "people": seated, "state": state})
    return made[:-1], made[-1]


def statements_per_move(spare: dict[str, Any]) -> list[int]:
    """SQL statements of `match_act` (a pass), counted in this process: two passes, one per seat."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from accounts.models import Player
    from games.runtime.matches import match_act

    counts = []
    for seat in (spare["state"]["turn"], 1 - spare["state"]["turn"]):
        player = Player.objects.get(pk=spare["people"][seat].player_id)
        connection.queries_log.clear()  # a full log (9,000 queries of setting up) would hide the new ones
        with CaptureQueriesContext(connection) as captured:
            match_act(match_id=spare["match_id"], player=player, action={"type": "pass"})
        counts.append(len(captured.captured_queries))
    print("statements of the last pass:", *(query["sql"][:100] for query in captured.captured_queries), sep="\n  ")
    return counts


def _transactions() -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()")
        return int(cursor.fetchone()[0])


# -- one step ----------------------------------------------------------------------------------------


class Step:
    """What one step sent and what arrived where."""

    def __init__(self, path: str):
        self.path = path
        self.offered = self.accepted = 0
        self.latencies_ms: list[float] = []
        self.sent: dict[str, tuple[Seat, float]] = {}  # bare: id -> (opponent, published at)
        self.acked: set[str] = set()
        self.delivered_refs: set[str] = set()
        self.refused: dict[str, int] = {}

    def outstanding(self) -> bool:
        """Moves neither shown to the opponent nor refused yet."""
        return bool(self.sent)

    def frame(self, seat: Seat, frame: dict[str, Any], at: float) -> None:
        kind = frame.get("type")
        if kind == "bench":
            if frame["to"] == seat.index and frame["id"] in self.sent:
                _opponent, published = self.sent.pop(frame["id"])
                self.latencies_ms.append((at - published) * 1000)
                self.delivered_refs.add(frame["id"])
        elif kind == "match" and seat.waiting:
            for item in [item for item in seat.waiting if item[1] <= frame["v"]]:
                seat.waiting.remove(item)
                ref, _version, sent_at = item
                self.sent.pop(ref, None)
                self.latencies_ms.append((at - sent_at) * 1000)
                self.delivered_refs.add(ref)
        elif kind == "ok":
            self.acked.add(frame.get("ref"))
        elif kind == "error" and frame.get("ref"):
            code = frame.get("code", "?")
            self.refused[code] = self.refused.get(code, 0) + 1
            ref = frame["ref"]
            sent = self.sent.pop(ref, None)
            if sent is not None:
                opponent = sent[0]
                opponent.waiting[:] = [item for item in opponent.waiting if item[0] != ref]

    def delivered(self) -> int:
        if self.path == "bare":
            return len(self.delivered_refs)
        return len(self.delivered_refs & self.acked)


async def _reader(seat: Seat) -> None:
    import websockets

    with contextlib.suppress(websockets.ConnectionClosed):
        async for raw in seat.ws:
            at = time.perf_counter()
            frame = json.loads(raw)
            if frame.get("type") == "match":
                seat.version = max(seat.version, frame["v"])
                seat.turn = frame.get("turn")
                seat.frame_size = len(raw)
                if frame.get("view") is not None:
                    seat.shown.set()
            if seat.step is not None:
                seat.step.frame(seat, frame, at)


async def _connect(seat: Seat, code: str, limit: asyncio.Semaphore) -> None:
    import websockets

    async with limit:
        seat.ws = await websockets.connect(
            seat.base.replace("http://", "ws://") + f"/ws/rooms/{code}/",
            origin=seat.base,
            additional_headers={"Cookie": f"sessionid={seat.person.session}"},
            open_timeout=120,
            max_size=2**22,
            ping_interval=None,
        )
        seat.reader = asyncio.create_task(_reader(seat))
        await asyncio.wait_for(seat.shown.wait(), 120)


async def _real(step: Step, game: Game, ref: str) -> None:
    mover = next((seat for seat in game.seats if seat.turn is not None), game.seats[1 - game.last_mover])
    game.last_mover = mover.index
    opponent = game.seats[1 - mover.index]
    sent_at = time.perf_counter()
    step.sent[ref] = (opponent, sent_at)
    opponent.waiting.append((ref, mover.version + 1, sent_at))
    await mover.ws.send(
        json.dumps(
            {"type": "act", "match_id": game.match_id, "action": {"type": "pass"}, "ref": ref, "turn": mover.turn}
        )
    )


async def _bare(step: Step, game: Game, ref: str, layer, size: int) -> None:
    from games.runtime import broadcast

    to = 1 - game.last_mover
    game.last_mover = to
    text = json.dumps({"type": "bench", "id": ref, "to": to, "pad": ""})
    text = text.replace('"pad": ""', '"pad": "' + "x" * max(0, size - len(text)) + '"')
    step.sent[ref] = (game.seats[to], time.perf_counter())
    await layer.group_send(broadcast.room_group(game.code), {"type": "bench.frame", "text": text})


async def run_step(path: str, games: list[Game], rate: float, seconds: float, pids: dict[str, int], size: int):
    from channels.layers import get_channel_layer

    from bench.stack import cpu_seconds

    layer = get_channel_layer()
    step = Step(path)
    for game in games:
        for seat in game.seats:
            seat.step, seat.waiting = step, []
    transactions_before = await asyncio.to_thread(_transactions)
    cpu_before = {name: cpu_seconds(pid) for name, pid in pids.items()}
    count = round(rate * seconds)
    started = time.perf_counter() + 0.05
    sends = []
    for k in range(count):
        await asyncio.sleep(max(0.0, started + k / rate - time.perf_counter()))
        game = games[k % len(games)]
        ref = f"{path}{k}"
        step.offered += 1
        work = _bare(step, game, ref, layer, size) if path == "bare" else _real(step, game, ref)
        sends.append(asyncio.create_task(work))
    await asyncio.gather(*sends)
    deadline = time.perf_counter() + GRACE_SECONDS
    while time.perf_counter() < deadline and step.outstanding():
        await asyncio.sleep(0.05)
    cpu_after = {name: cpu_seconds(pid) for name, pid in pids.items()}
    # An idle PostgreSQL backend publishes its counters only after 10 s (PostgreSQL 15, PGSTAT_IDLE_INTERVAL):
    # read them after that, so that a step's transactions are not counted in the next one.
    await asyncio.sleep(STATS_SETTLE_SECONDS)
    transactions = await asyncio.to_thread(_transactions) - transactions_before
    for game in games:
        for seat in game.seats:
            seat.step = None
    accepted = step.offered if path == "bare" else len(step.acked)
    result = summary(
        step.latencies_ms,
        offered=step.offered,
        accepted=accepted,
        delivered=step.delivered(),
        seconds=seconds,
        cpu_ms=cpu_ms_per_move(cpu_before, cpu_after, step.delivered()),
        transactions=transactions,
    )
    result["refused"] = dict(step.refused)
    return result


async def _measure(plan: Plan, tables: list[dict[str, Any]], bases: list[str], pids: dict[str, int], out) -> list:
    import websockets

    games = [
        Game(
            table["code"],
            table["match_id"],
            [Seat(index, person, bases[(number_ + index) % 2]) for index, person in enumerate(table["people"])],
        )
        for number_, table in enumerate(tables)
    ]
    limit = asyncio.Semaphore(20)
    connected = 0
    results = []
    try:
        for sockets in sorted(plan.sockets):
            wanted = games[: sockets // 2]
            await asyncio.gather(
                *(_connect(seat, game.code, limit) for game in wanted[connected:] for seat in game.seats)
            )
            connected = len(wanted)
            size = round(statistics.median(seat.frame_size for game in wanted for seat in game.seats))
            out(f"{sockets} sockets open ({len(wanted)} games), match frames of {size} bytes (median)")
            for repeat in range(1, plan.repeats + 1):
                load = os.getloadavg()
                for rate in plan.rates:
                    for path in PATHS:
                        result = await run_step(path, wanted, rate, plan.seconds, pids, size)
                        result.update(sockets=sockets, rate=rate, path=path, repeat=repeat, load=load, frame_bytes=size)
                        results.append(result)
                        out(
                            f"repeat {repeat} (load {load[0]:.2f}), {sockets} sockets, {rate:g}/s, {path}: "
                            f"delivered {result['delivered']} of {result['accepted']} accepted "
                            f"({result['offered']} offered), p50 {number(result['p50'])} ms, "
                            f"p99 {number(result['p99'])} ms, CPU/move {number(result['cpu_ms_per_move'])} ms"
                        )
    finally:
        for game in games:
            for seat in game.seats:
                if seat.ws is not None:
                    with contextlib.suppress(websockets.WebSocketException, OSError):
                        await seat.ws.close()
                if seat.reader is not None:
                    seat.reader.cancel()
    return results


# -- the table -------------------------------------------------------------------------------------


def _cell(value: Any, digits: str = "") -> str:
    return number(value) + digits if value is not None else "-"


def side_by_side(results: list[dict[str, Any]], statements: list[int]) -> tuple[str, list[dict[str, Any]]]:
    """The medians of the repeats, bare and real side by side, with the ratios; and the rows as data."""
    rows = []
    keys = dict.fromkeys((item["sockets"], item["rate"]) for item in results)
    for sockets, rate in keys:
        of = {
            path: [item for item in results if (item["sockets"], item["rate"], item["path"]) == (sockets, rate, path)]
            for path in PATHS
        }
        bare, real = (medians(of[path]) for path in PATHS)
        rows.append(
            {
                "sockets": sockets,
                "rate": rate,
                "bare": bare,
                "real": real,
                "ratios": ratios(real, bare),
                "loads": [round(item["load"][0], 2) for item in of["real"]],
                "refused": [item["refused"] for item in of["real"]],
            }
        )
    header = (
        "| sockets, offered | path | achieved/s | delivery | p50 | p95 | p99 ms | daphne CPU/move ms "
        "| DB transactions/move | load (1 min) |"
    )
    lines = [header, "|" + "---|" * 10]
    for row in rows:
        for path in PATHS:
            item = row[path]
            lines.append(
                f"| {row['sockets']:,}, {row['rate']:g}/s | {path} | {_cell(item['achieved_per_s'])} "
                f"| {_cell(None if item['delivery'] is None else item['delivery'] * 100, ' %')} | {_cell(item['p50'])} "
                f"| {_cell(item['p95'])} | {_cell(item['p99'])} | {_cell(item['cpu_ms_per_move'])} "
                f"| {_cell(item['transactions_per_move'])} | {', '.join(f'{load:.2f}' for load in row['loads'])} |"
            )
        share = row["ratios"]
        lines.append(
            f"| {row['sockets']:,}, {row['rate']:g}/s | real / bare | | | {_cell(share['p50'], 'x')} | "
            f"| {_cell(share['p99'], 'x')} | {_cell(share['cpu_ms_per_move'], 'x')} | | |"
        )
    lines.append(f"\nSQL statements per move (match_act, a Cruzadas pass, in-process): {statements}")
    return "\n".join(lines), rows


def run(plan: Plan = Plan()) -> tuple[list[Figure], str]:
    from django.db import connections

    from bench.soak import checks
    from bench.stack import Stack

    def out(line: str) -> None:
        print(f"[transport {time.strftime('%H:%M:%S')}] {line}", flush=True)

    tables, spare = _tables(max(plan.sockets) // 2)
    statements = statements_per_move(spare)
    connections.close_all()
    logs = RESULTS / "transport-logs" / datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    from config.celery import app

    queue = app.conf.task_default_queue  # the bench's own (services.private_celery_queue), for the whole stack
    env = dict(checks.env_for(os.environ["DATABASE_URL"], os.environ["REDIS_URL"]), BENCH_CELERY_QUEUE=queue)
    stack = Stack(env, logs)
    try:
        bases = [stack.start_daphne(f"daphne-{n}", application="bench.transport_asgi:application") for n in (0, 1)]
        stack.start_worker(queue=queue)
        pids = {name: stack.processes[name].pid for name in ("daphne-0", "daphne-1")}
        results = asyncio.run(_measure(plan, tables, bases, pids, out))
    finally:
        stack.stop_all()
        connections.close_all()
    text, rows = side_by_side(results, statements)
    loads = sorted({round(item["load"][0], 2) for item in results})
    text += f"\nload average (1 min) at the repeats: {', '.join(map(str, loads))}; now {os.getloadavg()[0]:.2f}"
    figures = []
    method = "bench/transport.py: medians of the repeats; real = a Cruzadas pass through the room socket"
    for row in rows:
        label = f"{row['sockets']:,} sockets, {row['rate']:g} moves/s"
        for path in PATHS:
            item = row[path]
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
                    extra={**item, "refused_by_repeat": row["refused"]} if path == "real" else item,
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
    figures.append(
        Figure(
            AREA,
            "SQL statements per move (Cruzadas pass)",
            statements[-1],
            "statements",
            "CaptureQueriesContext around match_act, in-process",
        )
    )
    return figures, "\n" + text + "\n"  # the progress lines are in the step's output already
