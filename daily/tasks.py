"""The daily puzzles made ahead (issue 35), on the batch lane, by beat every hour: each date from the oldest one
still current somewhere to DAYS_AHEAD after the newest, so that a date's commitment is published days before the
date begins anywhere (daily/days.py). Making is idempotent: a date whose puzzles exist is left as it is."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from daily import services
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
    return made
