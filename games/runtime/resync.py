"""After the channel layer's outage, the room sockets of a process look again together (issue 30).

When Redis returns, every socket of the process is told at once (games.runtime.layer) that what was published
meanwhile may have reached nobody. Each one reading its own snapshots was a storm: a thousand sockets, each
reading its room and its match in the pool's few database threads, took seconds (the long soak: the socket that
waited longest showed its match's latest version 13 s after Redis returned). Here the sockets that were told
within a short window are answered together: one read of where each of their rooms stands, then one read per
match that moved, whose frames (every viewer's, as a move publishes them: views.match_frames) each socket of
that match sends without a read of its own. A socket whose room itself changed (a seat, a new match) or whose
match is still waiting for its players reads its own snapshots, as before.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from games.models import Match, Room
from games.runtime.views import match_frames

log = logging.getLogger(__name__)

# How long the first socket told waits for the others: they are all told within a loop's turn or two.
WINDOW_SECONDS = 0.1


class Looker(Protocol):
    """A room socket as the resync sees it (games.runtime.consumers.RoomConsumer)."""

    room_id: int
    sent_room_version: int | None
    sent_match_id: int | None
    sent_match_version: int | None

    async def send_snapshots(self, force: bool = False) -> None: ...

    async def send_published(self, match_id: int, version: int, frames: dict[str, Any]) -> None: ...


@dataclass(frozen=True)
class Standing:
    """Where a room stands: its version and its match (the one playing, else the last)."""

    room_version: int
    match_id: int | None
    match_version: int | None


def standings(room_ids: Iterable[int]) -> dict[int, Standing]:
    """Where each room stands, in two reads whatever their number."""
    ids = set(room_ids)
    rooms = dict(Room.objects.filter(pk__in=ids).exclude(status=Room.CLOSED).values_list("pk", "version"))
    # Per room its playing match if it has one, else its last: the one the room's page shows.
    latest: dict[int, tuple[bool, int, int, int]] = {}
    rows = Match.objects.filter(room_id__in=rooms).values_list("room_id", "pk", "number", "version", "status")
    for room_id, match_id, number, version, status in rows:
        rank = (status == Match.PLAYING, number, match_id, version)
        if room_id not in latest or rank > latest[room_id]:
            latest[room_id] = rank
    return {
        room_id: Standing(version, latest[room_id][2], latest[room_id][3])
        if room_id in latest
        else Standing(version, None, None)
        for room_id, version in rooms.items()
    }


def frames_of(match_ids: Iterable[int]) -> dict[int, tuple[int, dict[str, Any] | None]]:
    """Each match's version and every viewer's frame (None for a match whose frames keep the read path: one
    waiting for its players, or aborted before it began)."""
    return {match.pk: (match.version, match_frames(match)) for match in Match.objects.filter(pk__in=set(match_ids))}


def behind(looker: Looker, standing: Standing | None) -> bool:
    if standing is None or standing.match_id is None:
        return False
    return (standing.match_id, standing.match_version) != (looker.sent_match_id, looker.sent_match_version)


class Resync:
    """The sockets of a process told to look again, answered together (see the module's docstring).
    `in_database`: runs a function in the sockets' database threads (games.runtime.consumers);
    `when_database_back`: calls a function once the database answers again (observe.database)."""

    def __init__(
        self,
        in_database: Callable[[Callable[..., Any]], Callable[..., Awaitable[Any]]],
        when_database_back: Callable[[Callable[[], None]], None] | None = None,
    ) -> None:
        self.in_database = in_database
        self.when_database_back = when_database_back
        self.waiting: list[Looker] = []
        self.pending: asyncio.Task[None] | None = None
        # Sockets that could not read what they were told of (the database away): they look again together
        # once it answers, as after the channel layer's outage (the long soak: a socket behind the database's
        # outage showed its match's latest version only at the next change, 16.6 s after it returned).
        self.owed: weakref.WeakSet[Any] = weakref.WeakSet()
        self.owed_told = False

    def join(self, looker: Looker) -> None:
        self.waiting.append(looker)
        if self.pending is None:
            self.pending = asyncio.get_running_loop().create_task(self._answer_after_window())

    def after_database(self, looker: Looker) -> None:
        """`looker` missed a read because the database was away: it looks again when the database is back."""
        self.owed.add(looker)
        if self.owed_told or self.when_database_back is None:
            return
        self.owed_told = True
        loop = asyncio.get_running_loop()

        def back() -> None:  # on the probe's thread: the sockets look again on their own loop
            loop.call_soon_threadsafe(self._database_back)

        self.when_database_back(back)

    def _database_back(self) -> None:
        lookers, self.owed, self.owed_told = list(self.owed), weakref.WeakSet(), False
        for looker in lookers:
            self.join(looker)

    async def _answer_after_window(self) -> None:
        await asyncio.sleep(WINDOW_SECONDS)
        lookers, self.waiting, self.pending = self.waiting, [], None
        try:
            await self.answer(lookers)
        except Exception:
            # The database away, or anything else: each socket reads its own, as it would have done alone.
            log.warning("resync of %d sockets failed; each reads its own snapshots", len(lookers), exc_info=True)
            for looker in lookers:
                await looker.send_snapshots()

    async def answer(self, lookers: list[Looker]) -> None:
        where = await self.in_database(standings)([looker.room_id for looker in lookers])
        own_read: list[Looker] = []
        moved: dict[int, list[Looker]] = {}
        for looker in lookers:
            standing = where.get(looker.room_id)
            if standing is None or standing.room_version != looker.sent_room_version:
                own_read.append(looker)  # the room changed (or closed): its own snapshots say how
            elif behind(looker, standing):
                moved.setdefault(standing.match_id or 0, []).append(looker)
        frames = await self.in_database(frames_of)(list(moved)) if moved else {}
        for match_id, waiting in moved.items():
            version, published = frames.get(match_id, (None, None))
            for looker in waiting:
                if published is None or version is None:
                    own_read.append(looker)
                else:
                    await looker.send_published(match_id, version, published)
        for looker in own_read:
            await looker.send_snapshots()
