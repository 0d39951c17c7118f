"""The board rules of Letras Cruzadas, pure: rulesets, premium squares, placement checks and scoring.

No Django, no randomness, no clock: the engine (games/cruzadas/engine.py) keeps the state and calls these,
and the AI's move generator (games/cruzadas/movegen.py) produces placements that `check_placement` accepts
and scores them with `score_move`, so a person's move and the AI's pass the same rules. See docs/cruzadas.md.

Letters are normalised Turkish lowercase single code points (wordlists.alphabets: I -> ı, İ -> i). The board
is a tuple of 225 cells, index = row * 15 + col, rows top to bottom; the centre star is 112. A placement is
the NEW tiles of a move, each (index, letter, is_blank); a blank carries the letter it stands for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

from games.kit.contract import gettext_noop as _
from games.kit.errors import IllegalMove

SIZE = 15
CELLS = SIZE * SIZE
CENTRE = 7 * SIZE + 7  # 112: the K2 star the first word must cover
BLANK = "?"  # a blank on a rack (on the board it is a Tile with blank=True and the letter it names)

ACROSS = "across"
DOWN = "down"


# -- rulesets ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ruleset:
    """Everything that differs between word languages, as data fixed when a game starts."""

    name: str  # the word language ("tr")
    version: int
    language: str
    bag: Mapping[str, int]  # letter -> tiles in the bag, BLANK included
    values: Mapping[str, int]  # letter -> points before premiums; BLANK 0
    vowels: frozenset[str]
    rack_size: int = 7
    bingo: int = 30  # for playing rack_size new tiles in one move
    star_bonus: int = 25  # the ★25 square, once per game
    pass_limit: int = 4  # consecutive pass/exchange turns (both players) that end the game...
    pass_limit_bag_below: int = 20  # ...while the bag holds fewer tiles than this
    min_vowels: int = 2  # per player in the first deal (blanks do not count)
    min_consonants: int = 2

    @property
    def key(self) -> str:
        """How games record it and RULESETS finds it: "tr-2"."""
        return f"{self.name}-{self.version}"

    @property
    def letters(self) -> tuple[str, ...]:
        """The letters a tile (or a blank) may be, in the bag's order."""
        return tuple(letter for letter in self.bag if letter != BLANK)

    @property
    def tile_count(self) -> int:
        return sum(self.bag.values())

    def value(self, tile: Tile | str) -> int:
        """Points of a tile before premiums: a blank (on a rack or the board) is worth 0."""
        if isinstance(tile, Tile):
            return 0 if tile.blank else self.values[tile.letter]
        return 0 if tile == BLANK else self.values[tile]

    def is_vowel(self, letter: str) -> bool:
        return letter in self.vowels

    def is_consonant(self, letter: str) -> bool:
        return letter != BLANK and letter not in self.vowels

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "version": self.version,
            "language": self.language,
            "bag": dict(self.bag),
            "values": dict(self.values),
            "vowels": sorted(self.vowels),
            "rack_size": self.rack_size,
            "bingo": self.bingo,
            "star_bonus": self.star_bonus,
            "pass_limit": self.pass_limit,
            "pass_limit_bag_below": self.pass_limit_bag_below,
            "min_vowels": self.min_vowels,
            "min_consonants": self.min_consonants,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Ruleset:
        fields = dict(data)
        fields["bag"] = dict(fields["bag"])
        fields["values"] = dict(fields["values"])
        fields["vowels"] = frozenset(fields["vowels"])
        return cls(**fields)


# The text's Turkish bag: 100 tiles, 98 letters and 2 blanks. I (ı) and İ (i) are different letters.
_TURKISH_TILES: tuple[tuple[str, int, int], ...] = (
    ("a", 12, 1),
    ("b", 2, 3),
    ("c", 2, 4),
    ("ç", 2, 4),
    ("d", 2, 3),
    ("e", 8, 1),
    ("f", 1, 7),
    ("g", 1, 5),
    ("ğ", 1, 8),
    ("h", 1, 5),
    ("ı", 4, 2),
    ("i", 7, 1),
    ("j", 1, 10),
    ("k", 7, 1),
    ("l", 7, 1),
    ("m", 4, 2),
    ("n", 5, 1),
    ("o", 3, 2),
    ("ö", 1, 7),
    ("p", 1, 5),
    ("r", 6, 1),
    ("s", 3, 2),
    ("ş", 2, 4),
    ("t", 5, 1),
    ("u", 3, 2),
    ("ü", 2, 3),
    ("v", 1, 7),
    ("y", 2, 3),
    ("z", 2, 4),
    (BLANK, 2, 0),
)

