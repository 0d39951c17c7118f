"""What a visitor gets while the database or Redis is away (issue 31): at once, a short page that says the site
is catching its breath and tries again by itself (503 with Retry-After), never a 500 or a page that hangs.

- `AwayMiddleware`, first in the chain: while this process knows the database is away (observe.database, its
  probe failing), every request is answered so without touching the database or the pool.
- `server_error`, the site's handler500: an exception that is the database or Redis away (a request that met
  it first) gets the same answer, and starts the probe; any other error keeps Django's 500.

The page is rendered without a request's context (no context processor: they read the database and the cache),
in the language LocaleMiddleware chose; a request for JSON gets `{"error": "unavailable"}`.
"""

from __future__ import annotations

import sys

import redis
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.translation import gettext
from django.views import defaults

from observe import database

RETRY_AFTER_SECONDS = 5
CATCHING_BREATH = "The site is catching its breath"  # the page's title (templates/catching_breath.html)
# Paths that answer for themselves while the database is away: the load balancer's probe says 503 on its own.
PASSING = ("/healthz", "/static/")


def is_redis_error(error: BaseException | None) -> bool:
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError

    return isinstance(error, (RedisConnectionError, RedisTimeoutError))


def catching_breath(request) -> HttpResponse:
    if "application/json" in request.headers.get("Accept", "") or request.path.endswith(".json"):
        response: HttpResponse = JsonResponse({"error": "unavailable"}, status=503)
    else:
        try:
            page: str = render_to_string("catching_breath.html", {"retry_after": RETRY_AFTER_SECONDS})
        except Exception:  # noqa: BLE001 - this page must never fail: the words alone, then
            page = f"<!DOCTYPE html><title>Dream Games</title><p>{escape(gettext(CATCHING_BREATH))}</p>"
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


class AwayMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if database.health.is_away() and not request.path.startswith(PASSING):
            return catching_breath(request)
        return self.get_response(request)


def server_error(request, template_name: str = "500.html") -> HttpResponse:
    """handler500: Django calls it while handling the exception, so sys.exc_info() holds it."""
    error = sys.exc_info()[1]
    if error is not None and (database.note(error) or is_redis_error(error)):
        return catching_breath(request)
    return defaults.server_error(request, template_name)


class AwaySocketMiddleware:
    """Around the websockets' stack (config/asgi.py): a socket that opens while the database is away, or whose
    opening meets it (the session, the user, the player are read before any consumer runs), or meets Redis away
    (channels subscribes the socket's channel before its consumer runs), is accepted and closed at once with
    4503, "try again later" (the standard's 1013 is not ours to send): the page shows it reconnecting and tries
    again, instead of a handshake answered 500. Any other error, and anything after the socket was accepted, is
    left as it was."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        accepted = False

        async def watched_send(message):
            nonlocal accepted
            if message.get("type") in ("websocket.accept", "websocket.close"):
                accepted = True
            await send(message)

        if database.health.is_away():
            await _try_again_later(receive, send)
            return None
        try:
            return await self.inner(scope, receive, watched_send)
        except Exception as error:
            if accepted or not (_redis_away(error) or database.note(error)):
                raise
            await _try_again_later(receive, send)
            return None


TRY_AGAIN_LATER = 4503


def _redis_away(error: BaseException) -> bool:
    """Redis did not answer (refused, reset, timed out): the channel layer, presence or the cache."""
    return isinstance(error, (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError))


async def _try_again_later(receive, send) -> None:
    message = await receive()
    if message.get("type") != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": TRY_AGAIN_LATER})
