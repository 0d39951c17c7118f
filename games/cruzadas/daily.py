"""Letras Cruzadas's daily (issue 35, games/kit/daily.py): the day's rack on the day's board, one placement, scored
as a share of the best placement's points, the best revealed after.

A position is a board, the ★25 square, the scores and the rack of the player to move: never the other rack nor the
bag. The day's comes from `positions` (engine states of real games, mined by the daily app) or, without them, from
the bots playing each other for a number of moves the rng draws. Every legal placement of the rack is found and
scored by the game's own move generator (games.cruzadas.movegen, the analysis's). A day is kept only when its best
move is worth finding (`check`): at least MIN_BEST points and BEST_OVER_MEDIAN times the median legal placement,
and not the only legal placement.

The move is the game's own placement, `{"type": "place", "tiles": [{"cell": 112, "letter": "a", "blank": false},
...]}` (`"type": "move"` is taken as well), checked by the game's rules, or `{"type": "give_up"}`.

Word lists: the Turkish list is served by its DAWG (`dawg=wordlists.lexicon.dawg`, the GameSpec's engine kwargs),
which `make_puzzle` and `apply` take as the engine does; without it they ask `words(slug)` (small sets in tests).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from games.cruzadas import analysis, bots, engine, movegen, rules
from games.cruzadas.engine import GraphSource, State
from games.cruzadas.rules import PREMIUMS, SIZE, Board, Ruleset, Tile
from games.kit import daily_move
from games.kit.contract import gettext_noop as _
from games.kit.daily import DailyRefused, PlayState, Puzzle
from games.kit.errors import IllegalMove
from games.kit.words import WordSource

SLUG = engine.SLUG
PLACE_TYPES = (engine.PLACE, "move")

# A self-played position: this many turns from the empty board (the rng draws), by bots of levels the rng draws.
FIRST_MOVE, LAST_MOVE = 2, 16
SELF_PLAY_LEVELS = bots.LEVELS
THINK = timedelta(seconds=5)
T0 = datetime(2000, 1, 1, tzinfo=UTC)  # the virtual clock (no real time enters a daily)

# The quality check: a best move worth finding.
MIN_BEST = 30  # points
BEST_OVER_MEDIAN = 3  # the best scores at least this many times the median legal placement
MIN_PLAYS = 2  # not the only legal placement
SHOWN_BEST = 3  # the best placements the finished page shows (equal best scores)


def variants() -> Sequence[str]:
    """One daily per word language the site offers (Turkish, the one shipped)."""
    return engine.LANGUAGES


def self_played(rng: random.Random, language: str, *, words: WordSource, dawg: GraphSource | None = None) -> State:
    """A position of a game the bots play from the empty board, every turn through engine.apply, stopped at a turn
    number the rng draws (or where the game ended)."""
    state = engine.new_game({"language": language}, engine.SEATS, rng, T0, words=words, dawg=dawg)
    now = T0
    for _number in range(rng.randint(FIRST_MOVE, LAST_MOVE)):
        if state.phase != engine.PLAYING:
            break
        level = rng.choice(SELF_PLAY_LEVELS)
        action = bots.bot_action(state, state.turn, level, rng, words=words, dawg=dawg)
        assert action is not None  # a bot on its turn always has a move (a pass or an exchange at worst)
        now += THINK
        state, _events = engine.apply(state, state.turn, action, now, words=words, dawg=dawg)
    return state


def check(scores: Sequence[int]) -> str | None:
    """Why a rack's legal placements (their scores) make no daily, or None when the best is worth finding."""
    if len(scores) < MIN_PLAYS:
        return f"{len(scores)} legal placement(s) (fewer than {MIN_PLAYS})"
    best, median = max(scores), statistics.median(scores)
    if best < MIN_BEST:
        return f"the best scores {best} (less than {MIN_BEST})"
    if best < BEST_OVER_MEDIAN * median:
        return f"the best scores {best}, less than {BEST_OVER_MEDIAN} times the median {median}"
    return None


def puzzle_from(state: State, source: str, *, words: WordSource, dawg: GraphSource | None = None) -> Puzzle | None:
    """The daily of `state`'s position for the player to move, or None when it fails `check`."""
    if state.phase != engine.PLAYING:
        return None
    seat = state.turn
    graph = bots.graph_for(state, words, dawg)
    plays = movegen.generate(state.board, state.racks[seat], graph, state.ruleset, state.star_cell, state.star_spent)
    scores = [play.score for play in plays]
    if check(scores) is not None:
        return None
    best = max(scores)
    top = sorted((play for play in plays if play.score == best), key=lambda play: play.placement)[:SHOWN_BEST]
    return {
        "language": state.language,
        "ruleset": state.ruleset.to_json(),
        "list": state.list_slug,
        "list_version": state.list_version,
        "board": [None if tile is None else [tile.letter, tile.blank] for tile in state.board],
        "star_cell": state.star_cell,
        "star_spent": state.star_spent,
        "scores": list(state.scores),
        "mover": seat,
        "rack": list(state.racks[seat]),
        "bag_count": len(state.bag),
        "source": source,
        "best": best,
        "best_moves": [analysis.describe(state, play) for play in top],
        "median": statistics.median(scores),
        "plays": len(plays),
    }


