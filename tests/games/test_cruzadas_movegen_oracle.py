"""Issue 30: the faster move generator returns what the one before it returned, and the bots and the analysis
choose what they chose.

The oracle is the generator as it was before (games/cruzadas/movegen.py at the commit before issue 30),
copied here and otherwise unchanged: `old_generate`. On random midgame positions of the real list (0, 1 and 2
blanks, a ★25 square spent or not, Turkish letters, a tile of a letter outside the alphabet) `generate` must
give the same plays, with the same words, directions and scores, in the same order; `best` the play that the
analysis and the hard bot used to pick from the old list; and every level's action through `bot_action` must
be the one the old code chose with the same rng.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

import pytest

from games.cruzadas import analysis, bots, engine, movegen, rules
from games.cruzadas.movegen import ACROSS, CELLS, DOWN, SIZE, Play
from games.kit.words import common_words
from wordlists.alphabets import alphabet
from wordlists.dawg import Dawg
from wordlists.lexicon import dawg, lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
SLUG = engine.list_slug("tr")
TR = rules.TURKISH
BLANK = rules.BLANK
BAG = [letter for letter, n in TR.bag.items() for _ in range(n) if letter != BLANK]


# -- the generator before issue 30 ------------------------------------------------------------------------


class _OldGraph:
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


_GRAPHS: dict[int, tuple[Any, _OldGraph]] = {}


def _graph(graph: Any) -> _OldGraph:
    cached = _GRAPHS.get(id(graph))
    if cached is None or cached[0] is not graph:
        cached = (graph, _OldGraph(graph))
        if len(_GRAPHS) > 8:
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


def old_generate(
    board: Sequence[Any],
    rack: Iterable[str],
    graph: Any,
    ruleset: Any,
    star_cell: int | None = None,
    star_spent: bool = False,
) -> list[Play]:
    """games/cruzadas/movegen.py's generate as it was before issue 30, unchanged but for names."""
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
    search = _OldSearch(g, counts, blanks, values_by_idx, ruleset, star)
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


class _OldSearch:
    def __init__(
        self, g: _OldGraph, counts: list[int], blanks: int, values: list[int], ruleset: Any, star: int
    ) -> None:
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


# -- what the callers did with its list --------------------------------------------------------------------


def old_best(plays: list[Play]) -> Play | None:
    """analysis.best_play before issue 30."""
    return min(plays, key=lambda play: (-play.score, play.placement), default=None)


def old_hard(state: engine.State, seat: int, plays: list[Play]) -> Play:
    """bots._hard before issue 30, on the plays sorted by (-score, placement)."""
    rack = state.racks[seat]
    best, best_value = plays[0], None
    leaves: dict[tuple[str, ...], float] = {}
    for play in plays:
        used = tuple(sorted(play.rack_letters))
        kept = leaves.get(used)
        if kept is None:
            kept = leaves[used] = bots.leave_value(state, seat, movegen.rack_after(rack, play))
        value = play.score + kept
        if best_value is None or value > best_value:
            best, best_value = play, value
    return best


def old_action(state: engine.State, seat: int, level: str, rng: random.Random, plays: list[Play]) -> dict[str, Any]:
    """bots.bot_action before issue 30 (for a seat whose turn it is), given old_generate's plays."""
    plays = list(plays)
    if not plays:
        rack = state.racks[seat]
        return {"type": engine.EXCHANGE} if rack and len(state.bag) >= len(rack) else {"type": engine.PASS}
    plays.sort(key=lambda p: (-p.score, p.placement))
    if level in bots.VOCABULARY:
        plays = bots.known_plays(plays, common_words(lexicon, SLUG, bots.VOCABULARY[level]))
    if level == bots.EASY:
        play = bots._easy(plays, rng)
    elif level == bots.MEDIUM:
        play = bots._medium(plays, rng)
    else:
        play = old_hard(state, seat, plays)
    return bots.place_action(play)


# -- the tests --------------------------------------------------------------------------------------------


def as_rows(plays: list[Play]) -> list[tuple[Any, ...]]:
    return [(p.placement, p.word, p.direction, p.score) for p in plays]


def midgame(rng: random.Random, moves: int) -> rules.Board:
    """A board after `moves` best plays of random racks (as games.cruzadas.arena builds its positions)."""
    graph = dawg(SLUG)
    board = rules.empty_board()
    for _move in range(moves):
        found = movegen.generate(board, rng.sample(BAG, 7), graph, TR)
        if found:
            board = rules.place(board, max(found, key=lambda p: (p.score, p.placement)).placement)
    return board


