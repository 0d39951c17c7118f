"""The daily puzzles made ahead (issue 35), on the batch lane, by beat every hour: each date from the oldest one
still current somewhere to DAYS_AHEAD after the newest, so that a date's commitment is published days before the
date begins anywhere (daily/days.py). Making is idempotent: a date whose puzzles exist is left as it is."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from celery import shared_task
from django.urls import reverse
from django.utils import timezone

from daily import services
from daily.models import Puzzle
from notifications.kinds import DAILY_READY
from notifications.preferences import players_who_chose
from notifications.services import notify_once
from toolkit import days

log = logging.getLogger(__name__)

DAYS_AHEAD = 3
MAKE_DAILY_PUZZLES = "daily.tasks.make_daily_puzzles"


@shared_task(name=MAKE_DAILY_PUZZLES, ignore_result=True)
def make_daily_puzzles() -> int:
    now = timezone.now()
    first, last = days.earliest_open(now), days.latest_open(now) + timedelta(days=DAYS_AHEAD)
    made = 0
    for offset in range((last - first).days + 1):
        made += len(services.puzzles_make(first + timedelta(days=offset)))
    if made:
        log.info("daily puzzles made: %d, for %s to %s", made, first, last)
    tell_daily_ready(now)
    return made


def tell_daily_ready(now: datetime) -> int:
    """The players who asked to hear of the daily are told once per date that its puzzles are ready: the UTC date
    that has begun (decision 137), once its puzzles exist. Run every hour with the making: the first run of a date
    tells, the others find it told (notify_once)."""
    day = days.utc_day(now)
    if not Puzzle.objects.filter(day=day).exists():
        return 0
    told = 0
    for player in players_who_chose(DAILY_READY):
        told += notify_once(player, DAILY_READY, day.isoformat(), url=reverse("daily_home"))
    return told
