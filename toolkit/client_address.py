"""Where a request comes from: the one answer every per-address limit of the site uses (the code look-ups'
rate limits, django-ratelimit's RATELIMIT_IP_META_KEY; any other limit by address should call it too).

Behind the proxy of docs/deployment.md (BEHIND_PROXY, on by default in production) REMOTE_ADDR is the proxy
itself, so the address is the last entry of X-Forwarded-For: the one our proxy appended
(`proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`). Entries before it are whatever the client
sent and are never trusted. Facing the internet directly (BEHIND_PROXY=0, development) it is REMOTE_ADDR."""

from __future__ import annotations

import ipaddress

from django.conf import settings


def client_ip(request) -> str:
    if getattr(settings, "CLIENT_IP_FROM_FORWARDED_FOR", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if _is_address(last):
            return last
    return request.META.get("REMOTE_ADDR", "") or "0.0.0.0"  # noqa: S104 (an address to count by, not one to bind)


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True
