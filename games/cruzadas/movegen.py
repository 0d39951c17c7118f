"""Letras Cruzadas move generation: every legal placement of a rack on a board, scored.

Pure (no Django, no files, no clock, no randomness). The anchor-based algorithm of Appel & Jacobson
("The World's Fastest Scrabble Program", 1988) over the word graph (`wordlists.dawg.Dawg`):

* anchors: the empty squares that share a side with a tile (the centre on an empty board); every
  legal placement covers at least one, and is generated once, from the leftmost (topmost) anchor it
  covers;
* cross-checks: for each empty square with a tile above or below it (left or right of it, for words
  down), the letters that make the perpendicular word a word, found by walking the graph through the
  tiles on each side; squares with no perpendicular neighbour accept any letter and form no crossword;
* left parts: the squares left of an anchor up to the previous anchor are not anchors, so they need no
  cross-check: a placement starting k squares before its anchor begins with a walk of k rack letters
  from the root. Those walks are the same for every anchor of the position, so they are found once per
  call and shared (a walk that no rack letter allowed at the anchor can continue is skipped); a left
  part's tiles are laid on the board only when a placement through it is recorded. When a tile touches
  the anchor on the left, the word starts with that run of tiles instead;
* extend right: from the anchor, square by square, trying each rack letter (each letter a blank may
  stand for) that both the graph and the square's cross-check allow, and following the tiles already on
  the board after it in the same step; a step goes on only where the next square could take a tile.

Every step is a walk of the graph, so a blank costs a branch per letter the graph allows at that point,
not a permutation of the alphabet. Scores are summed along the walk with the same arithmetic as
`rules.score_move` (the tests hold the two equal on every generated move): letter premiums on new tiles
first, word multipliers of new tiles multiplied together, crossing tiles counted in every word, then the
★25 (once, if a new tile covers `star_cell` and it is not spent) and the bingo for a full rack.

The words down are found by running the same search over the transposed board. A single new tile that
forms a word both ways is found by both passes; the pass down skips it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import mul
from typing import Any

from games.cruzadas import rules

SIZE = rules.SIZE
CELLS = SIZE * SIZE
ACROSS, DOWN = "across", "down"

# (index, letter, is_blank) for each new tile: the contract's placement.
Placement = tuple[tuple[int, str, bool], ...]


@dataclass(frozen=True, slots=True)
class Play:
    """A legal placement: its new tiles in board order, the main word, its direction and its score."""

    placement: Placement
    word: str
    direction: str
    score: int

    @property
    def tiles(self) -> int:
        return len(self.placement)

    @property
    def rack_letters(self) -> list[str]:
        """The rack tiles it uses (a blank as `rules.BLANK`)."""
        return [rules.BLANK if blank else letter for _index, letter, blank in self.placement]


_new_play = object.__new__
_set_placement, _set_word, _set_direction, _set_score = (
    vars(Play)[name].__set__ for name in ("placement", "word", "direction", "score")
)


def _play(placement: Placement, word: str, direction: str, score: int) -> Play:
    """Play(placement, word, direction, score), in half the time: the frozen dataclass's __init__ goes through
    object.__setattr__ for each field, this sets its slots directly (a generate call may make 50,000)."""
    play = _new_play(Play)
    _set_placement(play, placement)
    _set_word(play, word)
    _set_direction(play, direction)
    _set_score(play, score)
    return play


# A pass sees the board as 15 rows of W squares: the 15 of a row (a column of the real board, in the pass
# down) and an edge square after them, so that walking off a row's end (or, at index -1, before the first
# square) meets EDGE without a column test.
W = SIZE + 1
SQUARES = SIZE * W
EMPTY, EDGE = -1, -2
OFF = 255  # a tile whose letter is outside the graph's alphabet: no edge has it, so no word goes through


class _Graph:
    """The flat arrays of a `wordlists.dawg.Dawg`, read directly, and tables derived from its alphabet.

    The search visits millions of edges on a full rack with blanks; going through `Dawg.children`
    (a generator per node) would cost several times more than indexing the arrays. Kept per graph object.
    """

    def __init__(self, graph: Any) -> None:
        self.alphabet: str = graph.alphabet
        self.chars = list(self.alphabet)
        self.index: dict[str, int] = {ch: i for i, ch in enumerate(self.alphabet)}
        self.every = (1 << len(self.alphabet)) - 1
        self.start = graph._start
        self.terminal = graph._terminal
        self.letters = graph._letters
        self.targets = graph._targets
        # The placement's tile tuples, made once: tile[cell][letter index], blank_tile[cell][letter index].
        self.tile = [[(cell, ch, False) for ch in self.chars] for cell in range(CELLS)]
        self.blank_tile = [[(cell, ch, True) for ch in self.chars] for cell in range(CELLS)]
        self.children, self.ends = _node_masks(graph)

    def walk(self, node: int, letters: Iterable[int]) -> int | None:
        start, found, targets = self.start, self.letters.find, self.targets
        for idx in letters:
            pos = found(idx, start[node], start[node + 1])
            if pos < 0:
                return None
            node = targets[pos]
        return node


def _node_masks(graph: Any) -> tuple[list[int], list[int]]:
    """Per node of the graph: the letters of its edges, and the letters whose edge ends a word, as bitmasks.

    What the search asks of a node before it walks its edges (is there a letter the square and the rack
    allow? which of them end a word here?). Made once per graph: one slice of the edges per node, and a
    bitmask per distinct slice (some 8,000 for the 258,000 nodes of the Turkish list), about 0.2 s.
    """
    start, letters, targets, terminal = graph._start, graph._letters, graph._targets, graph._terminal
    ends = bytes(map(terminal.__getitem__, targets))  # 1 where the edge's target ends a word
    if len(graph.alphabet) < 128:  # the flag in bit 7 of the letter: one byte string per node
        code = int.from_bytes(letters, "little") | int.from_bytes(ends, "little") << 7
        edges: bytes | list[int] = code.to_bytes(len(letters), "little")
    else:
        edges = [li | flag << 8 for li, flag in zip(letters, ends, strict=True)]
    keys = [edges[a:b] for a, b in itertools.pairwise(start)]
    masks: dict[Any, tuple[int, int]] = {}
    shift = 7 if isinstance(edges, bytes) else 8
    for key in set(keys):
        children = words = 0
        for edge in key:
            bit = 1 << (edge & ((1 << shift) - 1))
            children |= bit
            if edge >> shift:
                words |= bit
        masks[key] = (children, words)
    return [masks[key][0] for key in keys], [masks[key][1] for key in keys]


_GRAPHS: dict[int, tuple[Any, _Graph]] = {}


def _graph(graph: Any) -> _Graph:
    cached = _GRAPHS.get(id(graph))
    if cached is None or cached[0] is not graph:
        cached = (graph, _Graph(graph))
        if len(_GRAPHS) > 8:  # tests build many small graphs; the real one stays
            _GRAPHS.clear()
        _GRAPHS[id(graph)] = cached
    return cached[1]


def prepare(graph: Any) -> None:
    """Make the tables the search keeps per graph (`_Graph`: some 0.2 s and 5 MB for the Turkish list) now,
    rather than in the first call that needs them (a benchmark does this before it starts its clock)."""
    _graph(graph)


def _premiums() -> tuple[list[int], list[int]]:
    letter_mult, word_mult = [1] * CELLS, [1] * CELLS
    for index, kind in rules.PREMIUMS.items():
        if kind == "2L":
            letter_mult[index] = 2
        elif kind == "3L":
            letter_mult[index] = 3
        elif kind == "2W":
            word_mult[index] = 2
        elif kind == "3W":
            word_mult[index] = 3
    return letter_mult, word_mult


class _Geometry:
    """What a pass knows of the board before any tile: where each of its squares is on the real board, the
    premiums there, and where each real square is in the pass."""

    def __init__(self, down: bool) -> None:
        letter_mult, word_mult = _premiums()
        self.down = down
        self.real = [-1] * SQUARES  # the real square of each pass square, -1 for the edge squares
        self.pos = [0] * CELLS  # the pass square of each real square
        for row in range(SIZE):
            for col in range(SIZE):
                real = col * SIZE + row if down else row * SIZE + col
                self.real[row * W + col] = real
                self.pos[real] = row * W + col
        self.letter_mult = [letter_mult[r] if r >= 0 else 1 for r in self.real]
        self.word_mult = [word_mult[r] if r >= 0 else 1 for r in self.real]
        # letter premiums up to each square (a left part over none scores its letters' plain values)
        self.lm_before = [0] * (SQUARES + 1)
        for p in range(SQUARES):
            self.lm_before[p + 1] = self.lm_before[p] + (self.letter_mult[p] > 1)
        self.centre = self.pos[rules.CENTRE]


_PASSES = (_Geometry(False), _Geometry(True))

# A left part: (node, the letters wanted next, its tiles as (letter index, is_blank), its letters as a
# string, its letter values' sum, its letter values, the rack counts left (a list shared by every left part
# that leaves the same tiles) and their letters as a bitmask, the blanks left).
_Left = tuple[int, int, tuple[tuple[int, bool], ...], str, int, tuple[int, ...], list[int], int, int]
# A rack left: its counts, the mask of its letters, and the rack left after each letter (as found).
_Rest = tuple[list[int], int, dict[int, Any]]
# A recorded placement: (tiles, main word, score).
_Raw = tuple[Placement, str, int]


def generate(
    board: Sequence[Any],
    rack: Iterable[str],
    graph: Any,
    ruleset: Any,
    star_cell: int | None = None,
    star_spent: bool = False,
) -> list[Play]:
    """Every legal placement of tiles from `rack` on `board`, each once, with its score.

    `board` is the contract's 225-tuple of `rules.Tile | None`; `rack` the letters held (`rules.BLANK`
    for a blank); `graph` the list's word graph (the dictionary: a word is legal iff it is in it).
    A blank is tried as every letter the graph allows where it lies, and marked is_blank.
    """
    search = _Search(board, rack, graph, ruleset, star_cell, star_spent)
    out: list[Play] = []
    for geometry in _PASSES:
        direction = DOWN if geometry.down else ACROSS
        found: list[_Raw] = []
        search.run(geometry, found.append)
        out.extend([_play(tiles, word, direction, score) for tiles, word, score in found])
    return out


def best(
    board: Sequence[Any],
    rack: Iterable[str],
    graph: Any,
    ruleset: Any,
    star_cell: int | None = None,
    star_spent: bool = False,
    *,
    leave: Callable[[list[str]], float] | None = None,
    spent: Callable[[], bool] | None = None,
) -> Play | None:
    """The play a player who wants the most points makes, without making the others: None when there is none.

    `spent` (a bot's budget, issue 30): asked before each anchor once a play is found; when it says so, the
    best found so far is the answer. Without it the search is complete and the answer the same on any machine.

    Without `leave`: the highest score, and among equal scores the first placement, as
    `min(generate(...), key=lambda play: (-play.score, play.placement))`. With `leave` (what keeping the
    given rack tiles is worth: called with the rack less the play's tiles, as `rack_after` gives it): the
    highest score + leave, then the highest score, then the first placement, as the first play of the
    highest value in `generate`'s plays sorted by (-score, placement).

    The walk keeps the best so far and skips every branch that cannot reach it: a bound on what the tiles
    still to lay can add (`_Search._reach`), with every leave as good as the best the rack allows.
    """
    rack = list(rack)
    search = _Search(board, rack, graph, ruleset, star_cell, star_spent)
    kept: dict[tuple[str, ...], float] = {}
    # The most a leave can add with at most b blanks kept (the walk knows how many it still holds).
    most_kept: list[float] = [0] * (rack.count(rules.BLANK) + 1)
    if leave is not None:
        leaves = {
            tuple(sorted(rack[i] for i in chosen)): [rack[i] for i in chosen]
            for size in range(len(rack))
            for chosen in itertools.combinations(range(len(rack)), size)
        }
        by_blanks: dict[int, float] = {}
        for tiles in leaves.values():
            blanks, worth = tiles.count(rules.BLANK), leave(tiles)
            by_blanks[blanks] = max(by_blanks.get(blanks, worth), worth)
        most_kept = [max(v for b, v in by_blanks.items() if b <= held) for held in range(len(most_kept))]
    floor: list[int | float] = [-(1 << 62)]
    found: tuple[float, int, Placement, str, str] | None = None  # value, score, tiles, word, direction

    for geometry in _PASSES:
        direction = DOWN if geometry.down else ACROSS

        def keep(raw: _Raw, direction: str = direction) -> None:
            nonlocal found
            tiles, word, score = raw
            value: float = score
            if leave is not None:
                used = tuple(sorted(rules.BLANK if blank else letter for _index, letter, blank in tiles))
                worth = kept.get(used)
                if worth is None:
                    left = list(rack)
                    for tile in used:
                        left.remove(tile)
                    worth = kept[used] = leave(left)
                value = score + worth
            if found is None or (value, score) > found[:2] or ((value, score) == found[:2] and tiles < found[2]):
                found = (value, score, tiles, word, direction)
                floor[0] = value

        search.run(
            geometry, keep, floor, most_kept, stop=None if spent is None else lambda: found is not None and spent()
        )
    return None if found is None else Play(found[2], found[3], found[4], found[1])


class _Search:
    """One call's position: the board as letter indices, the rack as counts, and its left parts."""

    def __init__(
        self,
        board: Sequence[Any],
        rack: Iterable[str],
        graph: Any,
        ruleset: Any,
        star_cell: int | None,
        star_spent: bool,
    ) -> None:
        g = self.g = _graph(graph)
        self.letters = [EMPTY] * CELLS  # letter index per square: EMPTY, or OFF for a letter outside the alphabet
        self.values = [0] * CELLS
        self.chars = [""] * CELLS
        self.empty = True
        for index, tile in enumerate(board):
            if tile is not None:
                self.letters[index] = g.index.get(tile.letter, OFF)
                self.values[index] = 0 if tile.blank else ruleset.values.get(tile.letter, 0)
                self.chars[index] = tile.letter
                self.empty = False
        self.counts = [0] * len(g.alphabet)
        self.blanks = 0
        for letter in rack:
            if letter == rules.BLANK:
                self.blanks += 1
            elif letter in g.index:
                self.counts[g.index[letter]] += 1
        self.rack_tiles = sum(self.counts) + self.blanks
        self.tile_values = [ruleset.values.get(ch, 0) for ch in g.alphabet]
        self.rack_values = sorted(
            [v for v, n in zip(self.tile_values, self.counts, strict=True) for _ in range(n)] + [0] * self.blanks,
            reverse=True,
        )
        self.bingo_tiles = ruleset.rack_size
        self.bingo = ruleset.bingo
        self.star_bonus = ruleset.star_bonus
        self.star = star_cell if (star_cell is not None and not star_spent) else -1
        self._lefts: list[list[_Left]] = [[]]
        self._leads: dict[tuple[int, int], list[_Left]] = {}
        self._aheads: dict[int, list[int]] = {}  # per length: the letters after a wanted one
        self._grand: dict[int, int] = {}  # per node: the letters two edges on
        self._rests: dict[bytes, _Rest] = {}  # a rack left, by its counts

    def _board(self, geometry: _Geometry) -> tuple[list[int], list[int], list[str]]:
        """The board's letters, values and characters as the pass sees them."""
        real = geometry.real
        letters, values, chars = self.letters, self.values, self.chars
        return (
            [letters[r] if r >= 0 else EDGE for r in real],
            [values[r] if r >= 0 else 0 for r in real],
            [chars[r] if r >= 0 else "" for r in real],
        )

    def _cross_checks(
        self, geometry: _Geometry, letters: list[int], values: list[int]
    ) -> tuple[list[int], list[int], list[int], list[bool]]:
        """Per square of the pass: the allowed-letter mask; what a blank there adds to the score beyond the
        main word (the perpendicular word's tiles times its multiplier, and the ★25); the multiplier a
        letter's points there take in that perpendicular word (0: no crossword); whether one forms."""
        g = self.g
        start, targets, term, find = g.start, g.targets, g.terminal, g.letters.find
        masks = [g.every] * SQUARES
        extra = [0] * SQUARES
        cross_mult = [0] * SQUARES
        crossed = [False] * SQUARES
        word_mult = geometry.word_mult
        for p in range(SQUARES):
            if letters[p] != EMPTY:
                continue
            up, down = p - W, p + W
            if not ((up >= 0 and letters[up] >= 0) or (down < SQUARES and letters[down] >= 0)):
                continue
            points = 0
            node = 0
            top = up
            while top >= 0 and letters[top] >= 0:
                top -= W
            q = top + W
            while q < p and node >= 0:  # the tiles above, top down, from the root
                e = find(letters[q], start[node], start[node + 1])
                node = targets[e] if e >= 0 else -1
                points += values[q]
                q += W
            while q < p:
                points += values[q]
                q += W
            below = []
            q = down
            while q < SQUARES and letters[q] >= 0:
                below.append(letters[q])
                points += values[q]
                q += W
            mask = 0
            if node >= 0:
                for e in range(start[node], start[node + 1]):
                    end = targets[e]
                    for li in below:
                        f = find(li, start[end], start[end + 1])
                        if f < 0:
                            break
                        end = targets[f]
                    else:
                        if term[end]:
                            mask |= 1 << g.letters[e]
            masks[p] = mask
            crossed[p] = True
            cross_mult[p] = word_mult[p]
            extra[p] = points * word_mult[p]
        if self.star >= 0:
            extra[geometry.pos[self.star]] += self.star_bonus
        return masks, extra, cross_mult, crossed

    def _left_parts(self, room: int) -> list[list[_Left]]:
        """Every left part of up to `room` rack tiles, by length: the graph walks from the root that the
        rack can spell, in the order of a depth-first walk (letters in alphabet order, a rack tile before a
        blank). The same for every anchor of a position, so found once (for the longest room) and shared.
        """
        if room < len(self._lefts):
            return self._lefts
        g = self.g
        start, edge_letters, targets, chars = g.start, g.letters, g.targets, g.chars
        counts, tile_values, every, rests = self.counts, self.tile_values, g.every, self._rests
        child_masks = g.children
        lefts: list[list[_Left]] = [[] for _ in range(room + 1)]
        blanks = self.blanks

        def rest_after(rest: _Rest, li: int) -> _Rest:
            """The rack left once `li` is taken from `rest` (counts already lowered): one object per multiset."""
            key = bytes(counts)
            found = rests.get(key)
            if found is None:
                held = rest[1] if counts[li] else rest[1] & ~(1 << li)
                found = rests[key] = (list(counts), held, {})
            rest[2][li] = found
            return found

        def walk(
            node: int,
            k: int,
            tiles: tuple[tuple[int, bool], ...],
            word: str,
            total: int,
            vals: tuple[int, ...],
            rest: _Rest,
        ) -> None:
            nonlocal blanks
            if k:
                wanted = child_masks[node] & (every if blanks else rest[1])
                lefts[k].append((node, wanted, tiles, word, total, vals, rest[0], rest[1], blanks))
                if k == room:
                    return
            for e in range(start[node], start[node + 1]):
                li = edge_letters[e]
                if counts[li]:
                    counts[li] -= 1
                    value = tile_values[li]
                    after = rest[2].get(li) or rest_after(rest, li)
                    walk(
                        targets[e], k + 1, (*tiles, (li, False)), word + chars[li], total + value, (*vals, value), after
                    )
                    counts[li] += 1
                if blanks:
                    blanks -= 1
                    walk(targets[e], k + 1, (*tiles, (li, True)), word + chars[li], total, (*vals, 0), rest)
                    blanks += 1

        whole = rests.get(bytes(counts))
        if whole is None:
            held = 0
            for li, n in enumerate(counts):
                if n:
                    held |= 1 << li
            whole = rests[bytes(counts)] = (list(counts), held, {})
        walk(0, 0, (), "", 0, (), whole)
        self._lefts = lefts
        self._leads.clear()
        self._aheads.clear()
        return lefts

    def run(
        self,
        geometry: _Geometry,
        emit: Callable[[_Raw], Any],
        floor: list[int | float] | None = None,
        kept: Sequence[float] = (),
        stop: Callable[[], bool] | None = None,
    ) -> None:
        """Every placement the pass reads in its direction, handed to `emit` as (tiles, word, score); with `stop`,
        until it says so (asked before each anchor).

        With a `floor` (a one-item list that `emit` may raise as it goes), only the placements whose score
        plus kept[b] reaches floor[0], b the blanks still held after them (kept: what keeping the rest of the
        rack may add at most, 0 by default), and the walk skips every branch that cannot reach it.
        """
        if self.rack_tiles == 0:
            return
        bound = floor is not None
        if floor is None:
            floor = [-(1 << 62)]
        if not kept:
            kept = [0] * (self.blanks + 1)
        g = self.g
        letters, values, chars = self._board(geometry)
        masks, extra, cross_mult, crossed = self._cross_checks(geometry, letters, values)
        ST, TERM, EL, TG, AL = g.start, g.terminal, g.letters, g.targets, g.chars
        CHILDREN, ENDS = g.children, g.ends
        find = EL.find
        LM, WM, REAL = geometry.letter_mult, geometry.word_mult, geometry.real
        tile_values = self.tile_values
        rack_tiles, bingo_tiles, bingo = self.rack_tiles, self.bingo_tiles, self.bingo
        down = geometry.down
        # What a step needs of its square, in one tuple.
        squares = [
            (
                masks[p],
                WM[p],
                LM[p],
                extra[p],
                cross_mult[p],
                g.tile[REAL[p]],
                g.blank_tile[REAL[p]],
                down and crossed[p],  # a lone tile here reads across too: the pass across has it
            )
            if letters[p] == EMPTY
            else None
            for p in range(SQUARES)
        ]
        base_counts = self.counts
        base_held = 0
        for li, n in enumerate(base_counts):
            if n:
                base_held |= 1 << li

        # The state of the walk under way: the rack left (counts, the mask of the letters held, blanks), and
        # the left part it started with (laid on the board only when a placement through it is recorded).
        counts, held, blanks = base_counts, base_held, self.blanks
        left: tuple[tuple[int, bool], ...] = ()
        left_from = 0
        left_tiles: Placement = ()

        def laid() -> Placement:
            nonlocal left_tiles
            left_tiles = tuple(
                (g.blank_tile if blank else g.tile)[REAL[left_from + j]][li] for j, (li, blank) in enumerate(left)
            )
            return left_tiles

        # Per square, filled when a bounded walk first gets there: for each number of tiles still to lay,
        # the most that laying them from there can add (see `_reach`).
        reach: list[list[tuple[int, int, int, int]] | None] = [None] * SQUARES

        def reach_from(p: int) -> list[tuple[int, int, int, int]]:
            found = reach[p] = self._reach(p, letters, values, LM, WM, extra, cross_mult)
            return found

        def step(p: int, node: int, n: int, main: int, wmul: int, add: int, tiles: Placement, word: str) -> None:
            # p: an empty square at or after the anchor; n: tiles laid so far (the left part's included).
            nonlocal blanks, held
            mask, wm, lm, add_here, xw, real_tiles, blank_tiles, lone = squares[p]  # type: ignore[misc]
            avail = CHILDREN[node] & mask & (-1 if blanks else held)
            if not avail:
                return
            if bound:  # only a play that may score at least the floor is worth the walk
                most = reach[p] or reach_from(p)
                more_main, most_wmul, more_add, most_tiles = most[rack_tiles - n]
                top = (main + more_main) * wmul * most_wmul + add + more_add
                if top + (bingo if n + most_tiles >= bingo_tiles else 0) + kept[blanks] < floor[0]:
                    return
            n2 = n + 1
            q0 = p + 1
            x0 = letters[q0]
            more = n2 < rack_tiles
            deeper0 = more and x0 == EMPTY and masks[q0]
            wmul2 = wmul * wm
            add2 = add + add_here
            bonus = bingo if n2 == bingo_tiles else 0
            lone = lone and n2 == 1
            cnt = counts
            if x0 < 0 and not deeper0:
                # No tile after the square, and no tile of ours can go there: only the words ending here.
                if lone or not word:
                    return
                ending = avail & ENDS[node]
                while ending:
                    bit = ending & -ending
                    ending ^= bit
                    li = bit.bit_length() - 1
                    w2 = word + AL[li]
                    if cnt[li]:
                        points = tile_values[li] * lm
                        score = (main + points) * wmul2 + add2 + points * xw + bonus
                        if score + kept[blanks] >= floor[0]:
                            t2 = (*tiles, real_tiles[li])
                            emit(((left_tiles or laid()) + t2 if left else t2, w2, score))
                    if blanks:
                        score = main * wmul2 + add2 + bonus
                        if score + kept[blanks - 1] >= floor[0]:
                            t2 = (*tiles, blank_tiles[li])
                            emit(((left_tiles or laid()) + t2 if left else t2, w2, score))
                return
            s0, s1 = ST[node], ST[node + 1]
            edges: Iterable[int]
            rack_next = (-1 if blanks > 1 else held) if blanks else held  # the letters held after a blank here
            if blanks or s1 - s0 <= 2 * avail.bit_count():
                edges = range(s0, s1)  # (the loop skips the letters not available)
            else:  # a few of many edges: find them
                edges = []
                rest = avail
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    edges.append(find(bit.bit_length() - 1, s0, s1))
            word_ends = bool(word) and not lone
            for e in edges:
                li = EL[e]
                if not avail >> li & 1:
                    continue
                child = TG[e]
                if x0 >= 0:
                    q, x, tail, tail_sum = q0, x0, AL[li], 0
                    while x >= 0:  # the tiles after the square: the word goes through them
                        f = find(x, ST[child], ST[child + 1])
                        if f < 0:
                            break
                        child = TG[f]
                        tail += chars[q]
                        tail_sum += values[q]
                        q += 1
                        x = letters[q]
                    if x >= 0:
                        continue
                    ends = TERM[child] and not lone
                    deeper = CHILDREN[child] & masks[q] if more and x == EMPTY else 0
                else:
                    q, tail, tail_sum = q0, AL[li], 0
                    ends = TERM[child] and word_ends
                    deeper = CHILDREN[child] & deeper0 if deeper0 else 0
                if not (ends or deeper):
                    continue
                w2 = word + tail
                c = cnt[li]
                if c:
                    points = tile_values[li] * lm
                    m2 = main + points + tail_sum
                    a2 = add2 + points * xw
                    t2 = (*tiles, real_tiles[li])
                    if ends and (score := m2 * wmul2 + a2 + bonus) + kept[blanks] >= floor[0]:
                        emit(((left_tiles or laid()) + t2 if left else t2, w2, score))
                    if blanks:
                        if deeper:
                            cnt[li] = c - 1
                            step(q, child, n2, m2, wmul2, a2, t2, w2)
                            cnt[li] = c
                    elif c > 1:
                        if deeper & held:
                            cnt[li] = c - 1
                            step(q, child, n2, m2, wmul2, a2, t2, w2)
                            cnt[li] = c
                    elif deeper & held & ~(1 << li):
                        cnt[li] = 0
                        held ^= 1 << li
                        step(q, child, n2, m2, wmul2, a2, t2, w2)
                        held ^= 1 << li
                        cnt[li] = c
                if blanks:
                    m2 = main + tail_sum
                    t2 = (*tiles, blank_tiles[li])
                    if ends and (score := m2 * wmul2 + add2 + bonus) + kept[blanks - 1] >= floor[0]:
                        emit(((left_tiles or laid()) + t2 if left else t2, w2, score))
                    if deeper & rack_next:
                        blanks -= 1
                        step(q, child, n2, m2, wmul2, add2, t2, w2)
                        blanks += 1

        if self.empty:
            anchors = [geometry.centre]
        else:
            anchors = [
                p
                for p in range(SQUARES)
                if letters[p] == EMPTY
                and (
                    letters[p - 1] >= 0
                    or letters[p + 1] >= 0
                    or (p >= W and letters[p - W] >= 0)
                    or (p + W < SQUARES and letters[p + W] >= 0)
                )
            ]
        is_anchor = [False] * SQUARES
        for a in anchors:
            is_anchor[a] = True
        lm_before = geometry.lm_before
        star = geometry.pos[self.star] if self.star >= 0 else -1
        star_bonus = self.star_bonus

        for a in anchors:
            if stop is not None and stop():
                return
            anchor_mask = masks[a]
            if not anchor_mask:
                continue
            counts, held, blanks, left = base_counts, base_held, self.blanks, ()
            if letters[a - 1] >= 0:
                # Tiles touch the anchor on the left: they are the word's beginning.
                first = a - 1
                while letters[first - 1] >= 0:
                    first -= 1
                start = g.walk(0, letters[first:a])
                if start is not None:
                    step(a, start, 0, sum(values[first:a]), 1, 0, (), "".join(chars[first:a]))
                continue
            step(a, 0, 0, 0, 1, 0, (), "")
            # Squares to the left up to the previous anchor (or the edge) are free for a left part.
            room = 0
            while room < rack_tiles - 1 and letters[a - room - 1] == EMPTY and not is_anchor[a - room - 1]:
                room += 1
            if not room:
                continue
            after = letters[a + 1]
            lefts = self._left_parts(room)
            for k in range(1, room + 1):
                s = a - k
                wmul = 1
                for p in range(s, a):
                    wmul *= WM[p]
                add = star_bonus if s <= star < a else 0
                plain = lm_before[a] == lm_before[s]
                lms = LM[s:a]
                # A tile after the anchor: only the left parts with a letter for the anchor that leads on to it.
                for entry in lefts[k] if after < 0 else self._leading(k, after):
                    if not entry[1] & anchor_mask:
                        continue
                    node, _wanted, left, word, total, vals, counts, held, blanks = entry
                    left_from, left_tiles = s, ()
                    step(a, node, k, total if plain else sum(map(mul, vals, lms)), wmul, add, (), word)

    def _reach(
        self,
        p: int,
        letters: list[int],
        values: list[int],
        letter_mult: list[int],
        word_mult: list[int],
        extra: list[int],
        cross_mult: list[int],
    ) -> list[tuple[int, int, int, int]]:
        """The most that laying up to t more tiles from the empty square p on can add, for t = 0..rack size:
        (to the main word's letters, its word multiplier, beyond it, the number of tiles).

        Tiles laid from p fill the next empty squares of the row in order, and the word takes in every tile
        up to the next empty square; so for the first j empty squares the premiums, the tiles on the board and
        the crosswords' tiles are known, and only the letters are not: their points are bounded by giving
        the rack's j best values to the squares' letter premiums (and, apart, to the crosswords' multipliers
        times those premiums) in the same order, the best to the highest. Each part grows with j (values >= 0,
        multipliers >= 1), so the bound for the most tiles the row has room for bounds them all.
        """
        values_held = self.rack_values  # best first
        found: list[tuple[int, int, int, int]] = [(0, 1, 0, 0)]
        board_main = board_add = 0
        most_wmul, tiles, q = 1, 0, p
        premiums: list[int] = []
        crossing: list[int] = []
        while True:
            x = letters[q]
            if x < 0:  # an empty square (or the edge): a word may end before it
                if tiles:
                    premiums.sort(reverse=True)
                    crossing.sort(reverse=True)
                    letters_main = sum(map(mul, values_held, premiums))
                    letters_add = sum(map(mul, values_held, crossing))
                    found.append((board_main + letters_main, most_wmul, board_add + letters_add, tiles))
                if x == EDGE or tiles == self.rack_tiles:
                    break
                tiles += 1
                premiums.append(letter_mult[q])
                crossing.append(letter_mult[q] * cross_mult[q])
                most_wmul *= word_mult[q]
                board_add += extra[q]
            else:
                board_main += values[q]
            q += 1
        while len(found) <= self.rack_tiles:
            found.append(found[-1])
        return found

    def _leading(self, k: int, letter: int) -> list[_Left]:
        """The left parts of length k that a letter they want can continue towards a tile `letter`."""
        key = (k, letter)
        found = self._leads.get(key)
        if found is None:
            aheads = self._aheads.get(k)
            if aheads is None:
                aheads = self._aheads[k] = [self._ahead(entry[0], entry[1]) for entry in self._lefts[k]]
            found = self._leads[key] = [
                entry for entry, ahead in zip(self._lefts[k], aheads, strict=True) if ahead >> letter & 1
            ]
        return found

    def _ahead(self, node: int, wanted: int) -> int:
        """The letters that can come after one of the `wanted` letters from `node`."""
        g = self.g
        ST, EL, TG, CHILDREN = g.start, g.letters, g.targets, g.children
        ahead = 0
        if wanted == CHILDREN[node]:  # every edge (a blank left): the same for every left part at the node
            got = self._grand.get(node)
            if got is None:
                for e in range(ST[node], ST[node + 1]):
                    ahead |= CHILDREN[TG[e]]
                got = self._grand[node] = ahead
            return got
        while wanted:
            bit = wanted & -wanted
            wanted ^= bit
            ahead |= CHILDREN[TG[EL.find(bit.bit_length() - 1, ST[node], ST[node + 1])]]
        return ahead


def rack_after(rack: Iterable[str], play: Play) -> list[str]:
    """What is left on the rack once `play`'s tiles are laid (the leave)."""
    left = list(rack)
    for letter in play.rack_letters:
        left.remove(letter)
    return left
