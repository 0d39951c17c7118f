"""Match states stored before the engines' JSON was read off their dataclasses (issue 15) still load.

The fixtures under fixtures/states/ were written by the hand-written `to_json` of each engine, captured
while the engine and bot tests ran (mid-game, finished and stopped states, the largest and a median one
of each). Each must load and write back exactly: same keys, same values, same time format. And the copy the rules
change instead of the caller's state (`copy_state`, in place of copy.deepcopy) must share nothing mutable.
"""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from games.runtime.registry import ENGINES, engine_for

FIXTURES = Path(__file__).parent / "fixtures" / "states"
PATHS = sorted(FIXTURES.glob("*.json"))


def test_every_engine_has_stored_states() -> None:
    assert {path.name.split("-")[0] for path in PATHS} == set(ENGINES)
    assert all(len(list(FIXTURES.glob(f"{slug}-*.json"))) >= 4 for slug in ENGINES)


@pytest.mark.parametrize("path", PATHS, ids=[path.stem for path in PATHS])
def test_a_stored_state_loads_and_writes_back_identically(path: Path) -> None:
    engine = ENGINES[path.name.split("-")[0]]
    data = json.loads(path.read_text(encoding="utf-8"))
    state = engine.from_json(data)
    again = engine.to_json(state)
    assert again == data
    assert json.dumps(again, sort_keys=True) == json.dumps(data, sort_keys=True)  # no tuples, no datetimes
    engine.view(state, None)  # a loaded state is a working one
    engine.outcome(state)


def _mutables(value: object, found: dict[int, object]) -> dict[int, object]:
    """Every list, dict and mutable dataclass instance inside `value`, by id; not inside a frozen dataclass: a
    finished record (a turn played), which no rule changes, is shared by the copies (games.kit.codec)."""
    if is_dataclass(value) and value.__dataclass_params__.frozen:
        return found
    if isinstance(value, list | dict) or is_dataclass(value):
        found[id(value)] = value
    if isinstance(value, list | tuple):
        for item in value:
            _mutables(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _mutables(item, found)
    elif is_dataclass(value):
        for spec in fields(value):
            _mutables(getattr(value, spec.name), found)
    return found


@pytest.mark.parametrize("path", PATHS, ids=[path.stem for path in PATHS])
def test_the_copy_the_rules_change_equals_the_state_and_shares_nothing_mutable(path: Path) -> None:
    engine = ENGINES[path.name.split("-")[0]]
    state = engine.from_json(json.loads(path.read_text(encoding="utf-8")))
    other = engine.copy_state(state)
    assert other == state and other is not state and engine.to_json(other) == engine.to_json(state)
    assert _mutables(state, {}).keys().isdisjoint(_mutables(other, {}))


def _seats(data: dict) -> int:
    """How many seats a stored state has (Duelo and Torneo say so; the others are two-seat games)."""
    return data.get("seat_count", 2)


@pytest.mark.parametrize("path", PATHS, ids=[path.stem for path in PATHS])
def test_every_viewers_view_built_at_once_is_the_view_each_would_get_alone(path: Path) -> None:
    """After a move the service builds every viewer's view in one call (`views`, issue 16), sharing what they
    all see: each must be exactly that viewer's `view`, the rack or the hidden map of another never in it."""
    engine = engine_for(path.name.split("-")[0])
    data = json.loads(path.read_text(encoding="utf-8"))
    state = engine.from_json(data)
    viewers = [*range(_seats(data)), None]
    together = engine.views(state, viewers)
    alone = [engine.view(state, viewer) for viewer in viewers]
    assert together == alone
    assert [json.dumps(view, sort_keys=True) for view in together] == [json.dumps(v, sort_keys=True) for v in alone]


@pytest.mark.parametrize("path", PATHS, ids=[path.stem for path in PATHS])
def test_before_its_next_deadline_the_clock_changes_nothing(path: Path) -> None:
    """What lets a move skip `advance` (and its copy of the state) until a deadline has passed (issue 16)."""
    engine = engine_for(path.name.split("-")[0])
    state = engine.from_json(json.loads(path.read_text(encoding="utf-8")))
    deadline = engine.next_deadline(state)
    for now in (
        [datetime(2099, 1, 1, tzinfo=UTC)]
        if deadline is None
        else [deadline - timedelta(seconds=s) for s in (0.001, 30)]
    ):
        later, events = engine.advance(state, now)
        assert events == [] and later == state, now
