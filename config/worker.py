"""The Celery worker's consumer (settings.CELERY_WORKER_CONSUMER): Celery's, with a short reconnect back-off.

A worker that lost Redis tries again every half second at first, then never less often than every 2 s.
kombu's own back-off grows by 2 s a try up to 30 s, so a worker could come back up to 30 s after Redis did,
and every timer with it. A refused connection costs nothing; the log gets one line a try.
"""

import functools

from celery.worker.consumer import Consumer as CeleryConsumer

RECONNECT_FIRST_SECONDS = 0.5
RECONNECT_MAX_SECONDS = 2.0


class Consumer(CeleryConsumer):
    def ensure_connected(self, conn):
        conn.ensure_connection = functools.partial(
            conn.ensure_connection,
            interval_start=RECONNECT_FIRST_SECONDS,
            interval_step=RECONNECT_FIRST_SECONDS,
            interval_max=RECONNECT_MAX_SECONDS,
        )
        return super().ensure_connected(conn)
