"""The board rules of Letras Cruzadas (games/cruzadas/rules.py): the Turkish bag, the premium layout, every
placement rule and every scoring rule of the text, with its examples, on hand-made boards."""

from __future__ import annotations

from collections import Counter

import pytest

from games.cruzadas import rules
from games.cruzadas.rules import BLANK, CENTRE, PREMIUMS, SIZE, TURKISH, Tile
from games.kit.errors import IllegalMove
from wordlists.alphabets import alphabet, normalise


def at(row: int, col: int) -> int:
    return row * SIZE + col


def lay(
    word: str,
    row: int,
    col: int,
    direction: str = "across",
    blanks: set[int] = frozenset(),
    skip: set[int] = frozenset(),
) -> rules.Placement:
    """A placement spelling `word` from (row, col); positions in `skip` are already on the board."""
    step = 1 if direction == "across" else SIZE
    start = at(row, col)
    return tuple((start + k * step, letter, k in blanks) for k, letter in enumerate(word) if k not in skip)


def board_with(*placements: rules.Placement) -> rules.Board:
    board = rules.empty_board()
    for placement in placements:
        board = rules.place(board, placement)
    return board


def code_of(
    board: rules.Board,
    placement: rules.Placement,
    words=("al", "la", "kal", "ak", "el"),
    rack="abcçdefgğhıijklmnoöprsştuüvyz??",
) -> str:
    with pytest.raises(IllegalMove) as caught:
        rules.check_placement(board, placement, set(words).__contains__, list(rack))
    assert caught.value.text
    return caught.value.code


# -- the Turkish ruleset -----------------------------------------------------------------------------


def test_the_turkish_bag_holds_the_texts_100_tiles_with_i_and_dotless_i_distinct() -> None:
    assert TURKISH.tile_count == 100
    assert TURKISH.bag[BLANK] == 2 and sum(n for t, n in TURKISH.bag.items() if t != BLANK) == 98
    assert sorted(TURKISH.letters) == sorted(alphabet("tr"))
    assert (TURKISH.bag["ı"], TURKISH.values["ı"]) == (4, 2)  # I
    assert (TURKISH.bag["i"], TURKISH.values["i"]) == (7, 1)  # İ
    table = {"a": (12, 1), "j": (1, 10), "ğ": (1, 8), "e": (8, 1), "k": (7, 1), "z": (2, 4), "ş": (2, 4)}
    assert {letter: (TURKISH.bag[letter], TURKISH.values[letter]) for letter in table} == table
    assert TURKISH.value(BLANK) == 0 and TURKISH.value(Tile("j", blank=True)) == 0
    assert (TURKISH.rack_size, TURKISH.bingo, TURKISH.star_bonus) == (7, 30, 25)
    assert (TURKISH.pass_limit, TURKISH.pass_limit_bag_below) == (4, 20)
    assert rules.RULESETS["tr-2"] is TURKISH
    assert normalise("tr", "IŞIK") == "ışık" and all(len(letter) == 1 for letter in TURKISH.letters)


def test_a_ruleset_is_data_that_round_trips() -> None:
    assert rules.Ruleset.from_json(TURKISH.to_json()) == TURKISH


def test_the_premium_layout_is_the_classic_one_with_the_centre_a_double_word() -> None:
    assert Counter(PREMIUMS.values()) == {"2L": 24, "3L": 12, "2W": 17, "3W": 8}
    assert PREMIUMS[CENTRE] == "2W" and CENTRE == 112
    assert {PREMIUMS[at(r, c)] for r in (0, 7, 14) for c in (0, 7, 14) if (r, c) != (7, 7)} == {"3W"}
    assert PREMIUMS[at(1, 1)] == PREMIUMS[at(13, 1)] == PREMIUMS[at(4, 10)] == "2W"
    assert PREMIUMS[at(1, 5)] == PREMIUMS[at(9, 13)] == "3L"
    assert PREMIUMS[at(0, 3)] == PREMIUMS[at(7, 11)] == PREMIUMS[at(14, 11)] == "2L"
    assert at(7, 8) not in PREMIUMS and at(7, 8) in rules.NORMAL_CELLS
    assert len(rules.NORMAL_CELLS) == 225 - 61 and CENTRE not in rules.NORMAL_CELLS


