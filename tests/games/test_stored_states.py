"""Match states stored before the engines' JSON was read off their dataclasses (issue 15) still load.

The fixtures under fixtures/states/ were written by the hand-written `to_json` of each engine, captured
while the engine and bot tests ran (mid-game, finished and stopped states, the largest and a median one
of each). Each must load and write back exactly: same keys, same values, same time format. And the copy the rules
change instead of the caller's state (`copy_state`, in place of copy.deepcopy) must share nothing mutable.
"""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from pathlib import Path

import pytest

from games.runtime.engine import ENGINES

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
    """Every list, dict and mutable dataclass instance inside `value`, by id."""
    if isinstance(value, list | dict) or (is_dataclass(value) and not value.__dataclass_params__.frozen):
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
