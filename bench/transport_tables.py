"""The transport bench's tables (bench/transport.py): made, opened, restarted and stopped through
games.runtime's services, as a host or the site would; the sockets of their seats (python `websockets`,
one per person) and what each seat last saw; who moves at a table, and what the opponent's frame must show.
The games' moves are bench/transport_games.py's."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from bench.transport_games import GameBench, finished


def tables_for(sockets: int, seats: int) -> int:
    """How many rooms of `seats` seats N sockets fill (at least one): 50 for 100 sockets, 12 Torneos."""
    return max(1, sockets // seats)


@dataclass
class Seat:
    index: int
    person: Any
    base: str
    ws: Any = None
    match_id: int | None = None
    version: int = 0
    turn: str | None = None
    view: dict[str, Any] | None = None
    frame_size: int = 0
    shown: asyncio.Event = field(default_factory=asyncio.Event)
    waiting: list[tuple[str, Any, float]] = field(default_factory=list)  # (ref, shows(frame), sent at)
    step: Any = None  # the step being measured (bench.transport.Step)
    reader: asyncio.Task | None = None
    table: Table | None = None


@dataclass
class Table:
    bench: GameBench
    code: str
    room_id: int
    host_id: int
    match_id: int
    seats: list[Seat]
    last_mover: int = -1
    last_bare: int = -1
    over: set[int] = field(default_factory=set)  # match ids seen finished
    restarting: bool = False
    restart: Any = None  # the load generator's callback: start the next match of this table

    @property
    def open(self) -> bool:
        return self.match_id not in self.over

    def took(self, seat: Seat, frame: dict[str, Any]) -> None:
        """A seat took a match frame: a finished match has the next one started, a new one opens the table."""
        if finished(frame):
            self.over.add(frame["match_id"])
            if frame["match_id"] == self.match_id and not self.restarting and self.restart is not None:
                self.restarting = True
                self.restart(self)
        elif frame.get("view") is not None and frame["match_id"] > self.match_id:
            self.match_id = frame["match_id"]


def _setting_up(bench: GameBench, pair: list[Any]) -> dict[str, Any]:
    """One room of `bench`'s game with `pair` seated and its match begun (the stored state set, if any)."""
    from accounts.models import Player
    from games.models import Match
    from games.runtime import matches, rooms

    players = [Player.objects.get(pk=person.player_id) for person in pair]
    room = rooms.room_create(
        game=bench.slug, host=players[0], seats=bench.seats, interface_language="es", settings=bench.settings
    )
    for player in players[1:]:
        rooms.room_join(room=room, player=player)
    match = matches.match_start(room=room, by=players[0] if bench.host_starts else None)
    for player in players:  # the sockets are not open yet: the people arrive here (games with a join grace)
        matches.match_arrive(match_id=match.pk, player=player)
    if bench.state_path() is not None:
        Match.objects.filter(pk=match.pk).update(state=json.loads(bench.state_path().read_text()))
    match.refresh_from_db()
    seated = sorted(pair, key=lambda person, m=match: m.seat_of(person.player_id))
    return {"code": room.code, "room_id": room.pk, "host_id": players[0].pk, "match_id": match.pk, "people": seated}


def make_tables(bench: GameBench, people: list[Any], first: int, count: int) -> list[dict[str, Any]]:
    """`count` tables of the game, seating people[first * seats:] (a guest may sit at tables of other games)."""
    seats = bench.seats
    return [_setting_up(bench, people[(first + n) * seats : (first + n + 1) * seats]) for n in range(count)]


def _mover(bench: GameBench, state: Any, engine: Any, last: int | None) -> tuple[int, dict[str, Any]]:
    """A seat that owes a move in `state`, another than `last` if one does, and the move the bench makes there."""
    for seat in sorted(range(bench.seats), key=lambda seat: seat == last):
        if engine.turn_of(state, seat) is not None:
            action = bench.act(engine.view(state, seat), seat)
            if action is not None:
                return seat, action
    raise RuntimeError(f"{bench.slug}: no seat has a move in the spare match")


def statements_per_move(bench: GameBench, spare: dict[str, Any]) -> list[int]:
    """SQL statements of `match_act` (the game's move), counted in this process: two moves, two seats.
    Ten seconds on (`now`), so that a Duelo start card or a Torneo intro is over."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from accounts.models import Player
    from games.models import Match
    from games.runtime.matches import match_act
    from games.runtime.registry import engine_for

    now = timezone.now() + timedelta(seconds=10)
    engine, counts, last = engine_for(bench.slug), [], None
    for _move in range(2):
        match = Match.objects.get(pk=spare["match_id"])
        state, _events = engine.advance(engine.from_json(match.state), now)
        seat, action = _mover(bench, state, engine, last)
        last = seat
        player = Player.objects.get(pk=match.lineup[seat]["player"])
        connection.queries_log.clear()  # a full log (9,000 queries of setting up) would hide the new ones
        with CaptureQueriesContext(connection) as captured:
            match_act(match_id=spare["match_id"], player=player, action=action, now=now)
        counts.append(len(captured.captured_queries))
    print(
        f"{bench.slug}: statements of the last move:", *(q["sql"][:100] for q in captured.captured_queries), sep="\n  "
    )
    return counts


def count_transactions() -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()")
        return int(cursor.fetchone()[0])


def _start_next(table: Table) -> str:
    """The next match in the table's room, as its host (or the site, for a Torneo) starts it."""
    from accounts.models import Player
    from games.models import Room
    from games.runtime import matches
    from games.runtime.errors import GameError

    room = Room.objects.get(pk=table.room_id)
    by = Player.objects.get(pk=table.host_id) if table.bench.host_starts else None
    try:
        matches.match_start(room=room, by=by)
    except GameError as error:
        return error.code
    return "started"


