"""What a Claves a Dúo clue may be (games/claves/clues.py): one word and a number 0-9, not a board word,
not an obvious extension or inflection of one, compared without accents but keeping ñ."""

from __future__ import annotations

import random

import pytest

from games.claves import clues
from games.kit.errors import IllegalMove
from wordlists.alphabets import normalise
from wordlists.lexicon import lexicon

BOARD_SHOWN = [
    "barco",
    "pez",
    "luz",
    "niño",
    "uña",
    "camión",
    "árbol",
    "león",
    "agua",
    "sol",
    "pan",
    "madre",
    "gato",
    "taza",
    "lago",
    "flor",
    "señor",
    "lápiz",
    "abuela",
    "banco",
]
BOARD = [normalise("es", w) for w in BOARD_SHOWN]


def check(word: object, number: object = 2) -> clues.Clue:
    return clues.check_clue(word, number, BOARD, BOARD_SHOWN)


def refusal(word: object, number: object = 2) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        check(word, number)
    assert caught.value.text and "%(" not in caught.value.text  # English, parameters filled in
    return caught.value


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        # the board word itself, in any case, with or without its accents
        ("barco", "board_word"),
        ("BARCO", "board_word"),
        ("  Barco ", "board_word"),
        ("camion", "board_word"),
        ("CAMIÓN", "board_word"),
        ("arbol", "board_word"),
        ("Niño", "board_word"),
        ("NIÑO", "board_word"),
        ("leon", "board_word"),
        ("lapiz", "board_word"),
        # plurals: the text's own examples, and z -> ces
        ("barcos", "board_variant"),
        ("peces", "board_variant"),
        ("luces", "board_variant"),
        ("camiones", "board_variant"),
        ("árboles", "board_variant"),
        ("arboles", "board_variant"),
        ("niños", "board_variant"),
        ("uñas", "board_variant"),
        ("aguas", "board_variant"),
        ("soles", "board_variant"),
        ("panes", "board_variant"),
        ("lápices", "board_variant"),
        ("flores", "board_variant"),
        # gender
        ("niña", "board_variant"),
        ("NIÑAS", "board_variant"),
        ("gata", "board_variant"),
        ("leona", "board_variant"),
        ("señora", "board_variant"),
        ("abuelo", "board_variant"),
        ("abuelos", "board_variant"),
        # diminutives, with their spelling changes
        ("barquito", "board_variant"),
        ("gatito", "board_variant"),
        ("gatitas", "board_variant"),
        ("arbolito", "board_variant"),
        ("niñito", "board_variant"),
        ("pececito", "board_variant"),
        ("tacita", "board_variant"),
        ("laguito", "board_variant"),
        ("panecillo", "board_variant"),
        ("madrecita", "board_variant"),
        ("camioncito", "board_variant"),
        ("florecita", "board_variant"),
        # the shape of a clue
        ("pez espada", "not_one_word"),
        ("pez-espada", "not_one_word"),
        ("mar,", "not_one_word"),
        ("a/b", "not_one_word"),
        ("agua\tfría", "not_one_word"),
        ("", "empty_clue"),
        ("   ", "empty_clue"),
        (None, "empty_clue"),
        (5, "empty_clue"),
        ("mar1", "not_letters"),
        ("@@", "not_letters"),
        ("mar!", "not_letters"),
        ("a" * 25, "too_long"),
    ],
)
def test_refused_clues(typed: object, code: str) -> None:
    assert refusal(typed).code == code


@pytest.mark.parametrize(
    ("typed", "word", "shown"),
    [
        ("mar", "mar", "mar"),
        ("Océano", "oceano", "océano"),
        # ñ is a letter: without it, another word
        ("nino", "nino", "nino"),  # not "niño"
        ("una", "una", "una"),  # "one", not "uña"
        ("pina", "pina", "pina"),
        # compounds and words that merely contain a board word: the pair watches those, not the game
        ("paraguas", "paraguas", "paraguas"),
        ("soldado", "soldado", "soldado"),
        ("girasol", "girasol", "girasol"),
        ("barcaza", "barcaza", "barcaza"),
        ("panadero", "panadero", "panadero"),
        ("salón", "salon", "salón"),
        ("luzco", "luzco", "luzco"),
        # a board word inside a longer unrelated word
        ("bancarrota", "bancarrota", "bancarrota"),
        ("ñu", "ñu", "ñu"),
    ],
)
def test_accepted_clues(typed: str, word: str, shown: str) -> None:
    clue = check(typed, 3)
    assert clue == clues.Clue(word=word, shown=shown, number=3)


