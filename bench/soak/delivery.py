"""Did every other player see each move, and how soon? Pure bookkeeping, no sockets.

When a move is sent, every other socket at the table is expected to receive a `match` frame that shows
it: the mover's progress (a count the view shows to everyone) reaches the move's target. Frames are full
snapshots that may fold several changes into one, so "shows it" is "at or past the target", never "this
exact version". A refused move cancels what it expected; what is still expected when the soak ends
(after a drain) was dropped.

A Redis outage is accounted on its own. While Redis is away the server commits moves (PostgreSQL) but
cannot announce them (the channel layer is Redis), so what was still on its way when Redis went, and
every move sent until it returned, is owed across the outage: it is delivered by a snapshot after Redis
returned (a reconnect's, a sync's, or the next change's), and its delay is counted from the return, not
from the move. `Resync` checks the other half: after Redis returned, does every socket reach the latest
version its match had in the database at that moment?
"""

from __future__ import annotations

import time
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
class Owed:
    """One recipient's claim on one expectation; `outage` is the index of the outage it fell in, if any."""

    expectation: Expectation
    outage: int | None = None


@dataclass
class Outage:
    started_at: float
    back_at: float | None = None  # when Redis answered again
    expected: int = 0  # updates owed across it (still on their way at the start, or sent during it)
    during: int = 0  # of those, delivered while Redis was still away (a sync answers from PostgreSQL)
    after: int = 0  # delivered after it returned
    after_ms: list[float] = field(default_factory=list)  # from Redis's return to the frame that showed it
    dropped: Counter = field(default_factory=Counter)


@dataclass
class Ledger:
    """Expectations per recipient (any hashable: a socket), and what became of them. `expected`,
    `delivered`, `dropped` and the latencies count the moves outside any outage; `outages` the others."""

    game_of: dict[Any, str] = field(default_factory=dict)
    pending: dict[Any, list[Owed]] = field(default_factory=dict)
    latencies_ms: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)  # when each delivered move was sent, for a time window
    expected: int = 0
    delivered: int = 0
    cancelled: int = 0
    dropped: Counter = field(default_factory=Counter)  # why: "end", "closed"
    outages: list[Outage] = field(default_factory=list)

    @property
    def current_outage(self) -> int | None:
        last = len(self.outages) - 1
        return last if self.outages and self.outages[last].back_at is None else None

    def outage_begins(self, at: float) -> None:
        """Redis is gone: what is still owed now may never be announced; owed across the outage."""
        self.outages.append(Outage(started_at=at))
        index = len(self.outages) - 1
        for waiting in self.pending.values():
            for owed in waiting:
                if owed.outage is None:
                    owed.outage = index
                    self.expected -= 1
                    self.outages[index].expected += 1

    def outage_ends(self, at: float) -> None:
        if self.current_outage is not None:
            self.outages[self.current_outage].back_at = at

    def expect(self, recipients: list[Any], game: str, expectation: Expectation) -> None:
        outage = self.current_outage
        for recipient in recipients:
            self.game_of[recipient] = game
            self.pending.setdefault(recipient, []).append(Owed(expectation, outage))
            self._count(outage, +1)

    def _count(self, outage: int | None, change: int) -> None:
        if outage is None:
            self.expected += change
        else:
            self.outages[outage].expected += change

    def cancel(self, ref: str) -> None:
        """The move was refused: nobody will see it, nobody was owed it."""
        for waiting in self.pending.values():
            for owed in [o for o in waiting if o.expectation.ref == ref]:
                waiting.remove(owed)
                self.cancelled += 1
                self._count(owed.outage, -1)

    def seen(self, recipient: Any, frame: dict[str, Any], at: float) -> None:
        """A `match` frame arrived at `recipient` at `at` (same clock as `sent_at`)."""
        waiting = self.pending.get(recipient)
        view = frame.get("view")
        if not waiting or view is None:  # a match waiting for its players, or aborted: no moves in it
            return
        game = self.game_of[recipient]
        for owed in list(waiting):
            expectation = owed.expectation
            if (
                expectation.match_id == frame["match_id"]
                and progress(game, view, expectation.mover_seat) >= expectation.target
            ):
                waiting.remove(owed)
                if owed.outage is None:
                    self.delivered += 1
                    self.latencies_ms.append((at - expectation.sent_at) * 1000)
                    self.sent_at.append(expectation.sent_at)
                    continue
                outage = self.outages[owed.outage]
                if outage.back_at is None or at < outage.back_at:
                    outage.during += 1
                else:
                    outage.after += 1
                    outage.after_ms.append((at - outage.back_at) * 1000)

    def latencies_since(self, start: float, outside: list[tuple[float, float]] = ()) -> list[float]:
        """Latencies of the moves sent at `start` or later (e.g. once the ramp's connects are over), leaving out
        those sent within any of the windows `outside` (the faults)."""
        return [
            ms
            for ms, sent in zip(self.latencies_ms, self.sent_at, strict=True)
            if sent >= start and not any(begin <= sent <= end for begin, end in outside)
        ]

    def outstanding(self) -> int:
        return sum(len(waiting) for waiting in self.pending.values())

    def give_up(self, recipient: Any, why: str) -> None:
        """Whatever `recipient` still waits for is dropped (it closed, or the soak ended)."""
        for owed in self.pending.pop(recipient, []):
            if owed.outage is None:
                self.dropped[why] += 1
            else:
                self.outages[owed.outage].dropped[why] += 1

    def ratio(self) -> float | None:
        return self.delivered / self.expected if self.expected else None


