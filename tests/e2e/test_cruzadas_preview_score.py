"""The live score preview counts exactly as the server: static/js/games/cruzadas/score.js against
games/cruzadas/rules.py `score_move`, in a browser, on real placements.

The placements come from the AI's move generator (games/cruzadas/movegen.py) on boards of games the engine
plays with the real Turkish list: the first move, mid-game boards, racks with a blank, the ★25 square
still to take, seven-tile moves. Each is handed to the page as the engine's view would carry it (the
placement's tiles in a shuffled order, as a player may lay them) and the module's total and breakdown must
equal score_move's, word by word and letter by letter. Placements no rule allows (not in one line, a gap,
off the centre, not joined) must be refused with placement_line's code. If the two ever differ, a player
sees one score before "Play" and gets another: this test is what keeps them the same (decision in
docs/decisions.md).
"""

from __future__ import annotations

import copy
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from games.cruzadas import engine, movegen, rules
from games.kit.errors import IllegalMove
from tests.e2e.harness.serve import harness_pages
from wordlists.lexicon import dawg, lexicon

T0 = datetime(2025, 6, 1, 12, 0, 0, tzinfo=UTC)
SLUG = "cruzadas-tr-valid"


def tiles_of(placement: rules.Placement) -> list[dict[str, Any]]:
    return [{"cell": i, "letter": letter, "blank": blank} for i, letter, blank in placement]


def play_best(state: engine.State, n: int, offset: float) -> engine.State:
    """`state` after the best move (by score) of the seat to move, keeping the ★25 square for the test."""
    plays = movegen.generate(
        state.board, state.racks[state.turn], dawg(SLUG), state.ruleset, state.star_cell, state.star_spent
    )
    plays = [p for p in plays if all(i != state.star_cell for i, _l, _b in p.placement)]
    if not plays:
        action: dict[str, Any] = {"type": "pass"}
    else:
        action = {"type": "place", "tiles": tiles_of(max(plays, key=lambda p: (p.score, p.placement)).placement)}
    state, _events = engine.apply(
        state, state.turn, action, T0 + timedelta(seconds=offset + n), words=lexicon, dawg=dawg
    )
    return state


def pick(plays: list[movegen.Play], state: engine.State, rng: random.Random) -> list[movegen.Play]:
    """A few plays of every kind the scoring treats apart, then some at random."""
    chosen: list[movegen.Play] = []

    def some(test, k: int) -> None:
        fits = [p for p in plays if test(p) and p not in chosen]
        chosen.extend(rng.sample(fits, min(k, len(fits))))

    def premiums(p: movegen.Play) -> set[str]:
        return {rules.PREMIUMS[i] for i, _l, _b in p.placement if i in rules.PREMIUMS}

    some(lambda p: any(i == state.star_cell for i, _l, _b in p.placement), 2)
    some(lambda p: len(p.placement) == state.ruleset.rack_size, 2)
    some(lambda p: len(p.placement) == state.ruleset.rack_size - 1, 1)  # one short of the bonus
    some(lambda p: any(b for _i, _l, b in p.placement), 2)
    some(lambda p: len(rules.words_formed(state.board, p.placement)) >= 3, 1)
    for kind in ("2L", "3L", "2W", "3W"):
        some(lambda p, kind=kind: kind in premiums(p), 1)
    some(lambda p: len(premiums(p)) >= 2, 1)
    some(lambda p: True, 3)
    return chosen


def refusals(state: engine.State) -> list[tuple[rules.Placement, str]]:
    """Placements the geometry refuses, each with placement_line's code."""
    empty = [i for i in range(rules.CELLS) if state.board[i] is None]
    candidates: list[rules.Placement] = [
        ((empty[0], "a", False), (empty[-1], "e", False)),  # far apart, in no one line (or with a gap)
        ((rules.CENTRE - 2, "a", False), (rules.CENTRE + 2, "k", False)),
        ((0, "a", False), (1, "l", False)),  # a corner: off the centre, or joined to nothing
        ((0, "a", False), (rules.SIZE + 1, "l", False)),  # a diagonal
        ((rules.CENTRE, "a", False),),  # one tile on the centre
    ]
    out = []
    for placement in candidates:
        if any(state.board[i] is not None for i, _l, _b in placement):
            continue
        try:
            rules.placement_line(state.board, placement)
        except IllegalMove as error:
            out.append((placement, error.code))
    return out


