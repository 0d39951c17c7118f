"""The Celery app of the transport bench's workers (bench/transport.py): the site's own (config.celery). The bench
gives its processes CELERY_QUEUE_PREFIX, so that this app's tasks go to the bench's own copies of the lanes'
queues (config/lanes.py), which only its workers read (launch.worker's `queue_prefix`).

    CELERY_QUEUE_PREFIX=bench-<pid>- python -m celery -A bench.transport_celery worker --queues bench-<pid>-live
"""

from config.celery import app

__all__ = ["app"]
