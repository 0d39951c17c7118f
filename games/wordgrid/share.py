"""What a Wordgrid player shares of a finished game (games.kit.share): won or lost, the score, how it ended
and how many words each played. Wordgrid has no secrets, but no word is shared either: a summary, not a
spoiler of the grid."""

from __future__ import annotations

from games.kit.contract import gettext_noop as _
from games.kit.share import ShareLine, said, standing
from games.wordgrid.engine import FINISHED, RESIGN, SEATS, TIMEOUT, State, outcome


def summary(state: State, seat: int) -> list[ShareLine]:
    result = outcome(state)
    if state.phase != FINISHED or result is None or not 0 <= seat < SEATS:
        return []
    scores = state.scores()
    rival = 1 - seat
    lines = [
        standing(result.winners, result.places, seat, draw=result.draw, stopped=result.stopped),
        said(_("Score %(mine)s–%(theirs)s"), mine=scores[seat], theirs=scores[rival]),
    ]
    if state.reason == RESIGN:
        lines.append(said(_("The loser resigned.")))
    elif state.reason == TIMEOUT:
        lines.append(said(_("The loser ran out of time.")))
    words = sum(1 for play in state.plays if play.seat == seat)
    lines.append(said(_("Words played: %(mine)s–%(theirs)s"), mine=words, theirs=len(state.plays) - words))
    return lines
