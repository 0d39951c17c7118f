"""Wordgrid's daily (issue 35, games/kit/daily.py): the day's grid, a position of a real game (or of a game the bots
played), where the player writes one letter and traces one word; scored against the longest word the grid allowed.

A position is a grid and the words spent in it. The day's comes from `positions` (engine states of real games,
mined by the daily app) or, without them, from the bots playing each other from SHEEP for a number of moves the
rng draws. Its best moves are found by the game's own search (games.wordgrid.moves, as the analysis finds them): a
word scores its length, so the best is the longest word. A day is kept only when it has more than one good answer
(`check`): a long enough best, and at least two words within a letter of it.

The move is the game's own action, `{"type": "move", "cell": [r, c], "letter": "a", "path": [[r, c], ...]}`,
checked by the game's rules (engine.check_move), or `{"type": "give_up"}`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from games.kit import daily_move
from games.kit.contract import gettext_noop as _
from games.kit.daily import DailyRefused, PlayState, Puzzle
from games.kit.errors import IllegalMove
from games.kit.words import WordSource
from games.wordgrid import bots, engine, moves
from games.wordgrid.engine import SIZE, GraphSource, State
from games.wordgrid.moves import EMPTY, Move, WordGraph

SLUG = engine.SLUG

# A self-played position: this many moves from SHEEP (the rng draws), by bots of levels the rng draws.
FIRST_MOVE, LAST_MOVE = 3, 14
SELF_PLAY_LEVELS = bots.LEVELS
THINK = timedelta(seconds=5)  # the virtual clock's step per bot move: nobody runs out of time
T0 = datetime(2000, 1, 1, tzinfo=UTC)  # the virtual clock's start (no real time enters a daily)

# The quality check: the best word has at least MIN_BEST letters, and at least MIN_GOOD distinct words are within
# GOOD_MARGIN letters of it (the best among them): more than one good answer.
MIN_BEST = 5
GOOD_MARGIN = 1
MIN_GOOD = 2
# The best moves the finished page shows (the longest words, one path each).
SHOWN_BEST = 5


def variants() -> Sequence[str]:
    return ("",)  # one word language (English), one grid a day


def _graph(words: WordSource, dawg: GraphSource | None) -> WordGraph:
    if dawg is not None:
        return dawg(engine.LIST_SLUG)
    return moves.derived_index(words(engine.LIST_SLUG))


def self_played(rng: random.Random, *, words: WordSource, dawg: GraphSource | None = None) -> State:
    """A position of a game the bots play from SHEEP, every move through engine.apply on a virtual clock, stopped
    at a move number the rng draws (or where the game ended)."""
    state = engine.new_game({}, engine.SEATS, rng, T0, words=words, dawg=dawg)
    now = T0
    for _number in range(rng.randint(FIRST_MOVE, LAST_MOVE)):
        if state.phase != engine.PLAYING:
            break
        level = rng.choice(SELF_PLAY_LEVELS)
        action = bots.bot_action(state, state.turn, level, rng, words=words, dawg=dawg)
        assert action is not None  # a running game's player to move always has a word
        now += THINK
        state, _events = engine.apply(state, state.turn, action, now, words=words, dawg=dawg)
    return state


def _order(move: Move) -> tuple[Any, ...]:
    return (-len(move.word), move.word, move.cell, move.letter, move.path)


def best_moves(legal: Sequence[Move]) -> list[Move]:
    """One move per distinct word, longest first, in a fixed order (the same grid names the same moves)."""
    seen: set[str] = set()
    out = []
    for move in sorted(legal, key=_order):
        if move.word not in seen:
            seen.add(move.word)
            out.append(move)
    return out


def check(by_word: Sequence[Move]) -> str | None:
    """Why a position's moves (one per word, longest first) make no daily, or None when they make one."""
    if not by_word:
        return "no legal move"
    best = len(by_word[0].word)
    if best < MIN_BEST:
        return f"the best word has {best} letters (fewer than {MIN_BEST})"
    good = sum(len(move.word) >= best - GOOD_MARGIN for move in by_word)
    if good < MIN_GOOD:
        return f"{good} good answer(s) within {GOOD_MARGIN} letter of the best (fewer than {MIN_GOOD})"
    return None


