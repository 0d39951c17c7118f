"""How a match stands for others: its progress while it is played, its outcome once it is over."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Progress:
    """How far along a match being played is, for the lobby's live list (an engine's `progress`): `text` in
    English with %(name)s placeholders, marked with gettext_noop (the page translates it), its `params`, and
    the groups of seats playing each other now where the match has several tables at once (the Torneo's duels
    still being played)."""

    text: str
    params: Mapping[str, Any] = field(default_factory=dict)
    tables: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended (python-chess's `Outcome` is the model): what the runtime reads (results,
    ratings, the escrow) typed, and each game's own facts beside it. `outcome(state)` returns one once the
    match is over (None while it runs); the stored `Match.outcome` and the view's `outcome` are `to_json()`.
    """

    winners: tuple[int, ...]  # the seats that won: several share a victory; none after a draw, a loss, a stop
    places: tuple[int, ...]  # per seat, 1 = best, ties share a place (empty: a match that never began)
    stopped: str | None = None  # why the match was ended early (an admin, a partner who left); None: played out
    draw: bool | None = None  # whether it was a draw; None in a game without draws (Torneo: ties share a place)
    totals: tuple[int, ...] | None = None  # per seat, the points; None in a game without points (Torneo)
    seats: tuple[Mapping[str, Any], ...] | None = None  # per seat, the game's own facts (words, clues ...)
    seat_rounds: tuple[tuple[Mapping[str, Any], ...], ...] = ()  # per seat, its rounds (Duelo); kept in results
    details: Mapping[str, Any] = field(default_factory=dict)  # the game's own facts (reason, list version ...)

    _COMMON = frozenset({"winners", "places", "stopped", "draw", "totals", "seats"})

    def __post_init__(self) -> None:
        clash = self._COMMON & set(self.details)
        if clash:
            raise ValueError(f"details repeat the outcome's own fields: {sorted(clash)}")

    def rounds_of(self, seat: int) -> list[dict[str, Any]]:
        """The seat's rounds as the results store them (empty for a game without rounds)."""
        return [dict(r) for r in self.seat_rounds[seat]] if self.seat_rounds else []

    @classmethod
    def duel(
        cls,
        *,
        winner: int | None,
        scores: Sequence[int],
        words: Sequence[Sequence[str]],
        stopped: str | None,
        details: Mapping[str, Any],
    ) -> Outcome:
        """A scored game of two seats (Wordgrid, Letras Cruzadas): one winner or a draw (`winner` None),
        each seat's score, place and words. `winner` and `scores` are also in the details, under the
        names those games have always stored (their boards read them)."""
        places = (1, 1) if winner is None else tuple(1 if seat == winner else 2 for seat in range(len(scores)))
        return cls(
            winners=() if winner is None else (winner,),
            places=places,
            stopped=stopped,
            draw=winner is None,
            totals=tuple(scores),
            seats=tuple(
                {"seat": seat, "score": scores[seat], "place": places[seat], "words": list(words[seat])}
                for seat in range(len(scores))
            ),
            details={"winner": winner, "scores": list(scores), **details},
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        """The outcome a stored `Match.outcome` (`to_json()`) was made from."""
        details = dict(data)
        seats = details.pop("seats", None)
        seat_rounds: tuple[tuple[Mapping[str, Any], ...], ...] = ()
        if seats is not None and any("rounds" in facts for facts in seats):
            seat_rounds = tuple(tuple(facts["rounds"]) for facts in seats)
            seats = [{key: value for key, value in facts.items() if key != "rounds"} for facts in seats]
        totals = details.pop("totals", None)
        return cls(
            winners=tuple(details.pop("winners")),
            places=tuple(details.pop("places")),
            stopped=details.pop("stopped"),
            draw=details.pop("draw", None),
            totals=None if totals is None else tuple(totals),
            seats=None if seats is None else tuple(seats),
            seat_rounds=seat_rounds,
            details=details,
        )

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data: the game's details and the common fields, those a game does not have left out."""
        data: dict[str, Any] = {**self.details, "winners": list(self.winners), "places": list(self.places)}
        data["stopped"] = self.stopped
        if self.draw is not None:
            data["draw"] = self.draw
        if self.totals is not None:
            data["totals"] = list(self.totals)
        if self.seats is not None:
            data["seats"] = [
                {**facts, **({"rounds": self.rounds_of(seat)} if self.seat_rounds else {})}
                for seat, facts in enumerate(self.seats)
            ]
        return data


def outcome_json(result: Outcome | None) -> dict[str, Any] | None:
    """What a view or a stored match holds of an outcome: `to_json()`, or None while the match runs."""
    return None if result is None else result.to_json()
