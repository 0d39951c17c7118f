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
  call and shared (a walk that no rack letter allowed at the anchor can continue is skipped). When a tile
  touches the anchor on the left, the word starts with that run of tiles instead;
* extend right: from there, square by square, following the tiles already on the board and trying each
  rack letter (each letter a blank may stand for) that both the graph and the square's cross-check allow.

Every step is a walk of the graph, so a blank costs a branch per letter the graph allows at that point,
not a permutation of the alphabet. Scores are summed along the walk with the same arithmetic as
`rules.score_move` (the tests hold the two equal on every generated move): letter premiums on new tiles
first, word multipliers of new tiles multiplied together, crossing tiles counted in every word, then the
★25 (once, if a new tile covers `star_cell` and it is not spent) and the bingo for a full rack.

The words down are found by running the same search over the transposed board. A single new tile that
forms a word both ways is found by both passes; the pass down skips it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
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


class _Graph:
    """The flat arrays of a `wordlists.dawg.Dawg`, read directly.

    The search visits millions of edges on a full rack with blanks; going through `Dawg.children`
    (a generator per node) would cost several times more than indexing the arrays. Kept per graph object.
    """

    def __init__(self, graph: Any) -> None:
        self.alphabet: str = graph.alphabet
        self.index: dict[str, int] = {ch: i for i, ch in enumerate(self.alphabet)}
        self.start = graph._start
        self.terminal = graph._terminal
        self.letters = graph._letters
        self.targets = graph._targets

    def walk(self, node: int, letters: Iterable[int]) -> int | None:
        start, found, targets = self.start, self.letters.find, self.targets
        for idx in letters:
            pos = found(idx, start[node], start[node + 1])
            if pos < 0:
                return None
            node = targets[pos]
        return node


_GRAPHS: dict[int, tuple[Any, _Graph]] = {}


def _graph(graph: Any) -> _Graph:
    cached = _GRAPHS.get(id(graph))
    if cached is None or cached[0] is not graph:
        cached = (graph, _Graph(graph))
        if len(_GRAPHS) > 8:  # tests build many small graphs; the real one stays
            _GRAPHS.clear()
        _GRAPHS[id(graph)] = cached
    return cached[1]


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


def _transpose(index: int) -> int:
    row, col = divmod(index, SIZE)
    return col * SIZE + row


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
    g = _graph(graph)
    letters = [-1] * CELLS  # letter index per square, -1 empty (or a letter outside the alphabet: -2)
    values = [0] * CELLS
    chars = [""] * CELLS
    for index, tile in enumerate(board):
        if tile is not None:
            letters[index] = g.index.get(tile.letter, -2)
            values[index] = 0 if tile.blank else ruleset.values.get(tile.letter, 0)
            chars[index] = tile.letter
    counts = [0] * len(g.alphabet)
    blanks = 0
    for letter in rack:
        if letter == rules.BLANK:
            blanks += 1
        elif letter in g.index:
            counts[g.index[letter]] += 1
    values_by_idx = [ruleset.values.get(ch, 0) for ch in g.alphabet]
    letter_mult, word_mult = _premiums()
    star = star_cell if (star_cell is not None and not star_spent) else -1
    search = _Search(g, counts, blanks, values_by_idx, ruleset, star)
    out: list[Play] = []
    empty = all(x == -1 for x in letters)
    for direction in (ACROSS, DOWN):
        cells = list(range(CELLS)) if direction == ACROSS else [_transpose(i) for i in range(CELLS)]
        # In the pass down, "row r, column c" of the transposed board is the real square cells[r*15+c].
        t_letters = [letters[c] for c in cells]
        t_values = [values[c] for c in cells]
        t_chars = [chars[c] for c in cells]
        t_lm = [letter_mult[c] for c in cells]
        t_wm = [word_mult[c] for c in cells]
        t_star = cells.index(star) if star >= 0 else -1
        search.run(direction, cells, t_letters, t_values, t_chars, t_lm, t_wm, t_star, empty, out)
    return out


