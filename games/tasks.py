"""Celery tasks of the games. Each takes ids, calls one service, and is safe to run late or twice."""

from __future__ import annotations

import logging

from celery import shared_task
from django.utils import timezone

from games.runtime import matches, scheduling

log = logging.getLogger(__name__)

# The sweeper advances matches whose deadline passed more than this long ago: a punctual timer task
# normally does it first, so the sweeper only catches what was lost.
SWEEP_GRACE_SECONDS = 1.0
# Matches with a deadline of their own: a clock step, or the end of the join grace (docs/protocol.md).
LIVE = ("playing", "arriving")


@shared_task(name="games.advance_match", ignore_result=True)
def advance_match(match_id: int, deadline: str) -> bool:
    """The timer of one deadline (ISO). Stale once the match's deadline moved; a task that runs a little
    early (the broker's clock) arms itself again rather than leave the deadline to the sweeper."""
    from datetime import datetime

    from games.models import Match

    if not isinstance(deadline, str):  # a task armed before timers carried their deadline: catch up
        return matches.match_advance(match_id=match_id)
    at = datetime.fromisoformat(deadline)
    if matches.match_advance(match_id=match_id, deadline=at):
        return True
    if timezone.now() < at and Match.objects.filter(pk=match_id, status__in=LIVE, deadline=at).exists():
        scheduling.arm_deadline(match_id, at)
    return False


@shared_task(name="games.bot_move", ignore_result=True)
def bot_move(match_id: int, seat: int, turn: str) -> bool:
    return matches.match_bot_move(match_id=match_id, seat=seat, turn=turn)


@shared_task(name="games.sweep", ignore_result=True)
def sweep() -> dict:
    """Beat runs this every few seconds. It decides nothing: it calls the same services."""
    from datetime import timedelta

    from games.models import Match, Room

    now = timezone.now()
    overdue = list(Match.objects.filter(status__in=LIVE, deadline__lte=now - timedelta(
        seconds=SWEEP_GRACE_SECONDS)).values_list("pk", flat=True)[:500])
    advanced = sum(1 for match_id in overdue if matches.match_advance(match_id=match_id))
    # Only a match with a bot seat can owe a bot move. Picking those from the lineups spares loading every
    # playing match's state every two seconds (the soak measured 0.27 s a sweep with 100 matches playing).
    with_bots = [pk for pk, lineup in Match.objects.filter(status=Match.PLAYING).values_list("pk", "lineup")
                 if any(sitter.get("bot") for sitter in lineup)]
    bots = sum(scheduling.schedule_bots(match_id) for match_id in with_bots[:500])
    from games.runtime.abandon import abandons_sweep

    abandoned = abandons_sweep(now)
    from lobby.queue_presence import absent_tickets_sweep

    withdrawn = absent_tickets_sweep(now)
    launched = 0
    from lobby.quickmatch import quick_match_launch

    for room_id in Room.objects.filter(status=Room.WAITING, is_public=True,
                                       launch_at__lte=now).values_list("pk", flat=True)[:100]:
        launched += bool(quick_match_launch(room_id=room_id))
    if advanced or bots or launched or abandoned or withdrawn:
        log.info("sweep: advanced %s, bots scheduled %s, quick matches launched %s, abandons %s, "
                 "queue tickets of absent players withdrawn %s", advanced, bots, launched, abandoned, withdrawn)
    return {"advanced": advanced, "bots": bots, "launched": launched, "abandoned": abandoned,
            "withdrawn": withdrawn}
