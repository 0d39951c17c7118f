"""After a Duelo match: each guess's possible words before and after it and the hard bot's word, per round
and seat a summary (games/kit/wordle_analysis.py). Pure; the archive's worker calls `analyse` on the steps of
the match played again (games.kit.rerun).

A guess is read against its own grid only: a seat never sees a rival's letters. What a spectator never sees
stays out: no guessed word, nothing of a round that has not ended (its answer is revealed at its end).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.duelo import bots, engine
from games.kit import wordle_analysis as wa
from games.kit.rerun import Step
from games.kit.words import WordSource


def guesses(steps: Sequence[Step], only_round: int | None = None) -> list[wa.Guess]:
    """Every guess of the match, in order, in a round that has ended (or in that one round only)."""
    if not steps:
        return []
    final: engine.State = steps[-1].after
    found = []
    for step in steps:
        for event in step.events:
            if event.get("type") != "guessed" or not 0 < event["round"] <= len(final.rounds):
                continue
            if only_round is not None and event["round"] != only_round:
                continue
            current = final.rounds[event["round"] - 1]
            if current.ended_at is None:
                continue
            rows = current.seats[event["seat"]].rows
            row = event["row"] - 1
            board = wa.Board(
                key=(current.number, event["seat"]),
                language=final.settings.language,
                length=engine.WORD_LENGTH,
                valid_slug=final.valid_list,
                hidden_slug=final.hidden_list,
                hidden=current.hidden,
            )
            found.append(
                wa.Guess(
                    version=step.version,
                    round=current.number,
                    seat=event["seat"],
                    row=event["row"],
                    board=board,
                    seen=tuple((r.word, tuple(r.marks)) for r in rows[:row]),
                    word=rows[row].word,
                    marks=tuple(rows[row].marks),
                    last_chance=row == engine.MAX_GUESSES - 1,  # as games.duelo.bots tells the solver
                )
            )
    return found


def analyse(steps: Sequence[Step], *, words: WordSource, **engine_kwargs: Any) -> dict[str, Any]:
    """The match's analysis, JSON-ready: `moves` by version, `rounds` (each ended round's word and, per seat,
    its figures and notes) and `summary` (per seat, the whole match)."""
    moves = wa.analyse_guesses(guesses(steps), words=words, tactics=bots.TACTICS)
    if not steps:
        return {"moves": moves, "rounds": [], "summary": {"seats": []}}
    final: engine.State = steps[-1].after
    ended = [r for r in final.rounds if r.ended_at is not None]
    rounds = [_round(current, moves) for current in ended]
    summary = [
        wa.seat_summary(
            seat,
            wa.moves_of(moves, seat),
            rounds=len(ended),
            solved=sum(1 for r in ended if r.seats[seat].solved),
        )
        for seat in range(final.seat_count)
    ]
    return {"moves": moves, "rounds": rounds, "summary": {"seats": summary}}


def analyse_round(
    steps: Sequence[Step], number: int, *, words: WordSource, **engine_kwargs: Any
) -> dict[str, Any] | None:
    """One ended round's entry of `analyse`'s `rounds`, made from that round's guesses alone (the round-end card,
    while the match goes on: analysing every earlier round again at each round's end cost the square of the
    rounds). None for a round that has not ended."""
    if not steps:
        return None
    final: engine.State = steps[-1].after
    if not 0 < number <= len(final.rounds) or final.rounds[number - 1].ended_at is None:
        return None
    moves = wa.analyse_guesses(guesses(steps, only_round=number), words=words, tactics=bots.TACTICS)
    return _round(final.rounds[number - 1], moves)


def _round(current: engine.Round, moves: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """An ended round's word and, per seat, its figures and notes."""
    seats = []
    for seat, grid in enumerate(current.seats):
        figures = wa.tally(wa.moves_of(moves, seat, current.number))
        seats.append(
            {
                "seat": seat,
                "solved": grid.solved,
                "solve_order": grid.solve_order,
                "points": grid.points,
                **figures,
                "notes": wa.round_seat_notes(len(grid.rows), grid.solved) + wa.figures_notes(figures),
            }
        )
    return {"round": current.number, "word": current.shown, "seats": seats}
