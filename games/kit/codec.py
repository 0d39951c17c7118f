"""An engine's `to_json`/`from_json`, read off its state dataclasses (pure: no Django).

    to_json, from_json = state_codec(State, slug=SLUG, schema=SCHEMA)

Every field of the state (and of each dataclass it holds) is written under its own name and read back,
converted by its annotation: `datetime` as ISO 8601 in UTC (`encode_time`/`decode_time`), `X | None`,
`list[X]`, `tuple[X, ...]`, `dict[str, X]`, nested dataclasses as objects, `str`/`int`/`bool`/`float`
as they are, and `Any` as a deep copy of plain JSON data. The converters are built once per class, so a
field added to a state is stored without anyone remembering to. A field stored some other way says so on
the field: `field(metadata=stored_as(encode, decode))`. The written dict carries "schema"; `from_json`
refuses another schema and ignores keys that are not fields (an engine may write derived ones).

A frozen dataclass is a finished record (a turn played): shared between copies, and written back as the
stored dict it was read from (`_finished`). `state_copier(State)` is the deep copy `advance`/`apply` start
from, built the same way (copy.deepcopy
spent 2-7 times as long as to_json + from_json of the same state: docs/performance.md).

We chose this over msgspec (docs/decisions.md): msgspec writes UTC as "Z", not the "+00:00" that every
stored match state holds, and offers no hook for a type it knows, so it would have needed a second pass.
"""

from __future__ import annotations

import copy
import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from games.kit.moments import decode_time, encode_time

Convert = Callable[[Any], Any]

_KEY = "codec"


def stored_as(encode: Convert, decode: Convert, *, immutable: bool = False) -> dict[str, Any]:
    """Field metadata for a value stored in its own way: `encode` gives JSON data, `decode` reads it.

    `state_copier` copies such a value as `decode(encode(value))`, or shares it if it is `immutable`."""
    return {_KEY: (encode, decode, immutable)}


def plain(value: Any) -> Any:
    """A copy of plain JSON data (lists, dicts and scalars), so state and stored data share nothing."""
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


