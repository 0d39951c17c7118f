"""The Wordle solver that the Duelo and Torneo bots share. Pure: the caller passes the word lists and a
seeded rng; each game's bots read its own state (which rows a bot may see, how many it has left) and
tune the solver with its own numbers (docs/rules/duelo.md, docs/rules/torneo.md).

A bot plays only words of the valid list and keeps the candidates that fit every mark it has seen
(`games.kit.wordle.pattern`, the same two-pass rule the engines score with), never the hidden word. What it
knows is its level (issue 21: the levels mean what their names say):

- easy: knows the EASY_WORDS commonest words of the valid list (the list's `common` sibling, ranked by
  the build's frequency data), guesses a random one that fits, and now and then ignores the amber and
  grey hints (it keeps only the greens).
- medium: knows the MEDIUM_WORDS commonest words and guesses, among the commonest of those that fit, one
  whose letters are most frequent among them.
- hard: knows the whole valid list and that answers come from the hidden list; it picks, among the
  likeliest candidates (and, while many remain, some informative probe words of the whole list), the
  guess that leaves the fewest candidates on average, measured on a bounded sample. On a board the rival
  reads too (Torneo: no probes), it picks the candidate that leaves the most, telling the rival least.

Easy and medium fall back on the whole valid list when no word they know fits (an answer rarer than
their vocabulary): like a person, they then try a word they had not thought of.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from games.kit import wordle
from games.kit.contract import UNLIMITED, Budget
from games.kit.words import WordSource, common_list
from wordlists import alphabets

EASY, MEDIUM, HARD = "easy", "medium", "hard"
LEVELS = (EASY, MEDIUM, HARD)
# How many of the commonest words of a list (of one length) each level knows; hard knows them all.
EASY_WORDS = 1500
MEDIUM_WORDS = 4000
VOCABULARY = {EASY: EASY_WORDS, MEDIUM: MEDIUM_WORDS}
MEDIUM_COMMONEST = 50  # medium weighs the commonest of its fitting words only

Rows = list[tuple[tuple[str, ...], int]]  # (letters of a guess, its marks as a `wordle.pattern`)


@dataclass(frozen=True)
class Tactics:
    """A game's numbers for the solver."""

    careless: float  # easy: how often it ignores the amber and grey hints (when the game lets it)
    from_candidates: int  # hard: how many of the likeliest candidates it weighs as guesses
    probes: int  # hard: how many probe words (chosen for letters that split the candidates) it weighs
    probe_above: int  # hard: weighs probes only while more candidates than this remain
    sample: int  # hard: how many candidates at most it measures its options on
    # hard, on a board both players read (Torneo): every candidate is as likely to be the answer, so what a guess
    # decides is what the rival learns from its marks; hard then plays the one that leaves the most candidates
    # on average, not the fewest (measured: docs/bots.md)
    shared_board: bool = False


@dataclass(frozen=True)
class Pool:
    """A word list as a bot uses it: normalised words of one length and their letters, computed once."""

    words: tuple[str, ...]
    letters: tuple[tuple[str, ...], ...]
    ranked: bool = False  # the words are in rank order, commonest first (a common list's)
    # Each word's letters counted once, and every letter of the pool: hard scores the whole valid list by them
    # at each move (issue 30: a set per word per move was most of a round's analysis)
    distinct: tuple[tuple[str, ...], ...] = ()
    alphabet: frozenset[str] = frozenset()


_POOLS: dict[tuple[int, int, int | None], tuple[Any, Pool]] = {}


def pool(word_list: Any, language: str, length: int, top: int | None = None) -> Pool:
    """The words of `word_list` with `length` letters (the first `top` of them, in rank order), cached per list
    object."""
    # Keyed by identity with the list kept alive next to it, so that an id is never reused wrongly.
    key = (id(word_list), length, top)
    cached = _POOLS.get(key)
    if cached is not None and cached[0] is word_list:
        return cached[1]
    words = tuple(w for w in word_list.words if alphabets.length(language, w) == length)[:top]
    letters = tuple(tuple(alphabets.letters(language, w)) for w in words)
    found = Pool(
        words=words,
        letters=letters,
        ranked=top is not None,
        distinct=tuple(tuple(set(each)) for each in letters),
        alphabet=frozenset(letter for each in letters for letter in each),
    )
    if len(_POOLS) > 64:
        _POOLS.clear()
    _POOLS[key] = (word_list, found)
    return found


