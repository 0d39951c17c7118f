"""What a Claves a Dúo clue may be (pure; see docs/claves.md).

A clue is one word and a number from 0 to 9. The game refuses, by itself, a word on the board and an
obvious extension or inflection of one ("barcos" with "barco", "peces" with "pez"), comparing the
normalised forms: accents folded, ñ kept (wordlists.alphabets.normalise("es", ...)), so "camion" is
"camión", but "nino" is not "niño" and "una" is not "uña". The rules leave every other variant
(compounds such as "paraguas" with "agua", derived words, synonyms) to the pair: "Las demás variantes
las vigiláis en pareja". Refusing every word that merely contains a board word would refuse unrelated
words too ("soldado" with "sol", "caracol" with "cara").

"Obvious" is a closed list of Spanish endings, checked both ways (the board word may be the longer one):
plural (-s, -es, z -> -ces), gender (-o/-a, consonant + -a after n, r, s), and diminutives
(-ito, -illo, -cito, -cillo, -ecito, -ecillo and their -a/-s forms), with the spelling changes they
bring (barco -> barquito, lago -> laguito, taza -> tacita, pez -> pececito).

A word that is a noun in its own right (`nouns`: the game's curated list) is only refused as a plural:
"puerta" with "puerto", "libra" with "libro", "manga" with "mango", "cepillo" with "cepo" are different
words, although they look like a gender swap or a diminutive.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import Any

from games.kit.contract import gettext_noop as _
from games.kit.errors import IllegalMove
from wordlists.alphabets import normalise

LANGUAGE = "es"
MAX_NUMBER = 9
MAX_LETTERS = 24  # the longest common Spanish words; anything longer is a typo or a sentence

VOWELS = frozenset("aeiou")
_GENDER_CONSONANTS = frozenset("nrs")  # león/leona, señor/señora, francés/francesa
_DIMINUTIVES = ("ito", "illo")  # after the stem: gat-ito, mes-illa
_SOFT_DIMINUTIVES = ("cito", "cillo", "ecito", "ecillo")  # after the whole word: camion-cito, pan-ecillo
_SEPARATORS = frozenset(" \t\n\r-_/.,;:+&'\"’")


@dataclass(frozen=True)
class Clue:
    word: str  # normalised (accents folded, ñ kept)
    shown: str  # as typed, trimmed and lowercased (accents kept)
    number: int


def _gendered(stem: str) -> list[str]:
    """-o/-a forms and their plurals on a stem (gat -> gato, gata, gatos, gatas)."""
    return [stem + ending for ending in ("o", "a", "os", "as")]


def _before_front_vowel(stem: str) -> str:
    """The spelling a stem takes before e/i: barc -> barqu, lag -> lagu, taz -> tac."""
    if stem.endswith("c"):
        return stem[:-1] + "qu"
    if stem.endswith("g"):
        return stem[:-1] + "gu"
    if stem.endswith("z"):
        return stem[:-1] + "c"
    return stem


def plurals(word: str) -> frozenset[str]:
    """The plural-looking extensions of a normalised word: barco -> barcos, flor -> flores, pez -> peces."""
    forms = {word + "s", word + "es"}
    if word.endswith("z"):
        forms.add(word[:-1] + "ces")
    return frozenset(forms)


def inflections(word: str) -> frozenset[str]:
    """The obvious extensions and inflections of a normalised word (the word itself excluded)."""
    forms: set[str] = set(plurals(word))
    last = word[-1:]
    if last in VOWELS:
        stem = word[:-1]
        if last in "oa":  # gato/gata, niño/niña
            forms.update(_gendered(stem))
    else:
        stem = word
        if last in _GENDER_CONSONANTS:  # león -> leona, señor -> señora
            forms.update((word + "a", word + "as"))
    if len(stem) >= 2:
        soft = _before_front_vowel(stem)
        for ending in _DIMINUTIVES:
            forms.update(_gendered(soft + ending[:-1]))
    for ending in _SOFT_DIMINUTIVES:
        base = word[:-1] if last == "e" else word  # madre -> madrecita, pan -> panecillo
        forms.update(_gendered(_before_front_vowel(base) + ending[:-1]))  # pez -> pececito
    forms.discard(word)
    return frozenset(forms)


def related(clue: str, board_word: str, nouns: Container[str] = frozenset()) -> bool:
    """Whether two different normalised words are obvious variants of each other (either way). When
    both are nouns of their own (`nouns`), only a plural counts."""
    if clue in nouns and board_word in nouns:
        return clue in plurals(board_word) or board_word in plurals(clue)
    return clue in inflections(board_word) or board_word in inflections(clue)


def parse_number(raw: Any) -> int:
    """The clue's number: an integer 0-9 (a one-digit string from a form is accepted)."""
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw.strip())
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw <= MAX_NUMBER:
        raise IllegalMove("bad_number", _("The number is a whole number from 0 to %(max)d."), {"max": MAX_NUMBER})
    return raw


def parse_word(raw: Any) -> tuple[str, str]:
    """(normalised, shown) for a typed clue word, or IllegalMove: one word of Spanish letters."""
    if not isinstance(raw, str) or not raw.strip():
        raise IllegalMove("empty_clue", _("Write a one-word clue."))
    typed = raw.strip()
    if any(character in _SEPARATORS or character.isspace() for character in typed):
        raise IllegalMove("not_one_word", _("A clue is a single word, not several words or a phrase."))
    word = normalise(LANGUAGE, typed)
    if word is None:
        raise IllegalMove("not_letters", _("A clue is written with letters only."))
    if len(word) > MAX_LETTERS:
        raise IllegalMove("too_long", _("A clue has at most %(max)d letters."), {"max": MAX_LETTERS})
    return word, typed.lower()


def check_clue(
    raw_word: Any, raw_number: Any, board: Sequence[str], shown: Sequence[str], nouns: Container[str] = frozenset()
) -> Clue:
    """A valid clue for this board (normalised board words, and their display spellings), or
    IllegalMove saying why not. Checked in this order: the word's shape, the board, the number.
    `nouns`: words that are nouns in their own right (the curated list), see `related`."""
    word, typed = parse_word(raw_word)
    for board_word, display in zip(board, shown, strict=True):
        if word == board_word:
            raise IllegalMove("board_word", _("“%(clue)s” is a word on the board."), {"clue": display})
        if related(word, board_word, nouns):
            raise IllegalMove(
                "board_variant",
                _("“%(clue)s” is too close to “%(word)s”, a word on the board."),
                {"clue": typed, "word": display},
            )
    return Clue(word=word, shown=typed, number=parse_number(raw_number))
