"""Property tests of the flat-array DAWG: it must hold exactly its word set, walk in alphabet order,
survive a save/load round trip byte for byte, and actually share suffixes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlists.dawg import MAGIC, Dawg

ALPHABET = "abcçdeğıio"  # a small alphabet with Turkish letters out of code-point order
words_st = st.lists(st.text(alphabet=ALPHABET, min_size=1, max_size=8), max_size=60)


def alpha_key(word: str) -> list[int]:
    return [ALPHABET.index(ch) for ch in word]


def trie_nodes(words: set[str]) -> int:
    return len({w[:i] for w in words for i in range(len(w) + 1)})


@settings(max_examples=200, deadline=None)
@given(words_st, st.lists(st.text(alphabet=ALPHABET, max_size=9), max_size=30))
def test_membership_is_exactly_the_set(words: list[str], probes: list[str]) -> None:
    dawg = Dawg.build(words, ALPHABET)
    expected = set(words)
    assert len(dawg) == len(expected)
    for word in expected:
        assert word in dawg
    for probe in probes:
        assert (probe in dawg) == (probe in expected)
    # Every prefix of a word is a non-terminal node unless it is itself a word.
    for word in expected:
        for i in range(len(word)):
            node = dawg.node_for(word[:i])
            assert node is not None
            assert dawg.is_terminal(node) == (word[:i] in expected)


@settings(max_examples=200, deadline=None)
@given(words_st)
def test_children_walk_enumerates_the_set_in_alphabet_order(words: list[str]) -> None:
    dawg = Dawg.build(words, ALPHABET)
    found: list[str] = []

    def walk(node: int, prefix: str) -> None:
        if dawg.is_terminal(node):
            found.append(prefix)
        letters = []
        for letter, child in dawg.children(node):
            letters.append(letter)
            assert dawg.child(node, letter) == child
            walk(child, prefix + letter)
        assert letters == sorted(letters, key=ALPHABET.index)

    walk(dawg.root, "")
    assert found == sorted(set(words), key=alpha_key)
    assert list(dawg) == found


@settings(max_examples=100, deadline=None)
@given(words_st, st.text(alphabet=ALPHABET, max_size=3), st.integers(min_value=1, max_value=10))
def test_words_with_prefix(words: list[str], prefix: str, limit: int) -> None:
    dawg = Dawg.build(words, ALPHABET)
    expected = sorted((w for w in set(words) if w.startswith(prefix)), key=alpha_key)
    assert dawg.words_with_prefix(prefix) == expected
    assert dawg.words_with_prefix(prefix, limit) == expected[:limit]


@settings(max_examples=100, deadline=None)
@given(words_st)
def test_save_load_round_trip(tmp_path_factory: pytest.TempPathFactory, words: list[str]) -> None:
    folder = tmp_path_factory.mktemp("dawg")
    dawg = Dawg.build(words, ALPHABET)
    dawg.save(folder / "a.dawg")
    loaded = Dawg.load(folder / "a.dawg")
    assert loaded.alphabet == ALPHABET
    assert len(loaded) == len(dawg)
    assert list(loaded) == list(dawg)
    assert (folder / "a.dawg").read_bytes().startswith(MAGIC)
    # Deterministic: the same set in another order, with duplicates, gives the same bytes.
    Dawg.build(list(reversed(words)) + words, ALPHABET).save(folder / "b.dawg")
    assert (folder / "a.dawg").read_bytes() == (folder / "b.dawg").read_bytes()


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet=ALPHABET, min_size=1, max_size=5), min_size=2, max_size=20, unique=True))
def test_shared_suffixes_are_merged(stems: list[str]) -> None:
    # Every stem takes the same endings, so the endings' states must be shared, not copied.
    words = {stem + ending for stem in stems for ending in ("lar", "ları", "larda", "ci")}
    dawg = Dawg.build(words, ALPHABET + "lr")
    assert dawg.node_count < trie_nodes(words)
    # stem prefixes, plus one state per distinct rest of an ending: {ar,arı,arda} {r,rı,rda}
    # {"",ı,da} {""} {a} {i}
    assert dawg.node_count <= trie_nodes(set(stems)) + 6


def test_minimal_on_a_known_example() -> None:
    # tap taps top tops: the minimal automaton has 5 states (root, t, ta|to, tap|top, taps|tops).
    dawg = Dawg.build(["tap", "taps", "top", "tops"], "apst" + "o")
    assert dawg.node_count == 5
    assert trie_nodes({"tap", "taps", "top", "tops"}) == 8


def test_empty_and_edge_cases(tmp_path) -> None:
    empty = Dawg.build([], "ab")
    assert len(empty) == 0 and "" not in empty and "a" not in empty
    assert list(empty) == []
    empty.save(tmp_path / "e.dawg")
    assert list(Dawg.load(tmp_path / "e.dawg")) == []
    dawg = Dawg.build(["ab"], "ab")
    assert dawg.child(dawg.root, "z") is None
    assert "abz" not in dawg and 3 not in dawg
    assert dawg.words_with_prefix("x") == []
    with pytest.raises(ValueError):
        Dawg.build(["abc"], "ab")
    with pytest.raises(ValueError):
        Dawg.build(["a"], "aa")


def test_load_rejects_bad_files(tmp_path) -> None:
    bad = tmp_path / "bad.dawg"
    bad.write_bytes(b"not a dawg file at all")
    with pytest.raises(ValueError):
        Dawg.load(bad)
    Dawg.build(["ab", "ba"], "ab").save(bad)
    data = bad.read_bytes()
    bad.write_bytes(data[:-1])
    with pytest.raises(ValueError):
        Dawg.load(bad)
