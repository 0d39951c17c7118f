"""What the account pages and e-mails give away, tried as someone fishing for who has an account here.

And what the site's e-mails call the site: its name and domain (the Sites framework's row, set from
SITE_NAME and SITE_DOMAIN at every migrate), never "example.com".
"""

import re

import pytest
from django.conf import settings
from django.contrib.sites.models import Site
from django.core.cache import cache

from accounts.site import site_from_settings
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    cache.clear()
    yield
    cache.clear()


def page_text(response) -> str:
    return CSRF.sub("", response.content.decode())


def test_password_reset_of_an_unknown_address_looks_the_same_and_mails_no_one(client, alice, mailoutbox):
    known = client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    unknown = client.post("/accounts/password/reset/", {"email": "nobody@example.com"})
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert page_text(client.get(known["Location"])) == page_text(client.get(unknown["Location"]))
    # Alice gets her link; the stranger's address gets nothing (the site mails no address on anyone's say-so).
    assert [message.to for message in mailoutbox] == [["alice@example.com"]]


def test_a_wrong_password_and_an_unknown_account_get_the_same_log_in_page(client, alice):
    wrong = client.post("/accounts/login/", {"login": "alice@example.com", "password": "not-hers-1"})
    unknown = client.post("/accounts/login/", {"login": "nobody@example.com", "password": "not-hers-1"})
    assert wrong.status_code == unknown.status_code == 200
    assert page_text(wrong).replace("alice@example.com", "X") == page_text(unknown).replace("nobody@example.com", "X")


def sign_up(client, email, nickname="Nuevo"):
    return client.post(
        "/accounts/signup/",
        {"nickname": nickname, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )


def test_signing_up_a_known_address_looks_like_a_new_one(client, alice, mailoutbox):
    # Enumeration prevention on sign-up needs mandatory verification (docs/security.md), the site's setting:
    # a fresh sign-up and one with a known address both end on "check your e-mail", and the known address's
    # owner is told. (It failed while the setting was "optional": the fresh sign-up was logged in at once.)
    fresh = sign_up(client, "newcomer@example.com", "Nuevo")
    fresh_page = page_text(client.get(fresh["Location"])).replace("newcomer@example.com", "X")
    client.logout()
    known = sign_up(client, "alice@example.com", "Otra")
    known_page = page_text(client.get(known["Location"])).replace("alice@example.com", "X")
    assert (fresh.status_code, fresh["Location"]) == (known.status_code, known["Location"])
    assert fresh_page == known_page
    # The newcomer gets a link to confirm; Alice, the owner of the known address, is told someone tried.
    assert [message.to for message in mailoutbox] == [["newcomer@example.com"], ["alice@example.com"]]
    assert "already exists" in mailoutbox[1].body or "ya existe" in mailoutbox[1].body


def test_the_site_is_named_and_placed_from_settings_after_migrate():
    site = Site.objects.get_current()
    assert (site.name, site.domain) == (settings.SITE_NAME, settings.SITE_DOMAIN)
    assert site.name == "Dream Games" and site.domain != "example.com"


@pytest.fixture
def play_example(settings):
    settings.SITE_DOMAIN = "play.example"
    site_from_settings()
    yield "play.example"


def test_the_password_reset_email_names_the_site_and_its_domain(client, alice, mailoutbox, play_example):
    client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    (message,) = mailoutbox
    assert message.subject.startswith("[Dream Games] ")
    assert "Dream Games" in message.body and play_example in message.body
    assert "example.com" not in message.body.replace("alice@example.com", "")
    assert "localhost" not in message.body


def test_the_verification_email_names_the_site_and_its_domain(client, mailoutbox, play_example):
    sign_up(client, "newcomer@example.com")
    (message,) = mailoutbox
    assert message.to == ["newcomer@example.com"]
    assert message.subject.startswith("[Dream Games] ")
    assert "Dream Games" in message.body and play_example in message.body
    assert "localhost" not in message.body
    assert "Dream Games" in message.from_email
