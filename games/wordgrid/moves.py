"""Wordgrid move generation: every legal move of a position, by walking a word graph over the grid.

Pure (no Django, no files, no clock). A position is the grid (25 letters, "." for an empty cell, row by
row) and the words already spent. A move is (empty cell next to a filled one, letter, path): the path is
a sequence of distinct, orthogonally adjacent cells that are filled or the new cell, includes the new
cell, and spells a word of 2+ letters that is not spent.

The search walks the word graph (`wordlists.dawg.Dawg`: root, child, children, is_terminal) depth-first
from every cell, treating every candidate cell as a wildcard that at most one step of a path may use: the
branch tries each letter the graph allows there. Prefixes that no word starts with are cut at once, so a
position of the real 274k-word list takes milliseconds to tens of milliseconds (docs/wordgrid.md).

`derived_index(word_list)` builds that graph from a list's words (pure, in memory, about a second for
the real list, cached per list object) when the caller has no prebuilt one to pass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from wordlists.dawg import Dawg

SIZE = 5
CELLS = SIZE * SIZE
EMPTY = "."
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
MIN_WORD = 2


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, SIZE)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            out.append(r * SIZE + c)
    return tuple(out)


# NEIGHBOURS[i]: the cells that share a side with cell i (row-major index r * 5 + c).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(CELLS))


class WordGraph(Protocol):
    """What the search needs of a word graph (`wordlists.dawg.Dawg` has it)."""

    root: int

    def children(self, node: int) -> Iterable[tuple[str, int]]: ...

    def is_terminal(self, node: int) -> bool: ...


@dataclass(frozen=True)
class Move:
    """A legal move: the new cell, its letter, the traced path (cell indexes) and the word it spells."""

    cell: int
    letter: str
    path: tuple[int, ...]
    word: str

    def action(self) -> dict[str, Any]:
        """The move as a client sends it to the engine."""
        return {
            "type": "move",
            "cell": list(divmod(self.cell, SIZE)),
            "letter": self.letter,
            "path": [list(divmod(i, SIZE)) for i in self.path],
        }


class _Walker:
    """A word graph with each visited node's (is_terminal, {letter: child}) remembered.

    Wordgrid searches revisit the same few thousand nodes over and over; a dict lookup is several
    times cheaper than the graph's own edge search. Kept per graph object (see `_walker`).
    """

    def __init__(self, graph: WordGraph) -> None:
        self.graph = graph
        self.root = graph.root
        self._nodes: dict[int, tuple[bool, dict[str, int]]] = {}

    def node(self, node: int) -> tuple[bool, dict[str, int]]:
        known = self._nodes.get(node)
        if known is None:
            known = (self.graph.is_terminal(node), dict(self.graph.children(node)))
            self._nodes[node] = known
        return known


_WALKERS: dict[int, tuple[WordGraph, _Walker]] = {}


def _walker(graph: WordGraph) -> _Walker:
    # Keyed by identity with the graph kept alive next to it, so an id is never reused wrongly.
    cached = _WALKERS.get(id(graph))
    if cached is not None and cached[0] is graph:
        return cached[1]
    walker = _Walker(graph)
    if len(_WALKERS) > 32:
        _WALKERS.clear()
    _WALKERS[id(graph)] = (graph, walker)
    return walker


_DERIVED: dict[int, tuple[Any, Dawg]] = {}


def derived_index(word_list: Any) -> Dawg:
    """A word graph of `word_list.words` built in memory (cached per list object).

    Words with letters outside a-z cannot be written on the grid and are left out.
    """
    cached = _DERIVED.get(id(word_list))
    if cached is not None and cached[0] is word_list:
        return cached[1]
    usable = [w for w in word_list.words if len(w) >= MIN_WORD and all(ch in ALPHABET for ch in w)]
    graph = Dawg.build(usable, ALPHABET)
    if len(_DERIVED) > 16:
        _DERIVED.clear()
    _DERIVED[id(word_list)] = (word_list, graph)
    return graph


def candidate_cells(grid: str) -> list[int]:
    """The empty cells that share a side with a filled one: where a letter may be written."""
    return [i for i in range(CELLS) if grid[i] == EMPTY and any(grid[n] != EMPTY for n in NEIGHBOURS[i])]


def generate(
    grid: str, spent: Iterable[str] | set[str] | frozenset[str], graph: WordGraph, *, cells: Iterable[int] | None = None
) -> Iterator[Move]:
    """Every legal move of the position (each distinct (cell, letter, path) once).

    `cells` limits the new cell to some candidates (all of them by default). The order is the search's
    (by start cell, then depth-first); callers that need another sort it.
    """
    if len(grid) != CELLS:
        raise ValueError("a grid has 25 cells")
    spent = spent if isinstance(spent, set | frozenset) else set(spent)
    wild = set(candidate_cells(grid))
    if cells is not None:
        wild &= set(cells)
    if not wild:
        return
    walker = _walker(graph)
    node_of = walker.node
    letters = list(grid)
    path: list[int] = []
    word: list[str] = []

    def walk(cell: int, node: int, visited: int, new_cell: int) -> Iterator[Move]:
        # `cell` is on the path (its letter in `word`), `node` the graph node after it.
        for nb in NEIGHBOURS[cell]:
            bit = 1 << nb
            if visited & bit:
                continue
            ch = letters[nb]
            if ch != EMPTY:
                nxt = node_of(node)[1].get(ch)
                if nxt is None:
                    continue
                path.append(nb)
                word.append(ch)
                terminal = node_of(nxt)[0]
                if terminal and new_cell >= 0:
                    text = "".join(word)
                    if text not in spent:
                        yield Move(new_cell, letters[new_cell], tuple(path), text)
                yield from walk(nb, nxt, visited | bit, new_cell)
                path.pop()
                word.pop()
            elif new_cell < 0 and nb in wild:
                path.append(nb)
                for letter, nxt in node_of(node)[1].items():
                    letters[nb] = letter
                    word.append(letter)
                    if node_of(nxt)[0]:
                        text = "".join(word)
                        if text not in spent:
                            yield Move(nb, letter, tuple(path), text)
                    yield from walk(nb, nxt, visited | bit, nb)
                    word.pop()
                letters[nb] = EMPTY
                path.pop()

    root = walker.root
    for start in range(CELLS):
        ch = letters[start]
        if ch != EMPTY:
            nxt = node_of(root)[1].get(ch)
            if nxt is None:
                continue
            path.append(start)
            word.append(ch)
            yield from walk(start, nxt, 1 << start, -1)
            path.pop()
            word.pop()
        elif start in wild:
            path.append(start)
            for letter, nxt in node_of(root)[1].items():
                letters[start] = letter
                word.append(letter)
                yield from walk(start, nxt, 1 << start, start)
                word.pop()
            letters[start] = EMPTY
            path.pop()


def legal_moves(grid: str, spent: Iterable[str], graph: WordGraph) -> list[Move]:
    """All legal moves of the position, as a list."""
    return list(generate(grid, spent, graph))


def has_legal_move(grid: str, spent: Iterable[str], graph: WordGraph) -> bool:
    """Whether the player to move has any legal move (the search stops at the first one)."""
    return next(generate(grid, spent, graph), None) is not None


def best_plays(grid: str, spent: Iterable[str], graph: WordGraph) -> dict[tuple[int, str], list[str]]:
    """For each (new cell, letter) that has a legal move, its distinct words, longest first.

    What the bots reason with: the grid a move leaves depends only on the cell and the letter, and
    any path spelling the word scores the same.
    """
    found: dict[tuple[int, str], set[str]] = {}
    for move in generate(grid, spent, graph):
        found.setdefault((move.cell, move.letter), set()).add(move.word)
    return {key: sorted(words, key=lambda w: (-len(w), w)) for key, words in found.items()}


def path_for(grid: str, cell: int, letter: str, word: str, graph: WordGraph) -> tuple[int, ...] | None:
    """One path that spells `word` with `letter` written in `cell` (None if there is none)."""
    for move in generate(grid, (), graph, cells=(cell,)):
        if move.letter == letter and move.word == word:
            return move.path
    return None


def brute_force_moves(
    grid: str, spent: Iterable[str], is_word: Callable[[str], bool], max_length: int = CELLS
) -> set[tuple[int, str, tuple[int, ...]]]:
    """Every legal move by plain enumeration: each candidate cell x each letter x each simple path.

    Exponential; for tests on small positions only (the reference the fast generator is checked against).
    """
    spent = set(spent)
    out: set[tuple[int, str, tuple[int, ...]]] = set()
    for cell in candidate_cells(grid):
        usable = {i for i in range(CELLS) if grid[i] != EMPTY} | {cell}
        for letter in ALPHABET:
            letters = grid[:cell] + letter + grid[cell + 1 :]

            def extend(
                path: list[int],
                cell: int = cell,
                letters: str = letters,
                letter: str = letter,
                usable: set[int] = usable,
            ) -> None:
                if len(path) >= MIN_WORD and cell in path:
                    text = "".join(letters[i] for i in path)
                    if text not in spent and is_word(text):
                        out.add((cell, letter, tuple(path)))
                if len(path) >= max_length:
                    return
                for nb in NEIGHBOURS[path[-1]]:
                    if nb in usable and nb not in path:
                        path.append(nb)
                        extend(path)
                        path.pop()

            for start in usable:
                extend([start])
    return out
