"""Tasks that keep the house itself observable.

Beat sends `heartbeat` every 5 s to each lane's queue (config/lanes.py; the schedule in settings). Two moments
of it are recorded in the cache (Redis), and /healthz/details reads each on its own (config/health.py):

- when it was *sent*: Redis accepted it from beat (written by beat, after the publish), so beat is alive
  and scheduling;
- when it *ran*, per lane: a worker of that lane took it off its queue and executed it, so that lane's workers
  are alive, connected and not behind their queue.

A dead worker under a live beat leaves the first fresh and the second stale; a dead beat, both stale.
"""

import time

from celery import shared_task
from celery.signals import after_task_publish
from django.core.cache import cache

from config.lanes import LIVE

HEARTBEAT_TASK = "config.tasks.heartbeat"
HEARTBEAT_SENT_KEY = "celery-heartbeat-sent"
HEARTBEAT_RAN_KEY = "celery-heartbeat-ran"  # + ":<lane>"
# Long enough for /healthz to tell "stale" from "never"; short enough not to outlive a deployment's memory.
KEY_TIMEOUT = 24 * 3600


def ran_key(lane: str) -> str:
    return f"{HEARTBEAT_RAN_KEY}:{lane}"


@shared_task(name=HEARTBEAT_TASK, ignore_result=True)
def heartbeat(lane: str = LIVE) -> float:
    """Run by a worker of `lane`: /healthz reads how long ago one last ran."""
    now = time.time()
    cache.set(ran_key(lane), now, timeout=KEY_TIMEOUT)
    return now


@after_task_publish.connect(sender=HEARTBEAT_TASK, dispatch_uid="dreamgames-heartbeat-sent")
def heartbeat_sent(**kwargs) -> None:
    """In the process that sent the heartbeat (beat; anyone calling heartbeat.delay() counts as beat too),
    once the broker took it."""
    cache.set(HEARTBEAT_SENT_KEY, time.time(), timeout=KEY_TIMEOUT)
