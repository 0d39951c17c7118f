"""Celery beat's scheduler (settings.CELERY_BEAT_SCHEDULER): celery-redbeat's, which keeps the schedule in Redis
and sends only while it holds the beat lock there, so that a beat may run on every node and exactly one sends.

redbeat takes the lock when beat starts (waiting for it as long as another beat holds it) and renews it at every
tick. Two things it leaves to a restart, which this one does in place:

- Redis does not answer for a moment (a failover, an outage): redbeat's tick raises and beat exits. Here the tick
  is tried again every RETRY_SECONDS, with the lock it holds; through Sentinel, each try asks for the primary.
- The lock ran out while Redis was away (another beat may have taken it), or Redis came back empty: renewing it
  fails (LockNotOwnedError) and redbeat exits. Here this beat stops sending and waits for the lock again, as at
  its start (it gets it at once if nobody holds it).
"""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

from redbeat.schedulers import RedBeatScheduler, acquire_distributed_beat_lock
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import LockNotOwnedError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

RETRY_SECONDS = 0.5
REDBEAT_SETTINGS = ("REDBEAT_REDIS_URL", "REDBEAT_REDIS_OPTIONS", "REDBEAT_KEY_PREFIX", "REDBEAT_LOCK_TIMEOUT")


class ElectedScheduler(RedBeatScheduler):
    lock: Any = None  # redbeat's: the redis-py Lock while this beat holds it
    _redis_away = False
    _announced: Any = None  # the lock this beat last said it holds

    def __init__(self, app: Any, *args: Any, **kwargs: Any) -> None:
        # redbeat looks its settings up by their own names (redbeat_redis_url), which Django's CELERY_ namespace
        # hides from its check: it would warn and fall back to the broker's URL and options.
        app.conf.update({name.lower(): app.conf[f"CELERY_{name}"] for name in REDBEAT_SETTINGS})
        super().__init__(app, *args, **kwargs)

    def tick(self, *args: Any, **kwargs: Any) -> float:
        try:
            if self.lock_key and self.lock is None:
                # Redis was away when beat started (redbeat's start-up acquire failed), or the lock was lost.
                log.info("beat: waiting for the beat lock")
                acquire_distributed_beat_lock(sender=SimpleNamespace(scheduler=self))
            interval: float = super().tick(*args, **kwargs)
        except LockNotOwnedError:
            log.warning(
                "beat: the beat lock is no longer this beat's (it ran out while Redis was away, or Redis came back "
                "empty); this beat stops sending and waits for it again"
            )
            self.lock = None
            return RETRY_SECONDS
        except (RedisConnectionError, RedisTimeoutError) as error:
            if not self._redis_away:
                log.warning("beat: Redis does not answer (%s); trying again", error)
            self._redis_away = True
            return RETRY_SECONDS
        if self._redis_away:
            log.warning("beat: Redis answers again")
            self._redis_away = False
        if self.lock is not None and self.lock is not self._announced:
            # Which beat sends, in its log (redbeat's own line is below make run's INFO: decision 24).
            log.info("beat: this beat holds the beat lock (%s) and sends", self.lock_key)
            self._announced = self.lock
        return interval
