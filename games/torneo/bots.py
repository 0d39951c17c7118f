"""Torneo bots at three levels, with the contract of games/duelo/bots.py. Pure: the caller passes the word
lists, a seeded rng and a state already advanced to now, waits `think_seconds`, and applies the move
through the same service as a person's.

The board of a duel is shared, so a bot sees what its player sees: every row of its duel, its own and its
rival's (words and marks), never the hidden word. It plays only words of the duel's valid list (4, 5 or 6
letters). The solver is the Duelo bots' (`games.kit.wordle_bots`); this module says what a Torneo bot sees
and tunes it:

- easy now and then ignores the amber and grey hints, never on its last two turns;
- hard plays only words that can be the answer (no probe words), the one whose marks tell the rival least,
  and is faster.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.kit import wordle_bots
from games.kit.contract import UNLIMITED, Action, Budget, think_time
from games.kit.wordle_bots import EASY, HARD, LEVELS, MEDIUM
from games.kit.words import WordSource
from games.torneo import engine

__all__ = ["EASY", "HARD", "LEVELS", "MEDIUM", "bot_action", "bot_turn", "duel_guess", "think_seconds"]

# Human-like think time per turn, in seconds (uniform range): the harder, the faster. Every range ends
# well inside the 30 s turn, so a bot never loses a turn to the clock.
THINK_SECONDS = {EASY: (8.0, 16.0), MEDIUM: (5.0, 11.0), HARD: (3.0, 8.0)}
think_seconds = think_time(THINK_SECONDS)
# How often an easy bot ignores the amber and grey hints (never on its last two turns).
EASY_CARELESS = 0.5
# Hard: how many guesses it weighs and how many candidates it measures them on. No probes (words that
# cannot be the answer): on a shared board the rival reads their marks too, and a probe can never win the
# duel on the spot. With 30 probes while more than 8 candidates remained, hard won no more tournaments
# than medium; with none it wins the most, and more still when it also plays the candidate that leaves
# the rival the most candidates (Tactics.shared_board; docs/bots.md).
HARD_GUESSES_FROM_CANDIDATES = 40
HARD_PROBES = 0
HARD_PROBE_ABOVE = 8
HARD_SAMPLE = 200
TACTICS = wordle_bots.Tactics(
    careless=EASY_CARELESS,
    from_candidates=HARD_GUESSES_FROM_CANDIDATES,
    probes=HARD_PROBES,
    probe_above=HARD_PROBE_ABOVE,
    sample=HARD_SAMPLE,
    shared_board=True,
)


def _my_duel(state: engine.State, seat: int) -> engine.Duel | None:
    """The duel where `seat` owes a guess now, or None (intro, over, out, bye, rival's turn)."""
    if state.phase != engine.PLAYING or not 0 <= seat < state.seat_count:
        return None
    if state.out_round[seat] is not None:
        return None
    for duel in state.current.duels:
        if seat in duel.seats:
            return None if duel.over or duel.to_play != seat else duel
    return None


def bot_turn(state: engine.State, seat: int) -> str | None:
    """A token for the move this seat owes now (None: not its turn in its duel, or nothing to do).

    The runtime schedules at most one bot task per token and a task whose token has passed does nothing,
    so a repeated or late task can never make a bot guess twice in one turn.
    """
    return engine.turn_of(state, seat)  # a bot owes exactly the turn a person in its seat would


def bot_action(
    state: engine.State, seat: int, level: str, rng: random.Random, *, words: WordSource, budget: Budget = UNLIMITED
) -> Action | None:
    """The bot's guess for `seat`, or None when that seat owes no guess now."""
    wordle_bots.require_level(level)
    duel = _my_duel(state, seat)
    if duel is None:
        return None
    # Both players' rows: the board is shared. A skipped turn left a row without letters.
    seen = [(row.word, row.marks) for row in duel.rows if row.word is not None and row.marks is not None]
    turns_left = engine.TURNS_EACH - sum(1 for row in duel.rows if row.seat == seat)
    word = duel_guess(
        level, seen, turns_left, language=state.language, length=duel.length, rng=rng, words=words, budget=budget
    )
    return {"type": "guess", "word": word}


def duel_guess(
    level: str,
    seen: Sequence[tuple[str, Sequence[str]]],
    turns_left: int,
    *,
    language: str,
    length: int,
    rng: random.Random,
    words: WordSource,
    budget: Budget = UNLIMITED,
) -> str:
    """A bot's word on a duel's board, from every guessed row on it (both players': (word, marks)) and its own
    turns left. The tournament's bots and the daily's (games/torneo/daily.py) play through it."""
    wordle_bots.require_level(level)
    valid_slug, hidden_slug = engine.list_slugs(language, length)
    return wordle_bots.guess(
        level,
        seen,
        language=language,
        length=length,
        words=words,
        valid_slug=valid_slug,
        hidden_slug=hidden_slug,
        rng=rng,
        tactics=TACTICS,
        may_be_careless=turns_left > 2,
        last_chance=turns_left <= 1,
        budget=budget,
    )
