"""A finished match played again from its inputs: the replay and the analysis read its steps.

Pure (the "pure" contract, like the engines): no Django, no clock, no files. The service path records, with
every version it writes, the input that made it (`Input`, a MatchEvent of kind "input": a seat's action, the
clock, or a stop) and, with the game's first state, that state (`initial`). Engines are deterministic given
the state, the input, its instant and the word lists, so applying the inputs in order to the first state
gives every state the match went through, and the last one must equal the stored one (`rerun` checks it: a
replay never shows a game that did not happen). docs/replay.md, decision 67.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games.kit.contract import Action, Event
from games.kit.moments import decode_time

# The kinds of input (the `kind` of an Input).
ACT, CLOCK, STOP = "act", "clock", "stop"


@dataclass(frozen=True)
class Input:
    """What one version of a match was made of: a seat's `action` (ACT), what the clock did by `at` (CLOCK),
    or an end by `reason` (STOP: an admin's stop, after the clock)."""

    version: int  # the version it produced
    kind: str
    at: datetime
    seat: int | None = None
    action: Action | None = None
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "input", "kind": self.kind, "now": self.at.isoformat()}
        if self.kind == ACT:
            data.update(seat=self.seat, action=self.action)
        if self.kind == STOP:
            data["reason"] = self.reason
        return data

    @classmethod
    def from_json(cls, version: int, data: Mapping[str, Any]) -> Input:
        at = decode_time(data["now"])
        assert at is not None
        return cls(
            version=version,
            kind=data["kind"],
            at=at,
            seat=data.get("seat"),
            action=data.get("action"),
            reason=data.get("reason"),
        )


@dataclass(frozen=True)
class Step:
    """One change of the match as played again: the state `before` it, its input, the state `after` it and
    the events the engine gave (the same the log holds)."""

    input: Input
    before: Any
    after: Any
    events: tuple[Event, ...]

    @property
    def version(self) -> int:
        return self.input.version


class RerunMismatch(Exception):
    """Playing the inputs again did not give the stored state (an input missing from the log, or lists or
    rules changed since the match was played): the steps are not the match's, so none are shown."""


def rerun(
    engine: Any,
    initial: Mapping[str, Any],
    inputs: Iterable[Input],
    *,
    words: Callable[[str], Any],  # a WordSource (wordlists.lexicon.lexicon in production)
    final: Mapping[str, Any] | None = None,
    engine_kwargs: Mapping[str, Any] | None = None,
) -> list[Step]:
    """Every step of the match: `initial` (the first state's JSON) with each input applied in order, as the
    service applied them. With `final` (the stored last state's JSON), RerunMismatch unless the last state
    equals it exactly."""
    kwargs = dict(engine_kwargs or {})
    state = engine.from_json(initial)
    steps: list[Step] = []
    for made in inputs:
        before = state
        if made.kind == ACT:
            state, events = engine.apply(state, made.seat, made.action, made.at, words=words, **kwargs)
        elif made.kind == CLOCK:
            state, events = engine.advance(state, made.at)
        elif made.kind == STOP:
            state, events = engine.advance(state, made.at)
            if engine.outcome(state) is None:
                state, more = engine.stop(state, made.at, made.reason)
                events = [*events, *more]
        else:
            raise RerunMismatch(f"unknown input {made.kind!r} at version {made.version}")
        steps.append(Step(input=made, before=before, after=state, events=tuple(events)))
    if final is not None and engine.to_json(state) != dict(final):
        raise RerunMismatch("the inputs do not lead to the stored state")
    return steps


def states(initial_state: Any, steps: Sequence[Step]) -> list[Any]:
    """The states the match went through: the first, then each step's."""
    return [initial_state, *(step.after for step in steps)]
