"""Three accepts of one poster's offers at the same moment, in real PostgreSQL transactions (issue 31): each
locked its own offer first and then, to withdraw what the poster could no longer cover, the poster's others,
so two of them deadlocked and answered 500. With one lock order (the players, then the offers) they run one
after the other: the poster plays the games their credits cover, every other accept is refused clearly."""

import pytest
from django.contrib.auth import get_user_model

from accounts.services import player_create_for_user
from games.models import Match
from games.runtime import scheduling
from lobby import offers
from lobby.errors import Refusal
from lobby.models import StakeOffer
from tests.emails import verify_email
from tests.lobby.test_queue_concurrency import at_once
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


def test_three_accepts_of_one_posters_offers_at_once_end_without_a_deadlock():
    poster = member("ana", credits=100)  # covers two games of 50, not three
    posted = [offers.offer_post(player=poster, game="wordgrid", stake=50) for _ in range(3)]
    accepters = [member(name, credits=100) for name in ("beto", "carla", "diego")]
    results = at_once(
        *[
            (
                lambda player=player, offer=offer: offers.offer_accept(
                    player=player, offer_id=offer.pk, interface_language="es"
                )
            )
            for player, offer in zip(accepters, posted, strict=True)
        ]
    )
    started = [result for result in results if isinstance(result, Match)]
    refused = [result for result in results if isinstance(result, Refusal)]
    assert len(started) == 2 and len(refused) == 1, results  # no other error: no deadlock, no 500
    assert refused[0].code in ("cannot_cover_poster", "offer_gone")
    assert StakeOffer.objects.filter(status=StakeOffer.ACCEPTED).count() == 2
    assert not StakeOffer.objects.filter(status=StakeOffer.OPEN).exists()  # the third was withdrawn
