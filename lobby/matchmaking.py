"""Which waiting tickets make a rated Torneo room: pure, no database, so it is property-tested alone.

A room is exactly SEATS people whose ratings all lie within WINDOW points of each other (max - min <=
WINDOW). The window is the same for everyone and never widens, however long anyone waits: the rules say
"ese margen nunca se amplía". A ticket (one player, or a group) enters whole or not at all.

The queue is kept so that no room can be made from the tickets that are waiting: the service asks after
every arrival, and any room made then must include the newcomer (without it there was none before).
Among the rooms that include the newcomer, the one whose tickets have waited longest is chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratings.window import RATING_WINDOW

SEATS = 8
WINDOW = RATING_WINDOW


@dataclass(frozen=True)
class Waiting:
    """A ticket as matchmaking sees it: an id and its people's ratings."""

    ticket: int
    ratings: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.ratings)

    @property
    def low(self) -> int:
        return min(self.ratings)

    @property
    def high(self) -> int:
        return max(self.ratings)


def span(ratings: Sequence[int]) -> int:
    return max(ratings) - min(ratings) if ratings else 0


def room_for(
    waiting: Sequence[Waiting], newcomer: Waiting, *, seats: int = SEATS, window: int = WINDOW
) -> list[Waiting] | None:
    """The tickets (newcomer last) that fill a room together, or None if none can yet.

    `waiting`: the other tickets of the same word language, oldest first.
    """
    if newcomer.size > seats or newcomer.high - newcomer.low > window:
        return None
    best: list[int] | None = None
    # The lowest rating of any room is some ticket's lowest: trying each such floor finds every room.
    floors = {newcomer.low} | {item.low for item in waiting if newcomer.high - window <= item.low <= newcomer.low}
    for floor in sorted(floors):
        ceiling = floor + window
        fitting = [index for index, item in enumerate(waiting) if item.low >= floor and item.high <= ceiling]
        chosen = _oldest_exact_fill([waiting[index].size for index in fitting], seats - newcomer.size)
        if chosen is None:
            continue
        picked = [fitting[position] for position in chosen]
        if best is None or picked < best:  # index order is age order: the smaller list waited longer
            best = picked
    if best is None:
        return None
    return [waiting[index] for index in best] + [newcomer]


def _oldest_exact_fill(sizes: Sequence[int], target: int) -> list[int] | None:
    """Positions of items whose sizes sum to exactly `target`, taking the oldest (lowest) positions
    first: the lexicographically smallest such set. None when no set sums to `target`."""
    if target == 0:
        return []
    count = len(sizes)
    # reachable[i][t]: some subset of sizes[i:] sums to t.
    reachable = [[False] * (target + 1) for _ in range(count + 1)]
    reachable[count][0] = True
    for i in range(count - 1, -1, -1):
        for t in range(target + 1):
            reachable[i][t] = reachable[i + 1][t] or (sizes[i] <= t and reachable[i + 1][t - sizes[i]])
    if not reachable[0][target]:
        return None
    chosen, left = [], target
    for i in range(count):
        if left == 0:
            break
        if sizes[i] <= left and reachable[i + 1][left - sizes[i]]:
            chosen.append(i)
            left -= sizes[i]
    return chosen