@dataclass
class Resync:
    """After an outage, each recipient is owed the version its match had in the database when Redis
    returned: it has caught up when a frame of that match at that version or later arrives (a reconnect's
    snapshot, a sync's, or the next change's)."""

    back_at: float
    checked: int = 0  # recipients looked at when Redis returned
    owed: dict[Any, tuple[int, int]] = field(default_factory=dict)  # recipient -> (match, version) still owed
    behind: int = 0  # recipients that were behind the database when Redis returned
    caught_up_ms: list[float] = field(default_factory=list)  # from Redis's return to the frame
    dropped: Counter = field(default_factory=Counter)
    about: dict[Any, dict[str, Any]] = field(default_factory=dict)  # what the caller said of each one owed
    never: list[dict[str, Any]] = field(default_factory=list)  # `about` those that never caught up, and why
    # Recipients that left on their own (their table was over) before the time they had to catch up was out: no
    # verdict can be read of them, either way.
    left_in_time: int = 0
    judge_seconds: float = 10.0

    def owe(self, recipient: Any, match_id: int, version: int, seen: int, about: dict[str, Any] | None = None) -> None:
        """`recipient` had seen version `seen` of `match_id`; the database had `version`."""
        self.checked += 1
        if seen < version:
            self.behind += 1
            self.owed[recipient] = (match_id, version)
            self.about[recipient] = about or {}

    def seen(self, recipient: Any, match_id: int, version: int, at: float) -> None:
        owed = self.owed.get(recipient)
        if owed is None:
            return
        owed_match, owed_version = owed
        # A later match of the room (a higher id) counts too: the room has moved on past the one owed.
        if (match_id == owed_match and version >= owed_version) or match_id > owed_match:
            del self.owed[recipient]
            self.caught_up_ms.append((at - self.back_at) * 1000)

    def give_up(self, recipient: Any, why: str, *, left: bool = False, **more: Any) -> None:
        """`recipient` will never be shown what it is owed: `left`, it closed on purpose (the soak's person left
        the table), which within `judge_seconds` of the return says nothing of the site."""
        if self.owed.pop(recipient, None) is not None:
            if left and time.perf_counter() - self.back_at < self.judge_seconds:
                self.left_in_time += 1
                return
            self.dropped[why] += 1
            self.never.append({**self.about.get(recipient, {}), "why": why, **more})
