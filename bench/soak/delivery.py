"""Did every other player see each move, and how soon? Pure bookkeeping, no sockets.

When a move is sent, every other connected socket at the table is expected to receive a `match` frame
that shows it: the mover's progress (a count the view shows to everyone) reaches the move's target.
Frames are full snapshots that may fold several changes into one, so "shows it" is "at or past the
target", never "this exact version". A refused move cancels what it expected; what is still expected
when the soak ends (after a drain) was dropped.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any


def progress(game: str, view: dict[str, Any], seat: int) -> tuple[int, int]:
    """What every viewer can see of how far `seat` (or the whole game) has got, as a comparable pair."""
    if game == "duelo":
        return view["round"], view["seats"][seat]["guesses"]
    moves = view["played"] if game == "wordgrid" else view["history"]
    return len(moves), 1 if view.get("outcome") else 0


def target(game: str, view: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[int, int]:
    """The progress the other players' view must reach once `action` (sent on `view`) is applied."""
    first, second = progress(game, view, seat)
    if game == "duelo":
        return first, second + 1  # this round, one guess more
    if game == "wordgrid" and action.get("type") == "resign":
        return first, 1  # a resignation adds no word: it ends the game
    return first + 1, 0  # one more word (Cruzadas: one more turn, resigning included)


@dataclass
class Expectation:
    ref: str
    match_id: int
    mover_seat: int
    target: tuple[int, int]
    sent_at: float


@dataclass
class Ledger:
    """Expectations per recipient (any hashable: a socket), and what became of them."""

    game_of: dict[Any, str] = field(default_factory=dict)
    pending: dict[Any, list[Expectation]] = field(default_factory=dict)
    latencies_ms: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)  # when each delivered move was sent, for a time window
    expected: int = 0
    delivered: int = 0
    cancelled: int = 0
    dropped: Counter = field(default_factory=Counter)  # why: "end", "closed"

    def expect(self, recipients: list[Any], game: str, expectation: Expectation) -> None:
        for recipient in recipients:
            self.game_of[recipient] = game
            self.pending.setdefault(recipient, []).append(expectation)
            self.expected += 1

    def cancel(self, ref: str) -> None:
        """The move was refused: nobody will see it, nobody was owed it."""
        for waiting in self.pending.values():
            for expectation in [e for e in waiting if e.ref == ref]:
                waiting.remove(expectation)
                self.cancelled += 1
                self.expected -= 1

    def seen(self, recipient: Any, frame: dict[str, Any], at: float) -> None:
        """A `match` frame arrived at `recipient` at `at` (same clock as `sent_at`)."""
        waiting = self.pending.get(recipient)
        if not waiting:
            return
        game, view = self.game_of[recipient], frame["view"]
        for expectation in list(waiting):
            if expectation.match_id == frame["match_id"] and \
                    progress(game, view, expectation.mover_seat) >= expectation.target:
                waiting.remove(expectation)
                self.delivered += 1
                self.latencies_ms.append((at - expectation.sent_at) * 1000)
                self.sent_at.append(expectation.sent_at)

    def latencies_since(self, start: float) -> list[float]:
        """Latencies of the moves sent at `start` or later (e.g. once the ramp's connects are over)."""
        return [ms for ms, sent in zip(self.latencies_ms, self.sent_at, strict=True) if sent >= start]

    def outstanding(self) -> int:
        return sum(len(waiting) for waiting in self.pending.values())

    def give_up(self, recipient: Any, why: str) -> None:
        """Whatever `recipient` still waits for is dropped (it closed, or the soak ended)."""
        waiting = self.pending.pop(recipient, [])
        self.dropped[why] += len(waiting)

    def ratio(self) -> float | None:
        return self.delivered / self.expected if self.expected else None