# -- placement ---------------------------------------------------------------------------------------


def test_the_first_word_must_cover_the_centre_star() -> None:
    assert code_of(rules.empty_board(), lay("al", 7, 2)) == "first_not_on_centre"
    assert rules.check_placement(rules.empty_board(), lay("al", 7, 6), {"al"}.__contains__, "al") == ["al"]
    assert rules.check_placement(rules.empty_board(), lay("al", 6, 7, "down"), {"al"}.__contains__, "al")


def test_the_first_word_has_at_least_two_letters() -> None:
    assert code_of(rules.empty_board(), ((CENTRE, "a", False),)) == "first_too_short"


def test_new_tiles_share_one_row_or_column() -> None:
    diagonal = ((at(7, 7), "a", False), (at(8, 8), "l", False))
    assert code_of(rules.empty_board(), diagonal) == "not_in_line"


def test_no_empty_square_inside_the_word_but_board_tiles_may_bridge() -> None:
    assert code_of(rules.empty_board(), ((at(7, 6), "k", False), (at(7, 8), "l", False))) == "gap"
    board = board_with(lay("a", 7, 7))
    bridged = ((at(7, 6), "k", False), (at(7, 8), "l", False))
    assert rules.check_placement(board, bridged, {"kal"}.__contains__, "kl") == ["kal"]


def test_later_moves_must_touch_the_board() -> None:
    board = board_with(lay("al", 7, 7))
    assert code_of(board, lay("el", 2, 2)) == "not_connected"


def test_no_tile_covers_one_already_there() -> None:
    board = board_with(lay("al", 7, 7))
    assert code_of(board, ((at(7, 7), "k", False), (at(7, 6), "a", False))) == "covers_tile"


def test_a_single_new_tile_is_allowed_when_it_forms_a_word() -> None:
    board = board_with(lay("al", 7, 7))
    # K in front of AL: KAL across.
    assert rules.check_placement(board, ((at(7, 6), "k", False),), {"kal"}.__contains__, "k") == ["kal"]
    # E above L: EL down.
    assert rules.check_placement(board, ((at(6, 8), "e", False),), {"el"}.__contains__, "e") == ["el"]


def test_every_word_formed_must_be_in_the_dictionary_not_only_the_main_word() -> None:
    board = board_with(lay("al", 7, 7))
    # LA across on row 8 under AL: main LA, crosswords AL (col 7) and LA (col 8).
    below = lay("la", 8, 7)
    assert rules.check_placement(board, below, {"al", "la"}.__contains__, "la") == ["la", "al", "la"]
    with pytest.raises(IllegalMove) as caught:
        rules.check_placement(board, below, {"la"}.__contains__, "la")
    assert caught.value.code == "not_a_word" and caught.value.params == {"word": "al"}
    with pytest.raises(IllegalMove) as caught:
        rules.check_placement(board, lay("ak", 8, 7), {"al", "la"}.__contains__, "ak")
    assert caught.value.params == {"word": "ak"}  # the main word is named first


def test_tiles_must_come_from_the_rack_and_a_blank_needs_a_blank() -> None:
    assert code_of(rules.empty_board(), lay("al", 7, 7), rack="aek") == "not_in_rack"
    assert code_of(rules.empty_board(), lay("al", 7, 7, blanks={1}), rack="al") == "not_in_rack"
    assert rules.check_placement(
        rules.empty_board(), lay("al", 7, 7, blanks={1}), {"al"}.__contains__, ["a", BLANK]
    ) == ["al"]


