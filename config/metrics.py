"""daphne's HTTP, observed: every request counted and timed (observe.metrics), and `/metrics`, the process'
metrics in Prometheus' text format, for the scraper only.

In front of Django (config/asgi.py), not a view: a scraper reaches each daphne by its own address
(web1.internal:8001), which is no host of ALLOWED_HOSTS, over plain HTTP (no HTTPS redirect), and must get its
answer while the database is away, when it matters most; no middleware runs for it (no session, no cookie).

`/metrics` answers only `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time, as /healthz/details
does HEALTHZ_TOKEN); anyone else, and everyone while no token is set, gets 403 `{"error": "forbidden"}` and
nothing of the metrics. Never cached.
"""

from __future__ import annotations

import hmac
import time
from typing import Any

from django.conf import settings
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from observe import metrics

PATH = "/metrics"
NEVER_CACHED = (b"cache-control", b"no-store, max-age=0")


def authorised(scope: dict[str, Any]) -> bool:
    token: str = settings.METRICS_TOKEN
    sent = next((value for name, value in scope.get("headers", []) if name == b"authorization"), b"")
    scheme, _space, credentials = sent.decode("latin-1").partition(" ")
    if not token or scheme.lower() != "bearer":
        return False
    return hmac.compare_digest(credentials.strip().encode(), token.encode())


async def _answer(send: Any, status: int, content_type: bytes, body: bytes) -> None:
    headers = [(b"content-type", content_type), (b"content-length", str(len(body)).encode()), NEVER_CACHED]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def serve_metrics(scope: dict[str, Any], send: Any) -> None:
    if not authorised(scope):
        await _answer(send, 403, b"application/json", b'{"error": "forbidden"}')
        return
    await _answer(send, 200, CONTENT_TYPE_LATEST.encode(), generate_latest(REGISTRY))


class ObservedHTTP:
    """The HTTP side of the ASGI application: `/metrics` here, everything else to `app` (Django), counted by
    method and status class and timed from its arrival to the end of its response."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["path"] == PATH:
            await serve_metrics(scope, send)
            return
        method, started = scope.get("method", "?"), time.perf_counter()
        status: int | None = 500  # what daphne answers for an application that fails before its response

        async def sending(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body" and not message.get("more_body") and status is not None:
                # Counted as its last bytes leave, before the client can ask anything else.
                metrics.http_request(method, status, time.perf_counter() - started)
                status = None
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            if status is not None:  # no complete response: the application failed, or the client left
                metrics.http_request(method, status, time.perf_counter() - started)
