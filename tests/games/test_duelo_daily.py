"""Duelo's daily (games/duelo/daily.py): the day's word, six guesses, hard mode, nothing of the word before the end."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.duelo import daily
from games.kit.daily import Daily, DailyRefused
from games.kit.wordle import AMBER, GREEN, GREY
from games.kit.words import WordSet
from wordlists.lexicon import lexicon

VALID = WordSet(("bollo", "perro", "gatos", "carta", "corte", "barco", "broma", "pollo", "bolso", "torta"))


def words(slug: str):
    if slug.startswith("duelo-es"):
        return VALID
    return lexicon(slug)


def puzzle(word: str = "bollo") -> dict:
    return {"language": "es", "word": word, "shown": word}


def play(state: dict, *guesses: str, hidden: str = "bollo") -> dict:
    for guess in guesses:
        state = daily.apply(puzzle(hidden), state, {"type": "guess", "word": guess}, words=words)
    return state


def test_the_module_is_a_daily():
    assert isinstance(daily, Daily)


def test_a_seed_gives_one_word_a_day_the_same_for_everyone_in_each_language():
    for language in daily.variants():
        first = daily.make_puzzle(random.Random("2026-12-07"), language, words=lexicon)
        again = daily.make_puzzle(random.Random("2026-12-07"), language, words=lexicon)
        assert first == again and first is not None
        assert first["language"] == language
        assert first["word"] in lexicon(f"duelo-{language}-5-valid") or language == "ko"


def test_an_unknown_language_is_a_mistake_of_the_caller():
    with pytest.raises(ValueError):
        daily.make_puzzle(random.Random(1), "xx", words=lexicon)


def test_a_solve_in_three_scores_as_wordle_and_shares_squares_only():
    state = play(daily.start(puzzle(), {}), "perro", "bolso", "bollo")
    assert daily.finished(puzzle(), state)
    assert daily.result(puzzle(), state) == {"won": True, "score": 4, "best": 6, "steps": 3}
    assert daily.share_score(puzzle(), state) == "3/6"
    rows = daily.share_rows(puzzle(), state)
    assert rows[-1] == "\U0001f7e9" * 5 and len(rows) == 3
    assert not any(letter in "".join(rows) for letter in "bolpers")


def test_six_misses_lose_and_the_word_is_shown_only_then():
    state = daily.start(puzzle(), {})
    misses = ["perro", "gatos", "carta", "corte", "barco", "broma"]
    for number, guess in enumerate(misses, start=1):
        view = daily.view(puzzle(), state)
        assert view["hidden"] is None and "bollo" not in json.dumps(view)
        state = play(state, guess)
        assert len(state["rows"]) == number
    assert daily.finished(puzzle(), state)
    assert daily.view(puzzle(), state)["hidden"]["shown"] == "bollo"
    assert daily.result(puzzle(), state)["won"] is False
    assert daily.share_score(puzzle(), state) == "X/6"


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "guess", "word": "zzzzz"}, "not_in_list"),
        ({"type": "guess", "word": "bol"}, "wrong_length"),
        ({"type": "guess", "word": "b0ll0"}, "not_letters"),
        ({"type": "guess", "word": "x" * 500}, "wrong_length"),
        ({"type": "guess", "word": 12345}, "malformed"),
        ({"type": "jump"}, "malformed"),
        ("bollo", "malformed"),
    ],
)
def test_a_refused_guess_spends_nothing(action, code):
    state = play(daily.start(puzzle(), {}), "perro")
    with pytest.raises(DailyRefused) as refused:
        daily.apply(puzzle(), state, action, words=words)
    assert refused.value.code == code
    assert len(state["rows"]) == 1


def test_no_guess_after_the_end():
    state = play(daily.start(puzzle(), {}), "bollo")
    with pytest.raises(DailyRefused) as refused:
        play(state, "perro")
    assert refused.value.code == "daily_over"


def test_hard_mode_keeps_greens_in_place_and_uses_ambers():
    hard = daily.start(puzzle(), {"hard": True})
    state = play(hard, "pollo")  # p grey, o l l o green
    assert [row["marks"] for row in state["rows"]] == [[GREY, GREEN, GREEN, GREEN, GREEN]]
    with pytest.raises(DailyRefused) as refused:
        play(state, "perro")
    assert refused.value.code == "hard_mode" and refused.value.params == {"position": 2, "letter": "O"}
    assert daily.share_score(puzzle(), play(state, "bollo")) == "2/6*"
    state = play(hard, "broma", hidden="torta")  # r and o amber, a green
    assert state["rows"][0]["marks"] == [GREY, AMBER, AMBER, GREY, GREEN]
    with pytest.raises(DailyRefused) as refused:
        play(state, "carta", hidden="torta")  # keeps the a and the r, drops the o
    assert refused.value.code == "hard_mode" and refused.value.params == {"letter": "O"}
    assert len(play(state, "torta", hidden="torta")["rows"]) == 2


def test_easy_mode_takes_any_word_of_the_list():
    state = play(daily.start(puzzle(), {}), "pollo", "perro")
    assert len(state["rows"]) == 2


@pytest.mark.parametrize("options", [{"hard": "yes"}, {"colour": "red"}, ["hard"]])
def test_an_unknown_option_is_refused(options):
    with pytest.raises(DailyRefused):
        daily.start(puzzle(), options)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(guesses=st.lists(st.sampled_from(VALID.words), min_size=1, max_size=10), hard=st.booleans())
def test_random_play_always_ends_within_six_and_round_trips_json(guesses, hard):
    state = daily.start(puzzle(), {"hard": hard})
    for guess in guesses:
        if daily.finished(puzzle(), state):
            break
        try:
            state = play(state, guess)
        except DailyRefused as refused:
            assert refused.code == "hard_mode"
        assert json.loads(json.dumps(state)) == state
        assert len(state["rows"]) <= 6
    if daily.finished(puzzle(), state):
        assert daily.view(puzzle(), state)["hidden"] is not None
    else:
        assert "bollo" not in json.dumps(daily.view(puzzle(), state))