def positions() -> list[dict[str, Any]]:
    """Boards with the placements to try on them: {view, cases: [{placed, expected}]}."""
    rng = random.Random(18)
    out = []
    for seed in (3, 8):
        state = engine.new_game({"language": "tr"}, engine.SEATS, random.Random(seed), T0, words=lexicon, dawg=dawg)
        for moves in range(7):
            if moves in (0, 2, 4, 6):
                if seed == 3 and moves == 6:
                    # As if the ★25 square had been taken earlier: covering it again brings nothing.
                    state = copy.deepcopy(state)
                    state.star_spent = True
                for blank in (False, True):
                    rack = list(state.racks[state.turn])
                    if blank and rules.BLANK not in rack:
                        rack[0] = rules.BLANK
                    elif not blank and rules.BLANK in rack:
                        continue
                    plays = movegen.generate(
                        state.board, rack, dawg(SLUG), state.ruleset, state.star_cell, state.star_spent
                    )
                    view = engine.view(state, state.turn)
                    cases = []
                    for play in pick(plays, state, rng):
                        placed = tiles_of(play.placement)
                        rng.shuffle(placed)  # a player lays tiles in any order
                        total, breakdown = rules.score_move(
                            state.board, play.placement, state.ruleset, state.star_cell, state.star_spent
                        )
                        cases.append({"placed": placed, "expected": {"total": total, "breakdown": breakdown}})
                    for placement, code in refusals(state):
                        cases.append({"placed": tiles_of(placement), "expected": {"error": code}})
                    out.append({"view": view, "cases": cases})
            state = play_best(state, moves, 10.0 * seed)
    return out


@pytest.fixture(scope="module")
def boards() -> list[dict[str, Any]]:
    return positions()


def test_the_preview_scores_every_placement_as_the_engine_does(browser, boards) -> None:
    cases = [case for board in boards for case in board["cases"]]
    scored = [c for c in cases if "total" in c["expected"]]
    kinds = [line["kind"] for c in scored for line in c["expected"]["breakdown"]]
    letters = [cell for c in scored for line in c["expected"]["breakdown"] for cell in line.get("letters", [])]
    # What the sample must hold for the comparison to mean something.
    assert len(scored) >= 50, len(scored)
    assert kinds.count("star") >= 1 and kinds.count("bingo") >= 1
    spent = [b for b in boards if b["view"]["star"]["spent"]]
    assert any(
        any(t["cell"] == b["view"]["star"]["index"] for t in c["placed"]) and "total" in c["expected"]
        for b in spent
        for c in b["cases"]
    )
    assert {cell["premium"] for cell in letters} >= {"2L", "3L", "2W", "3W", None}
    assert any(cell["blank"] and cell["new"] for cell in letters)
    assert any(not cell["new"] for cell in letters)  # tiles already on the board, their premiums spent
    assert {c["expected"]["error"] for c in cases if "error" in c["expected"]} >= {
        "not_in_line",
        "gap",
        "first_not_on_centre",
        "first_too_short",
        "not_connected",
    }

    with harness_pages(browser, "cruzadas") as open_:
        page = open_()
        got = page.evaluate(
            """async (boards) => {
                const { scorePlacement } = await import("/static/js/games/cruzadas/score.js");
                return boards.map((board) => board.cases.map((c) => scorePlacement(board.view, c.placed)));
            }""",
            boards,
        )
    mismatches = []
    for board, results in zip(boards, got, strict=True):
        for case, result in zip(board["cases"], results, strict=True):
            if result != case["expected"]:
                mismatches.append((case["placed"], case["expected"], result))
    assert not mismatches, mismatches[:3]
