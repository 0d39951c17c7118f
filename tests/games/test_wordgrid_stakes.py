"""Staked Wordgrid through the services: offers, escrow at the start, one settlement at the end."""

import json
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts.services import player_create_for_user
from games.models import Match, Room
from games.runtime import matches, scheduling
from games.runtime.errors import Refusal
from lobby import offers
from lobby.models import StakeOffer
from tests.emails import verify_email
from wallet.models import Account
from wallet.selectors import balance_of, ledger_problems
from wallet.services import wallet_grant

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def member(name: str, credits: int = 1000):
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com", password="x" * 20)
    player = player_create_for_user(user=user, nickname=name.capitalize())
    verify_email(user)  # staked play needs a verified address (issue 17)
    if credits:
        wallet_grant(player=player, amount=credits, key=f"test-grant:{player.pk}")
    return player


def house_balance() -> int:
    account = Account.objects.filter(kind=Account.Kind.HOUSE).first()
    return account.balance if account else 0


@pytest.fixture
def staked_match():
    ana, beto = member("ana"), member("beto")
    offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
    match = offers.offer_accept(player=beto, offer_id=offer.pk, interface_language="es")
    for player in (ana, beto):  # both open the room: the game (and the poster's clock) begins
        matches.match_arrive(match_id=match.pk, player=player)
    match.refresh_from_db()
    return ana, beto, match


def test_accepting_an_offer_puts_both_stakes_in_escrow_and_starts_the_game(staked_match):
    ana, beto, match = staked_match
    # A staked game between two people is rated (issue 20): each one's rating at the start is in the lineup.
    assert match.stake == 50 and match.lineup == [
        {"player": ana.pk, "bot": "", "rating": 1500},
        {"player": beto.pk, "bot": "", "rating": 1500},
    ]
    assert balance_of(player=ana) == balance_of(player=beto) == 950
    assert StakeOffer.objects.get().status == StakeOffer.ACCEPTED
    assert ledger_problems() == []


def test_the_winner_takes_ninety_percent_of_the_pot_once(staked_match):
    ana, beto, match = staked_match
    matches.match_act(match_id=match.pk, player=beto, action={"type": "resign"})
    match.refresh_from_db()
    assert match.status == Match.FINISHED and match.outcome["winner"] == 0
    assert (balance_of(player=ana), balance_of(player=beto), house_balance()) == (1040, 950, 10)
    # A retried finish (a repeated task) moves nothing more.
    from games.kit.outcome import Outcome
    from games.runtime.matches import _close_escrow

    _close_escrow(match, Outcome.from_json(match.outcome))
    assert (balance_of(player=ana), balance_of(player=beto), house_balance()) == (1040, 950, 10)
    assert ledger_problems() == []


def test_an_agreed_draw_returns_both_stakes_in_full(staked_match):
    ana, beto, match = staked_match
    matches.match_act(match_id=match.pk, player=ana, action={"type": "offer_draw"})
    matches.match_act(match_id=match.pk, player=beto, action={"type": "accept_draw"})
    match.refresh_from_db()
    assert match.outcome["draw"] is True
    assert (balance_of(player=ana), balance_of(player=beto), house_balance()) == (1000, 1000, 0)
    assert ledger_problems() == []


def test_running_out_of_time_settles_like_a_loss(staked_match):
    ana, beto, match = staked_match
    matches.match_advance(match_id=match.pk, now=timezone.now() + timedelta(minutes=11))
    match.refresh_from_db()
    assert match.outcome["reason"] == "timeout" and match.outcome["winner"] == 1
    assert (balance_of(player=ana), balance_of(player=beto)) == (950, 1040)
    assert ledger_problems() == []


def test_nothing_starts_when_the_accepter_cannot_cover_the_stake():
    ana, poor = member("ana"), member("poor", credits=20)
    offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
    with pytest.raises(Refusal) as caught:
        offers.offer_accept(player=poor, offer_id=offer.pk, interface_language="es")
    assert caught.value.code == "cannot_cover"
    assert not Match.objects.exists() and not Room.objects.exists()
    assert StakeOffer.objects.get().status == StakeOffer.OPEN
    assert balance_of(player=ana) == 1000 and balance_of(player=poor) == 20


def test_offers_refuse_guests_bad_stakes_and_ones_own_offer(bob_guest):
    ana = member("ana")
    with pytest.raises(Refusal) as caught:
        offers.offer_post(player=bob_guest, game="wordgrid", stake=50)
    assert caught.value.code == "guest_stake"
    with pytest.raises(Refusal) as caught:
        offers.offer_post(player=ana, game="wordgrid", stake=37)
    assert caught.value.code == "bad_stake"
    offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
    with pytest.raises(Refusal) as caught:
        offers.offer_accept(player=ana, offer_id=offer.pk, interface_language="es")
    assert caught.value.code == "own_offer"
    offers.offer_cancel(player=ana, offer_id=offer.pk)
    with pytest.raises(Refusal):
        offers.offer_accept(player=member("beto"), offer_id=offer.pk, interface_language="es")


def test_practice_games_touch_no_credits(client):
    ana = member("ana")
    client.force_login(ana.user)
    response = client.post("/play/wordgrid/practice/", {"bot_level": "easy"})
    room = Room.objects.get()
    assert response["Location"] == f"/r/{room.code}/" and room.status == Room.PLAYING
    match = room.matches.get()
    matches.match_act(match_id=match.pk, player=ana, action={"type": "resign"})
    assert balance_of(player=ana) == 1000 and house_balance() == 0


def test_every_frame_of_a_staked_match_says_what_it_is_played_for_and_a_free_one_says_nothing(staked_match):
    from games.runtime.views import match_frames, match_snapshot

    ana, beto, match = staked_match
    assert match_snapshot(match, ana)["stakes"] == {"stake": 50, "payout": 90}
    published = match_frames(match)
    for text in [*published["seats"], published["spectator"]]:
        assert json.loads(text)["stakes"] == {"stake": 50, "payout": 90}
    Match.objects.filter(pk=match.pk).update(stake=0)
    match.refresh_from_db()
    assert match_snapshot(match, ana)["stakes"] is None
    assert json.loads(match_frames(match)["seats"][0])["stakes"] is None
