"""Duelo bots (games/duelo/bots.py): valid words only, they use their hints, hard beats easy, no peeking."""

from __future__ import annotations

import random
import statistics
from datetime import UTC, datetime, timedelta

import pytest

from games.duelo import bots, engine
from games.kit import wordle, wordle_bots
from games.kit.errors import IllegalMove
from games.kit.words import WordSet
from games.runtime.registry import BOTS
from wordlists.lexicon import lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
LANGUAGES = ("tr", "en", "fr", "es", "ru", "ko")


def _opened(language: str, seats: int, rng: random.Random, **chosen) -> engine.State:
    state = engine.new_game({"language": language, "rounds": 1, **chosen}, seats, rng, T0, words=lexicon)
    state, _ = engine.advance(state, engine.next_deadline(state))
    return state


@pytest.mark.parametrize("language", LANGUAGES)
def test_bots_play_only_valid_words_and_every_guess_is_accepted(language: str) -> None:
    """A whole match of three bots, one per level, on the real lists, with human-like delays."""
    valid = lexicon(f"duelo-{language}-5-valid")
    for seed in range(3):
        rng = random.Random(seed)
        state = engine.new_game({"language": language, "rounds": 3}, 3, rng, T0, words=lexicon)
        wake = [T0 + timedelta(seconds=bots.think_seconds(level, rng)) for level in bots.LEVELS]
        while state.phase != engine.FINISHED:
            seat = min(range(3), key=lambda s: wake[s])
            deadline = engine.next_deadline(state)
            if deadline <= wake[seat]:
                state, _ = engine.advance(state, deadline)
                continue
            state, _ = engine.advance(state, wake[seat])
            action = bots.bot_action(state, seat, bots.LEVELS[seat], rng, words=lexicon)
            if action is not None:
                assert action["word"] in valid
                state, _ = engine.apply(state, seat, action, wake[seat], words=lexicon)  # never IllegalMove
            wake[seat] += timedelta(seconds=max(1.0, bots.think_seconds(bots.LEVELS[seat], rng)))
        result = engine.outcome(state)
        assert len(result.seat_rounds[0]) == 3


def _guesses_to_solve(language: str, level: str, seed: int) -> int:
    """How many rows a bot alone needs on a random hidden word (7 when it fails)."""
    rng = random.Random(seed)
    state = _opened(language, 2, rng)
    now = state.current.opens_at
    while (action := bots.bot_action(state, 0, level, rng, words=lexicon)) is not None:
        now += timedelta(seconds=1)
        state, _ = engine.apply(state, 0, action, now, words=lexicon)
    grid = state.current.seats[0]
    assert grid.done
    return len(grid.rows) if grid.solved else 7


@pytest.mark.parametrize("language", ["es", "ru"])
def test_hard_solves_in_fewer_guesses_than_easy(language: str) -> None:
    averages = {
        level: statistics.mean(_guesses_to_solve(language, level, seed) for seed in range(25)) for level in bots.LEVELS
    }
    assert averages[bots.HARD] < averages[bots.EASY]
    assert averages[bots.MEDIUM] < averages[bots.EASY]
    assert averages[bots.HARD] < 4.2  # a strong player; a fixed bar so that a weakened bot is noticed


@pytest.mark.parametrize("level", bots.LEVELS)
def test_a_bot_keeps_to_words_that_fit_its_hints(level: str) -> None:
    """Medium and hard always guess a word that fits every mark; easy does on its last two rows. Medium
    guesses a word it knows (the commonest of the list) whenever one fits."""
    known = lexicon("duelo-es-5-common").words[: wordle_bots.MEDIUM_WORDS]
    for seed in range(15):
        rng = random.Random(seed)
        state = _opened("es", 2, rng)
        now = state.current.opens_at
        while (action := bots.bot_action(state, 0, level, rng, words=lexicon)) is not None:
            rows = [(r.word, r.marks) for r in state.current.seats[0].rows]
            fits = all(list(wordle.feedback(g, action["word"])) == m for g, m in rows)
            must_fit = {
                bots.EASY: len(rows) >= engine.MAX_GUESSES - 2,
                bots.MEDIUM: True,
                bots.HARD: len(rows) == engine.MAX_GUESSES - 1,
            }[level]
            if must_fit:
                assert fits, (level, action, rows)
            if level == bots.MEDIUM and any(
                all(list(wordle.feedback(g, word)) == m for g, m in rows) and word not in dict(rows) for word in known
            ):
                assert action["word"] in known, (action, rows)
            now += timedelta(seconds=1)
            state, _ = engine.apply(state, 0, action, now, words=lexicon)


