"""games.kit.codec: an engine's to_json/from_json read off its state dataclasses (issue 15)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from games.kit.codec import state_codec, state_copier, stored_as

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


@dataclass
class Leaf:
    word: str
    at: datetime
    marks: list[str] | None = None


@dataclass
class Sample:
    count: int
    ratio: float
    flag: bool
    when: datetime | None
    leaves: list[Leaf]
    best: Leaf | None
    cells: tuple[int, ...]
    grid: list[list[int | None]]
    versions: dict[str, str | None]
    extra: list[dict[str, Any]]
    packed: str = field(default="abcd", metadata=stored_as(lambda s: [s[:2], s[2:]], "".join))
    note: str | None = None


to_json, from_json = state_codec(Sample, slug="sample", schema=3)


def sample() -> Sample:
    return Sample(
        count=2,
        ratio=0.5,
        flag=True,
        when=T0 + timedelta(microseconds=5),
        leaves=[Leaf("casa", T0), Leaf("perro", T0 + timedelta(seconds=2.6), ["hit", "miss"])],
        best=None,
        cells=(3, 4),
        grid=[[1, None], [None, 0]],
        versions={"a": "1", "b": None},
        extra=[{"word": "casa", "parts": [[1, 2], {"x": 3}]}],
    )


def test_every_field_is_written_under_its_name_with_times_as_stored_today() -> None:
    data = to_json(sample())
    assert data == {
        "schema": 3,
        "count": 2,
        "ratio": 0.5,
        "flag": True,
        "when": "2025-03-01T12:00:00.000005+00:00",
        "leaves": [
            {"word": "casa", "at": "2025-03-01T12:00:00+00:00", "marks": None},
            {"word": "perro", "at": "2025-03-01T12:00:02.600000+00:00", "marks": ["hit", "miss"]},
        ],
        "best": None,
        "cells": [3, 4],
        "grid": [[1, None], [None, 0]],
        "versions": {"a": "1", "b": None},
        "extra": [{"word": "casa", "parts": [[1, 2], {"x": 3}]}],
        "packed": ["ab", "cd"],
        "note": None,
    }
    assert json.loads(json.dumps(data)) == data


def test_reading_gives_back_the_same_state_sharing_nothing_with_the_data() -> None:
    data = json.loads(json.dumps(to_json(sample())))
    state = from_json(data)
    assert state == sample() and isinstance(state.cells, tuple) and state.packed == "abcd"
    assert state.leaves[1].at.tzinfo is UTC
    state.leaves[1].marks.append("x")
    state.grid[0][0] = 9
    state.extra[0]["parts"][1]["x"] = 4
    assert data["leaves"][1]["marks"] == ["hit", "miss"] and data["grid"][0][0] == 1
    assert data["extra"][0]["parts"][1]["x"] == 3
    state.best = Leaf("luz", T0)
    assert to_json(state)["best"] == {"word": "luz", "at": "2025-03-01T12:00:00+00:00", "marks": None}


def test_times_read_in_another_offset_come_back_in_utc() -> None:
    data = to_json(sample())
    data["when"] = "2025-03-01T14:00:00+02:00"
    when = from_json(data).when
    assert when == T0 and when.tzinfo is UTC


def test_another_schema_and_a_missing_field_are_refused() -> None:
    data = to_json(sample())
    with pytest.raises(ValueError, match="unknown sample state schema 2"):
        from_json({**data, "schema": 2})
    del data["ratio"]
    with pytest.raises(KeyError):
        from_json(data)


def test_a_type_the_codec_does_not_know_needs_a_hook() -> None:
    @dataclass
    class Odd:
        members: set[str]

    with pytest.raises(TypeError, match="stored_as"):
        state_codec(Odd, slug="odd", schema=1)


def test_a_copy_is_equal_and_shares_nothing_but_immutable_values() -> None:
    state = sample()
    state.best = Leaf("luz", T0, ["hit"])
    other = state_copier(Sample)(state)
    assert other == state and other is not state
    assert other.leaves is not state.leaves and other.leaves[1] is not state.leaves[1]
    assert other.leaves[1].marks is not state.leaves[1].marks and other.best.marks is not state.best.marks
    assert other.grid[0] is not state.grid[0] and other.versions is not state.versions
    assert other.extra[0]["parts"][1] is not state.extra[0]["parts"][1]
    assert other.cells is state.cells and other.when is state.when  # immutable: shared
    other.leaves[1].marks.append("x")
    other.extra[0]["parts"][0].append(3)
    assert state.leaves[1].marks == ["hit", "miss"] and state.extra[0]["parts"][0] == [1, 2]


@dataclass(frozen=True)
class Played:
    """A finished record: frozen, as a game's turns are."""

    word: str
    at: datetime
    tiles: list[list[Any]] = field(default_factory=list)


@dataclass
class Log:
    turn: int
    played: list[Played]


log_json, log_from = state_codec(Log, slug="log", schema=1)
copy_log = state_copier(Log)


def test_a_finished_record_is_shared_by_copies_and_written_back_as_the_dict_it_was_read_from() -> None:
    stored = {
        "schema": 1,
        "turn": 3,
        "played": [{"word": "casa", "at": "2025-03-01T12:00:00+00:00", "tiles": [[1, "c"]]}],
    }
    log = log_from(stored)
    assert log.played[0] == Played("casa", T0, [[1, "c"]])
    copy = copy_log(log)
    assert copy.played is not log.played and copy.played[0] is log.played[0]  # the list copied, the record shared
    # A new record is written from its fields; the one read is the very dict it came from, not converted again.
    copy.played.append(Played("perro", T0 + timedelta(seconds=2)))
    written = log_json(copy)
    assert written["played"][0] is stored["played"][0]
    assert written["played"][1] == {"word": "perro", "at": "2025-03-01T12:00:02+00:00", "tiles": []}
    assert log_from(json.loads(json.dumps(written))) == copy  # and it reads back equal
    assert len(log.played) == 1  # the original is untouched
