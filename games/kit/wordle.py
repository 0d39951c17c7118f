"""Wordle feedback, shared by Duelo de Palabras and the Torneo: the one place the colours are decided.

Words here are sequences of letters (tiles) as `wordlists.alphabets.letters` gives them, already
normalised per language (Turkish ı/i distinct, Spanish ñ kept, accents folded elsewhere, Russian ё as е,
Korean in basic jamo). A plain string works wherever every letter is one character, which is the case for
every Duelo language.

The rule (from the rules text): two passes. First every exact hit is green and uses up its copy of the
letter in the hidden word. Then the rest of the guess is read left to right: a letter is amber only while
the hidden word still has a free copy of it, else grey. So a letter never gets more green and amber marks
than the hidden word has copies.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from wordlists import alphabets

GREEN = "green"  # right letter, right place
AMBER = "amber"  # in the word, elsewhere (and a free copy remained)
GREY = "grey"  # not in the word, or no free copy left

# Keyboard hints: the best mark a letter has had so far wins (green over amber over grey).
_RANK = {GREEN: 3, AMBER: 2, GREY: 1}


def feedback(guess: Sequence[str], hidden: Sequence[str]) -> tuple[str, ...]:
    """The marks of `guess` against `hidden` (same number of letters), position by position."""
    if len(guess) != len(hidden):
        raise ValueError("a guess and the hidden word have the same number of letters")
    marks = [GREY] * len(guess)
    free: dict[str, int] = {}
    for i, (letter, target) in enumerate(zip(guess, hidden, strict=True)):
        if letter == target:
            marks[i] = GREEN
        else:
            free[target] = free.get(target, 0) + 1
    for i, letter in enumerate(guess):
        if marks[i] is GREEN:
            continue
        copies = free.get(letter, 0)
        if copies:
            marks[i] = AMBER
            free[letter] = copies - 1
    return tuple(marks)


def pattern(guess: Sequence[str], hidden: Sequence[str]) -> int:
    """`feedback` as one integer (base 3, 0 = grey, 1 = amber, 2 = green), for bots that count patterns.

    Same two passes, written out for speed: a bot compares thousands of words per move.
    """
    n = len(guess)
    code = [0] * n
    free: dict[str, int] = {}
    for i in range(n):
        target = hidden[i]
        if guess[i] == target:
            code[i] = 2
        else:
            free[target] = free.get(target, 0) + 1
    if free:
        for i in range(n):
            if code[i] == 0:
                copies = free.get(guess[i], 0)
                if copies:
                    code[i] = 1
                    free[guess[i]] = copies - 1
    value = 0
    for digit in code:
        value = value * 3 + digit
    return value


_DIGIT = {GREY: 0, AMBER: 1, GREEN: 2}


def pattern_of(marks: Sequence[str]) -> int:
    """The integer `pattern` of a row of marks."""
    value = 0
    for mark in marks:
        value = value * 3 + _DIGIT[mark]
    return value


def solved_pattern(length: int) -> int:
    return pattern_of([GREEN] * length)


def is_solved(marks: Sequence[str]) -> bool:
    return bool(marks) and all(mark == GREEN for mark in marks)


def keyboard(rows: Iterable[tuple[Sequence[str], Sequence[str]]]) -> dict[str, str]:
    """Each letter's best hint over (letters, marks) rows: what the on-screen keyboard shows."""
    best: dict[str, str] = {}
    for letters, marks in rows:
        for letter, mark in zip(letters, marks, strict=True):
            if _RANK[mark] > _RANK.get(best.get(letter, ""), 0):
                best[letter] = mark
    return best


def consistent(candidate: Sequence[str], rows: Iterable[tuple[Sequence[str], Sequence[str]]]) -> bool:
    """Whether `candidate` could be the hidden word, given rows of (guess letters, marks) seen so far."""
    return all(feedback(letters, candidate) == tuple(marks) for letters, marks in rows)


def fixed_words(
    language: str,
    given: Iterable[Any],
    lengths: Collection[int],
    valid: Callable[[int], Any],
    *,
    what: str,
    repeated: str,
) -> list[tuple[int, str]]:
    """Hidden words fixed by the caller instead of drawn (tests, replays, selfplay), as (length, normalised).

    Each must be letters of `language`, of one of `lengths`, and in `valid(length)` (that length's valid
    list); none may come twice. Else ValueError: a caller's mistake, not a player's move.
    """
    out = []
    for word in given:
        norm = alphabets.normalise(language, word)
        length = None if norm is None else alphabets.length(language, norm)
        if norm is None or length is None or length not in lengths or norm not in valid(length):
            raise ValueError(f"{word!r} cannot be a {what}")
        out.append((length, norm))
    if len({norm for _length, norm in out}) != len(out):
        raise ValueError(repeated)
    return out


def hard_mode_miss(guess: Sequence[str], rows: Iterable[tuple[Sequence[str], Sequence[str]]]) -> tuple[str, int, str]:
    """Wordle's hard mode: a guess must keep every green letter in its place and use every amber letter (as many
    times as the hints showed it). The first hint `guess` ignores, as ("green", position, letter) or ("amber", 0,
    letter), or ("", 0, "") when it keeps them all. Greys are not binding, as in Wordle."""
    for letters, marks in rows:
        for position, (letter, mark) in enumerate(zip(letters, marks, strict=True)):
            if mark == GREEN and guess[position] != letter:
                return GREEN, position, letter
        needed: dict[str, int] = {}
        for letter, mark in zip(letters, marks, strict=True):
            if mark in (GREEN, AMBER):
                needed[letter] = needed.get(letter, 0) + 1
        for letter, count in needed.items():
            if list(guess).count(letter) < count:
                return AMBER, 0, letter
    return "", 0, ""
