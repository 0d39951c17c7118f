"""Cuenta's rules, pure, on the engine contract (docs/engine-interface.md)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from games.kit.codec import state_codec
from games.kit.contract import Action, Event, Viewer
from games.kit.contract import gettext_noop as _
from games.kit.errors import IllegalMove
from games.kit.outcome import Outcome, Progress

SLUG = "cuenta"
TARGET = 10
SEATS = 2
SCHEMA = 1
TURN_FREE_ACTIONS = frozenset({"resign"})


@dataclass(frozen=True)
class State:
    count: int = 0
    to_move: int = 0
    steps: tuple[int, ...] = ()  # each turn's step, in order
    moves: tuple[int, ...] = field(default_factory=lambda: (0, 0))  # per seat, its turns played
    winner: int | None = None
    stopped: str | None = None


_to_json, from_json = state_codec(State, slug=SLUG, schema=SCHEMA)


def to_json(state: State) -> dict[str, Any]:
    return _to_json(state)


def new_game(settings: Mapping[str, Any], seats: int, rng: random.Random, now: datetime, **kwargs: Any) -> State:
    return State()


def over(state: State) -> bool:
    return state.winner is not None or state.stopped is not None


def apply(state: State, seat: int, action: Action, now: datetime, **kwargs: Any) -> tuple[State, list[Event]]:
    if over(state):
        raise IllegalMove("over", _("The game is over."))
    if action.get("type") == "resign":
        return replace(state, winner=1 - seat), [{"type": "resigned", "seat": seat}]
    if action.get("type") != "add" or action.get("step") not in (1, 2):
        raise IllegalMove("bad_action", _("Add 1 or 2."))
    if seat != state.to_move:
        raise IllegalMove("not_your_turn", _("It is not your turn."))
    step = action["step"]
    count = min(state.count + step, TARGET)
    moves = tuple(n + (1 if i == seat else 0) for i, n in enumerate(state.moves))
    after = replace(state, count=count, to_move=1 - seat, steps=(*state.steps, step), moves=moves)
    if count == TARGET:
        after = replace(after, winner=seat)
    return after, [{"type": "added", "seat": seat, "step": step, "count": count}]


def advance(state: State, now: datetime) -> tuple[State, list[Event]]:
    return state, []  # no clock


def next_deadline(state: State) -> datetime | None:
    return None


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    return {"count": state.count, "to_move": state.to_move, "target": TARGET, "outcome": _outcome_json(state)}


def _outcome_json(state: State) -> dict[str, Any] | None:
    found = outcome(state)
    return found.to_json() if found is not None else None


def outcome(state: State) -> Outcome | None:
    if state.stopped is not None:
        return Outcome(winners=(), places=(1, 1), stopped=state.stopped, draw=False, totals=state.moves)
    if state.winner is None:
        return None
    places = tuple(1 if seat == state.winner else 2 for seat in range(SEATS))
    return Outcome(winners=(state.winner,), places=places, draw=False, totals=state.moves)


def stop(state: State, now: datetime, reason: str) -> tuple[State, list[Event]]:
    return replace(state, stopped=reason), [{"type": "stopped", "reason": reason}]


def turn_of(state: State, seat: int) -> str | None:
    return None if over(state) else ("move" if seat == state.to_move else None)


def progress(state: State) -> Progress:
    return Progress(text=_("Count %(count)s of %(target)s"), params={"count": state.count, "target": TARGET})