def require_level(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")


def known_words(level: str, *, language: str, length: int, words: WordSource, valid_slug: str) -> Pool:
    """The words a bot of `level` knows: the commonest of the valid list for easy and medium (in the
    order of the common list, commonest first), the whole list for hard. A set of lists without a common
    list (a hand-made one in a test or tool) gives every level the whole list."""
    valid = pool(words(valid_slug), language, length)
    common = common_list(words, valid_slug) if level in VOCABULARY else None
    if common is None:
        return valid
    known = pool(common, language, length, VOCABULARY[level])
    return known if known.words else valid


def guess(
    level: str,
    seen: Iterable[tuple[str, Sequence[str]]],
    *,
    language: str,
    length: int,
    words: WordSource,
    valid_slug: str,
    hidden_slug: str,
    rng: random.Random,
    tactics: Tactics,
    may_be_careless: bool,
    last_chance: bool,
    budget: Budget = UNLIMITED,
) -> str:
    """The bot's next word, from the (word, marks) rows it has seen, out of the lists `words` gives.

    `may_be_careless`: an easy bot may ignore its amber and grey hints now (the game keeps it from doing
    so near its last rows). `last_chance`: medium and hard play the likeliest candidate (no probe).
    `budget`: hard weighs its options until it is spent, then plays the best weighed (at least one).
    """
    seen = list(seen)
    rows: Rows = [(tuple(alphabets.letters(language, word)), wordle.pattern_of(marks)) for word, marks in seen]
    played = {word for word, _marks in seen}
    valid = pool(words(valid_slug), language, length)
    known = known_words(level, language=language, length=length, words=words, valid_slug=valid_slug)
    if level == EASY:
        return _easy(known, valid, rows, played, may_be_careless, length, rng, tactics)
    # Medium thinks the answer is a word it knows; hard knows answers come from the hidden list. If none
    # fits (an answer rarer than medium's words, a list changed under a running match), any valid word
    # that fits; if still none, any fresh word.
    source = known if level == MEDIUM else pool(words(hidden_slug), language, length)
    candidates = [i for i in fitting(source, rows) if source.words[i] not in played]
    if not candidates:
        source = valid
        candidates = [i for i in fitting(valid, rows) if valid.words[i] not in played]
    if not candidates:
        return rng.choice([w for w in valid.words if w not in played])
    if level == MEDIUM or last_chance:
        return _medium(source, candidates, rng)
    return _hard(source, valid, candidates, played, length, rng, tactics, budget)


def fitting(words: Pool, rows: Rows) -> list[int]:
    """Indexes of the words of the pool that fit every row."""
    indexes: range | list[int] = range(len(words.words))
    pattern = wordle.pattern
    for letters, marks in rows:
        indexes = [i for i in indexes if pattern(letters, words.letters[i]) == marks]
    return list(indexes)


def _fits_greens(letters: tuple[str, ...], rows: Rows, length: int) -> bool:
    for guessed, marks in rows:
        for position in range(length):
            green = (marks // 3 ** (length - 1 - position)) % 3 == 2
            if green and letters[position] != guessed[position]:
                return False
    return True


def _easy(
    known: Pool,
    valid: Pool,
    rows: Rows,
    played: set[str],
    may_be_careless: bool,
    length: int,
    rng: random.Random,
    tactics: Tactics,
) -> str:
    careless = may_be_careless and rng.random() < tactics.careless
    if rows and careless:
        loose = [
            i
            for i in range(len(known.words))
            if known.words[i] not in played and _fits_greens(known.letters[i], rows, length)
        ]
        if loose:
            return known.words[rng.choice(loose)]
    for source in (known, valid):
        candidates = [i for i in fitting(source, rows) if source.words[i] not in played]
        if candidates:
            return source.words[rng.choice(candidates)]
    return rng.choice([word for word in valid.words if word not in played])


def _letter_counts(words: Pool, candidates: list[int]) -> dict[str, int]:
    """In how many candidates each letter appears (counted once per word)."""
    counts: dict[str, int] = {}
    for i in candidates:
        for letter in words.distinct[i]:
            counts[letter] = counts.get(letter, 0) + 1
    return counts


def _likely(words: Pool, candidates: list[int], counts: dict[str, int], top: int) -> list[int]:
    """The candidates whose distinct letters are the most common among the candidates."""
    count, distinct = counts.__getitem__, words.distinct
    # nlargest is sorted(..., reverse=True)[:top]: ties keep the candidates' order
    return heapq.nlargest(top, candidates, key=lambda i: sum(map(count, distinct[i])))


def _medium(words: Pool, candidates: list[int], rng: random.Random) -> str:
    # A common word is a likelier answer: the commonest candidates first (a common pool is in rank order),
    # then the one whose letters the candidates share most.
    counts = _letter_counts(words, candidates)
    likely = candidates[:MEDIUM_COMMONEST] if words.ranked else candidates
    return words.words[rng.choice(_likely(words, likely, counts, 3))]


def _hard(
    words: Pool,
    valid: Pool,
    candidates: list[int],
    played: set[str],
    length: int,
    rng: random.Random,
    tactics: Tactics,
    budget: Budget = UNLIMITED,
) -> str:
    n = len(candidates)
    if n <= 2:
        return words.words[rng.choice(candidates)]
    counts = _letter_counts(words, candidates)
    options = [(words.words[i], words.letters[i]) for i in _likely(words, candidates, counts, tactics.from_candidates)]
    if n > tactics.probe_above:
        # A probe's letter is informative when it splits the candidates: present in about half of them.
        split = dict.fromkeys(valid.alphabet, 0)
        split.update((letter, min(count, n - count)) for letter, count in counts.items())
        worth, distinct = split.__getitem__, valid.distinct
        probes = heapq.nlargest(  # as sorted(..., reverse=True)[: probes]: ties keep the list's order
            tactics.probes,
            (i for i, word in enumerate(valid.words) if word not in played),
            key=lambda i: sum(map(worth, distinct[i])),
        )
        options += [(valid.words[i], valid.letters[i]) for i in probes]
    sample = candidates if n <= tactics.sample else rng.sample(candidates, tactics.sample)
    targets = [words.letters[i] for i in sample]
    solved = wordle.solved_pattern(length)
    pattern = wordle.pattern
    best, best_cost = options[0][0], float("inf")
    for weighed, (word, letters) in enumerate(options):
        if weighed and budget.spent():  # the likeliest candidates come first: the best weighed stands
            break
        buckets: dict[int, int] = {}
        for target in targets:
            code = pattern(letters, target)
            buckets[code] = buckets.get(code, 0) + 1
        # Expected candidates left (times the sample size); guessing the word itself leaves none.
        cost = sum(size * size for code, size in buckets.items() if code != solved)
        if tactics.shared_board:
            cost = -cost
        if cost < best_cost:
            best, best_cost = word, cost
    return best
