"""Celery tasks of the lobby. Beat runs `sweep` every 2 s, next to games.sweep (config/settings.py)."""

from __future__ import annotations

from celery import shared_task

from games.models import Room
from games.tasks import sweep_parts
from lobby.queue_presence import absent_tickets_sweep
from lobby.quickmatch import LAUNCH_QUICK_MATCH, quick_match_launch


@shared_task(name=LAUNCH_QUICK_MATCH, ignore_result=True)
def launch_quick_match(room_id: int) -> bool:
    return quick_match_launch(room_id=room_id) is not None


@shared_task(name="lobby.sweep", ignore_result=True)
def sweep() -> dict:
    """It decides nothing: it calls the lobby's services. Each part runs on its own (games.tasks.sweep_parts).

    - withdrawn: tickets of the tournament queue whose people no longer have the site open;
    - launched: quick matches whose wait is over and whose launch task was lost."""
    return sweep_parts("lobby sweep", (("withdrawn", absent_tickets_sweep), ("launched", _quick_matches)))


def _quick_matches(now) -> int:
    due = Room.objects.filter(status=Room.WAITING, is_public=True, launch_at__lte=now).values_list("pk", flat=True)
    return sum(bool(quick_match_launch(room_id=room_id)) for room_id in due[:100])
