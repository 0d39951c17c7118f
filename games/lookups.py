"""Code look-ups by someone who is not in the room or group: the "enter a code" box (/r/?code=, Claves'
too), the invite pages /r/CODE/ and /g/CODE/ and every other page reached by a code. Each counts against
the address's budgets (settings.CODE_LOOKUP_RATES: django-ratelimit on the Redis cache, the address from
toolkit.client_address); over either, the answer is 429 before the code is looked at, so it says nothing
of whether the code exists. A player already in the room or group is not counted: they know the code.
docs/security.md, "Links and look-ups"."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import render
from django_ratelimit.core import is_ratelimited  # type: ignore[import-untyped]

GROUP = "code-lookup"


def lookup_allowed(request) -> bool:
    """Count one look-up from this address; False when it is over a budget (every budget counts it)."""
    over = [
        is_ratelimited(request, group=GROUP, key="ip", rate=rate, increment=True) for rate in settings.CODE_LOOKUP_RATES
    ]
    return not any(over)


def too_many_lookups(request) -> HttpResponse:
    response = render(request, "too_many_lookups.html", status=429)
    response["Retry-After"] = "60"
    return response
