"""Wordgrid move generation (games/wordgrid/moves.py): the fast search against a brute-force enumerator."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kit.words import WordSet
from games.wordgrid import engine, moves
from wordlists.lexicon import dawg, lexicon

START = engine.start_grid()
SMALL = WordSet(
    (
        "he",
        "eh",
        "sh",
        "hes",
        "she",
        "sheet",
        "sheets",
        "ah",
        "ha",
        "hah",
        "pe",
        "pet",
        "pets",
        "ep",
        "es",
        "see",
        "seep",
        "peh",
        "eel",
        "heel",
        "sheep",
        "tee",
        "tees",
        "set",
        "pest",
        "step",
        "steep",
        "heap",
        "heat",
        "hate",
        "eat",
        "tea",
        "teas",
        "sea",
        "seat",
        "pa",
        "pat",
        "tap",
        "apt",
        "spa",
        "spat",
        "past",
        "paste",
        "haste",
        "aha",
        "thee",
        "these",
        "sheath",
    )
)


def at(row: int, col: int) -> int:
    return row * moves.SIZE + col


def place(grid: str, row: int, col: int, letter: str) -> str:
    cell = at(row, col)
    return grid[:cell] + letter + grid[cell + 1 :]


def fast(grid: str, spent: set[str], graph) -> set[tuple[int, str, tuple[int, ...]]]:
    found = [(m.cell, m.letter, m.path) for m in moves.generate(grid, spent, graph)]
    assert len(found) == len(set(found))  # each move once
    return set(found)


def random_position(rng: random.Random, letters: str, extra: int) -> str:
    """SHEEP plus `extra` letters, each written next to a filled cell (not necessarily a legal move)."""
    grid = START
    for _number in range(extra):
        cell = rng.choice(moves.candidate_cells(grid))
        grid = grid[:cell] + rng.choice(letters) + grid[cell + 1 :]
    return grid


def test_the_start_position_on_a_small_list() -> None:
    graph = moves.derived_index(SMALL)
    found = moves.legal_moves(START, {"sheep"}, graph)
    words = {m.word for m in found}
    # "sheet": T below or above the second E; "sheep" itself is spent; a word must use the new cell.
    assert "sheet" in words and "sheep" not in words
    # "he" is on the grid already, but only counts through a new letter: an H above or below an E, or
    # an E above or below the H.
    assert {(m.cell, m.letter) for m in found if m.word == "he"} == {
        (at(1, 2), "h"),
        (at(1, 3), "h"),
        (at(3, 2), "h"),
        (at(3, 3), "h"),
        (at(1, 1), "e"),
        (at(3, 1), "e"),
    }
    sheet = [m for m in found if m.word == "sheet"]
    assert {(m.cell, m.letter) for m in sheet} == {(at(1, 3), "t"), (at(3, 3), "t")}
    assert all(m.path == (at(2, 0), at(2, 1), at(2, 2), at(2, 3), m.cell) for m in sheet)
    # New letters only go next to a filled cell: rows 1 and 3.
    assert {divmod(m.cell, 5)[0] for m in found} == {1, 3}
    assert fast(START, {"sheep"}, graph) == moves.brute_force_moves(START, {"sheep"}, SMALL.__contains__)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), extra=st.integers(0, 6))
def test_the_search_finds_exactly_what_brute_force_finds(seed: int, extra: int) -> None:
    rng = random.Random(seed)
    grid = random_position(rng, "sheaptx", extra)
    spent = {"sheep", *rng.sample(SMALL.words, rng.randint(0, 6))}
    expected = moves.brute_force_moves(grid, spent, SMALL.__contains__)
    assert fast(grid, spent, moves.derived_index(SMALL)) == expected
    assert moves.has_legal_move(grid, spent, moves.derived_index(SMALL)) == bool(expected)


@pytest.mark.parametrize("seed", range(6))
def test_the_search_matches_brute_force_on_the_real_list(seed: int) -> None:
    rng = random.Random(seed)
    grid = random_position(rng, "aeinorst", 2)
    spent = {"sheep"}
    graph = dawg(engine.LIST_SLUG)
    valid = lexicon(engine.LIST_SLUG)
    assert fast(grid, spent, graph) == moves.brute_force_moves(grid, spent, valid.__contains__)


def test_a_prebuilt_graph_and_one_derived_from_the_list_agree() -> None:
    rng = random.Random(11)
    grid = random_position(rng, "aeinorstl", 8)
    valid = lexicon(engine.LIST_SLUG)
    assert fast(grid, {"sheep"}, dawg(engine.LIST_SLUG)) == fast(grid, {"sheep"}, moves.derived_index(valid))


def test_spent_words_are_never_generated_and_paths_never_reuse_a_cell() -> None:
    graph = moves.derived_index(SMALL)
    grid = place(place(START, 1, 3, "t"), 3, 1, "a")
    spent = {"sheep", "sheet", "hah"}
    for move in moves.generate(grid, spent, graph):
        assert move.word not in spent and len(set(move.path)) == len(move.path) and move.cell in move.path
        assert all(b in moves.NEIGHBOURS[a] for a, b in zip(move.path, move.path[1:], strict=False))


def test_a_full_grid_or_an_isolated_one_has_no_moves() -> None:
    graph = moves.derived_index(SMALL)
    assert moves.candidate_cells("s" * 25) == []
    assert not moves.has_legal_move("s" * 25, set(), graph)
    assert not moves.has_legal_move(START, {"sheep"}, moves.derived_index(WordSet(("zz", "qua"))))


def test_best_plays_groups_words_by_cell_and_letter_longest_first() -> None:
    groups = moves.best_plays(START, {"sheep"}, moves.derived_index(SMALL))
    assert groups[(at(3, 3), "t")][0] == "sheet"
    for found in groups.values():
        assert [len(w) for w in found] == sorted((len(w) for w in found), reverse=True)
    assert moves.path_for(START, at(3, 3), "t", "sheet", moves.derived_index(SMALL)) == (
        at(2, 0),
        at(2, 1),
        at(2, 2),
        at(2, 3),
        at(3, 3),
    )
    assert moves.path_for(START, at(3, 3), "t", "sheets", moves.derived_index(SMALL)) is None


def test_words_the_grid_cannot_hold_are_left_out_of_a_derived_graph() -> None:
    graph = moves.derived_index(WordSet(("he", "héé", "a", "h-e")))
    assert list(graph) == ["he"]
