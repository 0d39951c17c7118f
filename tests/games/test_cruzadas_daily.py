"""Letras Cruzadas's daily (games/cruzadas/daily.py): the day's rack on the day's board, one placement scored as a
share of the best; a best move worth finding; never the bag nor the other rack; nothing of the best before the end."""

from __future__ import annotations

import json
import random
import statistics
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cruzadas import bots, daily, engine, movegen, rules
from games.kit.daily import Daily, DailyRefused
from wordlists.lexicon import dawg, lexicon

SLUG = engine.list_slug("tr")
GRAPH = dawg(SLUG)
SEEDS = ["2026-12-07", "2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11", "2026-12-12"]


def make(seed: str, **sources: Any) -> dict | None:
    return daily.make_puzzle(random.Random(seed), "tr", words=lexicon, dawg=dawg, **sources)


def first_made(prefix: str) -> dict:
    """The day's puzzle as the daily app finds it: the first candidate that passes."""
    for attempt in range(50):
        found = make(f"{prefix}:{attempt}")
        if found is not None:
            return found
    raise AssertionError("no puzzle in 50 candidates")


@pytest.fixture(scope="module")
def puzzle() -> dict:
    return first_made("2026-12-07")


def plays(puzzle: dict) -> list[movegen.Play]:
    board = tuple(None if cell is None else rules.Tile(cell[0], cell[1]) for cell in puzzle["board"])
    ruleset = rules.Ruleset.from_json(puzzle["ruleset"])
    return movegen.generate(board, puzzle["rack"], GRAPH, ruleset, puzzle["star_cell"], puzzle["star_spent"])


def play(puzzle: dict, action: Any, state: dict | None = None) -> dict:
    state = daily.start(puzzle, {}) if state is None else state
    return daily.apply(puzzle, state, action, words=lexicon, dawg=dawg)


def test_the_module_is_a_daily_per_word_language():
    assert isinstance(daily, Daily)
    assert tuple(daily.variants()) == engine.LANGUAGES == ("tr",)
    with pytest.raises(ValueError):
        daily.make_puzzle(random.Random(1), "xx", words=lexicon, dawg=dawg)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seed_gives_the_same_day_and_a_best_move_worth_finding(seed):
    first, again = make(seed), make(seed)
    assert first == again
    if first is None:  # a candidate the check rejects: the maker tries the next seed
        return
    scores = [found.score for found in plays(first)]
    assert first["best"] == max(scores) >= daily.MIN_BEST
    assert first["best"] >= daily.BEST_OVER_MEDIAN * statistics.median(scores)
    assert len(scores) >= 2 and first["plays"] == len(scores)
    assert all(move["points"] == first["best"] for move in first["best_moves"])
    assert first["source"] == "self_play" and first["language"] == "tr"


def test_most_candidates_pass_and_days_differ():
    made = [make(f"2027-01-{day:02d}") for day in range(1, 13)]
    kept = [found for found in made if found is not None]
    assert len(kept) >= 5
    assert len({json.dumps(daily.answers(found), sort_keys=True) for found in kept}) == len(kept)


@pytest.mark.parametrize(
    ("scores", "why"),
    [
        ([], "0 legal placement(s) (fewer than 2)"),
        ([64], "1 legal placement(s) (fewer than 2)"),
        ([24, 8, 6], "the best scores 24 (less than 30)"),
        ([40, 20, 15], "the best scores 40, less than 3 times the median 20"),
        ([45, 15, 12], None),
    ],
)
def test_the_quality_check_says_why(scores, why):
    assert daily.check(scores) == why


def test_a_rejected_position_makes_no_day():
    state = daily.self_played(random.Random(5), "tr", words=lexicon, dawg=dawg)
    state.racks[state.turn] = ["ğ", "ğ", "j", "j", "f", "v", "ö"]  # hardly a word in it
    scores = [found.score for found in bots.legal_plays(state, state.turn, GRAPH)]
    assert daily.check(scores) is not None
    assert daily.puzzle_from(state, "game", words=lexicon, dawg=dawg) is None


def test_a_position_of_a_real_game_is_the_day_when_it_is_good():
    for number in range(20):
        real = daily.self_played(random.Random(number), "tr", words=lexicon, dawg=dawg)
        expected = daily.puzzle_from(real, "game", words=lexicon, dawg=dawg)
        if expected is not None:
            break
    assert expected is not None
    assert make("any day", positions=[engine.to_json(real)]) == expected
    assert expected["rack"] == real.racks[real.turn] and expected["mover"] == real.turn


