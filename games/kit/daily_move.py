"""What the dailies of one move share (issue 35): Wordgrid's and Letras Cruzadas's day is a position where the player
makes one move, scored against the best move the game's own analysis found there.

A play's state is `{"played": None | the move with its "points", "gave_up": bool}`; the one action is the game's own
move (checked by the game's rules) or `{"type": "give_up"}` (0 points). The result is the move's points against the
best's, and what is shared is the share of the best in squares and a percentage: never a letter nor a square of the
board. Pure, as the dailies are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.kit.contract import gettext_noop as _
from games.kit.daily import DailyRefused, PlayState

GIVE_UP = "give_up"
# The shared bar: one green square per STEP percent of the best, the rest dark, BAR squares in all.
GREEN, DARK = "\U0001f7e9", "\u2b1b"
STEP, BAR = 20, 5


def start(options: Mapping[str, Any]) -> PlayState:
    """A new play: these dailies have no options (an unknown one is refused, as any daily refuses it)."""
    if not isinstance(options, Mapping) or options:
        raise DailyRefused("unknown_option", _("That is not an option of this puzzle."))
    return {"played": None, "gave_up": False}


def finished(state: PlayState) -> bool:
    return state["played"] is not None or bool(state["gave_up"])


def action_kind(state: PlayState, action: Any, moves: tuple[str, ...]) -> str:
    """The action's type once it is one of `moves` or a give-up on a play still open; DailyRefused otherwise."""
    if not isinstance(action, Mapping) or action.get("type") not in (*moves, GIVE_UP):
        raise DailyRefused("malformed", _("A move is the game's move, or giving up."))
    if finished(state):
        raise DailyRefused("daily_over", _("You have finished this puzzle."))
    return str(action["type"])


def gave_up(state: PlayState) -> PlayState:
    return {**state, "gave_up": True}


def made(state: PlayState, move: dict[str, Any]) -> PlayState:
    """The play after its one move (`move` carries its "points")."""
    return {**state, "played": move}


def score(state: PlayState) -> int:
    return 0 if state["played"] is None else int(state["played"]["points"])


def percent(points: int, best: int) -> int:
    """The share of the best, rounded down: 100 only for a move as good as the best."""
    if best <= 0:
        return 0
    return min(100, points * 100 // best)


def result(state: PlayState, best: int) -> dict[str, Any]:
    points = score(state)
    return {"won": state["played"] is not None and points >= best, "score": points, "best": best, "steps": 1}


def reveal(state: PlayState, best: int, best_moves: list[dict[str, Any]]) -> dict[str, Any]:
    """What the finished page adds: the move played (None after giving up), its points, the best move(s) and the
    share of the best."""
    points = score(state)
    return {
        "played": state["played"],
        "gave_up": bool(state["gave_up"]),
        "points": points,
        "best_points": best,
        "best_moves": best_moves,
        "percent": percent(points, best),
    }


def share_score(state: PlayState, best: int) -> str:
    return f"{percent(score(state), best)} %"


def share_rows(state: PlayState, best: int) -> list[str]:
    greens = percent(score(state), best) // STEP
    return [GREEN * greens + DARK * (BAR - greens)]
