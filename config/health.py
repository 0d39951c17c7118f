"""/healthz: can this web process serve? /healthz/details: do the database, Redis, each lane's workers, the clock
and beat answer?

Two answers, because anyone can reach the first (issue 17). `/healthz` is the load balancer's: 200
`{"ok": true}` when this process reaches its database and Redis, 503 `{"ok": false}` otherwise, and nothing
else (no vendor, error class or heartbeat ages that would describe the stack to a stranger), and it never
asks the workers (a control ping a stranger could make the site send at will). `/healthz/details` is the
operator's: each part on its own, the worker and beat included, for staff users logged in or a monitor
that sends `Authorization: Bearer <HEALTHZ_TOKEN>` (the token from the environment, compared in constant
time; no token set: staff only); anyone else gets 403 and no details.

Beat and the workers are judged apart, from beat's heartbeat task (config/tasks.py): beat by when it last
*sent* one, each lane's workers (config/lanes.py: `worker` is the live lane's, `batch` the batch lane's) by
when one last *ran* in that lane. The clock (games.runtime.clock) by when it last ticked. All are cache reads,
so a probe costs a few Redis GETs, not a broadcast. Only when beat and the live lane are both stale (beat is
down, so no heartbeat was there to run) is a worker asked directly, with a control ping that returns at the
first reply (at most PING_TIMEOUT when none answers).
"""

import hmac
import time

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from config.celery import app as celery_app
from config.lanes import BATCH, LIVE
from config.tasks import HEARTBEAT_SENT_KEY, ran_key
from games.runtime.clock import HEARTBEAT_KEY as CLOCK_HEARTBEAT_KEY
from observe import database
from observe.database import health as database_health

# Beat sends the heartbeat every 5 s; three missed beats (sent, or run) mean that part is down or behind.
STALE_AFTER = 15.0
CLOCK_STALE_AFTER = 5.0
# The batch lane's heartbeat waits behind its backlog (at most scheduling.BATCH_BACKLOG short tasks).
BATCH_STALE_AFTER = 300.0
PING_TIMEOUT = 1.0


def check_database() -> dict:
    if database_health.is_away():  # known away: said at once, not after the pool's timeout
        return {"ok": False, "error": "away", "seconds": round(database_health.away_for(), 1)}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return {"ok": True, "vendor": connection.vendor}
    except Exception as error:  # noqa: BLE001 - a health check reports any failure
        database.note(error)
        return {"ok": False, "error": error.__class__.__name__}


def check_redis() -> dict:
    try:
        client = cache._cache.get_client()  # type: ignore[attr-defined]  # the Redis backend's client: the same Redis the site uses for cache, channels, Celery
        client.ping()
        return {"ok": True}
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": error.__class__.__name__}


def _age(key: str) -> float | None:
    """Seconds since the heartbeat moment stored under `key`, None if none is stored."""
    last = cache.get(key)
    return None if last is None else max(0.0, time.time() - float(last))


def check_beat() -> dict:
    try:
        age = _age(HEARTBEAT_SENT_KEY)
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": error.__class__.__name__}
    if age is None:
        return {"ok": False, "error": "no heartbeat sent yet"}
    return {"ok": age < STALE_AFTER, "seconds_since_heartbeat_sent": round(age, 1)}


def check_clock() -> dict:
    """The clock ticks several times a second and notes it every second: stale means no clock is running, or
    it cannot reach its database."""
    try:
        age = _age(CLOCK_HEARTBEAT_KEY)
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": error.__class__.__name__}
    if age is None:
        return {"ok": False, "error": "the clock never ticked"}
    return {"ok": age < CLOCK_STALE_AFTER, "seconds_since_tick": round(age, 1)}


def check_batch() -> dict:
    """The batch lane: a heartbeat run there lately. Its queue may be long by design (its bound defers work);
    a heartbeat stale for longer than that queue takes means no batch worker runs."""
    try:
        age = _age(ran_key(BATCH))
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": error.__class__.__name__}
    if age is None:
        return {"ok": False, "error": "no heartbeat run yet"}
    return {"ok": age < BATCH_STALE_AFTER, "seconds_since_heartbeat_ran": round(age, 1)}


def check_worker(beat: dict) -> dict:
    """The live lane's workers (the bots' moves, the launches)."""
    try:
        age = _age(ran_key(LIVE))
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": error.__class__.__name__}
    ran = {} if age is None else {"seconds_since_heartbeat_ran": round(age, 1)}
    if age is not None and age < STALE_AFTER:
        return {"ok": True, **ran}
    if beat["ok"]:
        # Beat sent heartbeats that nobody ran: no worker is consuming, or it is far behind the queue.
        return {"ok": False, "error": "heartbeats sent but not run", **ran}
    try:
        replies = celery_app.control.ping(timeout=PING_TIMEOUT, limit=1)
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": error.__class__.__name__, **ran}
    if replies:
        return {"ok": True, "answered_ping": True, **ran}
    return {"ok": False, "error": "no worker answered a ping", **ran}


@never_cache
def healthz(request):
    """Liveness for anyone: this process reaches its database and Redis. Only the verdict."""
    healthy = check_database()["ok"] and check_redis()["ok"]
    return JsonResponse({"ok": healthy}, status=200 if healthy else 503)


def is_operator(request) -> bool:
    """A staff user's session, or the monitoring token of the environment (HEALTHZ_TOKEN) as a bearer token."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and user.is_staff:
        return True
    token = settings.HEALTHZ_TOKEN
    scheme, _space, sent = request.headers.get("Authorization", "").partition(" ")
    return bool(token) and scheme.lower() == "bearer" and hmac.compare_digest(sent.strip().encode(), token.encode())


@never_cache
def healthz_details(request):
    """Each part of the stack on its own, for operators only. 200 only when everything answers."""
    if not is_operator(request):
        return JsonResponse({"error": "forbidden"}, status=403)
    beat = check_beat()
    checks = {
        "database": check_database(),
        "redis": check_redis(),
        "worker": check_worker(beat),
        "batch": check_batch(),
        "clock": check_clock(),
        "beat": beat,
    }
    healthy = all(check["ok"] for check in checks.values())
    return JsonResponse({"ok": healthy, **checks}, status=200 if healthy else 503)
