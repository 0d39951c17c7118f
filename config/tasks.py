"""Tasks that keep the house itself observable.

Beat sends `heartbeat` every 5 s. Two moments of it are recorded in the cache (Redis), and /healthz reads
each on its own (config/health.py):

- when it was *sent*: Redis accepted it from beat (written by beat, after the publish), so beat is alive
  and scheduling;
- when it *ran*: a worker took it off the queue and executed it (written by the task), so a worker is
  alive, connected and not behind the queue.

A dead worker under a live beat leaves the first fresh and the second stale; a dead beat, both stale.
"""

import time

from celery import shared_task
from celery.signals import after_task_publish
from django.core.cache import cache

HEARTBEAT_TASK = "config.tasks.heartbeat"
HEARTBEAT_SENT_KEY = "celery-heartbeat-sent"
HEARTBEAT_RAN_KEY = "celery-heartbeat-ran"
# Long enough for /healthz to tell "stale" from "never"; short enough not to outlive a deployment's memory.
KEY_TIMEOUT = 24 * 3600


@shared_task(name=HEARTBEAT_TASK, ignore_result=True)
def heartbeat() -> float:
    """Run by a worker: /healthz reads how long ago a worker last ran one."""
    now = time.time()
    cache.set(HEARTBEAT_RAN_KEY, now, timeout=KEY_TIMEOUT)
    return now


@after_task_publish.connect(sender=HEARTBEAT_TASK, dispatch_uid="dreamgames-heartbeat-sent")
def heartbeat_sent(**kwargs) -> None:
    """In the process that sent the heartbeat (beat; anyone calling heartbeat.delay() counts as beat too),
    once the broker took it."""
    cache.set(HEARTBEAT_SENT_KEY, time.time(), timeout=KEY_TIMEOUT)
