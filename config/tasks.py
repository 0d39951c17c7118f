"""Tasks that keep the house itself observable."""

import time

from celery import shared_task
from django.core.cache import cache

HEARTBEAT_KEY = "celery-beat-heartbeat"


@shared_task(name="config.tasks.heartbeat", ignore_result=True)
def heartbeat() -> float:
    """Beat runs this every few seconds; /healthz reads how long ago it last ran."""
    now = time.time()
    cache.set(HEARTBEAT_KEY, now, timeout=None)
    return now
