"""Duelo bots at three levels. Pure: the caller passes the word lists, a seeded rng, and applies the move
through the same service as a person's, after `think_seconds`.

A bot sees what its player would: its own rows (words and marks) of the current round, never the hidden
word or a rival's letters. It plays only words of the valid list and keeps the candidates that fit every
mark it got (`games.wordle.pattern`, the same two-pass rule the engine scores with).

- easy: thinks the answer may be any valid word (plurals, conjugations...), guesses a random fitting
  one, and now and then ignores its amber and grey hints (it keeps only its greens).
- medium: knows answers are common words (the hidden list) and guesses the fitting one whose letters
  are most frequent among the candidates.
- hard: knows the hidden list and picks, among the likeliest candidates and the most informative probe
  words, the guess that leaves the fewest candidates on average (measured on a sample); and is faster.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games import wordle
from games.duelo import engine
from games.runtime.engine import Action, WordSource
from wordlists import alphabets

EASY, MEDIUM, HARD = "easy", "medium", "hard"
LEVELS = (EASY, MEDIUM, HARD)

# Human-like think time per guess, in seconds (uniform range): the harder, the faster.
THINK_SECONDS = {EASY: (9.0, 18.0), MEDIUM: (6.0, 13.0), HARD: (3.5, 9.0)}
# How often an easy bot ignores its amber and grey hints (never on its last two rows).
EASY_CARELESS = 0.3
# Hard: how many guesses it weighs and how many candidates it measures them on.
HARD_GUESSES_FROM_CANDIDATES = 40
HARD_PROBES = 40
HARD_SAMPLE = 250


@dataclass(frozen=True)
class _Pool:
    """A word list as a bot uses it: normalised words and their letters, computed once per list."""

    words: tuple[str, ...]
    letters: tuple[tuple[str, ...], ...]


_POOLS: dict[int, tuple[Any, _Pool]] = {}


def _pool(word_list: Any, language: str) -> _Pool:
    # Keyed by identity with the list kept alive next to it, so that an id is never reused wrongly.
    cached = _POOLS.get(id(word_list))
    if cached is not None and cached[0] is word_list:
        return cached[1]
    words = tuple(w for w in word_list.words if alphabets.length(language, w) == engine.WORD_LENGTH)
    pool = _Pool(words=words, letters=tuple(tuple(alphabets.letters(language, w)) for w in words))
    if len(_POOLS) > 64:
        _POOLS.clear()
    _POOLS[id(word_list)] = (word_list, pool)
    return pool


def think_seconds(level: str, rng: random.Random) -> float:
    """How long the bot should seem to think before this guess (the caller waits, then applies)."""
    low, high = THINK_SECONDS[level]
    return rng.uniform(low, high)


def bot_action(state: engine.State, seat: int, level: str, rng: random.Random, *,
               words: WordSource) -> Action | None:
    """The bot's next guess for `seat`, or None when that seat cannot guess now (card, done, over)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    if state.phase != engine.PLAYING:
        return None
    grid = state.current.seats[seat]
    if grid.done:
        return None
    language = state.settings.language
    rows = [(tuple(alphabets.letters(language, row.word)), wordle.pattern_of(row.marks)) for row in grid.rows]
    played = {row.word for row in grid.rows}
    valid = _pool(words(state.valid_list), language)
    if level == EASY:
        word = _easy(valid, rows, played, rng)
    else:
        # Answers come from the hidden list; if none fits (a list changed under a running match), any
        # valid word that fits; if still none, any fresh word.
        source = _pool(words(state.hidden_list), language)
        candidates = _fitting(source, rows)
        if not candidates:
            source, candidates = valid, _fitting(valid, rows)
        if not candidates:
            fresh = [w for w in valid.words if w not in played]
            return {"type": "guess", "word": rng.choice(fresh)}
        last_row = len(rows) == engine.MAX_GUESSES - 1
        if level == MEDIUM or last_row:
            word = _medium(source, candidates, rng)
        else:
            word = _hard(source, valid, candidates, played, rng)
    return {"type": "guess", "word": word}


