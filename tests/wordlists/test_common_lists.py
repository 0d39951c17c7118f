"""The common words shipped with every valid list (issue 21; wordlists/build/common.py): what the easy and
medium bots play. Each is its valid list's words by frequency, commonest first, checked by the manifest's
hash like every list; everyday words rank high and the rarities players complained of are not there."""

from __future__ import annotations

import pytest

from games.kit import wordle_bots
from games.kit.words import common_slug
from games.wordgrid import bots as wordgrid_bots
from wordlists import lexicon as lexicons
from wordlists.build import common
from wordlists.build.model import BuiltList
from wordlists.build.pipeline import list_text

VALID = sorted(slug for slug, info in lexicons.manifest().items() if info.kind == "valid")


def rank(slug: str, word: str) -> int | None:
    """1 for the commonest word of the list, None for a word it does not rank."""
    words = lexicons.lexicon(slug).words
    return words.index(word) + 1 if word in words else None


@pytest.mark.parametrize(
    "valid", [slug for slug in VALID if lexicons.list_info(slug).language not in common.NO_FREQUENCY]
)
def test_every_valid_list_has_common_words_drawn_from_it(valid: str) -> None:
    ranked = lexicons.lexicon(common_slug(valid))  # the loader checks the manifest's sha256
    assert ranked.info.kind == common.COMMON and ranked.info.language == lexicons.list_info(valid).language
    assert 100 <= len(ranked) <= common.TOP and len(set(ranked.words)) == len(ranked.words)
    if valid in lexicons.DAWG_BACKED:
        graph = lexicons.dawg(valid)
        assert all(word in graph for word in ranked.words)
    else:
        assert set(ranked.words) <= set(lexicons.lexicon(valid).words)


@pytest.mark.parametrize(
    ("slug", "commoner", "rarer"),
    [
        ("wordgrid-en-common", "house", "walked"),
        ("duelo-en-5-common", "about", "sheen"),
        ("duelo-es-5-common", "sobre", "tibio"),
        ("duelo-ru-5-common", "может", "ёлочка".replace("ё", "е")[:5]),
        ("cruzadas-tr-common", "bir", "koyun"),
        ("torneo-de-5-common", "haben", "zunft"),
    ],
)
def test_common_words_rank_before_rarer_ones(slug: str, commoner: str, rarer: str) -> None:
    first, second = rank(slug, commoner), rank(slug, rarer)
    assert first is not None and (second is None or first < second)


@pytest.mark.parametrize(
    ("slug", "top", "everyday", "rare"),
    [
        # The Wordgrid bot that played DASHEENS and NESHEST against a new player (issue 21).
        (
            "wordgrid-en-common",
            wordgrid_bots.EASY_WORDS,
            {"house", "water", "green", "table"},
            {"dasheens", "neshest", "dasheen", "zax"},
        ),
        (
            "duelo-es-5-common",
            wordle_bots.EASY_WORDS,
            {"perro", "mesas", "casas", "tengo"},
            {"lizas", "roran", "abofe"},
        ),
    ],
)
def test_the_easy_bots_words_are_everyday_words_and_not_rarities(slug: str, top: int, everyday, rare) -> None:
    known = set(lexicons.lexicon(slug).words[:top])
    assert everyday <= known
    assert not rare & known


def test_the_rank_follows_the_frequency_data_and_the_file_keeps_it(monkeypatch) -> None:
    monkeypatch.setattr(common, "frequencies", lambda language: {"casa": 3e-4, "arbol": 5e-4, "perro": 3e-4})
    valid = BuiltList(
        "duelo", "es", 5, "valid", [("arbol", "árbol"), ("casa", "casa"), ("perro", "perro"), ("zurdo", "zurdo")]
    )
    derived = common.derive(valid)
    assert derived.slug == "duelo-es-5-common"
    # Commonest first, ties alphabetically, a word the data does not know left out, the display kept.
    assert list_text(derived) == "arbol\tárbol\ncasa\nperro\n"


def test_without_frequency_data_a_list_has_no_common_words_and_every_bot_knows_the_whole_list() -> None:
    valid = BuiltList("torneo", "kk", 4, "valid", [("ана", "ана"), ("бала", "бала")])
    assert common.derive_all([valid]) == []
    for language in common.NO_FREQUENCY:
        assert not any(
            slug.startswith(f"torneo-{language}-") and slug.endswith("-common") for slug in lexicons.manifest()
        )
    for level in wordle_bots.LEVELS:
        known = wordle_bots.known_words(
            level, language="kk", length=5, words=lexicons.lexicon, valid_slug="torneo-kk-5-valid"
        )
        assert known.words == lexicons.lexicon("torneo-kk-5-valid").words


def test_a_common_list_holds_its_valid_lists_own_strings_so_a_process_keeps_each_word_once() -> None:
    valid = {word: word for word in lexicons.lexicon("duelo-es-5-valid").words}
    ranked = lexicons.lexicon("duelo-es-5-common")
    assert all(valid[word] is word for word in ranked.words)
    assert ranked.display("arbol") == "árbol"
