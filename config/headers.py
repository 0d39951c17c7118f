"""The site's Content-Security-Policy (django-csp), with the page's own websocket origin in connect-src.

The policy itself is config/settings.py's CONTENT_SECURITY_POLICY: nothing inline (no <script> bodies, no
on* handlers, no style attributes), everything from the site's own origin. Pages bind what they once did
inline from static/js/page.js; the boards set styles through CSSOM (element.style), which the policy allows.
"""

from __future__ import annotations

from typing import Any

from csp.middleware import CSPMiddleware, PolicyParts
from django.core.exceptions import DisallowedHost


def websocket_origin(request: Any) -> str | None:
    """ws://host[:port] (wss:// over TLS) of the page's own host, or None for a host ALLOWED_HOSTS refuses."""
    try:
        host = request.get_host()
    except DisallowedHost:
        return None
    return f"{'wss' if request.is_secure() else 'ws'}://{host}"


class SiteCSPMiddleware(CSPMiddleware):
    """django-csp's middleware, plus the page's websocket origin in connect-src.

    CSP Level 3 lets 'self' match ws:/wss: of the page's own host and port (current Chromium, Firefox and
    Safari do); browsers before it match only http(s) there, and the boards would lose their socket. The
    origin named is the request's own host, already checked against ALLOWED_HOSTS, never a wildcard.
    """

    def get_policy_parts(self, request: Any, response: Any, report_only: bool = False) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        origin = websocket_origin(request)
        if not report_only and origin is not None:
            update = dict(parts.update or {})
            existing = update.get("connect-src") or []
            update["connect-src"] = [*([existing] if isinstance(existing, str) else existing), origin]
            parts.update = update
        return parts
