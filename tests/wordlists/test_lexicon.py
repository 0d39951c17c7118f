"""The in-memory lexicons the games read: loaded from the committed files, checked, cheap to ask."""

import random

import pytest

from wordlists import lexicon


def test_every_list_in_the_manifest_matches_its_file():
    shipped = lexicon.manifest()
    assert shipped, "manifest.json lists nothing"
    for info in shipped.values():
        entries = lexicon.read_entries(info)  # raises CorruptList on a hash mismatch
        assert len(entries) == info.count, info.slug


def test_a_lexicon_answers_membership_and_keeps_display_spellings():
    valid = lexicon.lexicon(lexicon.slug_for("duelo", "es", 5, "valid"))
    assert "arbol" in valid and valid.display("arbol") == "árbol"
    assert "niños" in valid and "ninos" not in valid  # ñ is a letter of its own, not an accented n
    assert "xxxxx" not in valid


def test_korean_words_are_shown_as_syllables():
    hidden = lexicon.lexicon(lexicon.slug_for("duelo", "ko", 5, "hidden"))
    assert "ㅅㅏㄹㅏㅁ" in hidden
    assert hidden.display("ㅅㅏㄹㅏㅁ") == "사람"


def test_a_lexicon_is_loaded_once_per_process():
    assert lexicon.lexicon("duelo-en-5-valid") is lexicon.lexicon("duelo-en-5-valid")


def test_choose_never_returns_an_excluded_word():
    hidden = lexicon.lexicon(lexicon.slug_for("duelo", "en", 5, "hidden"))
    keep = set(hidden.words[:2])
    exclude = set(hidden.words) - keep
    rng = random.Random(7)
    assert {hidden.choose(rng, exclude=exclude) for _ in range(50)} == keep
    with pytest.raises(LookupError):
        hidden.choose(rng, exclude=set(hidden.words))


def test_the_crossword_list_is_served_by_its_dawg():
    words = lexicon.dawg("cruzadas-tr-valid")
    assert "ışık" in words and "istanbul" not in words
    assert len(words) == lexicon.list_info("cruzadas-tr-valid").count
    with pytest.raises(lexicon.UnknownList):
        lexicon.lexicon("cruzadas-tr-valid")


def test_an_unknown_list_is_refused():
    with pytest.raises(lexicon.UnknownList):
        lexicon.list_info("duelo-xx-5-hidden")
