"""Websockets only from the site's own pages: the Origin must be the socket's own origin, scheme, host and port.

channels' AllowedHostsOriginValidator compared the Origin's host name alone with ALLOWED_HOSTS, so a page
served from the same host on another port (another program on the machine, a developer's tool) or over
plain http in front of an https site opened sockets with the player's cookies, which no browser scopes by
port or scheme. Here the Origin must equal the origin the browser reached: `http(s)://` the socket's Host
header (checked against ALLOWED_HOSTS, as Django checks a request's host), https when the socket came over
TLS (scope scheme wss, or the proxy's SECURE_PROXY_SSL_HEADER as Django's request.is_secure() reads it),
default ports filled in; or one of CSRF_TRUSTED_ORIGINS exactly (a site reached under another name).
A socket without an Origin or a Host is not a browser's page: refused.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}
Origin = tuple[str, str, int]


def parse_origin(value: str) -> Origin | None:
    """(scheme, host, port) of an origin such as `https://play.example` or `http://127.0.0.1:8000`."""
    try:
        parts = urlsplit(value.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        return None
    return parts.scheme, parts.hostname.lower(), port or DEFAULT_PORTS[parts.scheme]


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return None


def _allowed_hosts() -> list[str]:
    hosts = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not hosts:
        hosts = [".localhost", "127.0.0.1", "[::1]"]  # what Django itself allows then
    return hosts


def _is_secure(scope: dict[str, Any]) -> bool:
    if scope.get("scheme") == "wss":
        return True
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if not proxy:
        return False
    meta_name, secure_value = proxy
    forwarded = _header(scope, meta_name.removeprefix("HTTP_").lower().replace("_", "-").encode())
    return forwarded is not None and forwarded.split(",")[0].strip() == secure_value


def socket_origin(scope: dict[str, Any]) -> Origin | None:
    """The origin of the page that may open this socket: what the browser reached, by the Host header."""
    host = _header(scope, b"host")
    if not host:
        return None
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, _allowed_hosts()):
        return None
    return parse_origin(f"{'https' if _is_secure(scope) else 'http'}://{host}")


def trusted_origins() -> set[Origin]:
    return {origin for value in settings.CSRF_TRUSTED_ORIGINS if (origin := parse_origin(value)) is not None}


def origin_allowed(scope: dict[str, Any]) -> bool:
    value = _header(scope, b"origin")
    origin = parse_origin(value) if value else None
    if origin is None:
        return False
    return origin == socket_origin(scope) or origin in trusted_origins()


class SameOriginValidator:
    """ASGI middleware: a websocket whose Origin is not the site's own is closed before any consumer runs."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier.as_asgi()(scope, receive, send)
        return await self.application(scope, receive, send)
