"""Wordle feedback (games/kit/wordle.py): the colours every Duelo and Torneo player sees, per language."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.kit import wordle
from games.kit.wordle import AMBER as A
from games.kit.wordle import GREEN as G
from games.kit.wordle import GREY as X
from wordlists.alphabets import letters, normalise


def marks(language: str, guess: str, hidden: str) -> tuple[str, ...]:
    """Feedback as a player gets it: both words typed as people write them, normalised per language."""
    g, h = normalise(language, guess), normalise(language, hidden)
    assert g is not None and h is not None
    return wordle.feedback(letters(language, g), letters(language, h))


@pytest.mark.parametrize(
    ("language", "hidden", "guess", "expected"),
    [
        # The rules' own example: one O of BOLLO is green (the last, an exact hit), the other grey.
        # The B is amber: ÁBACO has a free B elsewhere. L L are grey.
        ("es", "ÁBACO", "BOLLO", (A, X, X, X, G)),
        # Accents fold in Spanish, Ñ does not: N is not Ñ.
        ("es", "árbol", "ARBOL", (G, G, G, G, G)),
        ("es", "BAÑOS", "BANOS", (G, G, X, G, G)),
        ("es", "CAÑÓN", "ÑANDU", (A, G, A, X, X)),
        # English: two B guessed, two in the word: one green, one amber; then no E copy left for the second.
        ("en", "ABBEY", "BABES", (A, A, G, G, X)),
        ("en", "SPEED", "EERIE", (A, A, X, X, X)),
        ("en", "ROBOT", "FLOOR", (X, X, A, G, A)),
        # French: É = E = È; three E guessed, two in the word: the first two amber, the third grey.
        ("fr", "LÉGER", "ÉLÈVE", (A, A, A, X, X)),
        ("fr", "FÊTES", "fetes", (G, G, G, G, G)),
        # Turkish: I (ı) and İ (i) are two letters; uppercase follows Turkish rules.
        ("tr", "KIRIK", "KİRİK", (G, X, G, X, G)),
        ("tr", "KIRIK", "kırık", (G, G, G, G, G)),
        ("tr", "İLKİN", "ILIKI", (X, G, X, A, X)),
        # Russian: Ё counts as Е; a repeated С against one free copy.
        ("ru", "ПЁСИК", "песик", (G, G, G, G, G)),
        ("ru", "МАССА", "СОСНА", (A, X, G, X, G)),
        ("ru", "ЛЕНТА", "ЕЛЕНА", (A, A, X, A, G)),
        # Korean, in basic jamo: 사람 = ㅅㅏㄹㅏㅁ; the second ㅏ of 사과 finds the free ㅏ of 람.
        ("ko", "사람", "사랑", (G, G, G, G, X)),
        ("ko", "사람", "사과", (G, G, X, X, A)),
        # 꼬리 = ㄱㄱㅗㄹㅣ has two ㄱ; 가격 = ㄱㅏㄱㅕㄱ guesses three: green, amber, grey.
        ("ko", "꼬리", "가격", (G, X, A, X, X)),
    ],
)
def test_feedback_table(language: str, hidden: str, guess: str, expected: tuple[str, ...]) -> None:
    assert marks(language, guess, hidden) == expected


def test_korean_guesses_are_five_jamo_not_two_syllables() -> None:
    assert letters("ko", normalise("ko", "사람")) == ["ㅅ", "ㅏ", "ㄹ", "ㅏ", "ㅁ"]
    assert len(letters("ko", normalise("ko", "꼬들"))) == 6


def test_keyboard_keeps_each_letters_best_hint() -> None:
    rows = [("bollo", (A, X, X, X, G)), ("barco", (A, G, X, G, G))]
    keys = wordle.keyboard(rows)
    assert keys == {"b": A, "o": G, "l": X, "a": G, "r": X, "c": G}


def test_consistent_keeps_only_words_that_explain_every_row() -> None:
    rows = [("bollo", wordle.feedback("bollo", "abaco"))]
    assert wordle.consistent("abaco", rows)
    assert not wordle.consistent("bollo", rows)
    assert not wordle.consistent("barco", rows)  # there the B of BOLLO would have been green


small_words = st.text(alphabet="abcde", min_size=5, max_size=5)


@given(guess=small_words, hidden=small_words)
def test_no_letter_gets_more_green_and_amber_marks_than_copies(guess: str, hidden: str) -> None:
    result = wordle.feedback(guess, hidden)
    lit = Counter(letter for letter, mark in zip(guess, result, strict=True) if mark != X)
    copies = Counter(hidden)
    for letter, count in lit.items():
        assert count <= copies[letter]
        # And no fewer than can be found: as many as the guess and the word share.
        assert count == min(copies[letter], guess.count(letter))
    # Greens exactly where the letters match.
    assert [m == G for m in result] == [g == h for g, h in zip(guess, hidden, strict=True)]


@given(guess=small_words, hidden=small_words)
def test_amber_reads_left_to_right(guess: str, hidden: str) -> None:
    result = wordle.feedback(guess, hidden)
    for letter in set(guess):
        non_green = [m for g, h, m in zip(guess, hidden, result, strict=True) if g == letter and g != h]
        # Among a letter's non-green places, the ambers come first, then the greys.
        assert non_green == sorted(non_green, key=lambda m: m != A)


@given(guess=small_words, hidden=small_words)
def test_integer_patterns_match_the_marks(guess: str, hidden: str) -> None:
    assert wordle.pattern(guess, hidden) == wordle.pattern_of(wordle.feedback(guess, hidden))
    assert (wordle.pattern(guess, hidden) == wordle.solved_pattern(5)) == (guess == hidden)


def test_feedback_refuses_words_of_different_lengths() -> None:
    with pytest.raises(ValueError):
        wordle.feedback("abcd", "abcde")


def test_fixed_words_are_normalised_checked_against_their_lengths_list_and_never_repeat() -> None:
    lists = {4: {"gato"}, 5: {"perro", "arbol"}}
    fixed = wordle.fixed_words(
        "es", ["Perro", "GATO", "árbol"], (4, 5), lists.__getitem__, what="duel word", repeated="twice"
    )
    assert fixed == [(5, "perro"), (4, "gato"), (5, "arbol")]
    for words, message in (
        (["perros"], "cannot be a duel word"),
        (["gata"], "cannot be a duel word"),
        (["pe1ro"], "cannot be a duel word"),
        (["perro", "PERRO"], "twice"),
    ):
        with pytest.raises(ValueError, match=message):
            wordle.fixed_words("es", words, (4, 5), lists.__getitem__, what="duel word", repeated="twice")
