"""Match states stored before the engines' JSON was read off their dataclasses (issue 15) still load.

The fixtures under fixtures/states/ were written by the hand-written `to_json` of each engine, captured
while the engine and bot tests ran (mid-game, finished and stopped states, the largest and a median one
of each). Each must load and write back exactly: same keys, same values, same time format.
"""

from __future__ import annotations

import json
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
