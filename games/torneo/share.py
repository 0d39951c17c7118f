"""What a Torneo player shares of a finished tournament (games.kit.share): their place, and per round their
duel on its shared board as colours (Wordle's squares; an hourglass for a turn that ran out), never a letter,
never a hidden word."""

from __future__ import annotations

from games.kit.contract import gettext_noop as _
from games.kit.share import ShareLine, literal, said, squares, standing
from games.torneo.engine import DRAW, FINISHED, SOLVED, TURNS_EACH, State, outcome


def summary(state: State, seat: int) -> list[ShareLine]:
    result = outcome(state)
    if state.phase != FINISHED or result is None or not 0 <= seat < state.seat_count:
        return []
    lines = [standing(result.winners, result.places, seat, draw=False, stopped=result.stopped)]
    for played in state.rounds:
        if played.bye == seat:
            lines.append(said(_("Round %(round)s: a bye"), round=played.number))
            continue
        duel = next((duel for duel in played.duels if seat in duel.seats), None)
        if duel is None:
            continue  # out before this round
        rows = len(duel.rows)
        if duel.end == SOLVED and duel.winner == seat:
            line = said(
                _("Round %(round)s: won in %(rows)s/%(max)s"), round=played.number, rows=rows, max=2 * TURNS_EACH
            )
        elif duel.end == DRAW:
            line = said(_("Round %(round)s: a draw"), round=played.number)
        elif duel.winner is not None and duel.winner != seat:
            line = said(_("Round %(round)s: lost"), round=played.number)
        else:
            line = said(_("Round %(round)s"), round=played.number)
        lines.append(line)
        lines.extend(literal(squares(row.marks)) for row in duel.rows)
    return lines
