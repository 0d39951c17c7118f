"""Torneo bots (games/torneo/bots.py): valid words only, only on their turn, they read the whole shared board,
they think inside the 30 s turn, and hard beats easy."""

from __future__ import annotations

import random
import statistics
from datetime import UTC, datetime, timedelta

import pytest

from games.kit import wordle, wordle_bots
from games.torneo import bots, engine
from wordlists import alphabets
from wordlists.lexicon import lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def _play_tournament(language: str, seed: int, levels: list[str], check=None) -> engine.State:
    """A whole tournament of bots on the real lists, each guessing after its think time.

    `check(state)` runs before every step, on the state as the runtime would see it then.
    """
    rng = random.Random(seed)
    state = engine.new_game({"language": language}, len(levels), rng, T0, words=lexicon)
    planned: dict[int, tuple[str, datetime]] = {}  # seat -> (token, when it guesses)
    while state.phase != engine.FINISHED:
        if check is not None:
            check(state)
        for seat, level in enumerate(levels):
            token = bots.bot_turn(state, seat)
            if token is not None and planned.get(seat, ("",))[0] != token:
                duel = next(d for d in state.current.duels if seat in d.seats)
                planned[seat] = (token, duel.turn_started_at + timedelta(seconds=bots.think_seconds(level, rng)))
        due = [(when, seat) for seat, (token, when) in planned.items() if bots.bot_turn(state, seat) == token]
        deadline = engine.next_deadline(state)
        if due and min(due)[0] < deadline:
            now, seat = min(due)
            state, _ = engine.advance(state, now)
            action = bots.bot_action(state, seat, levels[seat], rng, words=lexicon)
            assert action is not None
            duel = next(d for d in state.current.duels if seat in d.seats)
            assert action["word"] in lexicon(engine.list_slugs(language, duel.length)[0])
            state, _ = engine.apply(state, seat, action, now, words=lexicon)  # never IllegalMove
        else:
            state, _ = engine.advance(state, deadline)
    return state


@pytest.mark.parametrize("language", ["es", "en"])
def test_bots_play_whole_tournaments_and_every_guess_is_accepted(language: str) -> None:
    levels = [bots.EASY, bots.MEDIUM, bots.HARD, bots.HARD, bots.MEDIUM, bots.EASY, bots.MEDIUM, bots.HARD]
    for seed in range(2):
        state = _play_tournament(language, seed, levels)
        result = engine.outcome(state)
        assert result.winners, "a tournament of bots ends with a winner"
        # No bot ever lost a turn to the clock: every row of every duel carries a word.
        assert all(row.word is not None for r in state.rounds for d in r.duels for row in d.rows)


def test_a_bot_acts_only_on_its_own_turn_in_its_duel() -> None:
    levels = [bots.HARD, bots.EASY, bots.MEDIUM, bots.HARD, bots.EASY, bots.MEDIUM, bots.HARD]  # one bye
    rng = random.Random(99)
    seen = {"intro": 0, "waiting": 0, "to_play": 0, "bye": 0, "out": 0}

    def check(state: engine.State) -> None:
        for seat, level in enumerate(levels):
            token = bots.bot_turn(state, seat)
            action = bots.bot_action(state, seat, level, rng, words=lexicon)
            assert (token is None) == (action is None)
            duel = next((d for d in state.current.duels if seat in d.seats), None)
            owes = (
                state.phase == engine.PLAYING
                and duel is not None
                and not duel.over
                and duel.to_play == seat
                and state.out_round[seat] is None
            )
            assert (token is not None) == owes
            if state.phase == engine.INTRO:
                seen["intro"] += 1
            elif state.out_round[seat] is not None:
                seen["out"] += 1
            elif duel is None:
                seen["bye"] += 1
            elif owes:
                seen["to_play"] += 1
                assert token == f"{state.current.number}:{len(duel.rows)}"
            else:
                seen["waiting"] += 1

    _play_tournament("es", 7, levels, check)
    assert all(seen.values()), seen  # every situation came up


def test_think_times_fit_the_turn_and_harder_is_faster() -> None:
    rng = random.Random(3)
    samples = {level: [bots.think_seconds(level, rng) for _ in range(2000)] for level in bots.LEVELS}
    for level, (low, high) in {bots.EASY: (8, 16), bots.MEDIUM: (5, 11), bots.HARD: (3, 8)}.items():
        assert low <= min(samples[level]) and max(samples[level]) <= high < engine.TURN_SECONDS
    assert (
        statistics.mean(samples[bots.HARD])
        < statistics.mean(samples[bots.MEDIUM])
        < statistics.mean(samples[bots.EASY])
    )


def _opened_duel(seed: int) -> tuple[engine.State, engine.Duel, random.Random]:
    rng = random.Random(seed)
    state = engine.new_game({"language": "es"}, 2, rng, T0, words=lexicon)
    state, _ = engine.advance(state, engine.next_deadline(state))
    return state, state.current.duels[0], rng


