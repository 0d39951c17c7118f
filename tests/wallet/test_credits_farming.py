"""Credits cannot be minted (issue 17): the attacker's steps against the sign-up grant and staked play.

Each test replays an attack that worked before: sign-ups in a row from one address each minted the
welcome credits with an unverified e-mail, an unverified account could stake them at once."""

import re

import pytest
from django.core import mail
from django.test import Client

from accounts.models import Player
from lobby import offers
from lobby.models import StakeOffer
from tests.conftest import PASSWORD
from tests.emails import verify_email
from tests.wallet.helpers import assert_ledger_sound, balances
from wallet.models import GrantWithheld, Transfer

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.wallet.urls")]

ATTACKER = "203.0.113.7"


@pytest.fixture(autouse=True)
def grant_settings(settings):
    settings.WALLET_SIGNUP_GRANT = 1000
    settings.WALLET_SIGNUP_GRANTS_PER_ADDRESS = 2
    settings.WALLET_SIGNUP_GRANTS_PER_DAY = 200
    settings.ACCOUNT_RATE_LIMITS = False  # this attacker is patient: allauth's own limits are another test's
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # 17 sign-ups, quickly


def sign_up(nickname: str, address: str = ATTACKER) -> Client:
    browser = Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE="en")
    response = browser.post(
        "/accounts/signup/",
        {
            "nickname": nickname,
            "email": f"{nickname.lower()}@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return browser


def confirmation_link(email: str) -> str:
    message = next(m for m in reversed(mail.outbox) if email in m.to)
    return re.search(r"https?://[^/\s]+(/accounts/confirm-email/[^/\s]+/)", message.body).group(1)


def confirm(browser: Client, email: str, capture, expect: int = 302) -> None:
    with capture(execute=True):
        response = browser.post(confirmation_link(email))
    assert response.status_code == expect


def player(nickname: str) -> Player:
    return Player.objects.get(user__email=f"{nickname.lower()}@example.com")


def test_seventeen_sign_ups_from_one_address_mint_nothing_unverified_and_two_grants_once_verified(
    django_capture_on_commit_callbacks,
):
    names = [f"Farm{index}" for index in range(17)]
    with django_capture_on_commit_callbacks(execute=True):
        browsers = {name: sign_up(name) for name in names}
    # Unverified: not a credit minted, whatever the number of accounts.
    assert sum(balances(*(player(name) for name in names))) == 0
    assert not Transfer.objects.filter(kind="grant").exists()
    assert {player(name).signup_ip for name in names} == {ATTACKER}

    for name in names:
        confirm(browsers[name], f"{name.lower()}@example.com", django_capture_on_commit_callbacks)
    paid = [name for name in names if balances(player(name)) == [1000]]
    assert paid == names[:2]
    assert Transfer.objects.filter(kind="grant").count() == 2
    assert GrantWithheld.objects.filter(reason="address").count() == 15

    # The 17th account exists and is told why it has no credits.
    page = browsers[names[-1]].get("/wallet/").content.decode()
    assert 'data-testid="grant-withheld"' in page
    assert "already received their welcome credits" in page
    # An honest player elsewhere still gets the grant.
    honest = sign_up("Honesta", address="198.51.100.20")
    confirm(honest, "honesta@example.com", django_capture_on_commit_callbacks)
    assert balances(player("Honesta")) == [1000]
    assert_ledger_sound()


def test_sign_ups_from_addresses_of_one_ipv6_network_share_its_two_grants(django_capture_on_commit_callbacks):
    # One phone or household is given a /64 and may take any address in it: rotating them earns nothing.
    names = ["Seis1", "Seis2", "Seis3"]
    with django_capture_on_commit_callbacks(execute=True):
        browsers = {name: sign_up(name, f"2001:db8:7:42::{index + 1:x}") for index, name in enumerate(names)}
    assert {player(name).signup_ip for name in names} == {"2001:db8:7:42::"}
    for name in names:
        confirm(browsers[name], f"{name.lower()}@example.com", django_capture_on_commit_callbacks)
    assert [balances(player(name)) for name in names] == [[1000], [1000], [0]]
    assert GrantWithheld.objects.get().reason == "address"
    # The next /64 is another household.
    neighbour = sign_up("Vecina", "2001:db8:7:43::1")
    confirm(neighbour, "vecina@example.com", django_capture_on_commit_callbacks)
    assert balances(player("Vecina")) == [1000]
    assert_ledger_sound()


def test_confirming_twice_or_adding_a_second_address_grants_nothing_more(django_capture_on_commit_callbacks):
    browser = sign_up("Carla")
    confirm(browser, "carla@example.com", django_capture_on_commit_callbacks)
    assert balances(player("Carla")) == [1000]
    # The same link again: allauth answers that it is no longer valid, and nothing is paid.
    confirm(browser, "carla@example.com", django_capture_on_commit_callbacks, expect=404)
    with django_capture_on_commit_callbacks(execute=True):
        browser.post("/accounts/email/", {"action_add": "", "email": "carla.second@example.com"})
    confirm(browser, "carla.second@example.com", django_capture_on_commit_callbacks)
    assert player("Carla").user.emailaddress_set.filter(verified=True).count() == 2
    assert balances(player("Carla")) == [1000] and Transfer.objects.filter(kind="grant").count() == 1
    assert_ledger_sound()


def test_the_site_wide_daily_cap_withholds_the_grant_and_says_so(settings, django_capture_on_commit_callbacks):
    settings.WALLET_SIGNUP_GRANTS_PER_DAY = 1
    first, second = sign_up("Uno", "198.51.100.1"), sign_up("Dos", "198.51.100.2")
    confirm(first, "uno@example.com", django_capture_on_commit_callbacks)
    confirm(second, "dos@example.com", django_capture_on_commit_callbacks)
    assert balances(player("Uno"), player("Dos")) == [1000, 0]
    assert GrantWithheld.objects.get().reason == "daily"
    page = second.get("/wallet/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "créditos de bienvenida" in page and 'data-testid="grant-withheld"' in page


def test_an_unverified_account_sees_that_the_grant_waits_for_its_address(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        browser = sign_up("Eli", "198.51.100.3")
    assert "_auth_user_id" not in browser.session  # a sign-up is logged in by its link only
    # An account logged in without a confirmed address (made by an admin, say) is told what it waits for.
    browser.force_login(player("Eli").user)
    page = browser.get("/wallet/").content.decode()
    assert 'data-testid="grant-waits"' in page and "Confirm your e-mail address" in page


def test_an_unverified_account_cannot_post_or_accept_a_stake(make_player, django_capture_on_commit_callbacks):
    ana = make_player("Ana", credits=500)
    verify_email(ana.user)
    offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
    with django_capture_on_commit_callbacks(execute=True):
        browser = sign_up("Mallory", "198.51.100.4")
    mallory = player("Mallory")
    browser.force_login(mallory.user)  # logged in without a confirmed address (an admin-made account, say)
    from wallet.services import wallet_grant

    wallet_grant(player=mallory, amount=500, key="seed:mallory")  # credits from elsewhere (an admin's grant)

    posted = browser.post("/play/wordgrid/offers/", {"stake": 50}, follow=True).content.decode()
    accepted = browser.post(f"/play/wordgrid/offers/{offer.pk}/accept/", follow=True).content.decode()
    for page in (posted, accepted):
        assert "Confirm your e-mail address to play for credits" in page
    assert StakeOffer.objects.filter(player=mallory).count() == 0
    assert StakeOffer.objects.get(pk=offer.pk).status == StakeOffer.OPEN
    assert balances(ana, mallory) == [500, 500] and not Transfer.objects.filter(kind="hold").exists()
    # In Spanish too (the site's default).
    spanish = browser.post("/play/wordgrid/offers/", {"stake": 50}, follow=True, HTTP_ACCEPT_LANGUAGE="es")
    assert "Confirma tu dirección de correo para jugar por créditos" in spanish.content.decode()
