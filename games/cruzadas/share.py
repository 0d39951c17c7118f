"""What a Letras Cruzadas player shares of a finished game (games.kit.share): won or lost, the score and how it
ended. Never a rack, the bag or a word: a summary, not the board."""

from __future__ import annotations

from games.cruzadas.engine import FINISHED, LEFT, RESIGN, SEATS, State, outcome
from games.kit.contract import gettext_noop as _
from games.kit.share import ShareLine, said, standing


def summary(state: State, seat: int) -> list[ShareLine]:
    result = outcome(state)
    if state.phase != FINISHED or result is None or not 0 <= seat < SEATS:
        return []
    rival = 1 - seat
    lines = [
        standing(result.winners, result.places, seat, draw=result.draw, stopped=result.stopped),
        said(_("Score %(mine)s–%(theirs)s"), mine=state.scores[seat], theirs=state.scores[rival]),
    ]
    if state.reason == RESIGN:
        lines.append(said(_("The loser resigned.")))
    elif state.reason == LEFT:
        lines.append(said(_("The loser left the table.")))
    lines.append(said(_("Moves: %(moves)s"), moves=len(state.history)))
    return lines
