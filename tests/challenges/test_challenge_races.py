"""Two accepts of one challenge at the same moment, in real PostgreSQL transactions: one match starts (the row is
locked), the other accept gets the same room; an accept against a cancel: one of them wins, whole."""

import pytest
from django.contrib.auth import get_user_model

from accounts.services import player_create_for_user
from challenges import services
from challenges.models import Challenge
from games.models import Match, Room
from games.runtime import scheduling
from tests.emails import verify_email
from tests.lobby.test_queue_concurrency import at_once
from wallet.selectors import balance_of
from wallet.services import wallet_grant

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def stakes(settings):
    settings.WALLET_SIGNUP_GRANT = 0
    settings.WALLET_STAKE_LEVELS = ["10", "50", "100", "500"]
    settings.WALLET_PAIR_GAMES_PER_DAY = 0
    with scheduling.timers_disabled():
        yield


def member(name: str, credits: int):
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com")
    verify_email(user)
    player = player_create_for_user(user=user, nickname=name.capitalize())
    wallet_grant(player=player, amount=credits, key=f"seed:{name}")
    return player


def test_two_accepts_at_once_start_one_staked_match():
    ana, beto = member("ana", 100), member("beto", 100)
    challenge = services.challenge_send(
        challenger=ana,
        challenged_id=beto.pk,
        game="wordgrid",
        settings={},
        rated=True,
        stake=50,
        interface_language="es",
    )
    accept = lambda: services.challenge_accept(player=beto, challenge_id=challenge.pk, interface_language="es")  # noqa: E731
    results = at_once(accept, accept)
    assert all(isinstance(result, Room) for result in results), results
    assert results[0].pk == results[1].pk
    assert Match.objects.count() == 1 and Room.objects.count() == 1
    assert balance_of(player=ana) == 50 and balance_of(player=beto) == 50  # held once


def test_an_accept_and_a_cancel_at_once_one_of_them_wins_whole():
    ana, beto = member("ana", 100), member("beto", 100)
    challenge = services.challenge_send(
        challenger=ana,
        challenged_id=beto.pk,
        game="wordgrid",
        settings={},
        rated=True,
        stake=50,
        interface_language="es",
    )
    results = at_once(
        lambda: services.challenge_accept(player=beto, challenge_id=challenge.pk, interface_language="es"),
        lambda: services.challenge_cancel(player=ana, challenge_id=challenge.pk),
    )
    challenge.refresh_from_db()
    if challenge.status == Challenge.ACCEPTED:
        assert isinstance(results[0], Room) and results[1].code == "challenge_gone"
        assert Match.objects.count() == 1 and balance_of(player=ana) == 50
    else:
        assert challenge.status == Challenge.CANCELLED and results[0].code == "challenge_gone"
        assert not Match.objects.exists() and balance_of(player=ana) == 100 == balance_of(player=beto)
