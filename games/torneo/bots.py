"""Torneo bots at three levels, with the contract of games/duelo/bots.py. Pure: the caller passes the word
lists, a seeded rng and a state already advanced to now, waits `think_seconds`, and applies the move
through the same service as a person's.

The board of a duel is shared, so a bot sees what its player sees: every row of its duel, its own and its
rival's (words and marks), never the hidden word. It plays only words of the duel's valid list (4, 5 or 6
letters) and keeps the candidates that fit every mark on that board (`games.wordle.pattern`, the same
two-pass rule the engine scores with).

- easy: thinks the answer may be any valid word, guesses a random fitting one, and now and then ignores
  the amber and grey hints (it keeps only the greens).
- medium: knows answers are common words (the hidden list) and guesses the fitting one whose letters
  are most frequent among the candidates.
- hard: knows the hidden list and picks, among the likeliest candidates (and, while many remain, some
  informative probe words), the guess that leaves the fewest candidates on average, measured on a bounded
  sample; and is faster.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games import wordle
from games.runtime.engine import Action, WordSource
from games.torneo import engine
from wordlists import alphabets

EASY, MEDIUM, HARD = "easy", "medium", "hard"
LEVELS = (EASY, MEDIUM, HARD)

# Human-like think time per turn, in seconds (uniform range): the harder, the faster. Every range ends
# well inside the 30 s turn, so a bot never loses a turn to the clock.
THINK_SECONDS = {EASY: (8.0, 16.0), MEDIUM: (5.0, 11.0), HARD: (3.0, 8.0)}
# How often an easy bot ignores the amber and grey hints (never on its last two turns).
EASY_CARELESS = 0.3
# Hard: how many guesses it weighs and how many candidates it measures them on. A probe (a word that
# cannot be the answer) only pays while many candidates remain: on a shared board the rival reads its
# marks too, and a probe can never win the duel on the spot.
HARD_GUESSES_FROM_CANDIDATES = 40
HARD_PROBES = 30
HARD_PROBE_ABOVE = 8
HARD_SAMPLE = 200

_Rows = list[tuple[tuple[str, ...], int]]


@dataclass(frozen=True)
class _Pool:
    """A word list as a bot uses it: normalised words of one length and their letters, computed once."""

    words: tuple[str, ...]
    letters: tuple[tuple[str, ...], ...]


_POOLS: dict[tuple[int, int], tuple[Any, _Pool]] = {}


def _pool(word_list: Any, language: str, length: int) -> _Pool:
    # Keyed by identity with the list kept alive next to it, so that an id is never reused wrongly.
    key = (id(word_list), length)
    cached = _POOLS.get(key)
    if cached is not None and cached[0] is word_list:
        return cached[1]
    words = tuple(w for w in word_list.words if alphabets.length(language, w) == length)
    pool = _Pool(words=words, letters=tuple(tuple(alphabets.letters(language, w)) for w in words))
    if len(_POOLS) > 64:
        _POOLS.clear()
    _POOLS[key] = (word_list, pool)
    return pool


def think_seconds(level: str, rng: random.Random) -> float:
    """How long the bot should seem to think before this guess (the caller waits, then applies)."""
    low, high = THINK_SECONDS[level]
    return rng.uniform(low, high)


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


def bot_action(state: engine.State, seat: int, level: str, rng: random.Random, *,
               words: WordSource) -> Action | None:
    """The bot's guess for `seat`, or None when that seat owes no guess now."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    duel = _my_duel(state, seat)
    if duel is None:
        return None
    language, length = state.language, duel.length
    # Both players' rows: the board is shared. A skipped turn left a row without letters.
    rows: _Rows = [(tuple(alphabets.letters(language, row.word)), wordle.pattern_of(row.marks))
                   for row in duel.rows if row.word is not None and row.marks is not None]
    played = {row.word for row in duel.rows if row.word is not None}
    turns_left = engine.TURNS_EACH - sum(1 for row in duel.rows if row.seat == seat)
    valid_slug, hidden_slug = engine.list_slugs(language, length)
    valid = _pool(words(valid_slug), language, length)
    if level == EASY:
        word = _easy(valid, rows, played, turns_left, length, rng)
    else:
        # Answers come from the hidden list; if none fits (a list changed under a running tournament), any
        # valid word that fits; if still none, any fresh word.
        source = _pool(words(hidden_slug), language, length)
        candidates = [i for i in _fitting(source, rows) if source.words[i] not in played]
        if not candidates:
            source = valid
            candidates = [i for i in _fitting(valid, rows) if valid.words[i] not in played]
        if not candidates:
            fresh = [w for w in valid.words if w not in played]
            return {"type": "guess", "word": rng.choice(fresh)}
        if level == MEDIUM or turns_left <= 1:
            word = _medium(source, candidates, rng)
        else:
            word = _hard(source, valid, candidates, played, length, rng)
    return {"type": "guess", "word": word}


def _fitting(pool: _Pool, rows: _Rows) -> list[int]:
    """Indexes of the words of `pool` that fit every row on the board."""
    indexes: range | list[int] = range(len(pool.words))
    pattern = wordle.pattern
    for guess, marks in rows:
        indexes = [i for i in indexes if pattern(guess, pool.letters[i]) == marks]
    return list(indexes)


def _fits_greens(letters: tuple[str, ...], rows: _Rows, length: int) -> bool:
    for guess, marks in rows:
        for position in range(length):
            green = (marks // 3 ** (length - 1 - position)) % 3 == 2
            if green and letters[position] != guess[position]:
                return False
    return True


def _easy(valid: _Pool, rows: _Rows, played: set[str], turns_left: int, length: int,
          rng: random.Random) -> str:
    careless = turns_left > 2 and rng.random() < EASY_CARELESS
    if rows and careless:
        loose = [i for i in range(len(valid.words))
                 if valid.words[i] not in played and _fits_greens(valid.letters[i], rows, length)]
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


def _hard(pool: _Pool, valid: _Pool, candidates: list[int], played: set[str], length: int,
          rng: random.Random) -> str:
    n = len(candidates)
    if n <= 2:
        return pool.words[rng.choice(candidates)]
    counts = _letter_counts(pool, candidates)
    options = [(pool.words[i], pool.letters[i])
               for i in _likely(pool, candidates, counts, HARD_GUESSES_FROM_CANDIDATES)]
    if n > HARD_PROBE_ABOVE:
        # A probe's letter is informative when it splits the candidates: present in about half of them.
        split = {letter: min(count, n - count) for letter, count in counts.items()}
        probes = sorted(
            (i for i in range(len(valid.words)) if valid.words[i] not in played),
            key=lambda i: -sum(split.get(c, 0) for c in set(valid.letters[i])),
        )[:HARD_PROBES]
        options += [(valid.words[i], valid.letters[i]) for i in probes]
    sample = candidates if n <= HARD_SAMPLE else rng.sample(candidates, HARD_SAMPLE)
    targets = [pool.letters[i] for i in sample]
    solved = wordle.solved_pattern(length)
    pattern = wordle.pattern
    best, best_cost = options[0][0], float("inf")
    for word, guess in options:
        buckets: dict[int, int] = {}
        for target in targets:
            code = pattern(guess, target)
            buckets[code] = buckets.get(code, 0) + 1
        # Expected candidates left (times the sample size); guessing the word itself leaves none.
        cost = sum(size * size for code, size in buckets.items() if code != solved)
        if cost < best_cost:
            best, best_cost = word, cost
    return best