def test_the_variant_check_works_both_ways() -> None:
    shown = ["peces", "barcos", "niña"]
    board = [normalise("es", w) for w in shown]
    for typed in ("pez", "barco", "niño", "niños"):
        with pytest.raises(IllegalMove) as caught:
            clues.check_clue(typed, 1, board, shown)
        assert caught.value.code == "board_variant"


def test_a_refusal_names_the_board_word_as_players_read_it() -> None:
    error = refusal("ARBOLES")
    assert error.params == {"clue": "arboles", "word": "árbol"}
    assert error.text == "“arboles” is too close to “árbol”, a word on the board."
    assert refusal("camion").text == "“camión” is a word on the board."


@pytest.mark.parametrize(("number", "expected"), [(0, 0), (1, 1), (9, 9), ("4", 4), (" 7 ", 7)])
def test_the_number_is_0_to_9(number: object, expected: int) -> None:
    assert check("mar", number).number == expected


@pytest.mark.parametrize("number", [10, -1, True, False, 2.5, None, "", "dos", "10", [1]])
def test_a_bad_number_is_refused(number: object) -> None:
    error = refusal("mar", number)
    assert error.code == "bad_number" and error.params == {"max": 9}


def test_the_word_is_checked_before_the_number() -> None:
    assert refusal("barco", 12).code == "board_word"


def test_every_word_of_the_real_lists_and_its_plural_are_refused_on_a_board_holding_it() -> None:
    standard = lexicon("claves-es-standard")
    words = list(standard.words)
    rng = random.Random(5)
    for word in words:
        others = rng.sample([w for w in words if w != word], 24)
        board = [word, *others]
        shown = [standard.display(w) for w in board]
        for typed, code in (
            (standard.display(word).upper(), "board_word"),
            (word, "board_word"),
            (word + ("s" if word[-1] in "aeiou" else "es"), "board_variant"),
        ):
            with pytest.raises(IllegalMove) as caught:
                clues.check_clue(typed, 1, board, shown)
            assert caught.value.code in (code, "board_word"), (typed, board)


def test_a_noun_of_its_own_is_refused_only_as_a_plural() -> None:
    """ "puerta" is not a variant of "puerto": with the curated list, only plurals count between nouns."""
    nouns = lexicon("claves-es-standard")
    shown = ["puerto", "libro", "mango", "cepo", "niño", "gato"]
    board = [normalise("es", w) for w in shown]
    for typed in ("puerta", "libra", "manga", "cepillo"):
        assert clues.check_clue(typed, 1, board, shown, nouns).word == typed
        with pytest.raises(IllegalMove) as caught:
            clues.check_clue(typed, 1, board, shown)  # without the list, the look-alike is refused
        assert caught.value.code == "board_variant"
    for typed in ("puertos", "libros", "niña", "gatito", "niños"):  # not nouns of the list: still refused
        with pytest.raises(IllegalMove) as caught:
            clues.check_clue(typed, 1, board, shown, nouns)
        assert caught.value.code == "board_variant", typed


def test_list_words_stay_available_as_clues_on_a_random_board() -> None:
    """The variant rule refuses no other noun of the list (and, without the list, very few): a clue giver
    keeps the whole vocabulary but the board's words."""
    standard = lexicon("claves-es-standard")
    rng = random.Random(9)
    refused = {"with": 0, "without": 0}
    total = 0
    for _board in range(20):
        board = rng.sample(list(standard.words), 25)
        shown = [standard.display(w) for w in board]
        for word in standard.words:
            if word in board:
                continue
            total += 1
            for key, nouns in (("with", standard), ("without", frozenset())):
                try:
                    clues.check_clue(word, 1, board, shown, nouns)
                except IllegalMove:
                    refused[key] += 1
    assert refused["with"] == 0
    assert refused["without"] / total < 0.01
