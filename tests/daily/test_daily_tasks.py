"""The daily puzzles are made ahead by beat's hourly task, their commitments published before their dates begin."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from daily.models import Commitment, Puzzle
from daily.registry import all_dailies
from daily.tasks import DAYS_AHEAD, MAKE_DAILY_PUZZLES, make_daily_puzzles
from toolkit import days

pytestmark = pytest.mark.django_db


def test_beat_sends_it_every_hour():
    entry = settings.CELERY_BEAT_SCHEDULE["daily-puzzles"]
    assert entry["task"] == MAKE_DAILY_PUZZLES and entry["schedule"] <= 3600


def test_the_next_days_are_made_ahead_each_committed_before_it_begins_and_once():
    now = timezone.now()
    made = make_daily_puzzles()
    first, last = days.earliest_open(now), days.latest_open(now) + timedelta(days=DAYS_AHEAD)
    dates = {first + timedelta(days=n) for n in range((last - first).days + 1)}
    variants = sum(len(module.variants()) for module in all_dailies().values())
    assert made == len(dates) * variants == Puzzle.objects.count()
    assert set(Puzzle.objects.values_list("day", flat=True)) == dates
    for record in Commitment.objects.filter(day__gt=days.latest_open(now)):
        assert record.made_at < days.begins(record.day)
    assert make_daily_puzzles() == 0
    assert Puzzle.objects.count() == made