TURKISH = Ruleset(
    name="tr",
    version=2,  # version 2: the first deal gives each player 2+ vowels and 2+ consonants
    language="tr",
    bag={letter: count for letter, count, _ in _TURKISH_TILES},
    values={letter: points for letter, _, points in _TURKISH_TILES},
    vowels=frozenset("aeıioöuü"),
)

RULESETS: dict[str, Ruleset] = {TURKISH.key: TURKISH}


# -- premium squares --------------------------------------------------------------------------------

DOUBLE_LETTER, TRIPLE_LETTER, DOUBLE_WORD, TRIPLE_WORD = "2L", "3L", "2W", "3W"

_TRIPLE_WORD = [(0, 0), (0, 7), (7, 0)]
_DOUBLE_WORD = [(1, 1), (2, 2), (3, 3), (4, 4), (7, 7)]
_TRIPLE_LETTER = [(1, 5), (5, 1), (5, 5)]
_DOUBLE_LETTER = [(0, 3), (2, 6), (3, 0), (3, 7), (6, 2), (6, 6), (7, 3)]


def _mirrored(cells: Iterable[tuple[int, int]]) -> set[int]:
    """The classic layout is symmetric across both axes and both diagonals: list one corner, mirror it."""
    out: set[int] = set()
    for row, col in cells:
        for r, c in ((row, col), (col, row)):
            for rr in (r, SIZE - 1 - r):
                for cc in (c, SIZE - 1 - c):
                    out.add(rr * SIZE + cc)
    return out


def _layout() -> dict[int, str]:
    layout: dict[int, str] = {}
    for kind, cells in (
        (DOUBLE_LETTER, _DOUBLE_LETTER),
        (TRIPLE_LETTER, _TRIPLE_LETTER),
        (DOUBLE_WORD, _DOUBLE_WORD),
        (TRIPLE_WORD, _TRIPLE_WORD),
    ):
        for index in _mirrored(cells):
            layout[index] = kind
    return layout


# index -> "2L" | "3L" | "2W" | "3W"; the centre (112) is "2W". 24 2L, 12 3L, 17 2W, 8 3W.
PREMIUMS: dict[int, str] = _layout()

# Where the ★25 square may fall: a normal square (no premium; the centre is a premium).
NORMAL_CELLS: tuple[int, ...] = tuple(i for i in range(CELLS) if i not in PREMIUMS)


def row_col(index: int) -> tuple[int, int]:
    return divmod(index, SIZE)


# -- board ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tile:
    """A tile on the board: a blank keeps the letter it was given for the rest of the game."""

    letter: str
    blank: bool = False


Board = tuple[Tile | None, ...]
Placement = tuple[tuple[int, str, bool], ...]


def empty_board() -> Board:
    return (None,) * CELLS


def is_empty(board: Board) -> bool:
    return all(cell is None for cell in board)


def place(board: Board, placement: Placement) -> Board:
    """The board with the placement's tiles on it (no checks: call check_placement first)."""
    cells = list(board)
    for index, letter, blank in placement:
        cells[index] = Tile(letter, blank)
    return tuple(cells)


def _step(direction: str) -> int:
    return 1 if direction == ACROSS else SIZE


def _neighbour(index: int, direction: str, sign: int) -> int | None:
    """The next cell along a line (sign +1 forward, -1 back), None off the board (no row wrapping)."""
    row, col = row_col(index)
    if direction == ACROSS:
        col += sign
    else:
        row += sign
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return row * SIZE + col
    return None


def _run(filled: Callable[[int], bool], index: int, direction: str) -> list[int]:
    """The maximal line of filled cells through `index` along `direction`, in reading order."""
    start = index
    while (prev := _neighbour(start, direction, -1)) is not None and filled(prev):
        start = prev
    cells = [start]
    while (nxt := _neighbour(cells[-1], direction, 1)) is not None and filled(nxt):
        cells.append(nxt)
    return cells