def _rows_to_solve(level: str, seed: int) -> int:
    """Rows a duel of two bots of one level takes to solve its word (13: a draw)."""
    state, duel, rng = _opened_duel(seed)
    now = state.current.opens_at
    while not (duel := state.rounds[0].duels[0]).over:
        now += timedelta(seconds=1)
        action = bots.bot_action(state, duel.to_play, level, rng, words=lexicon)
        state, _ = engine.apply(state, duel.to_play, action, now, words=lexicon)
    return len(duel.rows) if duel.end == engine.SOLVED else 2 * engine.TURNS_EACH + 1


def test_hard_needs_fewer_rows_than_easy() -> None:
    averages = {level: statistics.mean(_rows_to_solve(level, seed) for seed in range(20)) for level in bots.LEVELS}
    assert averages[bots.HARD] < averages[bots.EASY]
    assert averages[bots.MEDIUM] < averages[bots.EASY]
    # A fixed bar so that a weakened bot is noticed. Two hard bots take a little longer than two mediums: each
    # plays the candidate that tells the other least (4.5 rows at seeds 0-19).
    assert averages[bots.HARD] < 5


def test_hard_wins_more_duels_against_medium_than_it_loses() -> None:
    """The level's promise on a shared board: head to head, who starts alternating, hard beats medium."""
    wins = {bots.HARD: 0, bots.MEDIUM: 0}
    for seed in range(40):
        state, duel, rng = _opened_duel(seed)
        first, second = duel.seats
        level = {first: bots.HARD, second: bots.MEDIUM} if seed % 2 else {first: bots.MEDIUM, second: bots.HARD}
        now = state.current.opens_at
        while not (duel := state.rounds[0].duels[0]).over:
            now += timedelta(seconds=1)
            action = bots.bot_action(state, duel.to_play, level[duel.to_play], rng, words=lexicon)
            state, _ = engine.apply(state, duel.to_play, action, now, words=lexicon)
        if duel.end == engine.SOLVED:
            wins[level[duel.winner]] += 1
    assert wins[bots.HARD] > wins[bots.MEDIUM], wins


def test_medium_reads_its_rivals_rows_too() -> None:
    """After the rival's row, medium guesses a word it knows (the commonest of the list) that fits every mark on
    the board."""
    for seed in range(10):
        state, duel, rng = _opened_duel(seed)
        rival, bot = duel.seats
        valid = lexicon(engine.list_slugs("es", duel.length)[0])
        known = lexicon(engine.list_slugs("es", duel.length)[0].replace("-valid", "-common")).words[
            : wordle_bots.MEDIUM_WORDS
        ]
        # The rival opens with a word sharing letters with the answer, so its marks narrow things down.
        opener = next(w for w in valid.words if w != duel.hidden and w[0] == duel.hidden[0])
        state, _ = engine.apply(
            state, rival, {"type": "guess", "word": opener}, T0 + timedelta(seconds=7), words=lexicon
        )
        action = bots.bot_action(state, bot, bots.MEDIUM, rng, words=lexicon)
        board = [(alphabets.letters("es", row.word), row.marks) for row in state.current.duels[0].rows]
        assert action["word"] in known or not any(
            wordle.consistent(alphabets.letters("es", word), board) for word in known
        )
        assert wordle.consistent(alphabets.letters("es", action["word"]), board)


@pytest.mark.parametrize("level", [bots.MEDIUM, bots.HARD])
def test_on_its_last_turn_a_bot_plays_a_word_that_fits_both_players_rows(level: str) -> None:
    """Eleven rows of wrong words, most of them the rival's or its own: the twelfth must fit them all."""
    for seed in range(8):
        state, duel, rng = _opened_duel(seed)
        valid = lexicon(engine.list_slugs("es", duel.length)[0])
        known = lexicon(engine.list_slugs("es", duel.length)[0].replace("-valid", "-common")).words[
            : wordle_bots.MEDIUM_WORDS
        ]
        wrong = [w for w in valid.words if w != duel.hidden]
        now = state.current.opens_at
        for _row in range(2 * engine.TURNS_EACH - 1):
            now += timedelta(seconds=2)
            seat = state.current.duels[0].to_play
            state, _ = engine.apply(state, seat, {"type": "guess", "word": rng.choice(wrong)}, now, words=lexicon)
        last = state.current.duels[0]
        action = bots.bot_action(state, last.to_play, level, rng, words=lexicon)
        board = [(alphabets.letters("es", row.word), row.marks) for row in last.rows]
        assert action["word"] in known or not any(
            wordle.consistent(alphabets.letters("es", word), board) for word in known
        )
        assert wordle.consistent(alphabets.letters("es", action["word"]), board)


def test_a_skipped_turn_is_no_hint_and_the_bot_still_plays() -> None:
    state, duel, rng = _opened_duel(5)
    first, second = duel.seats
    state, _ = engine.advance(state, duel.turn_ends_at)  # the first player's turn ran out
    assert bots.bot_turn(state, first) is None
    action = bots.bot_action(state, second, bots.HARD, rng, words=lexicon)
    state, _ = engine.apply(state, second, action, duel.turn_ends_at + timedelta(seconds=4), words=lexicon)
    assert state.current.duels[0].rows[-1].word == action["word"]
