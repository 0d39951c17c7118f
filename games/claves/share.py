"""What a Claves a Dúo player shares of a finished game (games.kit.share): won, lost or stopped, how many keys
the pair found of the fifteen (also as a row of squares) and the turns left. Never a word of the board, a clue
or a map."""

from __future__ import annotations

from games.claves.engine import FINISHED, OUT_OF_TURNS, SEATS, STOPPED, TOTAL_KEYS, TRAP_TOUCHED, WON, State
from games.kit.contract import gettext_noop as _
from games.kit.share import SQUARES, ShareLine, literal, said

UNFOUND = "\u2b1c"


def summary(state: State, seat: int) -> list[ShareLine]:
    if state.phase != FINISHED or not 0 <= seat < SEATS:
        return []
    found = len(state.uncovered)
    if state.result == WON:
        lines = [said(_("Won together, with %(left)s turns left"), left=state.turns_left)]
    elif state.result == STOPPED or state.stopped:
        lines = [said(_("The match was ended early."))]
    elif state.reason == TRAP_TOUCHED:
        lines = [said(_("Lost: we touched a trap"))]
    elif state.reason == OUT_OF_TURNS:
        lines = [said(_("Lost: out of turns"))]
    else:
        lines = [said(_("Lost"))]
    lines.append(said(_("%(found)s of %(total)s keys found"), found=found, total=TOTAL_KEYS))
    lines.append(literal(SQUARES["green"] * found + UNFOUND * max(0, TOTAL_KEYS - found)))
    return lines