def _describe(move: Move) -> dict[str, Any]:
    return {
        "word": move.word,
        "points": len(move.word),
        "cell": list(divmod(move.cell, SIZE)),
        "letter": move.letter,
        "path": [list(divmod(index, SIZE)) for index in move.path],
    }


def puzzle_from(state: State, graph: WordGraph, source: str) -> Puzzle | None:
    """The daily of `state`'s position (the player to move is state.turn), or None when it fails `check`."""
    if state.phase != engine.PLAYING:
        return None
    by_word = best_moves(moves.legal_moves(state.grid, state.spent(), graph))
    if check(by_word) is not None:
        return None
    best = len(by_word[0].word)
    return {
        "list": state.list_slug,
        "list_version": state.list_version,
        "grid": state.grid,
        "spent": sorted(state.spent()),
        "scores": state.scores(),
        "mover": state.turn,
        "source": source,
        "best": best,
        "best_moves": [_describe(move) for move in by_word if len(move.word) == best][:SHOWN_BEST],
        "good": sum(len(move.word) >= best - GOOD_MARGIN for move in by_word),
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
    """The day's grid: a position drawn from `positions` (engine states of real games) when there are some, else
    one the bots play; when the drawn real position makes no daily, a self-played one from the same rng (a day
    never waits on the mined positions being good). None when that fails the check too."""
    if variant != "":
        raise ValueError(f"Wordgrid has one daily a day, not {variant!r}")
    graph = _graph(words, dawg)
    if positions:
        mined = engine.from_json(dict(rng.choice(list(positions))))
        found = puzzle_from(mined, graph, "game")
        if found is not None:
            return found
    return puzzle_from(self_played(rng, words=words, dawg=dawg), graph, "self_play")


def answers(puzzle: Puzzle) -> dict[str, Any]:
    """The position and its best words: what the day commits to, and what never repeats."""
    return {
        "grid": puzzle["grid"],
        "spent": puzzle["spent"],
        "best": puzzle["best"],
        "words": sorted(move["word"] for move in puzzle["best_moves"]),
    }


def start(puzzle: Puzzle, options: Mapping[str, Any]) -> PlayState:
    return daily_move.start(options)


def finished(puzzle: Puzzle, state: PlayState) -> bool:
    return daily_move.finished(state)


# More path steps than the grid has cells is no move: refused before the rules walk it.
MAX_PATH = SIZE * SIZE


def apply(
    puzzle: Puzzle, state: PlayState, action: Mapping[str, Any], *, words: WordSource, **_engine: Any
) -> PlayState:
    """The one move (the game's own, checked by its rules on the day's grid) or giving up; DailyRefused otherwise,
    the state unchanged."""
    kind = daily_move.action_kind(state, action, (engine.MOVE,))
    if kind == daily_move.GIVE_UP:
        return daily_move.gave_up(state)
    path = action.get("path")
    if isinstance(path, list | tuple) and len(path) > MAX_PATH:
        raise DailyRefused("malformed", _("A move is a cell, a letter and a path."))
    is_word = words(puzzle["list"]).__contains__
    try:
        cell, letter, path, word = engine.check_move(puzzle["grid"], set(puzzle["spent"]), action, is_word)
    except IllegalMove as refused:
        raise DailyRefused(refused.code, refused.message, refused.params) from None
    move = Move(cell, letter, tuple(path), word)
    return daily_move.made(state, _describe(move))


def _grid_rows(grid: str) -> list[list[str | None]]:
    return [[None if ch == EMPTY else ch for ch in grid[r * SIZE : (r + 1) * SIZE]] for r in range(SIZE)]


def view(puzzle: Puzzle, state: PlayState) -> dict[str, Any]:
    """The grid, the words spent, the scores and whose move; once finished, the move played, the longest words and
    the share of the best. Nothing of the best before."""
    done = daily_move.finished(state)
    shown: dict[str, Any] = {
        "game": SLUG,
        "size": SIZE,
        "list": puzzle["list"],
        "list_version": puzzle["list_version"],
        "grid": _grid_rows(puzzle["grid"]),
        "spent": puzzle["spent"],
        "scores": puzzle["scores"],
        "you": puzzle["mover"],
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
