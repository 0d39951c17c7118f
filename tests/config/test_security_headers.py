"""Every page carries a Content-Security-Policy without 'unsafe-inline' and a Permissions-Policy, and no page
needs inline code to work under it (issue 17).

The attacker's step this answers: any HTML a player can get into a page (a nickname, a clue, a crafted
link's parameter that some template forgets to escape) runs as the victim's script or restyles the page
as long as the policy allows inline code. With script-src and style-src 'self' only, it cannot; the pages
must then carry no inline <script>, on* handler or style attribute of their own, or they break. The browser
test tests/e2e/test_csp.py loads the pages in chromium and listens for violations.
"""

import re

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.IGNORECASE)
HANDLER = re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"<[a-z][^>]*\sstyle\s*=", re.IGNORECASE)

PAGES = ["/", "/words/", "/words/duelo-es-5-valid/?q=arbol", "/accounts/login/", "/accounts/signup/"]


def directives(header: str) -> dict[str, list[str]]:
    parts = (part.strip().split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in parts}


def inline_code(page: str) -> list[str]:
    return [*INLINE_SCRIPT.findall(page), *HANDLER.findall(page), *STYLE_ATTRIBUTE.findall(page)]


@pytest.fixture
def guest_client(client):
    client.post("/guest/", {"nickname": "Lucía"})
    return client


def test_every_page_forbids_inline_script_and_style_and_names_its_own_websocket(client):
    for path in [*PAGES, "/admin/login/"]:
        response = client.get(path)
        assert response.status_code == 200, path
        policy = directives(response["Content-Security-Policy"])
        assert policy["script-src"] == ["'self'"], path
        assert policy["style-src"] == ["'self'"], path
        assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
        assert policy["frame-ancestors"] == ["'none'"] and policy["base-uri"] == ["'self'"]
        assert policy["form-action"] == ["'self'"] and policy["img-src"] == ["'self'", "data:"]
        # The page's own websocket origin (host and port), never a scheme-wide ws: or wss:.
        assert policy["connect-src"] == ["'self'", "ws://testserver"], path
        assert "unsafe" not in response["Content-Security-Policy"]


def test_a_page_over_tls_names_the_secure_websocket(client):
    response = client.get("/", secure=True)
    assert directives(response["Content-Security-Policy"])["connect-src"] == ["'self'", "wss://testserver"]


def test_every_page_turns_off_the_browser_features_no_game_uses(client):
    header = client.get("/")["Permissions-Policy"]
    for feature in ["camera", "microphone", "geolocation", "payment", "usb"]:
        assert f"{feature}=()" in header
    assert "clipboard-write" not in header  # the invite link's Copy button needs it


def test_no_page_carries_inline_code_the_policy_would_block(guest_client):
    """The pages a guest sees, and a room of each kind it can open (the boards' templates included)."""
    pages = [*PAGES, "/lobby/"]
    for create, data in [
        ("/play/duelo/", {"seats": 2, "bots": "easy", "language": "es", "rounds": 1, "round_seconds": 60}),
        ("/play/claves/", {"level": "familiar", "turns": 9}),
        ("/play/wordgrid/practice/", {}),
        ("/play/cruzadas/new/", {"level": "easy"}),
    ]:
        response = guest_client.post(create, data)
        assert response.status_code == 302, create
        pages.append(response["Location"])
    pages += ["/play/duelo/", "/play/wordgrid/", "/play/cruzadas/", "/play/claves/", "/me/"]
    for path in pages:
        response = guest_client.get(path, follow=True)
        assert response.status_code == 200, path
        assert inline_code(response.content.decode()) == [], path


def test_the_wallet_and_the_admin_carry_no_inline_code(client):
    user = get_user_model().objects.create_superuser("ops", "ops@example.com", PASSWORD)
    client.force_login(user)
    for path in ["/wallet/", "/admin/", "/admin/wallet/account/", "/admin/accounts/player/", "/admin/auth/user/add/"]:
        response = client.get(path)
        assert response.status_code == 200, path
        assert inline_code(response.content.decode()) == [], path
