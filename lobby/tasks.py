"""Celery tasks of the lobby (a quick match's launch, in the live lane: config/lanes.py), and the lobby's sweep,
which the clock process runs every 2 s beside games.tasks.sweep (settings.CLOCK_SWEEPS)."""

from __future__ import annotations

import logging

from celery import shared_task

from games.models import Room
from games.tasks import each, sweep_parts
from lobby.queue_presence import absent_tickets_sweep
from lobby.quickmatch import LAUNCH_QUICK_MATCH, quick_match_launch
from observe import database

log = logging.getLogger(__name__)


@shared_task(name=LAUNCH_QUICK_MATCH, ignore_result=True)
def launch_quick_match(room_id: int) -> bool:
    """A task that fails gives up, logged with the room (the lobby sweep launches the room once it is due)."""
    try:
        return quick_match_launch(room_id=room_id) is not None
    except Exception as error:
        database.note(error)
        log.exception("launch_quick_match of room id %s gave up; the lobby sweep launches it", room_id)
        return False


def sweep() -> dict:
    """It decides nothing: it calls the lobby's services. Each part runs on its own (games.tasks.sweep_parts).

    - withdrawn: tickets of the tournament queue whose people no longer have the site open;
    - launched: quick matches whose wait is over and whose launch task was lost."""
    return sweep_parts("lobby sweep", (("withdrawn", absent_tickets_sweep), ("launched", _quick_matches)))


def _quick_matches(now) -> int:
    due = Room.objects.filter(status=Room.WAITING, is_public=True, launch_at__lte=now).values_list("pk", flat=True)
    return each(due[:100], "room id {}".format, lambda room_id: quick_match_launch(room_id=room_id) is not None)
