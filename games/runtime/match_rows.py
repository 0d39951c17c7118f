"""The three statements of a move, written out: lock and read the match, save it, append its events.

The move path is one locked SELECT, one UPDATE and one INSERT (issue 16). Through the ORM's query builder the
three cost about 4 ms of Python a move (building and compiling the queries, the select_related join, the
update's own machinery) against about 1.5 ms written out; a daphne process runs every move on its one
database thread, so that Python was most of the move's CPU (measured side by side: docs/performance.md,
decision 32). Everything else about matches stays on the ORM.

Values still go through each field's own conversion (`get_db_prep_save` on the way in, the model's
converters on the way out, through `Model.objects.raw`), so JSON, datetimes and time zones are stored
exactly as the ORM stores them, on PostgreSQL and on the SQLite of a development run. The statements are
put together from the models' own table and column names only (the `noqa: S608` below); every value is a
parameter.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import Field, Model

from games.models import Match, MatchEvent, Room


def _table(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _columns(model: type[Model], names: Sequence[str]) -> list[Field[Any, Any]]:
    """The model's own (concrete) fields of these names, in this order."""
    fields = {field.name: field for field in model._meta.concrete_fields}
    return [fields[name] for name in names]


def lock(match_id: int, room_id: int | None = None, *, skip_locked: bool = False) -> Match | None:
    """The match, its row locked until the transaction ends (only its row: `FOR UPDATE OF`), with its room's
    code (`room_code`) for the announcement; with `room_id`, only if it is that room's. None if there is none,
    and with `skip_locked` also when another transaction holds the row (the clock does not wait behind a move:
    games.runtime.clock).

    SQLite has no row locks: there the transaction's own write lock serialises moves (config.env)."""
    tables = f"{_table(Match)} m JOIN {_table(Room)} r ON r.id = m.room_id"
    sql = f"SELECT m.*, r.code AS room_code FROM {tables} WHERE m.id = %s"  # noqa: S608
    if room_id is not None:
        sql += " AND m.room_id = %s"
    if connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF m"
        if skip_locked and connection.features.has_select_for_update_skip_locked:
            sql += " SKIP LOCKED"
    params = [match_id] if room_id is None else [match_id, room_id]
    asked = time.perf_counter()
    match = next(iter(Match.objects.raw(sql, params)), None)
    if match is not None:
        match.__dict__[LOCK_ASKED] = asked  # a move's latency counts from here (games.runtime.matches)
    return match


LOCK_ASKED = "lock_asked_at"


def lock_asked_at(match: Match) -> float | None:
    """When (time.perf_counter) this match's row lock was asked for (`lock`); None if it was read otherwise."""
    asked: float | None = match.__dict__.get(LOCK_ASKED)
    return asked


def room_code(match: Match) -> str:
    """The code of the match's room: read with the lock (`lock`), or else through the relation."""
    code = match.__dict__.get("room_code")
    return code if code is not None else match.room.code


def save(match: Match, fields: Sequence[str]) -> None:
    """One UPDATE of the match's `fields` (what Model.save(update_fields=...) writes, without its machinery)."""
    columns = _columns(Match, fields)
    assignments = ", ".join(f"{connection.ops.quote_name(column.column)} = %s" for column in columns)
    values = [column.get_db_prep_save(getattr(match, column.attname), connection) for column in columns]
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {_table(Match)} SET {assignments} WHERE id = %s", [*values, match.pk])  # noqa: S608


_EVENT_FIELDS = ("match", "version", "kind", "data", "at")


def append_events(match: Match, events: Iterable[dict[str, Any]], at: datetime) -> None:
    """One INSERT of the move's events (MatchEvent rows: kind from the event's type), stamped `at`."""
    fields = _columns(MatchEvent, _EVENT_FIELDS)
    rows = [(match.pk, match.version, event.get("type", "?"), event, at) for event in events]
    if not rows:
        return
    values = [
        field.get_db_prep_save(value, connection) for row in rows for field, value in zip(fields, row, strict=True)
    ]
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    one_row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {_table(MatchEvent)} ({columns}) VALUES {', '.join([one_row] * len(rows))}",  # noqa: S608
            values,
        )