def test_a_bot_never_peeks_at_the_hidden_word() -> None:
    """Same rows and marks, another hidden word behind them: the same guess."""
    rng = random.Random(5)
    state = _opened("es", 2, rng, hidden_words=["perro"])
    opens = state.current.opens_at
    state, _ = engine.apply(state, 0, {"type": "guess", "word": "gatos"}, opens, words=lexicon)
    other = engine.from_json(engine.to_json(state))
    other.current.hidden = other.hidden_words[0] = "cerro"  # gatos scores the same against cerro
    other.current.shown = other.hidden_shown[0] = "cerro"
    assert wordle.feedback("gatos", "cerro") == wordle.feedback("gatos", "perro")
    for level in bots.LEVELS:
        first = bots.bot_action(state, 0, level, random.Random(9), words=lexicon)
        second = bots.bot_action(other, 0, level, random.Random(9), words=lexicon)
        assert first == second, level


def test_a_bot_waits_for_the_card_and_stops_when_done() -> None:
    rng = random.Random(1)
    state = engine.new_game({"language": "es", "rounds": 1, "hidden_words": ["perro"]}, 2, rng, T0, words=lexicon)
    assert bots.bot_action(state, 0, bots.HARD, rng, words=lexicon) is None  # start card
    state, _ = engine.advance(state, engine.next_deadline(state))
    state, _ = engine.apply(state, 0, {"type": "guess", "word": "perro"}, state.current.opens_at, words=lexicon)
    assert bots.bot_action(state, 0, bots.HARD, rng, words=lexicon) is None  # solved
    with pytest.raises(ValueError):
        bots.bot_action(state, 1, "expert", rng, words=lexicon)


def test_harder_bots_think_faster() -> None:
    rng = random.Random(0)
    means = {level: statistics.mean(bots.think_seconds(level, rng) for _ in range(500)) for level in bots.LEVELS}
    assert means[bots.HARD] < means[bots.MEDIUM] < means[bots.EASY]
    assert all(1 < bots.think_seconds(level, rng) < 30 for level in bots.LEVELS)


def test_bots_with_a_hand_made_list() -> None:
    lists = {
        "duelo-es-5-valid": WordSet(("perro", "perra", "parra", "gatos", "torre")),
        "duelo-es-5-hidden": WordSet(("perro", "perra", "torre")),
    }
    for level in bots.LEVELS:
        rng = random.Random(3)
        state = engine.new_game({"language": "es", "rounds": 1}, 2, rng, T0, words=lists.__getitem__)
        state, _ = engine.advance(state, engine.next_deadline(state))
        now = state.current.opens_at
        while (action := bots.bot_action(state, 0, level, rng, words=lists.__getitem__)) is not None:
            now += timedelta(seconds=1)
            try:
                state, _ = engine.apply(state, 0, action, now, words=lists.__getitem__)
            except IllegalMove as error:
                pytest.fail(f"{level} bot played an illegal move: {error}")
        assert state.current.seats[0].done


def test_the_bot_registry_serves_duelo_bots() -> None:
    assert BOTS["duelo"] is bots


def test_easy_and_medium_guess_words_they_know_and_hard_any_word_of_the_list() -> None:
    """Issue 21: the first guess of easy and medium is one of the list's common words; hard, which knows the
    whole list and that answers come from the hidden one, opens with a likely answer the others do not know."""
    lists = {
        "duelo-es-5-valid": WordSet(("perro", "perra", "parra", "gatos", "torre", "tropa")),
        "duelo-es-5-hidden": WordSet(("perro", "perra", "parra", "torre")),
        "duelo-es-5-common": WordSet(("gatos", "tropa")),
    }
    words = lists.__getitem__
    firsts: dict[str, set[str]] = {level: set() for level in bots.LEVELS}
    for seed in range(20):
        rng = random.Random(seed)
        state = engine.new_game({"language": "es", "rounds": 1}, 2, rng, T0, words=words)
        state, _ = engine.advance(state, engine.next_deadline(state))
        for level in bots.LEVELS:
            firsts[level].add(bots.bot_action(state, 0, level, random.Random(seed), words=words)["word"])
    assert firsts[bots.EASY] <= {"gatos", "tropa"} and firsts[bots.MEDIUM] <= {"gatos", "tropa"}
    assert firsts[bots.HARD] - {"gatos", "tropa"}


@pytest.mark.parametrize("level", [bots.EASY, bots.MEDIUM])
def test_on_the_real_list_easy_and_medium_open_with_a_common_word(level: str) -> None:
    known = set(lexicon("duelo-en-5-common").words[: wordle_bots.VOCABULARY[level]])
    for seed in range(20):
        rng = random.Random(seed)
        state = _opened("en", 2, rng)
        assert bots.bot_action(state, 0, level, rng, words=lexicon)["word"] in known