def test_a_finished_game_is_no_position_and_the_bots_make_the_day():
    state = daily.self_played(random.Random(3), "tr", words=lexicon, dawg=dawg)
    state, _events = engine.apply(state, 0, {"type": "resign"}, datetime(2000, 1, 2, tzinfo=UTC), words=lexicon)
    for seed in SEEDS:
        found = make(seed, positions=[engine.to_json(state)])
        assert found is None or found["source"] == "self_play"


def test_the_day_keeps_neither_the_bag_nor_the_other_rack(puzzle):
    assert not {"bag", "racks", "shuffle_seed"} & set(puzzle)
    view = daily.view(puzzle, daily.start(puzzle, {}))
    assert view["rack"] == puzzle["rack"] and len(view["rack"]) == 7
    assert not {"bag", "racks", "unseen", "final_racks"} & set(view)


def test_the_best_placement_wins_and_shares_five_greens(puzzle):
    best = min(plays(puzzle), key=lambda found: (-found.score, found.placement))
    state = play(puzzle, bots.place_action(best))
    assert daily.finished(puzzle, state)
    assert daily.result(puzzle, state) == {"won": True, "score": puzzle["best"], "best": puzzle["best"], "steps": 1}
    assert daily.share_score(puzzle, state) == "100 %"
    assert daily.share_rows(puzzle, state) == ["\U0001f7e9" * 5]
    reveal = daily.view(puzzle, state)["reveal"]
    assert reveal["played"]["points"] == puzzle["best"] and reveal["best_moves"] == puzzle["best_moves"]


