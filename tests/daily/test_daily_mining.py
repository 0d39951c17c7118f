"""The position dailies are mined from real games: the states a finished match went through are what their makers
draw from (and their quality check keeps or not)."""

from __future__ import annotations

from datetime import date

import pytest

from daily import services
from daily.mining import mined_positions, mines_positions
from daily.registry import all_dailies
from games.runtime.registry import engine_for
from tests.games.test_share import play_out

pytestmark = pytest.mark.django_db(transaction=True)


def test_which_dailies_are_mined():
    assert {slug for slug, module in all_dailies().items() if mines_positions(module)} == {"wordgrid", "cruzadas"}


def test_a_finished_wordgrid_match_gives_its_positions_and_the_maker_gets_them(monkeypatch):
    match, _people = play_out("wordgrid")
    positions = mined_positions("wordgrid")
    engine = engine_for("wordgrid")
    moves = match.events.filter(kind="input", data__kind="act").count()
    assert len(positions) == moves > 0
    grids = [engine.from_json(position).grid for position in positions]
    assert grids[0] != grids[-1]  # the grid grows move by move
    assert (
        engine.from_json(positions[0]).grid == engine.from_json(match.events.get(kind="first_state").data["state"]).grid
    )

    seen: list[int] = []
    module = all_dailies()["wordgrid"]
    real = module.make_puzzle

    def watched(rng, variant, *, words, positions=(), **tools):
        seen.append(len(positions))
        return real(rng, variant, words=words, positions=positions, **tools)

    monkeypatch.setattr(module, "make_puzzle", watched)
    services.puzzles_make(date(2026, 1, 5))
    assert seen and seen[0] == len(positions)
