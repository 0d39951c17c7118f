"""Duelo bots at three levels. Pure: the caller passes the word lists, a seeded rng, and applies the move
through the same service as a person's, after `think_seconds`.

A bot sees what its player would: its own rows (words and marks) of the current round, never the hidden
word or a rival's letters. The solver (what easy, medium and hard guess from those rows) is the one the
Torneo bots use too, `games.kit.wordle_bots`; this module says what a Duelo bot sees and tunes it:

- easy now and then ignores its amber and grey hints, never on its last two rows;
- hard always weighs probe words too, and is faster.
"""

from __future__ import annotations

import random

from games.duelo import engine
from games.kit import wordle_bots
from games.kit.contract import UNLIMITED, Action, Budget, think_time
from games.kit.wordle_bots import EASY, HARD, LEVELS, MEDIUM
from games.kit.words import WordSource

__all__ = ["EASY", "HARD", "LEVELS", "MEDIUM", "bot_action", "bot_turn", "think_seconds"]

# Human-like think time per guess, in seconds (uniform range): the harder, the faster.
THINK_SECONDS = {EASY: (9.0, 18.0), MEDIUM: (6.0, 13.0), HARD: (3.5, 9.0)}
think_seconds = think_time(THINK_SECONDS)
# How often an easy bot ignores its amber and grey hints (never on its last two rows).
EASY_CARELESS = 0.6
# Hard: how many guesses it weighs and how many candidates it measures them on.
HARD_GUESSES_FROM_CANDIDATES = 40
HARD_PROBES = 40
HARD_SAMPLE = 250
TACTICS = wordle_bots.Tactics(
    careless=EASY_CARELESS,
    from_candidates=HARD_GUESSES_FROM_CANDIDATES,
    probes=HARD_PROBES,
    probe_above=0,
    sample=HARD_SAMPLE,
)


def bot_action(
    state: engine.State, seat: int, level: str, rng: random.Random, *, words: WordSource, budget: Budget = UNLIMITED
) -> Action | None:
    """The bot's next guess for `seat`, or None when that seat cannot guess now (card, done, over)."""
    wordle_bots.require_level(level)
    if state.phase != engine.PLAYING:
        return None
    grid = state.current.seats[seat]
    if grid.done:
        return None
    word = wordle_bots.guess(
        level,
        [(row.word, row.marks) for row in grid.rows],
        language=state.settings.language,
        length=engine.WORD_LENGTH,
        words=words,
        valid_slug=state.valid_list,
        hidden_slug=state.hidden_list,
        rng=rng,
        tactics=TACTICS,
        may_be_careless=len(grid.rows) < engine.MAX_GUESSES - 2,
        last_chance=len(grid.rows) == engine.MAX_GUESSES - 1,
        budget=budget,
    )
    return {"type": "guess", "word": word}


def bot_turn(state: engine.State, seat: int) -> str | None:
    """A token for the move this seat owes now (None: nothing to do).

    The runtime schedules at most one bot task per token and a task whose token has passed
    does nothing, so a repeated or late task can never make a bot guess twice for one row.
    """
    if state.phase != engine.PLAYING:
        return None
    grid = state.current.seats[seat]
    if grid.done:
        return None
    return f"{state.current.number}:{len(grid.rows)}"
