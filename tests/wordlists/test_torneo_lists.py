"""Torneo word lists, checked on the committed data files (no network, no dictionaries needed)."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

import pytest

from wordlists.alphabets import length, normalise
from wordlists.build import torneo

DATA = Path(torneo.__file__).resolve().parent.parent / "data"
BLOCKLISTS = Path(torneo.__file__).resolve().parent.parent / "blocklists"
HIDDEN_FLOOR = 150
CASES = [(lang, size) for lang in torneo.LANGUAGES for size in torneo.LENGTHS]


@cache
def manifest() -> dict[str, dict]:
    return json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))["lists"]


@cache
def read_list(slug: str) -> dict[str, str]:
    words: dict[str, str] = {}
    for line in (DATA / f"{slug}.txt").read_text(encoding="utf-8").splitlines():
        norm, _, display = line.partition("\t")
        words[norm] = display or norm
    return words


def slug(lang: str, size: int, kind: str) -> str:
    return f"torneo-{lang}-{size}-{kind}"


@pytest.mark.parametrize(("lang", "size"), CASES)
def test_manifest_entries(lang: str, size: int) -> None:
    for kind in ("hidden", "valid"):
        entry = manifest()[slug(lang, size, kind)]
        described = (entry["game"], entry["language"], entry["length"], entry["kind"])
        assert described == ("torneo", lang, size, kind)
        path = DATA / f"{slug(lang, size, kind)}.txt"
        assert entry["count"] == len(read_list(slug(lang, size, kind)))
        assert entry["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
        assert entry["sources"]


@pytest.mark.parametrize(("lang", "size"), CASES)
def test_hidden_words_are_valid_and_sized(lang: str, size: int) -> None:
    hidden = read_list(slug(lang, size, "hidden"))
    valid = read_list(slug(lang, size, "valid"))
    assert len(hidden) >= HIDDEN_FLOOR
    assert len(valid) >= len(hidden)
    assert set(hidden) <= set(valid)
    for norm, display in hidden.items():
        assert length(lang, norm) == size, norm
        assert normalise(lang, display) == norm, display
    for norm in valid:
        assert normalise(lang, norm) == norm and length(lang, norm) == size, norm


@pytest.mark.parametrize(("lang", "size"), CASES)
def test_files_sorted_without_duplicates(lang: str, size: int) -> None:
    for kind in ("hidden", "valid"):
        lines = (DATA / f"{slug(lang, size, kind)}.txt").read_text(encoding="utf-8").splitlines()
        norms = [line.split("\t")[0] for line in lines]
        assert norms == sorted(set(norms))


@pytest.mark.parametrize("lang", torneo.LANGUAGES)
def test_no_blocklisted_or_excluded_hidden_word(lang: str) -> None:
    # Hand exclusions and the shared blocklist (when the language has one) both apply to hidden words.
    banned = torneo.exclusions(lang)
    for size in torneo.LENGTHS:
        assert not banned & set(read_list(slug(lang, size, "hidden")))


def test_spot_checks() -> None:
    assert "horse" in read_list("torneo-en-5-hidden")
    assert "which" not in read_list("torneo-en-5-hidden")
    assert read_list("torneo-es-5-hidden").get("arbol") == "árbol"
    assert "oʻrik" in read_list("torneo-uz-4-hidden")
