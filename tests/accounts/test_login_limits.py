"""Guessing passwords is limited at both doors, the admin's and the players' (django-axes; allauth's own limits).

Each test is an attacker's steps; the lock-out is counted in the database (axes' AccessAttempt rows), so time
travel is moving those rows' time back past the cool-off.
"""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import F
from django.utils import timezone

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

ATTACKER = "203.0.113.7"
ELSEWHERE = "198.51.100.20"


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    cache.clear()  # allauth's rate limits live in the cache (Redis)
    yield
    cache.clear()


@pytest.fixture
def root(db):
    return get_user_model().objects.create_superuser("root", "root@example.com", PASSWORD)


def admin_login(client, username, password, address=ATTACKER):
    return client.post(
        "/admin/login/?next=/admin/",
        {"username": username, "password": password, "next": "/admin/"},
        REMOTE_ADDR=address,
    )


def site_login(client, email, password, address=ATTACKER):
    return client.post("/accounts/login/", {"login": email, "password": password}, REMOTE_ADDR=address)


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def travel_past_the_cool_off():
    AccessAttempt.objects.update(attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1))


def test_25_wrong_admin_passwords_then_the_right_one_is_refused(client, root):
    pages = [admin_login(client, "root", f"guess-{n}") for n in range(25)]
    assert pages[0].status_code == 200  # the admin's own "wrong password" form, at first
    assert all(page.status_code == 429 for page in pages[settings.AXES_FAILURE_LIMIT - 1 :])
    right = admin_login(client, "root", PASSWORD)
    assert right.status_code == 429 and not logged_in(client)
    text = right.content.decode()
    assert "Inicio de sesión en pausa" in text and "15 minutos" in text  # Spanish, the site's default
    assert client.get("/admin/", REMOTE_ADDR=ATTACKER).status_code == 302  # still sent to the log-in


def test_the_lock_holds_the_account_from_another_address(client, root):
    for n in range(settings.AXES_FAILURE_LIMIT):
        admin_login(client, "root", f"guess-{n}")
    moved = admin_login(client, "root", PASSWORD, address=ELSEWHERE)
    assert moved.status_code == 429 and not logged_in(client)


def test_the_lock_holds_the_address_for_other_accounts(client, root):
    for n in range(settings.AXES_FAILURE_LIMIT):
        admin_login(client, f"staff{n}", "guess")  # one try at each of many accounts
    other = admin_login(client, "root", PASSWORD)
    assert other.status_code == 429 and not logged_in(client)
    # Someone else, elsewhere, logs in as usual.
    assert admin_login(client, "root", PASSWORD, address=ELSEWHERE).status_code == 302
    assert logged_in(client)


def test_the_lock_ends_after_the_cool_off(client, root):
    for n in range(settings.AXES_FAILURE_LIMIT):
        admin_login(client, "root", f"guess-{n}")
    assert admin_login(client, "root", PASSWORD).status_code == 429
    travel_past_the_cool_off()
    back = admin_login(client, "root", PASSWORD)
    assert back.status_code == 302 and logged_in(client)


def test_trying_while_locked_does_not_make_the_lock_longer(client, root):
    for n in range(settings.AXES_FAILURE_LIMIT):
        admin_login(client, "root", f"guess-{n}")
    # Half a minute before the lock ends, the attacker (or the owner) tries again: refused, and not counted.
    AccessAttempt.objects.update(attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME + timedelta(seconds=30))
    assert admin_login(client, "root", "one-more-guess").status_code == 429
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(seconds=60))  # a minute later
    assert admin_login(client, "root", PASSWORD).status_code == 302 and logged_in(client)


def test_the_site_login_and_the_admin_login_count_against_one_account(client, root):
    # Half the guesses at the players' door (by e-mail, each from a fresh address so that allauth's limits
    # per address stay out of it; spread over time so its limit per account does too), half at the admin's.
    half = settings.AXES_FAILURE_LIMIT // 2
    for n in range(half):
        site_login(client, "root@example.com", f"guess-{n}", address=f"192.0.2.{n + 1}")
        cache.clear()
    for n in range(settings.AXES_FAILURE_LIMIT - half):
        admin_login(client, "root", f"guess-{n}", address=f"192.0.2.{n + 100}")
    assert admin_login(client, "root", PASSWORD, address=ELSEWHERE).status_code == 429
    assert site_login(client, "root@example.com", PASSWORD, address=ELSEWHERE).status_code == 429
    assert not logged_in(client)


def test_spraying_one_password_over_many_accounts_at_the_site_login_locks_the_address(client, alice):
    pages = []
    for n in range(settings.AXES_FAILURE_LIMIT):
        pages.append(site_login(client, f"someone{n}@example.com", "Verano2024!"))
        cache.clear()  # allauth's per-address limit aside: this is about the lock-out
    assert pages[-1].status_code == 429
    assert "Inicio de sesión en pausa" in pages[-1].content.decode()
    assert site_login(client, "alice@example.com", PASSWORD).status_code == 429 and not logged_in(client)
    assert site_login(client, "alice@example.com", PASSWORD, address=ELSEWHERE).status_code == 302


def test_the_lock_out_page_is_in_english_for_an_english_visitor(client, root):
    for n in range(settings.AXES_FAILURE_LIMIT):
        admin_login(client, "root", f"guess-{n}")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = admin_login(client, "root", PASSWORD)
    assert page.status_code == 429 and "Log-in paused" in page.content.decode()


def test_a_right_password_at_first_try_logs_in_at_both_doors(client, root, alice):
    assert admin_login(client, "root", PASSWORD).status_code == 302 and logged_in(client)
    client.logout()
    assert site_login(client, "alice@example.com", PASSWORD).status_code == 302 and logged_in(client)


PROXY = "10.0.0.2"  # the proxy of docs/deployment.md: every request reaches daphne from it


def through_the_proxy(client, email, password, forwarded_for):
    return client.post(
        "/accounts/login/",
        {"login": email, "password": password},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=forwarded_for,
    )


def test_behind_the_proxy_a_guesser_is_limited_by_their_own_address_not_everyone_with_them(client, alice, settings):
    settings.CLIENT_IP_FROM_FORWARDED_FOR = True  # what production (BEHIND_PROXY) sets
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    # The guesser makes up a first X-Forwarded-For entry each time; the proxy appends the real address last.
    pages = [
        through_the_proxy(client, f"someone{n}@example.com", "guess", f"198.18.0.{n}, {ATTACKER}")
        for n in range(settings.AXES_FAILURE_LIMIT)
    ]
    assert pages[-1].status_code == 429
    # Even with a password that works, from the guesser's address, whatever the first entry says.
    stolen = through_the_proxy(client, "alice@example.com", PASSWORD, f"198.18.0.99, {ATTACKER}")
    assert not logged_in(client)
    assert "Inicio de sesión en pausa" in stolen.content.decode() or "Demasiados intentos" in stolen.content.decode()
    # Alice, behind the same proxy from her own address, logs in at once.
    assert through_the_proxy(client, "alice@example.com", PASSWORD, ELSEWHERE).status_code == 302