def _stop_all(tables: list[Table]) -> None:
    """Stop the game's matches (their sockets are closed): no clock of theirs runs during the next game."""
    from games.models import Match
    from games.runtime import matches

    for match_id in (
        Match.objects.filter(room_id__in=[t.room_id for t in tables])
        .exclude(status=Match.FINISHED)
        .values_list("pk", flat=True)
    ):
        matches.match_stop(match_id=match_id, reason="bench")


def _newer(seat: Seat, frame: dict[str, Any]) -> bool:
    """A match frame at least as new as the seat's latest (a later match, or the same at a later version)."""
    return seat.match_id is None or (frame["match_id"], frame["v"]) >= (seat.match_id, seat.version)


def took_frame(seat: Seat, frame: dict[str, Any], size: int) -> None:
    if frame.get("type") != "match" or not _newer(seat, frame):
        return
    seat.match_id, seat.version, seat.turn, seat.view = (
        frame["match_id"],
        frame["v"],
        frame.get("turn"),
        frame.get("view"),
    )
    seat.frame_size = size
    if seat.view is not None:
        seat.shown.set()
    if seat.table is not None:
        seat.table.took(seat, frame)


async def _reader(seat: Seat) -> None:
    import websockets

    with contextlib.suppress(websockets.ConnectionClosed):
        async for raw in seat.ws:
            at = time.perf_counter()
            frame = json.loads(raw)
            took_frame(seat, frame, len(raw))
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


def pick(table: Table) -> tuple[Seat, dict[str, Any]] | str:
    """Who moves at this table now and with what move, or why nobody does (not sent)."""
    if not table.open:
        return "not_sent:between_matches"
    count = len(table.seats)
    order = [table.seats[(table.last_mover + 1 + k) % count] for k in range(count)]
    current = [seat for seat in order if seat.match_id == table.match_id and seat.view is not None]
    # First a seat whose latest frame gives it the turn; else one whose board has a move on the turn it has
    # (the previous move is on its way: the server refuses it).
    for needs_turn in (True, False):
        for seat in current:
            if needs_turn and seat.turn is None:
                continue
            action = table.bench.act(seat.view, seat.index)
            if action is not None:
                table.last_mover = seat.index
                return seat, action
    return f"not_sent:{current[0].view.get('phase') if current else 'arriving'}"


def witness(table: Table, mover: Seat) -> Any:
    """What an opponent's match frame must show for the mover's move to have reached it."""
    match_id, progress = mover.match_id, table.bench.progress
    if progress is None:
        version = mover.version + 1
        return lambda frame: frame["match_id"] > match_id or (frame["match_id"] == match_id and frame["v"] >= version)
    seen = progress(mover.view, mover.index)

    def shows(frame: dict[str, Any]) -> bool:
        if frame["match_id"] != match_id:
            return frame["match_id"] > match_id
        return frame.get("view") is not None and progress(frame["view"], mover.index) > seen

    return shows


class GameTables:
    """One game's tables in the load generator: made, opened, restarted and stopped through the services."""

    def __init__(self, bench: GameBench, people: list[Any], bases: list[str], database, out):
        self.bench, self.people, self.bases, self.database, self.out = bench, people, bases, database, out
        self.tables: list[Table] = []
        self.step: Any = None  # the step being measured: the matches started during it are counted in it
        self.restarts: dict[str, int] = {}

    async def grow(self, sockets: int, limit: asyncio.Semaphore) -> list[Table]:
        """Tables for `sockets` sockets (more of them if needed), their sockets open and shown a match."""
        loop = asyncio.get_running_loop()
        wanted = tables_for(sockets, self.bench.seats)
        made = await loop.run_in_executor(
            self.database, make_tables, self.bench, self.people, len(self.tables), wanted - len(self.tables)
        )
        fresh = []
        for number_, made_table in enumerate(made, start=len(self.tables)):
            seats = [
                Seat(index, person, self.bases[(number_ + index) % 2])
                for index, person in enumerate(made_table["people"])
            ]
            table = Table(
                self.bench,
                made_table["code"],
                made_table["room_id"],
                made_table["host_id"],
                made_table["match_id"],
                seats,
            )
            table.restart = self.restart
            for seat in seats:
                seat.table = table
            fresh.append(table)
        self.tables += fresh
        await asyncio.gather(*(_connect(seat, table.code, limit) for table in fresh for seat in table.seats))
        return self.tables[:wanted]

    def restart(self, table: Table) -> None:
        async def start() -> None:
            outcome = await asyncio.get_running_loop().run_in_executor(self.database, _start_next, table)
            self.restarts[outcome] = self.restarts.get(outcome, 0) + 1
            if outcome == "started" and self.step is not None:
                self.step.started += 1
            table.restarting = False
            if outcome != "started":
                self.out(f"{table.bench.slug} {table.code}: the next match was not started ({outcome})")

        asyncio.get_running_loop().create_task(start())

    async def close(self) -> None:
        import websockets

        for table in self.tables:
            table.restart = None
            for seat in table.seats:
                if seat.ws is not None:
                    with contextlib.suppress(websockets.WebSocketException, OSError):
                        await seat.ws.close()
                if seat.reader is not None:
                    seat.reader.cancel()
        if self.tables:
            await asyncio.get_running_loop().run_in_executor(self.database, _stop_all, self.tables)
