"""/healthz: does the database, Redis, a Celery worker and beat answer?

An operator's load balancer or monitor reads this. 200 only when everything answers.
"""

import time

from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from config.celery import app as celery_app
from config.tasks import HEARTBEAT_KEY

# Beat fires the heartbeat every 5 s; three missed beats mean beat is down.
BEAT_STALE_AFTER = 15.0


def check_database() -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return {"ok": True, "vendor": connection.vendor}
    except Exception as error:  # noqa: BLE001 - a health check reports any failure
        return {"ok": False, "error": error.__class__.__name__}


def check_redis() -> dict:
    try:
        client = cache._cache.get_client()  # the same Redis the site uses for cache, channels, Celery
        client.ping()
        return {"ok": True}
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": error.__class__.__name__}


def check_worker() -> dict:
    try:
        replies = celery_app.control.ping(timeout=1.0)
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": error.__class__.__name__}
    return {"ok": bool(replies), "workers": len(replies)}


def check_beat() -> dict:
    try:
        last = cache.get(HEARTBEAT_KEY)
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": error.__class__.__name__}
    if last is None:
        return {"ok": False, "error": "no heartbeat yet"}
    age = time.time() - float(last)
    return {"ok": age < BEAT_STALE_AFTER, "seconds_since_heartbeat": round(age, 1)}


@never_cache
def healthz(request):
    checks = {
        "database": check_database(),
        "redis": check_redis(),
        "worker": check_worker(),
        "beat": check_beat(),
    }
    healthy = all(check["ok"] for check in checks.values())
    return JsonResponse({"ok": healthy, **checks}, status=200 if healthy else 503)