def test_a_plain_move_scores_its_share_under_the_game_s_own_name(puzzle):
    low = min(plays(puzzle), key=lambda found: (found.score, found.placement))
    action = {**bots.place_action(low), "type": "move"}
    state = play(puzzle, action)
    share = low.score * 100 // puzzle["best"]
    assert daily.result(puzzle, state) == {"won": False, "score": low.score, "best": puzzle["best"], "steps": 1}
    assert daily.share_score(puzzle, state) == f"{share} %"
    assert daily.share_rows(puzzle, state) == ["\U0001f7e9" * (share // 20) + "\u2b1b" * (5 - share // 20)]
    shared = "".join(daily.share_rows(puzzle, state)) + daily.share_score(puzzle, state)
    assert not any(ch.isalpha() for ch in shared)


def test_giving_up_scores_nothing_and_shows_the_best(puzzle):
    state = play(puzzle, {"type": "give_up"})
    assert daily.result(puzzle, state) == {"won": False, "score": 0, "best": puzzle["best"], "steps": 1}
    assert daily.view(puzzle, state)["reveal"]["best_moves"] == puzzle["best_moves"]
    with pytest.raises(DailyRefused) as refused:
        play(puzzle, {"type": "give_up"}, state)
    assert refused.value.code == "daily_over"


def _strings_and_keys(data: Any, strings: set[str], keys: set[str]) -> None:
    if isinstance(data, dict):
        keys.update(str(key) for key in data)
        for value in data.values():
            _strings_and_keys(value, strings, keys)
    elif isinstance(data, list):
        for value in data:
            _strings_and_keys(value, strings, keys)
    elif isinstance(data, str):
        strings.add(data)


@pytest.mark.parametrize("prefix", ["2026-12-07", "2026-12-08", "2026-12-09"])
def test_the_view_before_the_end_holds_nothing_of_the_best(prefix):
    found = first_made(prefix)
    view = daily.view(found, daily.start(found, {}))
    strings: set[str] = set()
    keys: set[str] = set()
    _strings_and_keys(view, strings, keys)
    assert not any(name in key for key in keys for name in ("best", "answer", "solution", "reveal", "median"))
    assert "plays" not in keys and "source" not in keys
    text = json.dumps(view, ensure_ascii=False)
    for move in found["best_moves"]:
        assert not set(move["words"]) & strings
        assert json.dumps(move["tiles"], ensure_ascii=False) not in text
        assert all(view["board"][tile["cell"] // 15][tile["cell"] % 15] is None for tile in move["tiles"])


def _tile(cell: int, letter: str, blank: bool = False) -> dict:
    return {"cell": cell, "letter": letter, "blank": blank}


def test_moves_against_the_rules_are_refused_and_change_nothing(puzzle):
    start = daily.start(puzzle, {})
    taken = next(i for i, cell in enumerate(puzzle["board"]) if cell is not None)
    far = next(
        i
        for i in range(225)
        if all(puzzle["board"][j] is None for j in range(225) if abs(j // 15 - i // 15) + abs(j % 15 - i % 15) <= 2)
    )
    letter, other = [tile for tile in puzzle["rack"] if tile != rules.BLANK][:2]
    missing = next(ch for ch in rules.TURKISH.letters if ch not in puzzle["rack"])
    best = bots.place_action(min(plays(puzzle), key=lambda found: (-found.score, found.placement)))
    cases = [
        ({"type": "place", "tiles": [_tile(taken, letter)]}, "covers_tile"),
        ({"type": "place", "tiles": [_tile(far, letter)]}, "not_connected"),
        ({"type": "place", "tiles": [{**best["tiles"][0], "letter": missing, "blank": False}]}, "not_in_rack"),
        ({"type": "place", "tiles": [_tile(far, letter), _tile(far + 16, other)]}, "not_in_line"),
        ({"type": "place", "tiles": [_tile(far, letter)] * 2}, "duplicate_cell"),
        ({"type": "place", "tiles": [_tile(225, letter)]}, "bad_cell"),
        ({"type": "place", "tiles": [_tile(far, "7")]}, "bad_letter"),
        ({"type": "place", "tiles": [_tile(far, "a" * 100_000)]}, "bad_letter"),
        ({"type": "place", "tiles": [_tile(far, letter)] * 100_000}, "not_in_rack"),
        ({"type": "place", "tiles": []}, "empty"),
        ({"type": "place", "tiles": "a" * 100_000}, "empty"),
        ({"type": "place", "tiles": [["a"]]}, "malformed"),
        ({"type": "place", "tiles": [{**_tile(far, letter), "blank": "no"}]}, "malformed"),
        ({"type": "exchange"}, "malformed"),
        ({"type": "pass"}, "malformed"),
        ("place", "malformed"),
        (None, "malformed"),
    ]
    for action, code in cases:
        snapshot = json.dumps(start)
        with pytest.raises(DailyRefused) as refused:
            daily.apply(puzzle, start, action, words=lexicon, dawg=dawg)
        assert refused.value.code == code, (code, refused.value.code)
        assert json.dumps(start) == snapshot


def test_a_word_not_in_the_dictionary_is_refused(puzzle):
    rack = [tile for tile in puzzle["rack"] if tile != rules.BLANK]
    legal = {tuple(found.placement) for found in plays(puzzle)}
    # Two rack letters side by side next to the first tile on the board: legal placements are found by the
    # generator, so any pair it does not list forms no word (or breaks no other rule: the test looks for not_a_word).
    for first in range(225):
        cells = (first, first + 1)
        if first % 15 == 14 or any(puzzle["board"][cell] is not None for cell in cells):
            continue
        placement = ((first, rack[0], False), (first + 1, rack[1], False))
        if placement in legal:
            continue
        try:
            play(puzzle, {"type": "place", "tiles": [_tile(*tile) for tile in placement]})
        except DailyRefused as refused:
            if refused.code == "not_a_word":
                return
    raise AssertionError("no placement to refuse as not a word")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pick=st.integers(min_value=-1, max_value=100_000))
def test_random_legal_play_finishes_scores_as_the_generator_and_round_trips_json(puzzle, pick):
    options = sorted(plays(puzzle), key=lambda found: found.placement)
    chosen = None if pick < 0 else options[pick % len(options)]
    action = {"type": "give_up"} if chosen is None else bots.place_action(chosen)
    state = play(puzzle, action, json.loads(json.dumps(daily.start(puzzle, {}))))
    assert daily.finished(puzzle, state)
    again = json.loads(json.dumps(state))
    assert again == state and daily.finished(puzzle, again)
    result = daily.result(puzzle, again)
    assert result["score"] == (0 if chosen is None else chosen.score) <= result["best"] == puzzle["best"]
    assert result["won"] == (result["score"] == puzzle["best"])
    assert json.loads(json.dumps(daily.view(puzzle, again)))["reveal"]["points"] == result["score"]
