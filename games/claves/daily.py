"""Claves a Dúo's daily (issue 35): the day's board and key, played by a pair with anyone (a friend, a party, a
stranger from a queue). Every pair that day plays the same 25 words with the same two maps, and pairs compare the
turns they used.

Claves' daily is played as a room, not alone on the daily page: a cooperative game needs two people and their
clues. So this module offers the maker's side of games/kit/daily.py (SLUG, variants, make_puzzle, answers) and,
instead of the solo functions (start, apply, finished, view, result, share_*), what the daily app needs to open the
pair's room and count its result:

- `room_settings(puzzle)`: the room's options (the word level and the turns), which the room shows everyone;
- `match_settings(puzzle)`: the day's board and maps, passed when the pair's match starts
  (games.runtime.matches.match_start's `settings_override`), never in the room's settings: those are sent to every
  viewer of the room (games/runtime/views.py), and the maps must reach each partner only as their own map
  (engine.view);
- `pair_result(final_state)`: the finished game as the daily's statistics read a result.

Pure, like an engine: no database, no clock, no language.
"""

from __future__ import annotations

import random
from collections.abc import Container, Mapping, Sequence
from typing import Any

from games.claves import clues, engine
from games.kit.daily import Puzzle
from games.kit.words import WordSource

SLUG = engine.SLUG
# The day's board is of the familiar words (ages 8 and up: anyone met in a queue knows them) with the default 9 turns.
LEVEL = engine.DEFAULT_LEVEL
TURNS = engine.DEFAULT_TURNS
# Two board words are too close when they start alike (this many letters: "pantalla" and "pantalón") or one holds
# the other ("oro" in "corona", "cama" in "camaleón"), or they are obvious variants ("gato" and "gata"): a clue for
# one would pull the other, and the day's board should test the pair, not a trap of the draw.
SAME_START = 4
SHORTEST_INSIDE = 3
# A pair needs at least two turns to win: the keys are spread over both maps, and a turn uncovers keys of the
# giver's map only.
FEWEST_TURNS_TO_WIN = 2


def variants() -> Sequence[str]:
    """One board a day: Claves' words are Spanish, whatever the interface's language."""
    return ("",)


def too_close(first: str, second: str, nouns: Container[str] = frozenset()) -> bool:
    """Whether two normalised board words are too alike for one day's board (see SAME_START)."""
    if first[:SAME_START] == second[:SAME_START] and min(len(first), len(second)) >= SAME_START:
        return True
    shorter, longer = sorted((first, second), key=len)
    if len(shorter) >= SHORTEST_INSIDE and shorter in longer:
        return True
    return clues.related(first, second, nouns)


def close_pairs(board: Sequence[str], nouns: Container[str] = frozenset()) -> list[tuple[str, str]]:
    """Every pair of words of `board` too close for a day's board."""
    return [
        (first, second)
        for number, first in enumerate(board)
        for second in board[number + 1 :]
        if too_close(first, second, nouns)
    ]


def make_puzzle(rng: random.Random, variant: str, *, words: WordSource, **sources: Any) -> Puzzle | None:
    """A board and its maps drawn as a room's game draws them (engine.draw_board, engine.draw_maps), or None when
    two of its words are too close (about one board in seven: the maker tries the next)."""
    if variant != "":
        raise ValueError(f"Claves has one daily board, no variant {variant!r}")
    word_list = words(engine.list_slug(LEVEL))
    board = engine.draw_board(word_list, rng)
    maps = engine.draw_maps(rng)
    nouns: Container[str]
    try:
        nouns = words(engine.NOUNS_LIST)
    except LookupError:
        nouns = frozenset()
    if close_pairs(board, nouns):
        return None
    return {"level": LEVEL, "turns": TURNS, "board": board, "maps": maps}


def answers(puzzle: Puzzle) -> dict[str, Any]:
    """The two maps: the board is on the table for everyone, the maps are the key."""
    return {"maps": puzzle["maps"]}


def room_settings(puzzle: Puzzle) -> dict[str, Any]:
    """The options of the pair's room: the day's word level and turns (nothing hidden: the room shows them)."""
    return {"level": puzzle["level"], "turns": puzzle["turns"]}


def match_settings(puzzle: Puzzle) -> dict[str, Any]:
    """What the pair's match starts with besides the room's options: the day's board and maps (engine.new_game
    checks them). Pass it as the match's `settings_override`, never as the room's settings."""
    return {**room_settings(puzzle), "board": list(puzzle["board"]), "maps": [list(one) for one in puzzle["maps"]]}


def pair_result(final_state: engine.State | Mapping[str, Any]) -> dict[str, Any]:
    """A finished game (its engine state, or that state's JSON) as the daily's statistics count it: won as Claves
    says (every key uncovered), the score a won game's turns left (engine.outcome's), best the most a win can leave,
    steps the turns used. A game stopped before its end (someone left) is not won."""
    state = final_state if isinstance(final_state, engine.State) else engine.from_json(dict(final_state))
    if state.phase != engine.FINISHED:
        raise ValueError("the game is not over")
    won = state.result == engine.WON
    return {
        "won": won,
        "score": state.turns_left if won else 0,
        "best": state.turns - FEWEST_TURNS_TO_WIN,
        "steps": state.turns - state.turns_left,
    }


def pair_score(result: Mapping[str, Any]) -> str:
    """A pair's result (pair_result's) in a few characters, spoiler-free, as Wordle's "4/6": the turns used of the
    day's turns ("2/9"), "X/9" when the pair did not find every key."""
    turns = int(result["best"]) + FEWEST_TURNS_TO_WIN
    return f"{result['steps']}/{turns}" if result.get("won") else f"X/{turns}"


def pair_share_rows(result: Mapping[str, Any]) -> list[str]:
    """The result card's line, spoiler-free: a square per turn of the day, blue for each turn the pair used, white
    for those left; a lost day ends on red."""
    turns = int(result["best"]) + FEWEST_TURNS_TO_WIN
    used = min(int(result["steps"]), turns)
    if result.get("won"):
        return ["\U0001f7e6" * used + "\u2b1c" * (turns - used)]
    return ["\U0001f7e6" * max(used - 1, 0) + "\U0001f7e5" + "\u2b1c" * (turns - used)]