class _Search:
    def __init__(self, g: _Graph, counts: list[int], blanks: int, values: list[int], ruleset: Any, star: int) -> None:
        self.g = g
        self.counts = counts
        self.blanks = blanks
        self.values = values
        self.bingo_tiles = ruleset.rack_size
        self.bingo = ruleset.bingo
        self.star_bonus = ruleset.star_bonus
        self.star = star
        self._lefts: list[tuple[int, int, tuple[tuple[int, bool], ...], int, int, int]] = []
        self._lefts_room = -1
        self._lefts_upto: list[int] = []

    def _cross_checks(self, letters: list[int], values: list[int]) -> tuple[list[int], list[int], list[bool]]:
        """Per square (of the board as the pass sees it): the allowed-letter mask, the perpendicular
        tiles' points, and whether a crossword forms there."""
        g = self.g
        every = (1 << len(g.alphabet)) - 1
        masks, sums, crossed = [every] * CELLS, [0] * CELLS, [False] * CELLS
        start, targets, term = g.start, g.targets, g.terminal
        for index in range(CELLS):
            if letters[index] != -1:
                continue
            up, down = index - SIZE, index + SIZE
            if not ((up >= 0 and letters[up] != -1) or (down < CELLS and letters[down] != -1)):
                continue
            above: list[int] = []
            points = 0
            while up >= 0 and letters[up] != -1:
                above.append(letters[up])
                points += values[up]
                up -= SIZE
            above.reverse()
            below: list[int] = []
            while down < CELLS and letters[down] != -1:
                below.append(letters[down])
                points += values[down]
                down += SIZE
            crossed[index] = True
            sums[index] = points
            mask = 0
            node = None if -2 in above or -2 in below else g.walk(0, above)
            if node is not None:
                for pos in range(start[node], start[node + 1]):
                    end = g.walk(targets[pos], below)
                    if end is not None and term[end]:
                        mask |= 1 << g.letters[pos]
            masks[index] = mask
        return masks, sums, crossed

    def run(
        self,
        direction: str,
        cells: list[int],
        letters: list[int],
        values: list[int],
        chars: list[str],
        lm: list[int],
        wm: list[int],
        star: int,
        empty: bool,
        out: list[Play],
    ) -> None:
        g = self.g
        alphabet = g.alphabet
        start, terminal, edge_letters, targets = g.start, g.terminal, g.letters, g.targets
        counts, tile_values = self.counts, self.values
        masks, sums, crossed = self._cross_checks(letters, values)
        rack_tiles = sum(counts) + self.blanks
        if rack_tiles == 0:
            return
        bingo_tiles, bingo, star_bonus = self.bingo_tiles, self.bingo, self.star_bonus
        down = direction == DOWN
        placed: list[tuple[int, str, bool]] = []
        word: list[str] = []
        blanks = [self.blanks]

        if empty:
            centre = rules.CENTRE if not down else _transpose(rules.CENTRE)
            anchors = [centre]
        else:
            anchors = [
                i
                for i in range(CELLS)
                if letters[i] == -1
                and (
                    (i % SIZE > 0 and letters[i - 1] != -1)
                    or (i % SIZE < SIZE - 1 and letters[i + 1] != -1)
                    or (i >= SIZE and letters[i - SIZE] != -1)
                    or (i + SIZE < CELLS and letters[i + SIZE] != -1)
                )
            ]
        is_anchor = [False] * CELLS
        for a in anchors:
            is_anchor[a] = True

        def record(main_sum: int, wmult: int, cross_total: int, on_star: bool) -> None:
            n = len(placed)
            if down and n == 1:
                # A lone tile with a neighbour in its row also forms a word across: found by that pass.
                cell = placed[0][0]
                col = cell % SIZE
                if (col > 0 and chars_real[cell - 1]) or (col < SIZE - 1 and chars_real[cell + 1]):
                    return
            total = main_sum * wmult + cross_total
            if n == bingo_tiles:
                total += bingo
            if on_star:
                total += star_bonus
            tiles = tuple(sorted(placed)) if down else tuple(placed)
            out.append(Play(tiles, "".join(word), direction, total))

        chars_real = [""] * CELLS  # the real board's letters, for the lone-tile rule of the pass down
        for t_index, real in enumerate(cells):
            chars_real[real] = chars[t_index]

        def extend(
            pos: int,
            col: int,
            node: int,
            anchor: int,
            first: int,
            main_sum: int,
            wmult: int,
            cross_total: int,
            on_star: bool,
        ) -> None:
            # pos: the square to fill next, in this pass's row-major order; col its column.
            if col < SIZE:
                here = letters[pos]
                if here >= 0:  # a tile on the board: the word goes through it
                    p = edge_letters.find(here, start[node], start[node + 1])
                    if p >= 0:
                        word.append(chars[pos])
                        extend(
                            pos + 1,
                            col + 1,
                            targets[p],
                            anchor,
                            first,
                            main_sum + values[pos],
                            wmult,
                            cross_total,
                            on_star,
                        )
                        word.pop()
                    return
                if here == -2:
                    return
            # An empty square (or the edge): the word may end here, once it has covered its anchor.
            if pos > anchor and placed and terminal[node] and pos - first >= 2:
                record(main_sum, wmult, cross_total, on_star)
            if col >= SIZE or len(placed) >= rack_tiles:
                return
            mask = masks[pos]
            if not mask:
                return
            letter_mult, word_mult = lm[pos], wm[pos]
            cross = crossed[pos]
            real = cells[pos]
            star_here = pos == star
            for e in range(start[node], start[node + 1]):
                li = edge_letters[e]
                if not (mask >> li) & 1:
                    continue
                child = targets[e]
                ch = alphabet[li]
                if counts[li]:
                    counts[li] -= 1
                    points = tile_values[li] * letter_mult
                    placed.append((real, ch, False))
                    word.append(ch)
                    extend(
                        pos + 1,
                        col + 1,
                        child,
                        anchor,
                        first,
                        main_sum + points,
                        wmult * word_mult,
                        cross_total + ((sums[pos] + points) * word_mult if cross else 0),
                        on_star or star_here,
                    )
                    word.pop()
                    placed.pop()
                    counts[li] += 1
                if blanks[0]:
                    blanks[0] -= 1
                    placed.append((real, ch, True))
                    word.append(ch)
                    extend(
                        pos + 1,
                        col + 1,
                        child,
                        anchor,
                        first,
                        main_sum,
                        wmult * word_mult,
                        cross_total + (sums[pos] * word_mult if cross else 0),
                        on_star or star_here,
                    )
                    word.pop()
                    placed.pop()
                    blanks[0] += 1

        for anchor in anchors:
            col = anchor % SIZE
            if col > 0 and letters[anchor - 1] != -1:
                # Tiles touch the anchor on the left: they are the word's beginning.
                first = anchor - 1
                while first % SIZE > 0 and letters[first - 1] != -1:
                    first -= 1
                extend(first, first % SIZE, 0, anchor, first, 0, 1, 0, False)
                continue
            # Squares to the left up to the previous anchor (or the edge) are free for a left part.
            room = 0
            while (
                room < col
                and room < rack_tiles - 1
                and letters[anchor - room - 1] == -1
                and not is_anchor[anchor - room - 1]
            ):
                room += 1
            lefts = self._left_parts(room)
            anchor_mask = masks[anchor]
            for k, node, tiles, children, blanks_left, held in lefts:
                # The anchor square needs a rack letter that continues the left part: else skip the call.
                if not children & anchor_mask & (held if not blanks_left else -1):
                    continue
                first = anchor - k
                main_sum, wmult, on_star = 0, 1, False
                for j, (li, blank) in enumerate(tiles):
                    pos = first + j
                    ch = alphabet[li]
                    placed.append((cells[pos], ch, blank))
                    word.append(ch)
                    if blank:
                        blanks[0] -= 1
                    else:
                        counts[li] -= 1
                        main_sum += tile_values[li] * lm[pos]
                    wmult *= wm[pos]
                    on_star = on_star or pos == star
                extend(anchor, col, node, anchor, first, main_sum, wmult, 0, on_star)
                for li, blank in tiles:
                    placed.pop()
                    word.pop()
                    if blank:
                        blanks[0] += 1
                    else:
                        counts[li] += 1

    def _left_parts(self, room: int) -> list[tuple[int, int, tuple[tuple[int, bool], ...], int, int, int]]:
        """Every left part of up to `room` rack tiles: the graph walks from the root that the rack can spell.

        The same for every anchor of a position, so found once (for the longest room) and shared:
        (length, node, tiles as (letter index, is_blank), the node's child-letter mask, blanks still held,
        mask of letters still held), shortest first.
        """
        if room > self._lefts_room:
            g, counts = self.g, self.counts
            start, edge_letters, targets = g.start, g.letters, g.targets
            found: list[tuple[int, int, tuple[tuple[int, bool], ...], int, int, int]] = []
            tiles: list[tuple[int, bool]] = []
            blanks = [self.blanks]

            def walk(node: int) -> None:
                children = 0
                for e in range(start[node], start[node + 1]):
                    children |= 1 << edge_letters[e]
                held = 0
                for li, n in enumerate(counts):
                    if n:
                        held |= 1 << li
                found.append((len(tiles), node, tuple(tiles), children, blanks[0], held))
                if len(tiles) == room:
                    return
                for e in range(start[node], start[node + 1]):
                    li = edge_letters[e]
                    if counts[li]:
                        counts[li] -= 1
                        tiles.append((li, False))
                        walk(targets[e])
                        tiles.pop()
                        counts[li] += 1
                    if blanks[0]:
                        blanks[0] -= 1
                        tiles.append((li, True))
                        walk(targets[e])
                        tiles.pop()
                        blanks[0] += 1

            walk(0)
            found.sort(key=lambda entry: entry[0])
            self._lefts = found
            self._lefts_room = room
            self._lefts_upto = [0] * (room + 1)
            for k in range(room + 1):
                self._lefts_upto[k] = sum(1 for entry in found if entry[0] <= k)
        return self._lefts[: self._lefts_upto[room]]


def rack_after(rack: Iterable[str], play: Play) -> list[str]:
    """What is left on the rack once `play`'s tiles are laid (the leave)."""
    left = list(rack)
    for letter in play.rack_letters:
        left.remove(letter)
    return left
