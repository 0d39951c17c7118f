"""Torneo's daily (games/torneo/daily.py): the day's duel against the hard bot on a shared board, the player first,
one life; the same bot for everyone, and nothing of the word before the duel is over."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kit import wordle
from games.kit.daily import Daily, DailyRefused
from games.torneo import daily, engine
from wordlists import alphabets
from wordlists.lexicon import lexicon

# Five-letter Spanish words of the valid list, none of them the hidden word "queso".
MISSES = ("perro", "gatos", "barco", "playa", "mundo", "cielo", "fuego", "tigre", "campo", "bollo", "nieve", "piano")
PERSON, ROBOT = "\U0001f9d1", "\U0001f916"


def puzzle(word: str = "queso", bot: str = "00c0ffee00c0ffee") -> dict:
    return {"language": "es", "length": 5, "word": word, "shown": word, "bot": bot}


def guess(state: dict, word: str, *, on: dict | None = None) -> dict:
    return daily.apply(on or puzzle(), state, {"type": "guess", "word": word}, words=lexicon)


def play(*words: str, on: dict | None = None) -> dict:
    state = daily.start(on or puzzle(), {})
    for word in words:
        state = guess(state, word, on=on)
    return state


def test_the_module_is_a_daily():
    assert isinstance(daily, Daily)
    assert tuple(daily.variants()) == engine.LANGUAGES


@pytest.mark.parametrize("language", engine.LANGUAGES)
def test_a_seed_gives_the_same_duel_to_everyone_from_the_hidden_list(language):
    first = daily.make_puzzle(random.Random(f"2026-12-07:{language}"), language, words=lexicon)
    again = daily.make_puzzle(random.Random(f"2026-12-07:{language}"), language, words=lexicon)
    assert first is not None and first == again
    valid, hidden = engine.list_slugs(language, first["length"])
    assert first["word"] in lexicon(hidden) and first["word"] in lexicon(valid)
    assert alphabets.length(language, first["word"]) == first["length"]
    assert json.loads(json.dumps(first)) == first


def test_the_day_draws_four_five_or_six_letters_as_a_duel_does():
    made = [daily.make_puzzle(random.Random(seed), "en", words=lexicon) for seed in range(60)]
    lengths = Counter(puzzle["length"] for puzzle in made if puzzle is not None)
    assert set(lengths) == {4, 5, 6}
    assert len({puzzle["bot"] for puzzle in made if puzzle is not None}) == len(made)


def test_an_unknown_language_is_a_mistake_of_the_caller():
    with pytest.raises(ValueError):
        daily.make_puzzle(random.Random(1), "xx", words=lexicon)


def test_a_solve_on_the_first_guess_wins_at_once_and_the_bot_never_plays():
    state = play("queso")
    assert daily.finished(puzzle(), state)
    assert [row["seat"] for row in state["rows"]] == [daily.YOU]
    assert daily.result(puzzle(), state) == {"won": True, "score": 6, "best": 6, "steps": 1}
    assert daily.share_score(puzzle(), state) == "1/6"
    assert daily.share_rows(puzzle(), state) == [f"{PERSON} " + "\U0001f7e9" * 5]
    seen = daily.view(puzzle(), state)
    assert seen["won"] and seen["winner"] == daily.YOU and seen["hidden"]["shown"] == "queso"


def test_each_miss_gets_the_bots_reply_on_the_same_board():
    state = play("perro")
    first, reply = state["rows"]
    assert (first["seat"], reply["seat"]) == (daily.YOU, daily.BOT)
    assert reply["word"] in lexicon("torneo-es-5-valid") and len(reply["marks"]) == 5
    seen = daily.view(puzzle(), state)
    assert seen["to_play"] == daily.YOU
    assert seen["turns_left"] == {"0": 5, "1": 5}
    assert [row["seat"] for row in seen["rows"]] == [0, 1]
    assert seen["rows"][1]["marks"] == reply["marks"]  # the player reads the bot's marks: the board is shared


def test_the_hard_bot_reads_both_sides_rows_and_plays_only_words_that_could_be_the_answer():
    state = play("perro", "gatos")
    rows = [(alphabets.letters("es", row["word"]), row["marks"]) for row in state["rows"]]
    for number, row in enumerate(state["rows"]):
        assert row["marks"] == list(wordle.feedback(rows[number][0], alphabets.letters("es", "queso")))
        if row["seat"] == daily.BOT:
            assert wordle.consistent(rows[number][0], rows[:number])


def english(bot: int) -> dict:
    return {"language": "en", "length": 5, "word": "berth", "shown": "berth", "bot": f"{bot:016x}"}


def test_two_players_with_the_same_guesses_meet_the_same_bot():
    for bot in range(6):
        alice = daily.start(english(bot), {})
        bob = daily.start(english(bot), {})
        for word in ("fuzzy", "chimp"):
            if daily.finished(english(bot), alice):
                break
            alice = guess(alice, word, on=english(bot))
            bob = guess(json.loads(json.dumps(bob)), word, on=english(bot))  # bob's state was stored in between
        assert alice == bob


def test_the_bots_reply_is_the_puzzles_not_a_constant():
    # After "fuzzy" many words fit: which the hard bot plays comes from the day's seed.
    replies = {guess(daily.start(english(bot), {}), "fuzzy", on=english(bot))["rows"][1]["word"] for bot in range(10)}
    assert len(replies) > 1


def test_when_the_bot_solves_first_the_daily_is_lost_and_the_word_shown():
    state = daily.start(puzzle(), {})
    for word in MISSES:
        state = guess(state, word)
        if daily.finished(puzzle(), state):
            break
    assert daily.finished(puzzle(), state)
    last = state["rows"][-1]
    assert last["seat"] == daily.BOT and last["word"] == "queso"  # the hard bot solves this word within six
    assert daily.result(puzzle(), state)["won"] is False
    assert daily.result(puzzle(), state)["score"] == 0
    assert daily.share_score(puzzle(), state) == "X/6"
    rows = daily.share_rows(puzzle(), state)
    assert rows[-1] == f"{ROBOT} " + "\U0001f7e9" * 5
    assert [row[0] for row in rows] == [PERSON, ROBOT] * (len(rows) // 2)
    assert not any(letter in "".join(rows) for letter in "abcdefghijklmnopqrstuvwxyz")
    seen = daily.view(puzzle(), state)
    assert seen["winner"] == daily.BOT and not seen["won"] and seen["hidden"]["shown"] == "queso"


def test_a_full_board_without_a_solve_is_a_draw_and_costs_the_life():
    grey = ["grey"] * 5
    rows = [{"seat": n % 2, "word": "perro", "shown": "perro", "marks": grey} for n in range(12)]
    state = {"rows": rows}
    assert engine.duel_end(12, grey) == engine.DRAW and engine.duel_end(11, grey) is None
    assert daily.finished(puzzle(), state)
    assert daily.view(puzzle(), state)["end"] == engine.DRAW
    assert daily.result(puzzle(), state) == {"won": False, "score": 0, "best": 6, "steps": 6}
    assert daily.share_score(puzzle(), state) == "X/6"


def test_nothing_of_the_word_or_the_bots_seed_is_in_a_view_before_the_end():
    state = daily.start(puzzle(), {})
    for word in MISSES:
        seen = json.dumps(daily.view(puzzle(), state), ensure_ascii=False)
        assert "queso" not in seen and puzzle()["bot"] not in seen
        assert daily.view(puzzle(), state)["hidden"] is None
        state = guess(state, word)
        if daily.finished(puzzle(), state):
            break
    assert daily.view(puzzle(), state)["hidden"] == {"shown": "queso", "letters": list("queso")}


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "guess", "word": "zzzzz"}, "not_in_list"),
        ({"type": "guess", "word": "pez"}, "wrong_length"),
        ({"type": "guess", "word": "perros"}, "wrong_length"),
        ({"type": "guess", "word": "p3rro"}, "not_letters"),
        ({"type": "guess", "word": "x" * 500}, "wrong_length"),
        ({"type": "guess", "word": 12345}, "malformed"),
        ({"type": "guess"}, "malformed"),
        ({"type": "leave"}, "malformed"),
        ("perro", "malformed"),
    ],
)
def test_a_refused_guess_changes_nothing(action, code):
    state = play("perro")
    before = copy.deepcopy(state)
    with pytest.raises(DailyRefused) as refused:
        daily.apply(puzzle(), state, action, words=lexicon)
    assert refused.value.code == code
    assert state == before


def test_no_guess_after_the_end():
    state = play("queso")
    before = copy.deepcopy(state)
    with pytest.raises(DailyRefused) as refused:
        guess(state, "perro")
    assert refused.value.code == "daily_over" and state == before


@pytest.mark.parametrize("options", [{"hard": True}, ["hard"]])
def test_the_duel_has_no_options(options):
    with pytest.raises(DailyRefused):
        daily.start(puzzle(), options)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    guesses=st.lists(st.sampled_from((*MISSES, "queso", "zzzzz")), min_size=1, max_size=14),
    bot=st.sampled_from(("0000000000000001", "00c0ffee00c0ffee", "ffffffffffffffff")),
)
def test_random_play_always_ends_within_the_board_and_round_trips_json(guesses, bot):
    on = puzzle(bot=bot)
    state = daily.start(on, {})
    for word in guesses:
        if daily.finished(on, state):
            break
        try:
            state = guess(state, word, on=on)
        except DailyRefused as refused:
            assert refused.code == "not_in_list"
        assert json.loads(json.dumps(state)) == state
        assert len(state["rows"]) <= 2 * engine.TURNS_EACH
        assert [row["seat"] for row in state["rows"]] == [n % 2 for n in range(len(state["rows"]))]
    while not daily.finished(on, state):  # a player who keeps guessing always reaches the end
        state = guess(state, MISSES[len(state["rows"]) // 2], on=on)
    result = daily.result(on, state)
    solved_by_you = state["rows"][-1]["seat"] == daily.YOU and wordle.is_solved(state["rows"][-1]["marks"])
    assert result["steps"] <= engine.TURNS_EACH and result["won"] == solved_by_you == (result["score"] > 0)
    assert daily.view(on, state)["hidden"] is not None
