"""The Celery app of the transport bench's worker (bench/transport.py): the site's own (config.celery), whose
tasks default to the bench's queue (BENCH_CELERY_QUEUE), as bench/transport_asgi.py makes them in daphne.

The worker reads only that queue (`--queues`); without this, a task the worker itself sends (the next timer
armed by a clock step it ran: a Duelo round's start card ending, a Torneo turn timing out) went to the
site's default queue, which no bench worker reads, and that match's clock stopped there.

    python -m celery -A bench.transport_celery worker --queues bench-<pid>
"""

import os

from config.celery import app

if os.environ.get("BENCH_CELERY_QUEUE"):
    app.conf.task_default_queue = os.environ["BENCH_CELERY_QUEUE"]

__all__ = ["app"]
