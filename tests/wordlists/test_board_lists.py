"""Checks of the committed board-game lists (Wordgrid, Letras Cruzadas) and their .dawg twins."""

from __future__ import annotations

import heapq
import random
import re
from functools import cache
from pathlib import Path

import pytest

from wordlists.dawg import Dawg

DATA = Path(__file__).resolve().parents[2] / "wordlists" / "data"
TURKISH = "abcçdefgğhıijklmnoöprsştuüvyz"


@cache
def words(slug: str) -> list[str]:
    """The normalised forms of a committed list (the part before a tab, if any)."""
    text = (DATA / f"{slug}.txt").read_text(encoding="utf-8")
    assert text.endswith("\n") and "\r" not in text
    return [line.split("\t", 1)[0] for line in text.splitlines()]


@cache
def dawg(slug: str) -> Dawg:
    return Dawg.load(DATA / f"{slug}.dawg")


def test_wordgrid_list() -> None:
    wg = words("wordgrid-en-valid")
    assert wg == sorted(set(wg))
    assert 270_000 < len(wg) < 280_000
    assert all(re.fullmatch(r"[a-z]{2,25}", w) for w in wg)
    have = set(wg)
    for word in ("qi", "za", "aa", "xu", "sheep", "grid", "zymurgy"):
        assert word in have, word
    assert sum(1 for w in wg if len(w) == 2) == 124
    for word in ("a", "i", "kg", "cm"):  # single letters and abbreviations are not plays
        assert word not in have, word


def test_cruzadas_list() -> None:
    tr = words("cruzadas-tr-valid")
    assert tr == sorted(set(tr))
    assert len(tr) > 1_000_000
    letter = re.compile(f"[{TURKISH}]{{2,15}}")
    assert all(letter.fullmatch(w) for w in tr)
    have = set(tr)
    for word in ("ışık", "ılık", "kitap", "kitaplar", "göz", "çiçek", "ağaç", "şehir", "üzüm", "evler"):
        assert word in have, word
    # Proper nouns (capitalised in hunspell) and their apostrophe forms are out.
    for word in ("istanbul", "ankara", "ahmet", "türkiye", "işik"):
        assert word not in have, word
    lengths = {len(w) for w in tr}
    assert min(lengths) == 2 and max(lengths) == 15


@pytest.mark.parametrize(
    ("slug", "alphabet"),
    [("wordgrid-en-valid", "abcdefghijklmnopqrstuvwxyz"), ("cruzadas-tr-valid", TURKISH)],
    ids=["wordgrid", "cruzadas"],
)
def test_dawg_agrees_with_text(slug: str, alphabet: str) -> None:
    listed = words(slug)
    graph = dawg(slug)
    assert graph.alphabet == alphabet
    assert len(graph) == len(listed)
    rng = random.Random(20240501)
    sample = rng.sample(listed, 5_000)
    assert all(w in graph for w in sample)
    have = set(listed)
    # Near misses: change one letter of a listed word; the graph must agree with the text each time.
    for word in sample[:2_000]:
        i = rng.randrange(len(word))
        probe = word[:i] + rng.choice(alphabet) + word[i + 1 :]
        assert (probe in graph) == (probe in have), probe
    # The first and last words in alphabet order match the text's extremes under that order.
    order = {ch: i for i, ch in enumerate(alphabet)}
    assert graph.words_with_prefix("", 3) == heapq.nsmallest(3, listed, key=lambda w: [order[c] for c in w])
