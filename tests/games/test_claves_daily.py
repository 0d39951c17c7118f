"""Claves a Dúo's daily (games/claves/daily.py): the day's board and maps, the same for every pair, played as a room;
the engine takes them fixed (and refuses a bad board) and still shows each partner only their own map."""

from __future__ import annotations

import json
import random
from collections import Counter
from datetime import UTC, datetime
from typing import Any

import pytest

from games.claves import daily, engine
from games.claves.engine import EMPTY, KEY, TRAP
from wordlists.lexicon import lexicon

T0 = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)
FAMILIAR = lexicon(engine.list_slug("familiar"))


def day_puzzle(seed: int | str = "2026-12-07") -> dict[str, Any]:
    """The first candidate that passes the quality check from this seed's generator (as the daily app's maker
    does with its attempts)."""
    for attempt in range(50):
        made = daily.make_puzzle(random.Random(f"{seed}:{attempt}"), "", words=lexicon)
        if made is not None:
            return made
    raise AssertionError("no board in 50 candidates")


def game(puzzle: dict[str, Any], seed: int = 0) -> engine.State:
    settings = {**daily.room_settings(puzzle), **daily.match_settings(puzzle)}
    return engine.new_game(settings, 2, random.Random(seed), T0, words=lexicon)


def act(state: engine.State, seat: int, action: dict[str, Any]) -> engine.State:
    after, _events = engine.apply(state, seat, action, T0, words=lexicon)
    return engine.from_json(json.loads(json.dumps(engine.to_json(after))))


def touch_every_key_of_the_giver(state: engine.State) -> engine.State:
    state = act(state, state.giver, {"type": "clue", "word": "xilofono", "number": 9})
    giver = state.giver
    for cell in range(engine.BOARD_SIZE):
        if state.phase == engine.GUESS and state.maps[giver][cell] == KEY and state.touchable(cell):
            state = act(state, state.guesser, {"type": "guess", "cell": cell})
    return state


def test_a_seed_gives_the_same_board_and_maps_and_the_quality_holds():
    first, again = day_puzzle(), day_puzzle()
    assert first == again
    assert json.loads(json.dumps(first)) == first
    assert first["level"] == "familiar" and first["turns"] == 9
    board = first["board"]
    assert len(set(board)) == 25 and all(word in FAMILIAR for word in board)
    assert Counter(zip(*first["maps"], strict=True)) == Counter({(a, b): n for a, b, n in engine.LAYOUT})
    assert daily.close_pairs(board, lexicon(engine.NOUNS_LIST)) == []


def test_the_maker_turns_down_boards_with_words_too_close_and_keeps_most():
    made = [daily.make_puzzle(random.Random(seed), "", words=lexicon) for seed in range(200)]
    kept = [puzzle for puzzle in made if puzzle is not None]
    assert 0 < len(made) - len(kept) < len(made) // 3  # about one in seven is turned down
    assert all(daily.close_pairs(puzzle["board"], lexicon(engine.NOUNS_LIST)) == [] for puzzle in kept)
    turned_down = [
        engine.draw_board(FAMILIAR, random.Random(seed)) for seed, puzzle in enumerate(made) if puzzle is None
    ]
    assert all(daily.close_pairs(board, lexicon(engine.NOUNS_LIST)) for board in turned_down)


@pytest.mark.parametrize(
    ("first", "second", "close"),
    [
        ("pantalon", "pantalla", True),  # the same start
        ("oro", "corona", True),  # one inside the other
        ("cama", "camaleon", True),
        ("gato", "gatos", True),  # an obvious variant
        ("pez", "peces", True),
        ("sol", "luna", False),
        ("mar", "rama", False),
        ("pan", "pez", False),
    ],
)
def test_words_too_close_for_one_board(first, second, close):
    assert daily.too_close(first, second) is close
    assert daily.too_close(second, first) is close


def test_the_one_variant_and_the_answers_are_the_maps():
    puzzle = day_puzzle()
    assert tuple(daily.variants()) == ("",)
    assert daily.answers(puzzle) == {"maps": puzzle["maps"]}
    with pytest.raises(ValueError):
        daily.make_puzzle(random.Random(1), "en", words=lexicon)


def test_the_rooms_settings_hold_no_map_and_are_a_rooms_options():
    puzzle = day_puzzle()
    room = daily.room_settings(puzzle)
    assert room == {"level": "familiar", "turns": 9} == engine.make_settings(room)
    assert not {KEY, TRAP, EMPTY} & set(strings(room)) and "maps" not in room and "board" not in room
    assert daily.match_settings(puzzle)["maps"] == puzzle["maps"]


