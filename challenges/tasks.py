"""The challenges' sweep, sent by beat every minute (config/settings.py) on the batch lane (config/lanes.py): it marks
challenges past their deadline expired. Nothing waits for it: every answer and every list reads the deadline from the
row itself, so a late sweep changes no answer."""

from __future__ import annotations

from celery import shared_task

from challenges.services import challenges_expire

EXPIRE_CHALLENGES = "challenges.tasks.expire_challenges"


@shared_task(name=EXPIRE_CHALLENGES, ignore_result=True)
def expire_challenges() -> int:
    return challenges_expire()
