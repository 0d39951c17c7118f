"""Claves a Dúo word lists: the curated file, the builder and the committed data files agree."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest

from wordlists.alphabets import alphabet, normalise
from wordlists.build import claves
from wordlists.lexicon import lexicon

DATA = Path(claves.__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module")
def lists() -> dict[str, list[tuple[str, str]]]:
    return {built.kind: built.words for built in claves.build()}


def test_counts_and_levels(lists: dict[str, list[tuple[str, str]]]) -> None:
    familiar = {norm for norm, _ in lists["familiar"]}
    standard = {norm for norm, _ in lists["standard"]}
    assert len(familiar) >= 400  # issue 21: a room plays 16 boards before a word comes back
    assert len(standard) >= 400
    assert familiar < standard


def test_each_pack_is_at_least_400_curated_lowercase_words_none_offensive(
    lists: dict[str, list[tuple[str, str]]],
) -> None:
    curated = {normalise("es", word): word for word, _level in claves.read_curated()}
    blocklist = {
        line.strip()
        for line in (DATA.parent / "blocklists" / "es.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert {"culo", "mierda"} <= blocklist  # the real blocklist was read
    for kind in claves.LEVELS:
        norms = [norm for norm, _display in lists[kind]]
        assert len(norms) >= 400, kind
        assert len(set(norms)) == len(norms), kind
        for norm, display in lists[kind]:
            assert curated[norm] == display and display == display.lower(), display
        assert not set(norms) & blocklist, kind
        # What the site loads is what the builder made.
        assert sorted(lexicon(f"claves-es-{kind}").words) == norms


def test_built_lists_shape() -> None:
    built = claves.build()
    assert [(b.game, b.language, b.length, b.kind) for b in built] == [
        ("claves", "es", None, "familiar"),
        ("claves", "es", None, "standard"),
    ]
    assert [b.slug for b in built] == ["claves-es-familiar", "claves-es-standard"]
    for b in built:
        assert b.words == sorted(b.words)
        assert b.sources and "CC0" in b.sources[0].licence


def test_no_duplicates_after_normalisation() -> None:
    norms = [normalise("es", word) for word, _ in claves.read_curated()]
    assert len(norms) == len(set(norms))


def test_words_are_lowercase_spanish_letters(lists: dict[str, list[tuple[str, str]]]) -> None:
    letters = set(alphabet("es"))
    for norm, display in lists["standard"]:
        assert display == display.lower() and display.isalpha(), display
        assert normalise("es", display) == norm
        assert set(norm) <= letters, display
        # ñ must survive; only the accents fold.
        assert ("ñ" in display) == ("ñ" in norm)


def test_no_word_extends_another(lists: dict[str, list[tuple[str, str]]]) -> None:
    """The game rejects a clue that extends a board word, so no two board words may do so."""
    norms = sorted(norm for norm, _ in lists["standard"])
    clashes = [
        (a, b)
        for a, b in combinations(norms, 2)
        for short, long in ((a, b) if len(a) <= len(b) else (b, a),)
        if long.startswith(short) and 1 <= len(long) - len(short) <= 3
    ]
    assert clashes == []


def test_no_plural_or_spanish_inflection_pairs(lists: dict[str, list[tuple[str, str]]]) -> None:
    norms = {norm for norm, _ in lists["standard"]}
    for norm in norms:
        assert norm + "s" not in norms and norm + "es" not in norms, norm
        if norm.endswith("z"):
            assert norm[:-1] + "ces" not in norms, norm


def test_spot_words(lists: dict[str, list[tuple[str, str]]]) -> None:
    familiar = dict(lists["familiar"])
    standard = dict(lists["standard"])
    assert familiar["raton"] == "ratón"
    assert familiar["niño"] == "niño"
    for word in ("casa", "perro", "sol", "manzana"):
        assert word in familiar
    for word in (
        "banco",
        "planta",
        "llama",
        "sierra",
        "cola",
        "pila",
        "lima",
        "hoja",
        "radio",
        "muñeca",
        "carpa",
        "banda",
    ):
        assert word in standard


def test_committed_files_match_builder() -> None:
    manifest = json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))
    by_slug = manifest["lists"]
    for built in claves.build():
        assert built.slug in by_slug
        assert by_slug[built.slug]["count"] == len(built.words)
        lines = (DATA / f"{built.slug}.txt").read_text(encoding="utf-8").splitlines()
        expected = [norm if norm == display else f"{norm}\t{display}" for norm, display in built.words]
        assert lines == expected
