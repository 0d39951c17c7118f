"""Project configuration: settings, ASGI app, Celery app, URLs."""

from config.celery import app as celery_app

__all__ = ["celery_app"]