def clone(value: Any) -> Any:
    """A deep copy of data typed `Any` in a state: lists, dicts and tuples copied, scalars shared."""
    if isinstance(value, list):
        return [clone(item) for item in value]
    if isinstance(value, dict):
        return {key: clone(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return tuple(clone(item) for item in value)
    if value is None or isinstance(value, str | int | float):
        return value
    return copy.deepcopy(value)


class _Builder:
    """Writes the source of an encoder, a decoder and a copier per dataclass, as the hand-written ones read: a
    dict display or a keyword call, one item per field (`dataclasses` builds `__init__` the same way)."""

    def __init__(self) -> None:
        self.env: dict[str, Any] = {
            "_plain": plain,
            "_clone": clone,
            "_encode_time": encode_time,
            "_decode_time": decode_time,
        }
        self.built: dict[type, tuple[str, str, str]] = {}

    def name(self, value: Any, prefix: str) -> str:
        name = f"_{prefix}{len(self.env)}"
        self.env[name] = value
        return name

    def expr(self, kind: Any, src: str, depth: int) -> tuple[str, str]:
        """(encode, decode) expressions converting the Python expression `src`, for a value of type `kind`."""
        if kind is Any:
            return f"_plain({src})", f"_plain({src})"
        if kind in (str, int, bool, float, type(None)):
            return src, src
        if kind is datetime:  # encode_time and decode_time take None too
            return f"_encode_time({src})", f"_decode_time({src})"
        if isinstance(kind, type) and dataclasses.is_dataclass(kind):
            encode, decode, _ = self.dataclass(kind)
            return f"{encode}({src})", f"{decode}({src})"
        origin, args = typing.get_origin(kind), typing.get_args(kind)
        item = f"_x{depth}"
        if origin in (types.UnionType, typing.Union):
            others = [arg for arg in args if arg is not type(None)]
            if len(others) != 1 or len(args) != 2:
                raise TypeError(f"the codec reads X | None only, not {kind!r}")
            encode, decode = self.expr(others[0], item, depth + 1)
            if others[0] is datetime or encode == item:
                return self.expr(others[0], src, depth)
            return (
                f"(None if ({item} := {src}) is None else {encode})",
                f"(None if ({item} := {src}) is None else {decode})",
            )
        if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
            encode, decode = self.expr(args[0], item, depth + 1)
            if encode == item:
                return f"list({src})", f"{origin.__name__}({src})"
            if origin is list:
                return f"[{encode} for {item} in {src}]", f"[{decode} for {item} in {src}]"
            return f"[{encode} for {item} in {src}]", f"tuple([{decode} for {item} in {src}])"
        if origin is dict and args[0] is str:
            encode, decode = self.expr(args[1], item, depth + 1)
            if encode == item:
                return f"dict({src})", f"dict({src})"
            pairs = f"for _k{depth}, {item} in {src}.items()"
            return f"{{_k{depth}: {encode} {pairs}}}", f"{{_k{depth}: {decode} {pairs}}}"
        raise TypeError(f"the codec cannot store {kind!r}: give the field metadata=stored_as(encode, decode)")

    def copy_expr(self, kind: Any, src: str, depth: int) -> str | None:
        """An expression copying `src` (of type `kind`) so that it shares nothing mutable, or None when such
        a value is immutable and is shared as it is."""
        if kind in (str, int, bool, float, type(None)) or kind is datetime:
            return None
        if kind is Any:
            return f"_clone({src})"
        if isinstance(kind, type) and dataclasses.is_dataclass(kind):
            return None if _finished(kind) else f"{self.dataclass(kind)[2]}({src})"
        origin, args = typing.get_origin(kind), typing.get_args(kind)
        item = f"_x{depth}"
        if origin in (types.UnionType, typing.Union):
            others = [arg for arg in args if arg is not type(None)]
            if len(others) != 1 or len(args) != 2:
                raise TypeError(f"the codec reads X | None only, not {kind!r}")
            inner = self.copy_expr(others[0], item, depth + 1)
            return None if inner is None else f"(None if ({item} := {src}) is None else {inner})"
        if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
            inner = self.copy_expr(args[0], item, depth + 1)
            if origin is tuple:
                return None if inner is None else f"tuple([{inner} for {item} in {src}])"
            return f"list({src})" if inner is None else f"[{inner} for {item} in {src}]"
        if origin is dict and args[0] is str:
            inner = self.copy_expr(args[1], item, depth + 1)
            return f"dict({src})" if inner is None else f"{{_k{depth}: {inner} for _k{depth}, {item} in {src}.items()}}"
        raise TypeError(f"the codec cannot copy {kind!r}: give the field metadata=stored_as(encode, decode)")

    def dataclass(self, cls: type) -> tuple[str, str, str]:
        """The names of the encoder, decoder and copier of `cls` in `env`, written and compiled on first use."""
        if cls in self.built:
            return self.built[cls]
        names = (f"_encode_{cls.__name__}_{id(cls)}", f"_decode_{cls.__name__}_{id(cls)}", f"_copy_{id(cls)}")
        encode, decode, copier = self.built[cls] = names
        hints = typing.get_type_hints(cls)
        items, arguments, copies = [], [], []
        for spec in dataclasses.fields(cls):
            if not spec.init:
                raise TypeError(f"{cls.__name__}.{spec.name}: the codec stores init fields only")
            if _KEY in spec.metadata:
                hook_encode, hook_decode, immutable = spec.metadata[_KEY]
                hook_encode, hook_decode = self.name(hook_encode, "e"), self.name(hook_decode, "d")
                to, back = f"{hook_encode}(v.{spec.name})", f"{hook_decode}(d[{spec.name!r}])"
                again = None if immutable else f"{hook_decode}({hook_encode}(v.{spec.name}))"
            else:
                to = self.expr(hints[spec.name], f"v.{spec.name}", 0)[0]
                back = self.expr(hints[spec.name], f"d[{spec.name!r}]", 0)[1]
                again = self.copy_expr(hints[spec.name], f"v.{spec.name}", 0)
            items.append(f"{spec.name!r}: {to}")
            arguments.append(f"{spec.name}={back}")
            copies.append(f"{spec.name}={again or f'v.{spec.name}'}")
        self.env[f"_cls_{id(cls)}"] = cls
        if _finished(cls):  # the record keeps what it was read from, and is written back as that (_finished)
            source = (
                f"def {encode}(v):\n"
                f"    stored = v.__dict__.get({_STORED!r})\n"
                f"    return {{{', '.join(items)}}} if stored is None else stored\n"
                f"def {decode}(d):\n"
                f"    v = _cls_{id(cls)}({', '.join(arguments)})\n"
                f"    object.__setattr__(v, {_STORED!r}, d)\n"
                f"    return v\n"
            )
        else:
            source = (
                f"def {encode}(v):\n    return {{{', '.join(items)}}}\n"
                f"def {decode}(d):\n    return _cls_{id(cls)}({', '.join(arguments)})\n"
            )
        source += f"def {copier}(v):\n    return _cls_{id(cls)}({', '.join(copies)})\n"
        # Built from our own dataclasses' field names and annotations only, never from stored data.
        exec(compile(source, f"<codec of {cls.__qualname__}>", "exec"), self.env)  # noqa: S102
        return names


def _finished(cls: type) -> bool:
    """A frozen dataclass is a finished record (a turn played, a row guessed): the engine never changes it nor
    anything in it once made. So the copier shares it, and one read from stored JSON is written back as the
    very dict it was read from (`_STORED`), without converting it again: a game's history, most of a long
    state, then costs nothing to copy or to write (issue 16). That dict is the stored data itself, so nobody
    may change stored data in place once a state has been read from it (the service never does)."""
    return bool(dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen)  # type: ignore[attr-defined]


_STORED = "_codec_stored"

_BUILDER = _Builder()


def state_codec(
    cls: type, *, slug: str, schema: int
) -> tuple[Callable[[Any], dict[str, Any]], Callable[[Mapping[str, Any]], Any]]:
    """An engine's (to_json, from_json) for its state dataclass `cls`."""
    encode, decode, _ = _BUILDER.dataclass(cls)
    encode_object, decode_object = _BUILDER.env[encode], _BUILDER.env[decode]

    def to_json(state: Any) -> dict[str, Any]:
        """The state as plain JSON data (what the match row stores)."""
        return {"schema": schema, **encode_object(state)}

    def from_json(data: Mapping[str, Any]) -> Any:
        if data.get("schema") != schema:
            raise ValueError(f"unknown {slug} state schema {data.get('schema')!r}")
        return decode_object(data)

    return to_json, from_json


def state_copier(cls: type) -> Callable[[Any], Any]:
    """A deep copy of a state of dataclass `cls` (what `advance`/`apply` change instead of the caller's):
    every list, dict and dataclass in it copied, field by field as the codec stores them; strings, numbers,
    datetimes, frozen dataclasses (finished records: _finished) and fields stored_as(..., immutable=True)
    shared. Several times faster than `copy.deepcopy`."""
    copier: Callable[[Any], Any] = _BUILDER.env[_BUILDER.dataclass(cls)[2]]  # generated code, see _Builder
    return copier