def _check_tiles(placement: Placement, letters: Container[str]) -> None:
    """The placement is well formed: some tiles, on the board, each cell once, real letters."""
    if not placement:
        raise IllegalMove("empty", _("Place at least one tile."))
    seen: set[int] = set()
    for index, letter, _blank in placement:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < CELLS:
            raise IllegalMove("bad_cell", _("That square is not on the board."))
        if index in seen:
            raise IllegalMove("duplicate_cell", _("Two tiles cannot share a square."))
        seen.add(index)
        if not isinstance(letter, str) or letter not in letters:
            raise IllegalMove("bad_letter", _("“%(letter)s” is not a letter of this game."), {"letter": str(letter)})


def placement_line(
    board: Board, placement: Placement, *, letters: Container[str] = TURKISH.letters
) -> tuple[str, list[int]]:
    """The direction ("across"/"down") and the cells of the main word, or IllegalMove.

    New tiles share one row or column; no empty square lies between them (tiles already on the board
    may bridge them); no tile covers one already there; the first word covers the centre with 2+ letters;
    every later move touches the board. A single new tile reads across when it has a neighbour across,
    down otherwise; its other word, if any, is a crossword.
    """
    _check_tiles(placement, letters)
    new = {index for index, _letter, _blank in placement}
    if any(board[index] is not None for index in new):
        raise IllegalMove("covers_tile", _("A square can hold only one tile: that one is taken."))
    rows = {index // SIZE for index in new}
    cols = {index % SIZE for index in new}
    if len(new) == 1:
        (only,) = new

        def has(i: int | None) -> bool:
            return i is not None and board[i] is not None

        across = has(_neighbour(only, ACROSS, -1)) or has(_neighbour(only, ACROSS, 1))
        direction = ACROSS if across else DOWN
    elif len(rows) == 1:
        direction = ACROSS
    elif len(cols) == 1:
        direction = DOWN
    else:
        raise IllegalMove("not_in_line", _("All new tiles must lie in one row or one column."))

    def filled(i: int) -> bool:
        return i in new or board[i] is not None

    first, last = min(new), max(new)
    step = _step(direction)
    if any(not filled(i) for i in range(first, last + 1, step)):
        raise IllegalMove("gap", _("A word cannot have empty squares inside it."))
    main = _run(filled, first, direction)

    if is_empty(board):
        if CENTRE not in new:
            raise IllegalMove("first_not_on_centre", _("The first word must cover the centre star."))
        if len(main) < 2:
            raise IllegalMove("first_too_short", _("The first word must have at least 2 letters."))
        return direction, main

    other = DOWN if direction == ACROSS else ACROSS
    touches = len(main) > len(new) or any(
        (n := _neighbour(i, other, sign)) is not None and board[n] is not None for i in new for sign in (-1, 1)
    )
    if not touches:
        raise IllegalMove("not_connected", _("A new word must join the tiles already on the board."))
    return direction, main


class _AnyLetter:
    """words_formed and score_move leave letter checks to check_placement (any ruleset's letters)."""

    def __contains__(self, item: object) -> bool:
        return True


_ANY_LETTER: Container[str] = _AnyLetter()


def words_formed(board: Board, placement: Placement) -> list[list[int]]:
    """The cells of every word the placement forms: the main word first, then each crossword (2+ letters).

    Assumes a placement that placement_line accepts.
    """
    direction, main = placement_line(board, placement, letters=_ANY_LETTER)
    new = {index for index, _letter, _blank in placement}

    def filled(i: int) -> bool:
        return i in new or board[i] is not None

    other = DOWN if direction == ACROSS else ACROSS
    words = [main] if len(main) >= 2 else []
    for index in sorted(new):
        cross = _run(filled, index, other)
        if len(cross) >= 2:
            words.append(cross)
    return words


def word_text(board: Board, placement: Placement, cells: Sequence[int]) -> str:
    """The letters along `cells`, new tiles (from the placement) over the board."""
    new = {index: letter for index, letter, _blank in placement}
    out = []
    for i in cells:
        tile = board[i]
        out.append(new.get(i, tile.letter if tile is not None else ""))
    return "".join(out)


LETTER_FACTOR = {DOUBLE_LETTER: 2, TRIPLE_LETTER: 3}
WORD_FACTOR = {DOUBLE_WORD: 2, TRIPLE_WORD: 3}


def word_letters(
    tile_at: Callable[[int], Tile | None], new: Container[int], cells: Sequence[int], ruleset: Ruleset
) -> list[dict[str, Any]]:
    """Per square of a word (`cells`, filled as `tile_at` says, the squares in `new` placed by the move): what
    it adds before the word's multiplier, {"letter", "value" (the tile's own points, a blank 0), "blank",
    "premium" ("2L"/"3L"/"2W"/"3W" under a NEW tile, else None: a premium under an earlier tile is spent),
    "new"}. score_move counts from these; the last move's view rebuilds them from the board after it."""
    letters = []
    for i in cells:
        tile = tile_at(i)
        assert tile is not None  # a word's squares are filled
        premium = PREMIUMS.get(i) if i in new else None
        letters.append(
            {
                "letter": tile.letter,
                "value": ruleset.value(tile),
                "blank": tile.blank,
                "premium": premium,
                "new": i in new,
            }
        )
    return letters


def score_move(
    board: Board, placement: Placement, ruleset: Ruleset, star_cell: int | None, star_spent: bool
) -> tuple[int, list[dict[str, Any]]]:
    """Points of a placement and their breakdown, exactly as the text counts them.

    For each word: letter values, with 2L/3L applied to NEW tiles only (a blank stays 0), summed, then
    multiplied by every 2W/3W under a NEW tile (multipliers multiply together); a tile counts in every word
    it belongs to. Then +star_bonus once if a new tile covers the ★25 square not yet spent, then +bingo for
    rack_size new tiles. Breakdown: {"kind": "word", "word", "cells", "points", "letters", "multiplier"} per
    word, then {"kind": "star", "points"} and {"kind": "bingo", "points"} lines when they apply. A word's
    "letters" say, per square, what it added before the word's multiplier: {"letter", "value" (the tile's
    own points, a blank 0), "blank", "premium" ("2L"/"3L"/"2W"/"3W" under a NEW tile, else None: a premium
    under an earlier tile is spent), "new"}; "multiplier" is the product of its 2W/3W (1 when none). Breakdowns
    recorded before these two fields existed lack them (docs/cruzadas.md): readers must not require them.
    """
    new = {index: Tile(letter, blank) for index, letter, blank in placement}
    breakdown: list[dict[str, Any]] = []
    total = 0
    for cells in words_formed(board, placement):
        letters = word_letters(lambda i: new.get(i) or board[i], new, cells, ruleset)
        points = sum(line["value"] * LETTER_FACTOR.get(line["premium"], 1) for line in letters)
        multiplier = prod(WORD_FACTOR.get(line["premium"], 1) for line in letters)
        points *= multiplier
        total += points
        breakdown.append(
            {
                "kind": "word",
                "word": word_text(board, placement, cells),
                "cells": list(cells),
                "points": points,
                "letters": letters,
                "multiplier": multiplier,
            }
        )
    if star_cell is not None and not star_spent and star_cell in new:
        total += ruleset.star_bonus
        breakdown.append({"kind": "star", "points": ruleset.star_bonus})
    if len(placement) == ruleset.rack_size:
        total += ruleset.bingo
        breakdown.append({"kind": "bingo", "points": ruleset.bingo})
    return total, breakdown


def missing_from_rack(placement: Placement, rack: Iterable[str]) -> bool:
    """Whether the placement needs a tile the rack does not hold (a blank needs a BLANK)."""
    need = Counter(BLANK if blank else letter for _index, letter, blank in placement)
    have = Counter(rack)
    return any(have[tile] < count for tile, count in need.items())


def check_placement(
    board: Board,
    placement: Placement,
    is_word: Callable[[str], bool],
    rack: Iterable[str],
    *,
    letters: Container[str] = TURKISH.letters,
) -> list[str]:
    """The words a placement forms (main word first), or IllegalMove saying which rule it breaks.

    Checked in this order: the tiles (empty, bad_cell, duplicate_cell, bad_letter), the rack
    (not_in_rack), the geometry (covers_tile, not_in_line, gap, first_not_on_centre, first_too_short,
    not_connected), then the dictionary (not_a_word, naming the first word not in it: main word first).
    """
    _check_tiles(placement, letters)
    if missing_from_rack(placement, rack):
        raise IllegalMove("not_in_rack", _("You can only place tiles from your rack."))
    placement_line(board, placement, letters=letters)
    texts = [word_text(board, placement, cells) for cells in words_formed(board, placement)]
    for text in texts:
        if not is_word(text):
            raise IllegalMove("not_a_word", _("“%(word)s” is not in this game's dictionary."), {"word": text})
    return texts


def rack_value(rack: Iterable[str], ruleset: Ruleset) -> int:
    """The points left on a rack at the end (blanks 0)."""
    return sum(ruleset.value(tile) for tile in rack)