def test_malformed_placements_are_refused() -> None:
    assert code_of(rules.empty_board(), ()) == "empty"
    assert code_of(rules.empty_board(), ((225, "a", False), (CENTRE, "l", False))) == "bad_cell"
    assert code_of(rules.empty_board(), ((CENTRE, "a", False), (CENTRE, "l", False))) == "duplicate_cell"
    assert code_of(rules.empty_board(), ((CENTRE, "q", False), (113, "l", False))) == "bad_letter"
    assert code_of(rules.empty_board(), ((CENTRE, "I", False), (113, "l", False))) == "bad_letter"


def test_a_line_does_not_wrap_from_one_row_to_the_next() -> None:
    board = board_with(lay("al", 7, 13))
    # A tile at the start of row 8 is not "after" the end of row 7.
    assert code_of(board, ((at(8, 0), "k", False),)) == "not_connected"


def test_words_formed_lists_the_main_word_then_each_crossword() -> None:
    board = board_with(lay("al", 7, 7))
    assert rules.words_formed(board, lay("la", 8, 7)) == [
        [at(8, 7), at(8, 8)],
        [at(7, 7), at(8, 7)],
        [at(7, 8), at(8, 8)],
    ]


# -- scoring -----------------------------------------------------------------------------------------


def score(
    board: rules.Board, placement: rules.Placement, star_cell: int | None = None, star_spent: bool = False
) -> tuple[int, list[dict]]:
    return rules.score_move(board, placement, TURKISH, star_cell, star_spent)


def test_al_on_the_centre_star_is_worth_4() -> None:
    total, breakdown = score(rules.empty_board(), lay("al", 7, 7))
    assert total == 4 and breakdown == [
        {
            "kind": "word",
            "word": "al",
            "cells": [112, 113],
            "points": 4,
            "letters": [
                {"letter": "a", "value": 1, "blank": False, "premium": "2W", "new": True},
                {"letter": "l", "value": 1, "blank": False, "premium": None, "new": True},
            ],
            "multiplier": 2,
        }
    ]


def test_letter_premiums_apply_to_new_tiles_before_word_multipliers() -> None:
    # J (10) on the 2L at (7,3) in a word through the centre: (J*2 + 1 + 1 + 1 + 1) * 2.
    assert score(rules.empty_board(), lay("jakal", 7, 3))[0] == (20 + 4) * 2


def test_word_multipliers_multiply_together() -> None:
    # Column 0 holds K at rows 1-6 (the 2L at (3,0) is under an old tile); a new K on the 3W at (0,0) and a
    # new A on the 3W at (7,0) make an 8-letter word of ones: 8 * 3 * 3.
    board = board_with(lay("kkkkkk", 1, 0, "down"))
    total, breakdown = score(board, ((at(0, 0), "k", False), (at(7, 0), "a", False)))
    assert [(line["word"], line["cells"], line["points"], line["multiplier"]) for line in breakdown] == [
        ("kkkkkkka", [at(r, 0) for r in range(8)], 72, 9)
    ]
    assert total == 72


def test_premiums_under_tiles_already_on_the_board_count_no_more() -> None:
    board = board_with(lay("al", 7, 7))
    # K before AL: KAL, the centre 2W is under an old tile, (7,6) is normal: 1 + 1 + 1.
    assert score(board, ((at(7, 6), "k", False),))[0] == 3


def test_a_crossing_tile_counts_in_every_word_it_forms() -> None:
    board = board_with(lay("al", 7, 7))
    # LA on row 8 (at (8,7),(8,8); (8,8) is a 2L): LA = 1 + 1*2 = 3, AL down = 1 + 1 = 2, LA down = 1 + 2.
    total, breakdown = score(board, lay("la", 8, 7))
    assert [line["points"] for line in breakdown] == [3, 2, 3] and total == 8


