"""A websocket opens only from the site's own page: scheme, host and port of its Origin, not the host alone.

The attacker's steps: a page the attacker controls on the same host but another port (http://127.0.0.1:9999,
a program of theirs on a shared machine), or a plain-http page in front of the https site, opens the lobby
socket of the victim's site; the browser adds the victim's session cookie, which no browser scopes by port
or scheme. channels' AllowedHostsOriginValidator let both in (it compares the host name alone).
"""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]


@database_sync_to_async
def guest_cookie() -> str:
    client = Client()
    client.post("/guest/", {"nickname": "Lucía"})
    return client.cookies["sessionid"].value


async def opens(cookie: str, *headers: tuple[bytes, bytes]) -> bool:
    socket = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[*headers, (b"cookie", f"sessionid={cookie}".encode())]
    )
    connected, _ = await socket.connect()
    if connected:
        assert (await socket.receive_json_from())["type"] == "hello"
        await socket.disconnect()
    return connected


async def test_the_sites_own_page_opens_its_socket():
    cookie = await guest_cookie()
    assert await opens(cookie, (b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8000"))
    assert await opens(cookie, (b"host", b"localhost"), (b"origin", b"http://localhost:80"))


async def test_a_page_on_another_port_of_the_same_host_is_refused():
    cookie = await guest_cookie()
    assert not await opens(cookie, (b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:9999"))
    assert not await opens(cookie, (b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1"))


async def test_another_site_a_missing_origin_or_host_and_garbage_are_refused():
    cookie = await guest_cookie()
    host = (b"host", b"127.0.0.1:8000")
    assert not await opens(cookie, host, (b"origin", b"http://evil.example"))
    assert not await opens(cookie, host, (b"origin", b"http://evil.example:8000"))
    assert not await opens(cookie, host)
    assert not await opens(cookie, (b"origin", b"http://127.0.0.1:8000"))
    assert not await opens(cookie, host, (b"origin", b"null"))
    assert not await opens(cookie, host, (b"origin", b"http://127.0.0.1:notaport"))
    # A Host that ALLOWED_HOSTS refuses is no origin of ours, whatever the Origin says.
    assert not await opens(cookie, (b"host", b"evil.example"), (b"origin", b"http://evil.example"))


@pytest.fixture
def production_proxy(settings):
    settings.ALLOWED_HOSTS = ["play.example", "testserver"]  # testserver: the guest signs up through the test client
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.CSRF_TRUSTED_ORIGINS = []


async def test_in_production_plain_http_in_front_of_the_https_site_is_refused(production_proxy):
    cookie = await guest_cookie()
    behind_tls = [(b"host", b"play.example"), (b"x-forwarded-proto", b"https")]
    assert await opens(cookie, *behind_tls, (b"origin", b"https://play.example"))
    assert not await opens(cookie, *behind_tls, (b"origin", b"http://play.example"))
    assert not await opens(cookie, *behind_tls, (b"origin", b"https://play.example:8443"))
    # Over plain http (no TLS at the proxy) an https page is not this socket's origin either.
    assert not await opens(cookie, (b"host", b"play.example"), (b"origin", b"https://play.example"))


async def test_an_origin_in_csrf_trusted_origins_is_the_sites_own(production_proxy, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://www.play.example"]
    cookie = await guest_cookie()
    behind_tls = [(b"host", b"play.example"), (b"x-forwarded-proto", b"https")]
    assert await opens(cookie, *behind_tls, (b"origin", b"https://www.play.example"))
    assert not await opens(cookie, *behind_tls, (b"origin", b"http://www.play.example"))
