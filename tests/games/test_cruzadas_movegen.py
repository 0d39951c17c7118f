"""The Cruzadas move generator (games/cruzadas/movegen.py) finds every legal placement, each once, scored as
the rules score it: checked against a brute-force enumerator on small word lists, and on the real list."""

from __future__ import annotations

import itertools
import random

import pytest

from games.cruzadas import movegen, rules
from games.kit.errors import IllegalMove
from wordlists.alphabets import alphabet
from wordlists.dawg import Dawg
from wordlists.lexicon import dawg

TR = rules.TURKISH
LETTERS = "aekltıçi"  # a few Turkish letters, dotless ı and ç among them
BLANK = rules.BLANK


def small_graph(words: list[str]) -> Dawg:
    return Dawg.build(words, alphabet("tr"))


def brute_force(board: rules.Board, rack: list[str], words: set[str]) -> set[rules.Placement]:
    """Every placement that check_placement accepts: each set of empty cells in a line, each ordering of
    rack tiles on it, a blank as each letter the words use. Knows nothing of anchors or graphs."""
    empties = [i for i in range(rules.CELLS) if board[i] is None]
    lines = [[i for i in empties if i // rules.SIZE == r] for r in range(rules.SIZE)]
    lines += [[i for i in empties if i % rules.SIZE == c] for c in range(rules.SIZE)]
    used = sorted({ch for word in words for ch in word})
    found: set[rules.Placement] = set()
    seen_cells: set[tuple[int, ...]] = set()
    for line in lines:
        for n in range(1, len(rack) + 1):
            for cells in itertools.combinations(line, n):
                step = 1 if len(cells) == 1 or cells[1] - cells[0] < rules.SIZE else rules.SIZE
                if cells in seen_cells or any(
                    board[i] is None and i not in cells for i in range(cells[0], cells[-1] + 1, step)
                ):
                    continue  # seen, or an empty square inside: a gap, illegal whatever the letters
                seen_cells.add(cells)
                try:  # geometry first, with any letter: it does not depend on the letters
                    rules.placement_line(board, tuple((i, "a", False) for i in cells))
                except IllegalMove:
                    continue
                for tiles in set(itertools.permutations(rack, n)):
                    choices = [[(ch, True) for ch in used] if t == BLANK else [(t, False)] for t in tiles]
                    for letters in itertools.product(*choices):
                        placement = tuple((i, ch, blank) for i, (ch, blank) in zip(cells, letters, strict=True))
                        try:
                            rules.check_placement(board, placement, words.__contains__, rack)
                        except IllegalMove:
                            continue
                        found.add(placement)
    return found


def random_position(rng: random.Random) -> tuple[rules.Board, set[str]]:
    """A small random word list and a board built by a few of its legal moves (found by brute force)."""
    words = {"".join(rng.choice(LETTERS) for _ in range(rng.randint(2, 4))) for _ in range(rng.randint(15, 40))}
    words |= {"al", "ak", "at", "el", "et", "kal", "kel", "tek", "tel", "ilk", "iç", "aç", "kıl", "lak", "kat"}
    board = rules.empty_board()
    for _move in range(rng.randint(0, 4)):
        rack = rng.sample(list(LETTERS) * 2, 3)
        options = sorted(brute_force(board, rack, words))
        if options:
            board = rules.place(board, rng.choice(options))
    return board, words


@pytest.mark.parametrize("seed", range(40))
def test_generator_equals_the_brute_force_enumerator_on_small_lists(seed: int) -> None:
    rng = random.Random(seed)
    board, words = random_position(rng)
    blanks = (0, 1, 2, 1)[seed % 4]
    # 4 letters, or 2 letters and a blank, or 1 letter and both blanks: the enumerator stays fast.
    rack = rng.sample(list(LETTERS) * 2, (4, 2, 1)[blanks]) + [BLANK] * blanks
    star = rng.choice(rules.NORMAL_CELLS)
    star_spent = rng.random() < 0.3
    plays = movegen.generate(board, rack, small_graph(sorted(words)), TR, star, star_spent)
    placements = [play.placement for play in plays]
    assert len(placements) == len(set(placements)), "a placement was generated twice"
    assert set(placements) == brute_force(board, rack, words)
    for play in plays:
        found = rules.check_placement(board, play.placement, words.__contains__, rack)
        assert play.word == found[0]
        assert play.score == rules.score_move(board, play.placement, TR, star, star_spent)[0]


def test_the_first_move_covers_the_centre_and_al_on_the_star_is_worth_4() -> None:
    graph = small_graph(["al", "la", "kal"])
    plays = movegen.generate(rules.empty_board(), ["a", "l"], graph, TR, star_cell=0)
    assert {play.placement for play in plays} == {
        ((111, "a", False), (112, "l", False)),
        ((112, "a", False), (113, "l", False)),
        ((97, "a", False), (112, "l", False)),
        ((112, "a", False), (127, "l", False)),
        ((111, "l", False), (112, "a", False)),
        ((112, "l", False), (113, "a", False)),
        ((97, "l", False), (112, "a", False)),
        ((112, "l", False), (127, "a", False)),
    }
    assert {play.score for play in plays if play.word == "al"} == {4}


def test_a_blank_is_tried_as_every_letter_the_words_allow_and_scores_nothing() -> None:
    graph = small_graph(["al", "el", "öl", "ol", "kel"])
    plays = movegen.generate(rules.empty_board(), [BLANK, "l"], graph, TR)
    words = {play.word for play in plays}
    assert words == {"al", "el", "öl", "ol"}
    # The blank is worth 0; only the l counts, doubled by the centre star.
    assert {play.score for play in plays} == {2}
    assert all(any(blank for _i, _ch, blank in play.placement) for play in plays)


def test_seven_new_tiles_earn_the_bingo_and_the_star25_counts_once() -> None:
    graph = small_graph(["kalemli"])
    rack = list("kalemli")
    plays = movegen.generate(rules.empty_board(), rack, graph, TR, star_cell=106, star_spent=False)
    across = [play for play in plays if play.direction == movegen.ACROSS]
    by_start = {play.placement[0][0]: play for play in across}
    # kalemli from 106 to 112: k a l e m l i; no letter premium there but 2L on 108 and the centre 2W.
    play = by_start[106]
    expected = rules.score_move(rules.empty_board(), play.placement, TR, 106, False)[0]
    assert play.score == expected == (1 + 1 + 1 * 2 + 1 + 2 + 1 + 1) * 2 + 25 + 30
    spent = movegen.generate(rules.empty_board(), rack, graph, TR, star_cell=106, star_spent=True)
    assert {p.score for p in spent if p.placement == play.placement} == {play.score - 25}


def real_position(rng: random.Random, moves: int) -> rules.Board:
    graph = dawg("cruzadas-tr-valid")
    bag = [letter for letter, n in TR.bag.items() for _ in range(n) if letter != BLANK]
    board = rules.empty_board()
    for _move in range(moves):
        plays = movegen.generate(board, rng.sample(bag, 7), graph, TR)
        if plays:
            board = rules.place(board, max(plays, key=lambda p: (p.score, p.placement)).placement)
    return board


@pytest.mark.parametrize("blanks", [0, 1, 2])
def test_every_move_on_the_real_list_passes_the_rules_and_scores_as_they_do(blanks: int) -> None:
    graph = dawg("cruzadas-tr-valid")
    rng = random.Random(blanks)
    board = real_position(rng, 6)
    bag = [letter for letter, n in TR.bag.items() for _ in range(n) if letter != BLANK]
    rack = rng.sample(bag, 7 - blanks) + [BLANK] * blanks
    star = rng.choice([i for i in rules.NORMAL_CELLS if board[i] is None])
    plays = movegen.generate(board, rack, graph, TR, star, False)
    assert plays, "a midgame position with 7 tiles has a move"
    assert len({p.placement for p in plays}) == len(plays)
    sample = plays if len(plays) <= 1500 else rng.sample(plays, 1500)
    for play in sample:
        found = rules.check_placement(board, play.placement, graph.__contains__, rack)
        assert play.word == found[0]
        assert play.score == rules.score_move(board, play.placement, TR, star, False)[0]
    assert all(sum(blank for _i, _c, blank in p.placement) <= blanks for p in plays)


def test_a_rack_with_no_playable_letter_has_no_move() -> None:
    graph = small_graph(["al", "la"])
    assert movegen.generate(rules.empty_board(), ["k", "t"], graph, TR) == []
    assert movegen.generate(rules.empty_board(), [], graph, TR) == []


def test_rack_after_takes_the_played_tiles_off() -> None:
    graph = small_graph(["al"])
    play = next(p for p in movegen.generate(rules.empty_board(), [BLANK, "l", "k"], graph, TR) if p.word == "al")
    assert sorted(movegen.rack_after([BLANK, "l", "k"], play)) == ["k"]


def test_a_blank_on_a_double_word_square_doubles_its_crossword_too() -> None:
    graph = small_graph(["al", "at"])
    board = rules.place(rules.empty_board(), ((65, "l", False),))  # row 4, col 5
    plays = movegen.generate(board, [BLANK, "t"], graph, TR)
    play = next(p for p in plays if p.placement == ((64, "a", True), (79, "t", False)))
    # Down "at" with the blank a on the 2W at (4, 4): (0 + 1) x 2; across "al": (0 + 1) x 2.
    assert play.word == "at"
    assert play.score == rules.score_move(board, play.placement, TR, None, False)[0] == 4