def test_seven_new_tiles_add_30_so_twenty_becomes_fifty() -> None:
    # Row 7, cols 4-10 (no letter premium there), Ş (4) on the centre 2W: (6 * 1 + 4) * 2 = 20, + 30.
    total, breakdown = score(rules.empty_board(), lay("aaaşaaa", 7, 4))
    assert breakdown[0]["points"] == 20
    assert breakdown[-1] == {"kind": "bingo", "points": 30} and total == 50


def test_tiles_already_on_the_board_do_not_count_towards_the_seven() -> None:
    board = board_with(lay("al", 7, 7))
    seven_new = lay("aaaaaaa", 7, 0)  # + the old AL: a 9-letter word, 7 new tiles
    assert [line["kind"] for line in score(board, seven_new)[1]] == ["word", "bingo"]
    six_new = lay("aaaaaa", 7, 1)  # + AL: 8 letters on the board, 6 of them new
    assert [line["kind"] for line in score(board, six_new)[1]] == ["word"]


def test_a_blank_is_worth_0_even_on_a_letter_premium_but_triggers_word_premiums() -> None:
    # A blank K on the centre 2W: (0 + 1 + 1) * 2; the word premium still doubles the other letters.
    assert score(rules.empty_board(), lay("kal", 7, 7, blanks={0}))[0] == (0 + 1 + 1) * 2
    board = board_with(lay("al", 7, 7))
    # Under the L, on the 2L at (8,8): LA down. A real A scores 1 + 1*2, a blank A 1 + 0.
    assert score(board, ((at(8, 8), "a", False),))[0] == 3
    assert score(board, ((at(8, 8), "a", True),))[0] == 1


def test_a_blank_on_the_board_stays_worth_0_in_later_words() -> None:
    board = board_with(lay("al", 7, 7, blanks={0}))
    assert score(board, ((at(7, 6), "k", False),))[0] == 0 + 1 + 1


def test_the_star_square_adds_25_once_per_move_when_a_new_tile_covers_it() -> None:
    star = at(7, 8)
    total, breakdown = score(rules.empty_board(), lay("al", 7, 7), star_cell=star)
    assert total == 4 + 25 and breakdown[-1] == {"kind": "star", "points": 25}
    # Crossed later by a move's words (the L on it is old): nothing more, spent or not.
    board = board_with(lay("al", 7, 7))
    assert score(board, lay("la", 8, 7), star_cell=star, star_spent=True)[0] == 8
    assert score(board, lay("la", 8, 7), star_cell=star, star_spent=False)[0] == 8
    # A new tile on a spent star: nothing.
    assert score(board, lay("la", 8, 7), star_cell=at(8, 8), star_spent=True)[0] == 8
    # A move forming several words over the star: still +25 only once.
    total, breakdown = score(board, lay("la", 8, 7), star_cell=at(8, 8))
    assert total == 8 + 25 and [line["kind"] for line in breakdown].count("star") == 1


# -- the breakdown by letter and premium -------------------------------------------------------------


def letters_of(line: dict) -> list[tuple[str, int, str | None, bool]]:
    return [(cell["letter"], cell["value"], cell["premium"], cell["new"]) for cell in line["letters"]]


