"""What the account pages and e-mails give away, tried as someone fishing for who has an account here.

And what the site's e-mails call the site: its name and domain (the Sites framework's row, set from
SITE_NAME and SITE_DOMAIN at every migrate), never "example.com".
"""

import re

import pytest
from django.conf import settings
from django.contrib.sites.models import Site
from django.core.cache import cache
from django.test import Client

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


def test_an_address_someone_added_unconfirmed_to_their_account_does_not_keep_its_owner_from_signing_up(
    client, alice, mailoutbox
):
    """Issue 31: Alice adds Bea's address to her own account (she can never confirm it); Bea signing up was told
    "check your e-mail" and mailed "an account already exists", and could never have an account. An address
    belongs to whoever confirms it: Bea gets her link, her account, and Alice's unconfirmed claim is dropped."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    client.force_login(alice)
    client.post("/accounts/email/", {"action_add": "", "email": "bea@example.com"})
    assert EmailAddress.objects.filter(user=alice, email="bea@example.com", verified=False).exists()
    client.logout()
    mailoutbox.clear()
    cache.clear()  # some minutes later: allauth mails one confirmation per address every 3 minutes

    bea = Client()
    sign_up(bea, "bea@example.com", "Bea")
    account = get_user_model().objects.exclude(pk=alice.pk).get(email="bea@example.com")
    assert [message.to for message in mailoutbox] == [["bea@example.com"]]
    assert "already exists" not in mailoutbox[0].body and "ya existe" not in mailoutbox[0].body
    bea.post(re.search(r"/accounts/confirm-email/[^/\s]+/", mailoutbox[0].body).group(0))
    assert EmailAddress.objects.get(email="bea@example.com", verified=True).user == account
    assert not EmailAddress.objects.filter(user=alice, email="bea@example.com").exists()
    assert bea.get("/wallet/").status_code == 200  # signed in as Bea


def test_an_address_confirmed_by_another_account_still_looks_taken_the_same_way(client, alice, mailoutbox):
    """Its owner confirmed it: a sign-up with it looks like any other and creates nothing (the owner is told)."""
    from django.contrib.auth import get_user_model

    before = get_user_model().objects.count()
    sign_up(client, "alice@example.com", "Otra")
    assert get_user_model().objects.count() == before
    assert [message.to for message in mailoutbox] == [["alice@example.com"]]
