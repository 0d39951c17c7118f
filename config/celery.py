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