def leave_of(rack: list[str]):
    """A leave value in the manner of the hard bot's (blanks kept are worth most; pairs and imbalance cost)."""

    def leave(kept: list[str]) -> float:
        letters = [t for t in kept if t != BLANK]
        vowels = sum(TR.is_vowel(t) for t in letters)
        return (
            12 * kept.count(BLANK)
            - 3 * max(0, abs(2 * vowels - len(letters)) - 1)
            - 2 * (len(letters) - len(set(letters)))
            + (5 if not kept else 0)
        )

    return leave


@pytest.mark.parametrize("seed", range(12))
def test_generate_and_best_equal_the_old_generator_on_midgame_positions(seed: int) -> None:
    rng = random.Random(seed)
    graph = dawg(SLUG)
    board = midgame(rng, rng.randint(1, 14))
    letters = rng.sample(BAG, 7)
    star = rng.choice([None, *[i for i in rules.NORMAL_CELLS if board[i] is None]])
    spent = rng.random() < 0.25
    for blanks in (0, 1, 2):
        rack = letters[blanks:] + [BLANK] * blanks
        old = old_generate(board, rack, graph, TR, star, spent)
        new = movegen.generate(board, rack, graph, TR, star, spent)
        assert as_rows(new) == as_rows(old), (seed, blanks)
        assert movegen.best(board, rack, graph, TR, star, spent) == old_best(old)
        leave = leave_of(rack)
        chosen = movegen.best(board, rack, graph, TR, star, spent, leave=leave)
        if not old:
            assert chosen is None
            continue
        ordered = sorted(old, key=lambda p: (-p.score, p.placement))
        values = [p.score + leave(movegen.rack_after(rack, p)) for p in ordered]
        assert chosen == ordered[values.index(max(values))], (seed, blanks)


@pytest.mark.parametrize("seed", range(40))
def test_generate_equals_the_old_generator_on_small_lists_with_odd_tiles(seed: int) -> None:
    """Small lists (many short words, so crosswords and tiles after a square abound), racks of any size with
    letters outside the list's, and now and then a tile whose letter is outside the alphabet."""
    rng = random.Random(seed)
    letters = "aeıiklmnrtçğşöü"
    words = sorted({"".join(rng.choice(letters) for _ in range(rng.randint(2, 5))) for _ in range(300)})
    graph = Dawg.build(words, alphabet("tr"))
    board = rules.empty_board()
    for _move in range(rng.randint(0, 10)):
        found = movegen.generate(board, rng.sample(letters, 5), graph, TR)
        if found:
            board = rules.place(board, rng.choice(found).placement)
    if seed % 5 == 0:  # a letter the alphabet lacks, from an old list: no word goes through it
        free = [i for i in range(CELLS) if board[i] is None and i != rules.CENTRE]
        board = rules.place(board, ((rng.choice(free), "w", False),))
    rack = rng.sample(letters + "x", rng.randint(1, 7 - seed % 3)) + [BLANK] * (seed % 3)
    star = rng.choice([None, rules.CENTRE, *rules.NORMAL_CELLS])
    spent = rng.random() < 0.3
    old = old_generate(board, rack, graph, TR, star, spent)
    assert as_rows(movegen.generate(board, rack, graph, TR, star, spent)) == as_rows(old)
    assert movegen.best(board, rack, graph, TR, star, spent) == old_best(old)


@pytest.mark.parametrize("seed", range(3))
def test_bots_and_the_analysis_choose_what_they_chose_before(seed: int) -> None:
    """Whole games of hard against medium on the real list: at every turn, each level's action and the
    analysis' best play are the old code's, with the same rng."""
    rng = random.Random(100 + seed)
    state = engine.new_game({}, 2, rng, T0, words=lexicon, dawg=dawg)
    levels = (bots.HARD, bots.MEDIUM) if seed % 2 == 0 else (bots.MEDIUM, bots.HARD)
    turns = 0
    while state.phase == engine.PLAYING and turns < 30:
        seat = state.turn
        old = old_generate(state.board, state.racks[seat], dawg(SLUG), state.ruleset, state.star_cell, state.star_spent)
        for level in bots.LEVELS:
            state_seed = rng.random()
            new = bots.bot_action(state, seat, level, random.Random(state_seed), words=lexicon, dawg=dawg)
            assert new == old_action(state, seat, level, random.Random(state_seed), old), (seed, turns, level)
        assert analysis.best_play(state, seat, dawg(SLUG)) == old_best(old)
        action = bots.bot_action(state, seat, levels[seat], rng, words=lexicon, dawg=dawg)
        state, _events = engine.apply(state, seat, action, T0, words=lexicon, dawg=dawg)
        turns += 1
    assert turns >= 10
