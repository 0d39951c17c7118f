"""The match's JSON columns, read and written with orjson instead of the standard library's json.

A Letras Cruzadas move reads and writes its whole state (12-24 kB of JSON): `json.loads` and `json.dumps` of it
cost 0.6-1.4 ms of the move's CPU on the database thread of a daphne process, orjson 0.15-0.3 ms (measured in
docs/performance.md, "The state's JSON", decision 60). The column, what is stored and how it is queried stay
Django's JSONField's: only the two conversions change.

What orjson would do differently from json, and is made to do the same here:
- a value json cannot store (a datetime, a set, a dataclass) is refused with TypeError, not written in some
  form of orjson's own: the engines store datetimes as ISO text themselves (games.kit.codec);
- integer keys are written as text, as json writes them (OPT_NON_STR_KEYS).
What stays different: NaN and infinities are written as null (json writes NaN, which PostgreSQL's jsonb refuses),
and integers beyond 64 bits are refused (json writes them). No state holds either: the engines' numbers are
counts, points and seconds.
"""

from __future__ import annotations

from typing import Any

import orjson
from django.db import models
from django.db.models.fields.json import KeyTransform

_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def _refuse(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def dumps(value: Any) -> str:
    """JSON text of plain data, refusing what `json.dumps` refuses (see the module's docstring)."""
    return orjson.dumps(value, default=_refuse, option=_OPTIONS).decode()


class FastJSONField(models.JSONField):
    """Django's JSONField, converting with orjson (the module's docstring). Not for fields with an encoder or a
    decoder of their own: those keep the standard library's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if kwargs.get("encoder") or kwargs.get("decoder"):
            raise TypeError("FastJSONField converts with orjson: use models.JSONField for an encoder or decoder")
        super().__init__(*args, **kwargs)

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if value is None or (isinstance(expression, KeyTransform) and not isinstance(value, str)):
            return value
        try:
            return orjson.loads(value)
        except orjson.JSONDecodeError:
            return value  # as JSONField does: text that is not JSON is given as it is

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        if not prepared:
            value = self.get_prep_value(value)
        if connection.vendor == "postgresql":
            # What Django's own field hands psycopg.
            from django.db.backends.postgresql.psycopg_any import Jsonb  # type: ignore[import-untyped]

            return Jsonb(value, dumps=dumps)
        return dumps(value)  # SQLite (a development run) stores the text
