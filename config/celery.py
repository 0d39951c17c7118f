"""The Celery app: broker on Redis, tasks found in every installed app, beat schedule in settings."""

import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dreamgames")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(["config"])

import config.task_stats  # noqa: E402, F401 - the tasks' observations (issue 30): connects their signals


@signals.worker_init.connect
def _start_up(**_kwargs):
    """The worker's bots read the word lists: loaded and frozen once at start (config/warmup.py)."""
    from config.warmup import start_up

    start_up()


@signals.celeryd_init.connect
def _worker_says_what_it_is(instance=None, options=None, **_kwargs):
    """A worker is worker-<its lane> (observe.identity), from the queues it reads: said first, before Celery sets
    up its logging, so that every line of it says so. With LOG_FORMAT=json it prints no banner (its " ready." is
    a log line, JSON as the others)."""
    from django.conf import settings

    from observe import identity

    identity.declare(worker_kind((options or {}).get("queues")))
    if settings.LOG_FORMAT == "json" and instance is not None:
        instance.quiet = True


def worker_kind(queues) -> str:
    """worker-live, worker-batch (config/lanes.py), from a worker's --queues; a bench's private prefix aside."""
    from django.conf import settings

    from config.lanes import LANES

    names = [queues] if isinstance(queues, str) else list(queues or [])
    names = [part.strip() for name in names for part in name.split(",") if part.strip()]
    prefix = settings.CELERY_QUEUE_PREFIX
    lanes = sorted({name[len(prefix) :] if prefix and name.startswith(prefix) else name for name in names})
    return "worker-" + "+".join(lane for lane in lanes if lane in LANES) if set(lanes) & set(LANES) else "worker"


@signals.worker_init.connect
def _worker_metrics(**_kwargs):
    """The worker's metrics on METRICS_PORT (observe.metrics), once: its pool is threads or solo (config/lanes.py),
    one process whose threads share them."""
    _serve_metrics()


@signals.beat_init.connect
def _beat_metrics(**_kwargs):
    from observe import identity

    identity.declare("beat")
    _serve_metrics()


def _serve_metrics() -> None:
    from django.conf import settings

    from observe import metrics

    metrics.serve(settings.METRICS_PORT, settings.METRICS_ADDRESS)


@signals.after_setup_logger.connect
@signals.after_setup_task_logger.connect
def _json_lines(logger=None, **_kwargs):
    """LOG_FORMAT=json: Celery's own handlers (it takes over the root logger) write JSON lines too."""
    from django.conf import settings

    if settings.LOG_FORMAT != "json" or logger is None:
        return
    from observe.logs import JsonFormatter

    for handler in logger.handlers:
        handler.setFormatter(JsonFormatter())
