"""Arming what happens later: the next deadline of a match, and the bots' moves.

Both are Celery tasks that carry enough to know whether they are still wanted (the deadline they were
armed for, the bot's turn token for a move), so a late or repeated task changes nothing. The sweeper
(games.tasks.sweep) re-arms what a lost task or a restarted worker dropped.

Tasks are sent by name (`enqueue`), so this module, which the tasks themselves import, never imports them.
"""

from __future__ import annotations

import contextlib
import random
import secrets
from datetime import datetime
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from games.models import Match
from games.runtime.engine import bots_for, engine_for

# The tasks' names (games/tasks.py registers its tasks under these).
ADVANCE_MATCH = "games.advance_match"
BOT_MOVE = "games.bot_move"

# A bot's pending move is remembered this long; after that the sweeper may schedule it again
# (longer than the slowest think time, so a live task is never doubled).
BOT_PENDING_SECONDS = 45

_disabled = False


@contextlib.contextmanager
def timers_disabled():
    """For tools that drive the clock themselves (the selfplay command): no Celery tasks are armed."""
    global _disabled
    previous, _disabled = _disabled, True
    try:
        yield
    finally:
        _disabled = previous


def enqueue(task: str, args: tuple, **options) -> None:
    """Send the task named `task` to the workers (`eta=` or `countdown=` as for apply_async)."""
    current_app.send_task(task, args, **options)


def arm_deadline(match_id: int, deadline: datetime) -> None:
    """A task at `deadline` that advances the match if that is still its deadline then."""
    if _disabled:
        return
    enqueue(ADVANCE_MATCH, (match_id, deadline.isoformat()), eta=deadline)


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
        game, lineup, state = match.game, match.lineup, engine_for(match.game).from_json(match.state)
    engine, bots = engine_for(game), bots_for(game)
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
