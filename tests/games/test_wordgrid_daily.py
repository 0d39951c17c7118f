"""Wordgrid's daily (games/wordgrid/daily.py): the day's grid, one move, scored against the longest word; more than
one good answer; nothing of the best before the player has finished."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kit.daily import Daily, DailyRefused
from games.kit.words import WordSet
from games.wordgrid import daily, engine, moves
from wordlists.lexicon import dawg, lexicon

GRAPH = dawg(engine.LIST_SLUG)
SEEDS = ["2026-12-07", "2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11"]


def make(seed: str, **sources: Any) -> dict | None:
    return daily.make_puzzle(random.Random(seed), "", words=lexicon, dawg=dawg, **sources)


@pytest.fixture(scope="module")
def puzzle() -> dict:
    found = make(SEEDS[0])
    assert found is not None
    return found


def legal(puzzle: dict) -> list[moves.Move]:
    return moves.legal_moves(puzzle["grid"], set(puzzle["spent"]), GRAPH)


def move_of(puzzle: dict, length: int) -> moves.Move:
    """A legal move of the day whose word has `length` letters."""
    return next(move for move in legal(puzzle) if len(move.word) == length)


def play(puzzle: dict, action: dict, state: dict | None = None) -> dict:
    state = daily.start(puzzle, {}) if state is None else state
    return daily.apply(puzzle, state, action, words=lexicon)


def test_the_module_is_a_daily():
    assert isinstance(daily, Daily)
    assert list(daily.variants()) == [""]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seed_gives_the_same_grid_with_more_than_one_good_answer(seed):
    first, again = make(seed), make(seed)
    assert first == again
    if first is None:  # a candidate the check rejects: the maker tries the next seed
        return
    by_length = sorted({move.word for move in legal(first)}, key=len, reverse=True)
    best = len(by_length[0])
    assert first["best"] == best >= daily.MIN_BEST
    assert sum(len(word) >= best - daily.GOOD_MARGIN for word in by_length) >= 2
    assert {move["word"] for move in first["best_moves"]} <= {word for word in by_length if len(word) == best}
    assert first["source"] == "self_play"


def test_most_seeds_make_a_daily_and_different_days_differ():
    made = [make(f"2027-01-{day:02d}") for day in range(1, 11)]
    kept = [found for found in made if found is not None]
    assert len(kept) >= 7
    assert len({json.dumps(daily.answers(found), sort_keys=True) for found in kept}) == len(kept)


@pytest.mark.parametrize(
    ("words", "why"),
    [
        (("he", "eh"), "the best word has 2 letters (fewer than 5)"),
        (("he", "eh", "sheet"), "1 good answer(s) within 1 letter of the best (fewer than 2)"),
        ((), "no legal move"),
    ],
)
def test_a_rejected_position_says_why(words, why):
    grid = engine.start_grid()
    graph = moves.derived_index(WordSet(words))
    by_word = daily.best_moves(moves.legal_moves(grid, {"sheep"}, graph))
    assert daily.check(by_word) == why
    state = engine.new_game({}, 2, random.Random(1), datetime(2026, 1, 1, tzinfo=UTC), words=lexicon, dawg=dawg)
    state.grid = grid
    assert daily.puzzle_from(state, graph, "game") is None


def test_a_position_of_a_real_game_is_the_day_when_it_is_good(puzzle):
    real = daily.self_played(random.Random(7), words=lexicon, dawg=dawg)
    assert real.phase == engine.PLAYING
    found = make("2026-12-07", positions=[engine.to_json(real)])
    expected = daily.puzzle_from(real, GRAPH, "game")
    if expected is None:
        assert found is None or found["source"] == "self_play"
    else:
        assert found == expected and found["grid"] == real.grid and found["mover"] == real.turn


def test_a_finished_game_is_no_position_and_the_bots_make_the_day():
    finished = daily.self_played(random.Random(3), words=lexicon, dawg=dawg)
    resign = {"type": "resign"}
    finished, _events = engine.apply(finished, 0, resign, datetime(2000, 1, 1, 0, 2, tzinfo=UTC), words=lexicon)
    assert finished.phase == engine.FINISHED
    for seed in SEEDS:
        found = make(seed, positions=[engine.to_json(finished)])
        assert found is None or found["source"] == "self_play"


def test_the_longest_word_wins_and_shares_five_greens(puzzle):
    best = move_of(puzzle, puzzle["best"])
    state = play(puzzle, best.action())
    assert daily.finished(puzzle, state)
    assert daily.result(puzzle, state) == {"won": True, "score": puzzle["best"], "best": puzzle["best"], "steps": 1}
    assert daily.share_score(puzzle, state) == "100 %"
    assert daily.share_rows(puzzle, state) == ["\U0001f7e9" * 5]
    reveal = daily.view(puzzle, state)["reveal"]
    assert reveal["played"]["word"] == best.word and reveal["percent"] == 100


def test_a_shorter_word_scores_its_share_of_the_best(puzzle):
    short = move_of(puzzle, 3)
    state = play(puzzle, short.action())
    share = 300 // puzzle["best"]
    assert daily.result(puzzle, state) == {"won": False, "score": 3, "best": puzzle["best"], "steps": 1}
    assert daily.share_score(puzzle, state) == f"{share} %"
    row = daily.share_rows(puzzle, state)[0]
    assert row == "\U0001f7e9" * (share // 20) + "\u2b1b" * (5 - share // 20)
    assert not any(ch.isalpha() for ch in "".join(daily.share_rows(puzzle, state)) + daily.share_score(puzzle, state))
    reveal = daily.view(puzzle, state)["reveal"]
    assert reveal["points"] == 3 and reveal["best_points"] == puzzle["best"]
    assert {move["word"] for move in reveal["best_moves"]} == {move["word"] for move in puzzle["best_moves"]}


def test_giving_up_scores_nothing_and_shows_the_best(puzzle):
    state = play(puzzle, {"type": "give_up"})
    assert daily.finished(puzzle, state)
    assert daily.result(puzzle, state) == {"won": False, "score": 0, "best": puzzle["best"], "steps": 1}
    assert daily.share_score(puzzle, state) == "0 %"
    assert daily.view(puzzle, state)["reveal"]["best_moves"] == puzzle["best_moves"]


def _strings_and_keys(data: Any) -> tuple[set[str], set[str]]:
    strings: set[str] = set()
    keys: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            keys.add(str(key))
            inner = _strings_and_keys(value)
            strings |= inner[0]
            keys |= inner[1]
    elif isinstance(data, list):
        for value in data:
            inner = _strings_and_keys(value)
            strings |= inner[0]
            keys |= inner[1]
    elif isinstance(data, str):
        strings.add(data)
    return strings, keys


@pytest.mark.parametrize("seed", SEEDS)
def test_the_view_before_the_end_holds_nothing_of_the_best(seed):
    found = make(seed)
    if found is None:
        return
    view = daily.view(found, daily.start(found, {}))
    strings, keys = _strings_and_keys(view)
    assert not any(word in ("answer", "best", "solution", "reveal") or "best" in word for word in keys)
    text = json.dumps(view)
    for move in found["best_moves"]:
        assert move["word"] not in strings and f'"{move["word"]}"' not in text
        assert json.dumps(move["path"]) not in text
    assert "source" not in keys and "good" not in keys


def test_illegal_moves_are_refused_and_change_nothing(puzzle):
    start = daily.start(puzzle, {})
    grid = puzzle["grid"]
    filled = grid.index("s")
    row, col = divmod(filled, 5)
    far = next(i for i in range(25) if grid[i] == "." and all(grid[n] == "." for n in moves.NEIGHBOURS[i]))
    best = move_of(puzzle, puzzle["best"]).action()
    cases = [
        ({**best, "cell": [row, col]}, "cell_taken"),
        ({**best, "cell": list(divmod(far, 5)), "path": [list(divmod(far, 5)), [row, col]]}, "not_adjacent"),
        ({**best, "letter": "7"}, "bad_letter"),
        ({**best, "letter": "x" * 10_000}, "bad_letter"),
        ({**best, "path": [best["cell"]]}, "too_short"),
        ({**best, "path": [[0, 0]] * 100_000}, "malformed"),
        ({**best, "cell": "12"}, "malformed"),
        ({**best, "path": "a" * 100_000}, "malformed"),
        ({"type": "place"}, "malformed"),
        ({"type": ["move"]}, "malformed"),
        ("move", "malformed"),
        (None, "malformed"),
    ]
    for action, code in cases:
        snapshot = json.dumps(start)
        with pytest.raises(DailyRefused) as refused:
            daily.apply(puzzle, start, action, words=lexicon)
        assert refused.value.code == code, (action if len(str(action)) < 200 else code, refused.value.code)
        assert json.dumps(start) == snapshot


def test_a_word_not_in_the_list_and_a_spent_word_are_refused():
    puzzle = {"list": engine.LIST_SLUG, "grid": engine.start_grid(), "spent": ["sheep", "sheet"]}
    assert "sheet" in lexicon(engine.LIST_SLUG) and "sheez" not in lexicon(engine.LIST_SLUG)
    # t under the second e of SHEEP (row 3, column 3): "sheet", spent here; "shee" + "z": no word.
    sheet = {"type": "move", "cell": [3, 3], "letter": "t", "path": [[2, 0], [2, 1], [2, 2], [2, 3], [3, 3]]}
    for action, code in ((sheet, "already_played"), ({**sheet, "letter": "z"}, "not_in_dictionary")):
        with pytest.raises(DailyRefused) as refused:
            play(puzzle, action)
        assert refused.value.code == code


def test_nothing_after_the_one_move(puzzle):
    state = play(puzzle, {"type": "give_up"})
    for action in (move_of(puzzle, 3).action(), {"type": "give_up"}):
        with pytest.raises(DailyRefused) as refused:
            play(puzzle, action, state)
        assert refused.value.code == "daily_over"


@pytest.mark.parametrize("options", [{"hard": True}, ["x"], None])
def test_there_are_no_options(puzzle, options):
    with pytest.raises(DailyRefused):
        daily.start(puzzle, options)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pick=st.integers(min_value=-1, max_value=10_000))
def test_random_legal_play_finishes_and_round_trips_json(puzzle, pick):
    options = legal(puzzle)
    action = {"type": "give_up"} if pick < 0 else options[pick % len(options)].action()
    state = json.loads(json.dumps(daily.start(puzzle, {})))
    state = play(puzzle, action, state)
    assert daily.finished(puzzle, state)
    again = json.loads(json.dumps(state))
    assert again == state and daily.finished(puzzle, again)
    result = daily.result(puzzle, again)
    assert 0 <= result["score"] <= result["best"] == puzzle["best"]
    assert result["won"] == (result["score"] == puzzle["best"])
    assert json.loads(json.dumps(daily.view(puzzle, again)))["reveal"]["points"] == result["score"]