def make_puzzle(
    rng: random.Random,
    variant: str,
    *,
    words: WordSource,
    dawg: GraphSource | None = None,
    positions: Sequence[Mapping[str, Any]] | None = None,
    **sources: Any,
) -> Puzzle | None:
    """The day's rack and board: a position drawn from `positions` (engine states of real games in this word
    language) when there are some, else one the bots play; when the drawn real position makes no daily, a
    self-played one from the same rng. None when that fails the check too."""
    if variant not in engine.LANGUAGES:
        raise ValueError(f"Letras Cruzadas has no word language {variant!r}")
    if positions:
        mined = engine.from_json(dict(rng.choice(list(positions))))
        found = puzzle_from(mined, "game", words=words, dawg=dawg) if mined.language == variant else None
        if found is not None:
            return found
    return puzzle_from(self_played(rng, variant, words=words, dawg=dawg), "self_play", words=words, dawg=dawg)


def answers(puzzle: Puzzle) -> dict[str, Any]:
    """The position (board and rack) and the best placements: what the day commits to, and what never repeats."""
    return {
        "board": puzzle["board"],
        "rack": sorted(puzzle["rack"]),
        "best": puzzle["best"],
        "moves": [move["tiles"] for move in puzzle["best_moves"]],
    }


def start(puzzle: Puzzle, options: Mapping[str, Any]) -> PlayState:
    return daily_move.start(options)


def finished(puzzle: Puzzle, state: PlayState) -> bool:
    return daily_move.finished(state)


def _board(puzzle: Puzzle) -> Board:
    return tuple(None if cell is None else Tile(cell[0], bool(cell[1])) for cell in puzzle["board"])


def apply(
    puzzle: Puzzle,
    state: PlayState,
    action: Mapping[str, Any],
    *,
    words: WordSource,
    dawg: GraphSource | None = None,
    **_engine: Any,
) -> PlayState:
    """The one placement (the game's own, checked by its rules on the day's board with the day's rack) or giving
    up; DailyRefused otherwise, the state unchanged."""
    kind = daily_move.action_kind(state, action, PLACE_TYPES)
    if kind == daily_move.GIVE_UP:
        return daily_move.gave_up(state)
    ruleset = Ruleset.from_json(puzzle["ruleset"])
    tiles = action.get("tiles")
    if isinstance(tiles, list | tuple) and len(tiles) > len(puzzle["rack"]):
        raise DailyRefused("not_in_rack", _("You can only place tiles from your rack."))
    board = _board(puzzle)
    try:
        placement = engine.parse_tiles(ruleset, tiles)
        is_word = engine.word_test(puzzle["list"], words, dawg)
        found = rules.check_placement(board, placement, is_word, puzzle["rack"], letters=ruleset.letters)
        points, _breakdown = rules.score_move(board, placement, ruleset, puzzle["star_cell"], puzzle["star_spent"])
    except IllegalMove as refused:
        raise DailyRefused(refused.code, refused.message, refused.params) from None
    move = {
        "word": found[0],
        "words": found,
        "points": points,
        "tiles": [{"cell": cell, "letter": letter, "blank": blank} for cell, letter, blank in placement],
    }
    return daily_move.made(state, move)


def view(puzzle: Puzzle, state: PlayState) -> dict[str, Any]:
    """The board, the premiums and the ★25 square, the scores and the player's rack; once finished, the placement
    played, the best placement(s) and the share of the best. Nothing of the best before; never a bag nor another
    rack (the puzzle holds neither)."""
    ruleset = puzzle["ruleset"]
    board = puzzle["board"]
    star = puzzle["star_cell"]
    done = daily_move.finished(state)
    shown: dict[str, Any] = {
        "game": SLUG,
        "size": SIZE,
        "language": puzzle["language"],
        "list": puzzle["list"],
        "list_version": puzzle["list_version"],
        "ruleset": {
            "values": ruleset["values"],
            "rack_size": ruleset["rack_size"],
            "bingo": ruleset["bingo"],
            "star_bonus": ruleset["star_bonus"],
        },
        "board": [
            [
                None if (cell := board[r * SIZE + c]) is None else {"letter": cell[0], "blank": cell[1]}
                for c in range(SIZE)
            ]
            for r in range(SIZE)
        ],
        "premiums": [[PREMIUMS.get(r * SIZE + c) for c in range(SIZE)] for r in range(SIZE)],
        "centre": [rules.CENTRE // SIZE, rules.CENTRE % SIZE],
        "star": {"cell": [star // SIZE, star % SIZE], "index": star, "spent": puzzle["star_spent"]},
        "scores": puzzle["scores"],
        "you": puzzle["mover"],
        "rack": puzzle["rack"],
        "bag_count": puzzle["bag_count"],
        "finished": done,
    }
    if done:
        shown["reveal"] = daily_move.reveal(state, puzzle["best"], puzzle["best_moves"])
    return shown


def result(puzzle: Puzzle, state: PlayState) -> dict[str, Any]:
    return daily_move.result(state, puzzle["best"])


def share_score(puzzle: Puzzle, state: PlayState) -> str:
    return daily_move.share_score(state, puzzle["best"])


def share_rows(puzzle: Puzzle, state: PlayState) -> list[str]:
    return daily_move.share_rows(state, puzzle["best"])
