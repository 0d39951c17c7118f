"""Work for later, sent to the Celery workers: the bots' moves (the live lane), and analyses and archives (the
batch lane, coalesced and bounded). Deadlines are not here: the clock process applies each match's deadline
from its row (games.runtime.clock, decision 70).

A bot's move carries its turn token, so a late or repeated task changes nothing; the sweeper schedules again
what a lost task or a restarted worker dropped. Which lane a task runs in is settings.CELERY_TASK_ROUTES
(config/lanes.py): tasks are sent by name (`enqueue`), so this module, which the tasks themselves import,
never imports them.
"""

from __future__ import annotations

import contextlib
import logging
import random
import secrets
from collections.abc import Iterator
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from games.models import Match
from games.runtime.registry import game_for

log = logging.getLogger(__name__)

# The tasks' names (games/tasks.py registers its tasks under these).
BOT_MOVE = "games.bot_move"

# A bot's pending move is remembered this long; after that the sweeper may schedule it again
# (longer than the slowest think time, so a live task is never doubled).
BOT_PENDING_SECONDS = 45

_disabled = False


@contextlib.contextmanager
def timers_disabled() -> Iterator[None]:
    """For tools that drive the clock themselves (the selfplay command): no Celery tasks are armed."""
    global _disabled
    previous, _disabled = _disabled, True
    try:
        yield
    finally:
        _disabled = previous


def enqueue(task: str, args: tuple[Any, ...], **options: Any) -> None:
    """Send the task named `task` to the workers of its lane (`eta=` or `countdown=` as for apply_async)."""
    current_app.send_task(task, args, **options)


# The batch lane's bound: past this many tasks waiting in its queue, batch work is deferred (not sent) rather
# than let the backlog grow without end; whoever wants it asks again later (the sweeper sends a missing
# archive again, a round-end card asks for its analysis). A batch task takes a few tenths of a second on
# average (docs/performance.md, "Lanes"): a full queue is about half a minute of one core's work, so a lane
# that fell behind during a peak is clear again half a minute after it.
BATCH_BACKLOG = 60
# Work deferred earlier is sent again only into a lane this short (the sweeper's archives): new work first.
BATCH_REFILL_BELOW = 10
# A batch task sent is remembered under its key until it has run (or this long, if a killed worker took it
# along): the same work asked for meanwhile is coalesced into it (a round's analysis asked by every card of the
# table, an archive re-sent by the sweeper).
BATCH_PENDING_SECONDS = 180


def queue_depth(queue: str) -> int:
    """How many tasks wait in `queue` on the broker (not those a worker holds): a passive declaration, which
    every kombu transport answers with the count, through the broker's own connection pool. A queue nobody
    declared yet holds none."""
    with current_app.connection_or_acquire() as connection:
        try:
            return int(connection.default_channel.queue_declare(queue=queue, passive=True).message_count)
        except connection.channel_errors:
            return 0


def lane_depths(queues: dict[str, str]) -> dict[str, int]:
    """How many tasks wait in each lane's queue (`queues`: {lane: queue}), for the clock's metrics when scraped
    (observe.metrics.QueueDepths). The same count as `queue_depth` (on Redis: the LLEN of the queue's lists), but
    with one try at the broker, so that a scrape while it is away ends at once instead of retrying for ever
    (the connection's own retry loop)."""
    with current_app.connection_or_acquire() as connection:
        connection.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=DEPTH_TIMEOUT)
        depths = {}
        for lane, queue in queues.items():
            try:
                depths[lane] = int(connection.default_channel.queue_declare(queue=queue, passive=True).message_count)
            except connection.channel_errors:
                depths[lane] = 0  # a queue nobody declared yet holds none
        return depths


DEPTH_TIMEOUT = 2.0


def enqueue_batch(task: str, args: tuple[Any, ...], key: str, backlog: int | None = None) -> bool:
    """Send a batch task unless the same work (`key`) is pending already or the batch lane holds `backlog`
    tasks (BATCH_BACKLOG by default). Returns whether it was sent. Never raises for a full lane: batch work is
    deferred, live work never waits for it."""
    pending = f"batch-pending:{key}"
    if not cache.add(pending, 1, timeout=BATCH_PENDING_SECONDS):
        return False  # coalesced into the one on its way
    try:
        # The batch lane's queue is the default one (config/lanes.py; a bench's private copy when it has one).
        bound = BATCH_BACKLOG if backlog is None else backlog
        if queue_depth(current_app.conf.task_default_queue) >= bound:
            cache.delete(pending)
            log.debug("batch lane full (%s waiting): %s deferred", bound, key)
            return False
        enqueue(task, args)
    except Exception:
        cache.delete(pending)  # not sent (the broker is down): asked again later
        raise
    return True


def batch_done(key: str) -> None:
    """A batch task finished its work: the same key may be sent again (needed only if the work changed)."""
    cache.delete(f"batch-pending:{key}")


def schedule_bots(
    match_id: int, *, game: str | None = None, lineup: list[dict[str, Any]] | None = None, state: Any = None
) -> int:
    """Schedule a task for every bot seat that owes a move and has none pending. Returns how many.

    The match service, which has the playing match's `game`, `lineup` and new `state` in hand after a
    save, passes them and nothing is read (issue 16); the sweeper passes only the id and the match is read."""
    if _disabled:
        return 0
    if lineup is not None and not any(sitter.get("bot") for sitter in lineup):
        return 0
    if game is None or lineup is None or state is None:
        match = Match.objects.filter(pk=match_id, status=Match.PLAYING).first()
        if match is None or not any(sitter.get("bot") for sitter in match.lineup):
            return 0
        game, lineup, state = match.game, match.lineup, game_for(match.game).engine.from_json(match.state)
    resolved = game_for(game)
    engine, bots = resolved.engine, resolved.bots
    if bots is None:
        return 0  # a game without bots: no level ever sits there
    scheduled = 0
    rng = random.Random(secrets.randbits(64))
    for seat, sitter in enumerate(lineup):
        level = sitter.get("bot")
        turn = bots.bot_turn(state, seat) if level else None
        if turn is None:
            continue
        pending = f"bot-pending:{match_id}:{seat}:{turn}"
        if not cache.add(pending, 1, timeout=BOT_PENDING_SECONDS):
            continue
        delay = bots.think_seconds(level, rng) * settings.BOT_THINK_SCALE
        # Before the round opens the bot thinks from the moment it opens, like a person would.
        opens = engine.opens_at(state)
        if opens is not None:
            delay += max(0.0, (opens - timezone.now()).total_seconds())
        try:
            enqueue(BOT_MOVE, (match_id, seat, turn), countdown=delay)
        except Exception:
            # Not sent (the broker is down): let the next sweep schedule it instead of waiting out the mark.
            cache.delete(pending)
            raise
        scheduled += 1
    return scheduled