def test_every_pair_of_the_day_plays_the_same_board_and_maps():
    puzzle = day_puzzle()
    games = [game(puzzle, seed) for seed in range(6)]
    for state in games:
        assert state.words == puzzle["board"] and state.maps == puzzle["maps"]
        assert state.shown == [FAMILIAR.display(word) for word in puzzle["board"]]
        assert engine.drawn_words(state) == puzzle["board"]
    assert {state.first_giver for state in games} == {0, 1}  # who gives first is still the pair's draw


def test_a_fixed_board_still_shows_each_partner_only_their_own_map():
    puzzle = day_puzzle()
    state = game(puzzle)
    for seat in (0, 1):
        seen = engine.view(state, seat)
        assert seen["map"] == puzzle["maps"][seat] and seen["maps"] is None
        assert [cell["mine"] for cell in seen["board"]] == puzzle["maps"][seat]
        assert [cell["word"] for cell in seen["board"]] == [FAMILIAR.display(word) for word in puzzle["board"]]
    watcher = engine.view(state, None)
    assert watcher["map"] is None and watcher["maps"] is None
    assert all(cell["mine"] is None for cell in watcher["board"])
    assert not {KEY, TRAP, EMPTY} & set(strings(watcher))  # no cell's kind on any map, anywhere in the view


def strings(data: Any) -> list[str]:
    """Every string value in a view, however deep."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [text for value in data.values() for text in strings(value)]
    if isinstance(data, list):
        return [text for value in data for text in strings(value)]
    return []


def test_a_fixed_board_survives_json_and_the_moves():
    state = game(day_puzzle())
    back = engine.from_json(json.loads(json.dumps(engine.to_json(state))))
    assert engine.to_json(back) == engine.to_json(state)
    assert touch_every_key_of_the_giver(back).uncovered


def _bad(puzzle: dict[str, Any], **change: Any) -> dict[str, Any]:
    return {**daily.room_settings(puzzle), **daily.match_settings(puzzle), **change}


@pytest.mark.parametrize(
    "change",
    [
        lambda p: {"board": p["board"][:24]},
        lambda p: {"board": [*p["board"][:24], p["board"][0]]},
        lambda p: {"board": [*p["board"][:24], "xilofono"]},
        lambda p: {"board": [*p["board"][:24], 7]},
        lambda p: {"board": "abc"},
        lambda p: {"maps": p["maps"][:1]},
        lambda p: {"maps": [p["maps"][0], p["maps"][0]]},  # both maps alike: not the rules' overlap
        lambda p: {"maps": [p["maps"][0][:24], p["maps"][1][:24]]},
        lambda p: {"maps": [["key"] * 25, ["trap"] * 25]},
        lambda p: {"maps": None},
    ],
)
def test_a_bad_fixed_board_is_refused(change):
    puzzle = day_puzzle()
    with pytest.raises(ValueError):
        engine.new_game(_bad(puzzle, **change(puzzle)), 2, random.Random(0), T0, words=lexicon)


def test_a_board_without_its_maps_is_refused():
    puzzle = day_puzzle()
    settings = {**daily.room_settings(puzzle), "board": puzzle["board"]}
    with pytest.raises(ValueError):
        engine.new_game(settings, 2, random.Random(0), T0, words=lexicon)


def test_a_board_word_may_be_given_with_its_accents():
    puzzle = day_puzzle()
    shown = [FAMILIAR.display(word) for word in puzzle["board"]]
    state = engine.new_game(_bad(puzzle, board=shown), 2, random.Random(0), T0, words=lexicon)
    assert state.words == puzzle["board"]


def test_a_pair_that_finds_every_key_in_two_turns_has_the_best_result():
    state = touch_every_key_of_the_giver(game(day_puzzle()))
    state = act(state, state.guesser, {"type": "end_turn"}) if state.phase == engine.GUESS else state
    state = touch_every_key_of_the_giver(state)
    assert state.phase == engine.FINISHED and state.result == engine.WON
    assert daily.pair_result(state) == {"won": True, "score": 7, "best": 7, "steps": 2}
    assert daily.pair_result(engine.to_json(state)) == daily.pair_result(state)


def test_a_trap_loses_and_scores_nothing():
    state = game(day_puzzle())
    state = act(state, state.giver, {"type": "clue", "word": "xilofono", "number": 1})
    trap = state.maps[state.giver].index(TRAP)
    state = act(state, state.guesser, {"type": "guess", "cell": trap})
    assert daily.pair_result(state) == {"won": False, "score": 0, "best": 7, "steps": 1}


def test_a_stopped_game_is_not_won_and_a_running_one_has_no_result():
    state = game(day_puzzle())
    with pytest.raises(ValueError):
        daily.pair_result(state)
    stopped, _events = engine.stop(state, T0, engine.INTERRUPTED)
    assert daily.pair_result(stopped) == {"won": False, "score": 0, "best": 7, "steps": 0}
