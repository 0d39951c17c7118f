"""What a Duelo player shares of a finished match (games.kit.share): where they finished, their points, and
per round their own grid as colours (Wordle's squares), never a letter, never the hidden word."""

from __future__ import annotations

from games.duelo.engine import FINISHED, MAX_GUESSES, State, outcome
from games.kit.contract import gettext_noop as _
from games.kit.share import ShareLine, literal, said, squares, standing


def summary(state: State, seat: int) -> list[ShareLine]:
    result = outcome(state)
    if state.phase != FINISHED or result is None or not 0 <= seat < state.seat_count:
        return []
    assert result.totals is not None
    lines = [
        standing(result.winners, result.places, seat, draw=result.draw, stopped=result.stopped),
        said(_("%(points)s points"), points=result.totals[seat]),
    ]
    for played in state.rounds:
        grid = played.seats[seat]
        tries = str(len(grid.rows)) if grid.solved else "X"
        lines.append(said(_("Round %(round)s: %(tries)s/%(max)s"), round=played.number, tries=tries, max=MAX_GUESSES))
        lines.extend(literal(squares(row.marks)) for row in grid.rows)
    return lines
