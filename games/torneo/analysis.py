"""After a Torneo: each guess's possible words before and after it and the hard bot's word, per round and
player a summary (games/kit/wordle_analysis.py). Pure; the archive's worker calls `analyse` on the steps of the
tournament played again (games.kit.rerun).

A duel's board is shared: a guess is read against every row of its duel before it, both players', as the
player (and the Torneo's bots) saw them. Spectators see the board's letters, yet the analysis keeps to what
the Duelo's may show: no guessed word, and nothing of a duel that has not ended (its word is shown at its end).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.kit import wordle_analysis as wa
from games.kit.contract import gettext_noop as _
from games.kit.rerun import Step
from games.kit.words import WordSource
from games.torneo import bots, engine


def _duel(current: engine.Round, seat: int) -> engine.Duel | None:
    return next((duel for duel in current.duels if seat in duel.seats), None)


def guesses(steps: Sequence[Step], only_round: int | None = None) -> list[wa.Guess]:
    """Every guess of the tournament, in order, in a duel that has ended (of that round only, if given)."""
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
            duel = _duel(current, event["seat"])
            if duel is None or not duel.over:
                continue
            row = event["row"] - 1
            played = duel.rows[row]
            if played.word is None or played.marks is None:
                continue
            valid_slug, hidden_slug = engine.list_slugs(final.language, duel.length)
            board = wa.Board(
                key=(current.number, duel.seats[0]),
                language=final.language,
                length=duel.length,
                valid_slug=valid_slug,
                hidden_slug=hidden_slug,
                hidden=duel.hidden,
            )
            earlier = duel.rows[:row]
            turns_left = engine.TURNS_EACH - sum(1 for r in earlier if r.seat == event["seat"])
            found.append(
                wa.Guess(
                    version=step.version,
                    round=current.number,
                    seat=event["seat"],
                    row=event["row"],
                    board=board,
                    seen=tuple((r.word, tuple(r.marks)) for r in earlier if r.word is not None and r.marks is not None),
                    word=played.word,
                    marks=tuple(played.marks),
                    last_chance=turns_left <= 1,  # as games.torneo.bots tells the solver
                )
            )
    return found


def _seat_notes(duel: engine.Duel, seat: int, guessed: int, skipped: int) -> list[wa.Note]:
    solved = duel.end == engine.SOLVED and duel.winner == seat
    notes = wa.round_seat_notes(guessed, solved)
    if duel.end == engine.SOLVED and duel.winner != seat:
        notes.append(wa.note(_("The rival found the word first.")))
    if skipped:
        notes.append(wa.note(_("Turns that ran out: %(count)s."), count=skipped))
    return notes


def analyse(steps: Sequence[Step], *, words: WordSource, **engine_kwargs: Any) -> dict[str, Any]:
    """The tournament's analysis, JSON-ready: `moves` by version, `rounds` (each round's duels that ended, with
    their words, and per player its figures and notes) and `summary` (per player, the whole tournament)."""
    moves = wa.analyse_guesses(guesses(steps), words=words, tactics=bots.TACTICS)
    if not steps:
        return {"moves": moves, "rounds": [], "summary": {"seats": []}}
    final: engine.State = steps[-1].after
    rounds = [entry for entry in (_round(current, moves) for current in final.rounds) if entry is not None]
    duels_of: dict[int, int] = {}
    solves_of: dict[int, int] = {}
    for current in final.rounds:
        for duel in current.duels:
            if not duel.over:
                continue
            for seat in duel.seats:
                duels_of[seat] = duels_of.get(seat, 0) + 1
                solves_of[seat] = solves_of.get(seat, 0) + int(duel.end == engine.SOLVED and duel.winner == seat)
    summary = [
        wa.seat_summary(
            seat,
            wa.moves_of(moves, seat),
            rounds=duels_of[seat],
            solved=solves_of[seat],
        )
        for seat in sorted(duels_of)
    ]
    return {"moves": moves, "rounds": rounds, "summary": {"seats": summary}}


def analyse_round(
    steps: Sequence[Step], number: int, *, words: WordSource, **engine_kwargs: Any
) -> dict[str, Any] | None:
    """One round's entry of `analyse`'s `rounds`, made from that round's guesses alone (the round-end card
    while the tournament goes on: analysing every earlier round again at each round's end cost the square of
    the rounds). None for a round none of whose duels has ended."""
    if not steps:
        return None
    final: engine.State = steps[-1].after
    if not 0 < number <= len(final.rounds):
        return None
    moves = wa.analyse_guesses(guesses(steps, only_round=number), words=words, tactics=bots.TACTICS)
    return _round(final.rounds[number - 1], moves)


def _round(current: engine.Round, moves: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """A round's duels that ended, with their words, and per player its figures and notes (None: none ended)."""
    duels, seats = [], []
    for duel in current.duels:
        if not duel.over:
            continue
        duels.append({"seats": list(duel.seats), "word": duel.shown, "end": duel.end, "winner": duel.winner})
        for seat in duel.seats:
            mine = [r for r in duel.rows if r.seat == seat]
            skipped = sum(1 for r in mine if r.word is None)
            solved = duel.end == engine.SOLVED and duel.winner == seat
            figures = wa.tally(wa.moves_of(moves, seat, current.number))
            seats.append(
                {
                    "seat": seat,
                    "rival": next(other for other in duel.seats if other != seat),
                    "solved": solved,
                    "skipped": skipped,
                    **figures,
                    "notes": _seat_notes(duel, seat, len(mine) - skipped, skipped) + wa.figures_notes(figures),
                }
            )
    if not duels:
        return None
    return {"round": current.number, "duels": duels, "seats": sorted(seats, key=lambda s: s["seat"])}