def _fitting(pool: _Pool, rows: list[tuple[tuple[str, ...], int]]) -> list[int]:
    """Indexes of the words of `pool` that fit every row so far."""
    indexes = range(len(pool.words))
    pattern = wordle.pattern
    for guess, marks in rows:
        indexes = [i for i in indexes if pattern(guess, pool.letters[i]) == marks]
    return list(indexes)


def _fits_greens(letters: tuple[str, ...], rows: list[tuple[tuple[str, ...], int]]) -> bool:
    for guess, marks in rows:
        for position in range(engine.WORD_LENGTH):
            green = (marks // 3 ** (engine.WORD_LENGTH - 1 - position)) % 3 == 2
            if green and letters[position] != guess[position]:
                return False
    return True


def _easy(valid: _Pool, rows: list[tuple[tuple[str, ...], int]], played: set[str],
          rng: random.Random) -> str:
    careless = len(rows) < engine.MAX_GUESSES - 2 and rng.random() < EASY_CARELESS
    if rows and careless:
        loose = [i for i in range(len(valid.words))
                 if valid.words[i] not in played and _fits_greens(valid.letters[i], rows)]
        if loose:
            return valid.words[rng.choice(loose)]
    candidates = [i for i in _fitting(valid, rows) if valid.words[i] not in played]
    if not candidates:
        candidates = [i for i in range(len(valid.words)) if valid.words[i] not in played]
    return valid.words[rng.choice(candidates)]


def _letter_counts(pool: _Pool, candidates: list[int]) -> dict[str, int]:
    """In how many candidates each letter appears (counted once per word)."""
    counts: dict[str, int] = {}
    for i in candidates:
        for letter in set(pool.letters[i]):
            counts[letter] = counts.get(letter, 0) + 1
    return counts


def _likely(pool: _Pool, candidates: list[int], counts: dict[str, int], top: int) -> list[int]:
    """The candidates whose distinct letters are the most common among the candidates."""
    scored = sorted(candidates, key=lambda i: -sum(counts[c] for c in set(pool.letters[i])))
    return scored[:top]


def _medium(pool: _Pool, candidates: list[int], rng: random.Random) -> str:
    counts = _letter_counts(pool, candidates)
    return pool.words[rng.choice(_likely(pool, candidates, counts, 3))]


def _hard(pool: _Pool, valid: _Pool, candidates: list[int], played: set[str], rng: random.Random) -> str:
    if len(candidates) <= 2:
        return pool.words[rng.choice(candidates)]
    counts = _letter_counts(pool, candidates)
    n = len(candidates)
    # A probe's letter is informative when it splits the candidates: present in about half of them.
    split = {letter: min(count, n - count) for letter, count in counts.items()}
    probes = sorted(
        (i for i in range(len(valid.words)) if valid.words[i] not in played),
        key=lambda i: -sum(split.get(c, 0) for c in set(valid.letters[i])),
    )[:HARD_PROBES]
    options = [pool.letters[i] for i in _likely(pool, candidates, counts, HARD_GUESSES_FROM_CANDIDATES)]
    options += [valid.letters[i] for i in probes]
    sample = candidates if n <= HARD_SAMPLE else rng.sample(candidates, HARD_SAMPLE)
    targets = [pool.letters[i] for i in sample]
    solved = wordle.solved_pattern(engine.WORD_LENGTH)
    pattern = wordle.pattern
    best, best_cost = options[0], float("inf")
    for guess in options:
        buckets: dict[int, int] = {}
        for target in targets:
            code = pattern(guess, target)
            buckets[code] = buckets.get(code, 0) + 1
        # Expected candidates left (times the sample size); guessing the word itself leaves none.
        cost = sum(size * size for code, size in buckets.items() if code != solved)
        if cost < best_cost:
            best, best_cost = guess, cost
    return "".join(best)


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
