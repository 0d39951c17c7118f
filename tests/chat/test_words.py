"""The word filter, per interface language: insults masked however they are typed, ordinary words kept."""

import pytest

from chat.words import WORDS, masked

TABLE = [
    # (language, typed, shown)
    ("es", "eres un idiota", "eres un ******"),
    ("es", "IMBÉCIL", "*******"),
    ("es", "1d10t4 jaja", "****** jaja"),
    ("es", "estuuupido!", "**********!"),
    ("es", "qué mierda de ronda", "qué ****** de ronda"),
    ("es", "puta", "****"),
    ("es", "una computadora putativa", "una computadora putativa"),
    ("es", "buena partida, ¡bien jugado!", "buena partida, ¡bien jugado!"),
    ("en", "you idiot", "you *****"),
    ("en", "Sh1t happens", "**** happens"),
    ("en", "F U C K", "F U C K"),  # spaced letters pass: a short list, not a wall (docs/decisions.md 161)
    ("en", "fuuuck this", "****** this"),
    ("en", "stup1d move", "****** move"),
    ("en", "good game, well played", "good game, well played"),
    ("en", "Scunthorpe is a town", "Scunthorpe is a town"),
]


@pytest.mark.parametrize(("language", "typed", "shown"), TABLE)
def test_insults_are_masked_however_typed(language, typed, shown):
    assert language in WORDS
    assert masked(typed)[0] == shown
    assert masked(typed)[1] == (typed != shown)


def test_each_interface_language_has_its_list():
    assert set(WORDS) == {"es", "en"} and all(len(words) >= 10 for words in WORDS.values())