# (what, the board before, the placement, star, per word: (word, [(letter, value, premium, new)], multiplier,
# points)). The points are the ones the scoring tests above establish; the letters say where they came from.
BREAKDOWNS = [
    (
        "a letter premium under a new tile, the centre's 2W",
        (),
        lay("jakal", 7, 3),
        [
            (
                "jakal",
                [
                    ("j", 10, "2L", True),
                    ("a", 1, None, True),
                    ("k", 1, None, True),
                    ("a", 1, None, True),
                    ("l", 1, "2W", True),
                ],
                2,
                48,
            )
        ],
    ),
    (
        "two 3W under new tiles multiply together, the 2L under an old tile is spent",
        (lay("kkkkkk", 1, 0, "down"),),
        ((at(0, 0), "k", False), (at(7, 0), "a", False)),
        [("kkkkkkka", [("k", 1, "3W", True)] + [("k", 1, None, False)] * 6 + [("a", 1, "3W", True)], 9, 72)],
    ),
    (
        "the centre's 2W under an old tile counts no more",
        (lay("al", 7, 7),),
        ((at(7, 6), "k", False),),
        [("kal", [("k", 1, None, True), ("a", 1, None, False), ("l", 1, None, False)], 1, 3)],
    ),
    (
        "a crossing tile in every word, its 2L in each",
        (lay("al", 7, 7),),
        lay("la", 8, 7),
        [
            ("la", [("l", 1, None, True), ("a", 1, "2L", True)], 1, 3),
            ("al", [("a", 1, None, False), ("l", 1, None, True)], 1, 2),
            ("la", [("l", 1, None, False), ("a", 1, "2L", True)], 1, 3),
        ],
    ),
    (
        "a blank is worth 0 on a 2L",
        (lay("al", 7, 7),),
        ((at(8, 8), "a", True),),
        [("la", [("l", 1, None, False), ("a", 0, "2L", True)], 1, 1)],
    ),
    (
        "a blank on the board stays 0 in a later word",
        (lay("al", 7, 7, blanks={0}),),
        ((at(7, 6), "k", False),),
        [("kal", [("k", 1, None, True), ("a", 0, None, False), ("l", 1, None, False)], 1, 2)],
    ),
    (
        "a blank triggers the 2W under it",
        (),
        lay("kal", 7, 7, blanks={0}),
        [("kal", [("k", 0, "2W", True), ("a", 1, None, True), ("l", 1, None, True)], 2, 4)],
    ),
    (
        "a 3L under a new tile",
        (lay("al", 7, 7),),
        lay("şla", 5, 9, "down"),
        [
            ("şla", [("ş", 4, "3L", True), ("l", 1, None, True), ("a", 1, None, True)], 1, 14),
            ("ala", [("a", 1, None, False), ("l", 1, None, False), ("a", 1, None, True)], 1, 3),
        ],
    ),
]


@pytest.mark.parametrize(("what", "before", "placement", "words"), BREAKDOWNS, ids=[row[0] for row in BREAKDOWNS])
def test_each_word_of_the_breakdown_lists_its_letters_with_value_premium_and_multiplier(
    what: str, before: tuple, placement: rules.Placement, words: list
) -> None:
    board = board_with(*before)
    _total, breakdown = score(board, placement)
    lines = [line for line in breakdown if line["kind"] == "word"]
    assert [(line["word"], letters_of(line), line["multiplier"], line["points"]) for line in lines] == words
    for line in lines:
        # The letters and the multiplier give the word's points, as the last move's breakdown shows them.
        factor = {"2L": 2, "3L": 3}
        summed = sum(cell["value"] * factor.get(cell["premium"], 1) for cell in line["letters"])
        assert summed * line["multiplier"] == line["points"]
        assert [cell["letter"] for cell in line["letters"]] == list(line["word"])
        new_blanks = {i for i, _letter, blank in placement if blank}
        old_blanks = {i for i, tile in enumerate(board) if tile is not None and tile.blank}
        assert [cell["blank"] for cell in line["letters"]] == [i in new_blanks | old_blanks for i in line["cells"]]


def test_the_star_and_bingo_lines_carry_no_letters() -> None:
    _total, breakdown = score(rules.empty_board(), lay("aaaşaaa", 7, 4), star_cell=at(7, 9))
    assert [line["kind"] for line in breakdown] == ["word", "star", "bingo"]
    assert breakdown[1] == {"kind": "star", "points": 25} and breakdown[2] == {"kind": "bingo", "points": 30}


def test_rack_value_counts_blanks_as_0() -> None:
    assert rules.rack_value(["j", "a", BLANK], TURKISH) == 11
