"""Credits cannot be laundered (issue 17): the attacker's steps with two accounts of their own.

Before: one person with two accounts posted a Wordgrid offer with one and accepted it with the other,
resigned at once, and moved 90 % of the stake across, as often as they liked. Now: accounts that shared a
browser or an address recently, or that already played each other the day's staked games, are refused
(recorded for the admin); the admin sees who wins mostly from one opponent and who resigns after one move,
and can freeze a wallet; every movement reads as what happened, linked to its game."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from accounts.services import player_create_for_user
from games.models import Match
from games.runtime import matches, scheduling
from lobby import offers
from lobby.models import StakeOffer
from tests.conftest import PASSWORD
from tests.emails import verify_email
from tests.wallet.helpers import assert_ledger_sound, balances
from wallet.models import AccountFreeze, PairingRefusal, Transfer
from wallet.services import wallet_grant

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.wallet.urls")]


@pytest.fixture(autouse=True)
def quiet(settings):
    settings.WALLET_SIGNUP_GRANT = 0
    settings.WALLET_STAKE_LEVELS = ["10", "50", "100", "500"]
    settings.WALLET_RELATED_WINDOW_DAYS = 30
    settings.WALLET_PAIR_GAMES_PER_DAY = 5
    cache.clear()  # the sightings' once-an-hour marks of an earlier test's accounts
    with scheduling.timers_disabled():
        yield


def member(name: str, credits: int = 1000):
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com", password=PASSWORD)
    verify_email(user)
    player = player_create_for_user(user=user, nickname=name.capitalize())
    if credits:
        wallet_grant(player=player, amount=credits, key=f"seed:{name}")
    return player


def browser(address: str = "127.0.0.1") -> Client:
    return Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE="en")


def visit(client: Client, player) -> None:
    client.force_login(player.user)
    assert client.get("/").status_code == 200


def accept(client: Client, offer) -> str:
    return client.post(f"/play/wordgrid/offers/{offer.pk}/accept/", follow=True).content.decode()


def a_stranger_takes(offer, address: str) -> None:
    """Carla, related to nobody, takes the offer the related account was refused, from her own address."""
    stranger = browser(address)
    visit(stranger, member("carla"))
    assert stranger.post(f"/play/wordgrid/offers/{offer.pk}/accept/").status_code == 302
    assert Match.objects.get().stake == offer.stake
    assert_ledger_sound()


def test_two_accounts_logged_in_from_one_browser_cannot_stake_against_each_other():
    ana, beto = member("ana"), member("beto")
    shared = browser()
    visit(shared, ana)  # the attacker's first account ...
    assert shared.post("/accounts/logout/").status_code == 302  # logs out; the browser keeps its cookies
    visit(shared, beto)  # ... and the second, in the same browser (its device cookie stays)
    offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
    page = accept(shared, offer)
    assert "your accounts were used on the same browser recently" in page
    assert not Match.objects.exists() and StakeOffer.objects.get().status == StakeOffer.OPEN
    assert balances(ana, beto) == [1000, 1000] and not Transfer.objects.filter(kind="hold").exists()
    refusal = PairingRefusal.objects.get()
    assert (refusal.poster, refusal.accepter, refusal.reason, refusal.stake) == (ana, beto, "browser", 50)
    assert refusal.get_reason_display() == "shared a browser"
    # A stranger in another browser may take the same offer.
    a_stranger_takes(offer, "198.51.100.30")


def test_a_forged_device_cookie_is_replaced_not_trusted():
    ana = member("ana")
    client = browser()
    client.cookies["dg_device"] = "forged-value"
    visit(client, ana)
    issued = client.cookies["dg_device"]
    assert issued.value != "forged-value" and issued["httponly"] and issued["samesite"] == "Lax"
    assert int(issued["max-age"]) >= 2 * 365 * 24 * 3600 - 1
    assert ana.sightings.get(kind="device").value != "forged-value"


def test_two_accounts_from_one_address_cannot_stake_against_each_other():
    ana, beto = member("ana"), member("beto")
    visit(browser("203.0.113.9"), ana)  # two browsers behind one address
    other = browser("203.0.113.9")
    visit(other, beto)
    offer = offers.offer_post(player=ana, game="wordgrid", stake=10)
    page = accept(other, offer)
    assert "your accounts were used from the same address recently" in page
    assert PairingRefusal.objects.get().reason == "address"
    assert not Match.objects.exists() and balances(ana, beto) == [1000, 1000]
    # In Spanish, the site's default.
    spanish = other.post(f"/play/wordgrid/offers/{offer.pk}/accept/", follow=True, HTTP_ACCEPT_LANGUAGE="es")
    assert "vuestras cuentas se usaron hace poco desde la misma dirección" in spanish.content.decode()


def test_two_accounts_from_one_ipv6_network_cannot_stake_against_each_other():
    # Two addresses of one /64 are one household (or one person who rotates addresses).
    ana, beto = member("ana"), member("beto")
    visit(browser("2001:db8:5:6::a1"), ana)
    other = browser("2001:db8:5:6:ffff::2")
    visit(other, beto)
    offer = offers.offer_post(player=ana, game="wordgrid", stake=10)
    assert "your accounts were used from the same address recently" in accept(other, offer)
    assert PairingRefusal.objects.get().reason == "address"
    # Another /64 is someone else.
    a_stranger_takes(offer, "2001:db8:5:7::a1")


def test_sightings_older_than_the_window_do_not_relate_accounts(settings):
    from datetime import timedelta

    from django.utils import timezone

    ana, beto = member("ana"), member("beto")
    visit(browser("203.0.113.9"), ana)
    other = browser("203.0.113.9")
    visit(other, beto)
    ana.sightings.update(last_seen=timezone.now() - timedelta(days=31))
    offer = offers.offer_post(player=ana, game="wordgrid", stake=10)
    assert other.post(f"/play/wordgrid/offers/{offer.pk}/accept/").status_code == 302
    assert Match.objects.get().stake == 10 and not PairingRefusal.objects.exists()


def play_and_resign(poster, accepter, stake: int = 50) -> Match:
    """One staked game: `poster` offers, `accepter` takes it, both arrive, `accepter` resigns at once."""
    offer = offers.offer_post(player=poster, game="wordgrid", stake=stake)
    match = offers.offer_accept(player=accepter, offer_id=offer.pk, interface_language="en")
    for player in (poster, accepter):
        matches.match_arrive(match_id=match.pk, player=player)
    matches.match_act(match_id=match.pk, player=accepter, action={"type": "resign"})
    return match


def test_the_sixth_staked_game_of_the_day_between_two_accounts_is_refused():
    ana, beto = member("ana"), member("beto")
    for _game in range(5):
        play_and_resign(ana, beto)
    assert balances(ana, beto) == [1000 + 5 * 40, 1000 - 5 * 50]
    client = browser("198.51.100.41")
    visit(client, beto)
    offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
    page = accept(client, offer)
    assert "You have already played 5 staked games against this player today" in page
    assert PairingRefusal.objects.get().reason == "played"
    assert Match.objects.count() == 5 and balances(ana, beto) == [1200, 750]
    # Someone else may still play Ana.
    play_and_resign(ana, member("carla"))
    assert Match.objects.count() == 6
    assert_ledger_sound()


@pytest.fixture
def admin_client():
    admin = get_user_model().objects.create_superuser(username="root", email="root@example.com", password=PASSWORD)
    client = browser("198.51.100.99")
    client.force_login(admin)
    return client


def test_the_admin_sees_winnings_from_one_opponent_and_resigns_after_one_move(admin_client):
    ana, beto, carla, dora = member("ana"), member("beto"), member("carla"), member("dora")
    for _game in range(4):
        play_and_resign(ana, beto)  # Beto feeds Ana: resigns before a single move, four times
    play_and_resign(carla, dora)  # an ordinary loss
    page = admin_client.get("/admin/wallet/account/suspicious/").content.decode()
    table = page[page.index('data-testid="suspicious-flows"') :]
    ana_row = table[table.index(f'data-player="{ana.pk}"') :].split("</tr>")[0]
    beto_row = table[table.index(f'data-player="{beto.pk}"') :].split("</tr>")[0]
    assert "Beto" in ana_row and '<td class="share">100 %</td>' in ana_row and "<td>360</td>" in ana_row
    assert '<td class="quick">4 (100 %)</td>' in beto_row
    assert table.index(f'data-player="{ana.pk}"') < table.index(f'data-player="{carla.pk}"')  # most suspicious first


def test_a_frozen_wallet_cannot_stake_or_send_credits_and_the_ledger_stays_balanced(admin_client):
    ana, beto = member("ana"), member("beto")
    old_offer = offers.offer_post(player=beto, game="wordgrid", stake=50)
    account = beto.wallet_account
    asked = admin_client.post("/admin/wallet/account/", {"action": "freeze_wallets", "_selected_action": [account.pk]})
    assert asked.status_code == 200 and "Reason" in asked.content.decode()  # the reason comes first
    assert not AccountFreeze.objects.exists()
    admin_client.post(
        "/admin/wallet/account/",
        {"action": "freeze_wallets", "_selected_action": [account.pk], "reason": "Feeds Ana by resigning"},
    )
    freeze = AccountFreeze.objects.get()
    assert (freeze.frozen, freeze.reason, freeze.created_by.username) == (True, "Feeds Ana by resigning", "root")

    client = browser("198.51.100.50")
    visit(client, beto)
    posted = client.post("/play/wordgrid/offers/", {"stake": 50}, follow=True).content.decode()
    assert "Your wallet is frozen by the site" in posted
    ana_offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
    assert "Your wallet is frozen by the site" in accept(client, ana_offer)
    ana_client = browser("198.51.100.51")
    visit(ana_client, ana)
    assert "cannot play for credits now" in accept(ana_client, old_offer)
    # No transfer out, not even an admin's debit.
    debit = {"player": beto.pk, "operation": "debit", "amount": 10, "reason": "Clawback", "key": "admin:d"}
    refused = admin_client.post("/admin/wallet/account/adjust/", debit)
    assert "is frozen by the site" in refused.content.decode()
    assert balances(ana, beto) == [1000, 1000] and not Match.objects.exists()
    statement = client.get("/wallet/").content.decode()
    assert (
        'data-testid="wallet-frozen"' in statement and "Wallet frozen by the site: Feeds Ana by resigning" in statement
    )
    assert_ledger_sound()

    admin_client.post(
        "/admin/wallet/account/",
        {"action": "unfreeze_wallets", "_selected_action": [account.pk], "reason": "Explained: siblings"},
    )
    assert client.post("/play/wordgrid/offers/", {"stake": 50}).status_code == 302
    assert StakeOffer.objects.filter(player=beto, status=StakeOffer.OPEN).count() == 2
    assert "Wallet unfrozen by the site: Explained: siblings" in client.get("/wallet/").content.decode()


def test_the_statement_says_what_happened_in_words_each_linked_to_its_game(admin_client, settings):
    ana, carla, beto = member("ana", credits=0), member("carla"), member("beto")
    settings.WALLET_SIGNUP_GRANT = 1000
    from wallet.services import wallet_grant_signup

    wallet_grant_signup(player=ana)
    won = play_and_resign(ana, carla)
    offer = offers.offer_post(player=beto, game="wordgrid", stake=10)
    drawn = offers.offer_accept(player=ana, offer_id=offer.pk, interface_language="en")
    for player in (beto, ana):
        matches.match_arrive(match_id=drawn.pk, player=player)
    matches.match_act(match_id=drawn.pk, player=beto, action={"type": "offer_draw"})
    matches.match_act(match_id=drawn.pk, player=ana, action={"type": "accept_draw"})
    key = "admin:prize"
    admin_client.post(
        "/admin/wallet/account/adjust/",
        {"player": ana.pk, "operation": "grant", "amount": 25, "reason": "Tournament prize", "key": key},
    )
    client = browser("198.51.100.60")
    visit(client, ana)
    html = client.get("/wallet/").content.decode()
    rows = html[html.index('data-testid="wallet-statement"') :]
    carla_name, beto_name = carla.display_name, beto.display_name
    won_room, drawn_room = f"/r/{won.room.code}/", f"/r/{drawn.room.code}/"
    assert f'<a href="{won_room}">Wordgrid game vs {carla_name}: won 90</a>' in rows
    assert f'<a href="{won_room}">Stake held for Wordgrid game vs {carla_name}</a>' in rows
    assert f'<a href="{drawn_room}">Refund: draw agreed in the Wordgrid game vs {beto_name}</a>' in rows
    assert "Sign-up grant" in rows and "Adjustment by the site: Tournament prize" in rows
    assert "match-" not in rows
    # The loser's statement says what the game cost them, on the line of the stake that left.
    loser = browser("198.51.100.61")
    visit(loser, carla)
    carla_rows = loser.get("/wallet/").content.decode()
    carla_rows = carla_rows[carla_rows.index('data-testid="wallet-statement"') :]
    assert f'<a href="{won_room}">Wordgrid game vs {ana.display_name}: lost 50</a>' in carla_rows
    assert "Stake held for" not in carla_rows
    assert "perdiste 50" in loser.get("/wallet/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    spanish = client.get("/wallet/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert f"Partida de Wordgrid contra {carla_name}: ganaste 90" in spanish
    assert "Créditos de bienvenida" in spanish and "Ajuste del sitio: Tournament prize" in spanish
    assert_ledger_sound()


def test_an_admin_finds_the_accounts_of_one_browser_and_the_refusals_by_reason(admin_client):
    ana, beto = member("ana"), member("beto")
    shared = browser()
    visit(shared, ana)
    shared.post("/accounts/logout/")
    visit(shared, beto)
    accept(shared, offers.offer_post(player=ana, game="wordgrid", stake=50))
    device = shared.cookies["dg_device"].value.split(":")[0]
    found = admin_client.get("/admin/accounts/sighting/", {"q": device}).content.decode()
    assert ana.display_name in found and beto.display_name in found
    by_reason = admin_client.get("/admin/wallet/pairingrefusal/", {"reason": "browser"}).content.decode()
    assert beto.display_name in by_reason and "shared a browser" in by_reason
    assert admin_client.get("/admin/wallet/pairingrefusal/", {"reason": "played"}).context["cl"].result_count == 0
    assert (
        admin_client.get(f"/admin/wallet/pairingrefusal/{PairingRefusal.objects.get().pk}/delete/").status_code == 403
    )
