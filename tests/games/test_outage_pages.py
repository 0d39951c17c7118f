"""A page that changes something while Redis is down (issue 14): the change commits, the steps after the
commit (telling sockets, arming the timer) fail, are logged, and the player gets the page, not a 500."""

from __future__ import annotations

import logging

import pytest
from channels.layers import channel_layers
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from accounts.services import player_create_for_user
from games.models import Match
from lobby import offers
from tests.emails import verify_email
from wallet.selectors import balance_of, ledger_problems
from wallet.services import wallet_grant

pytestmark = pytest.mark.django_db(transaction=True)

DEAD = "redis://127.0.0.1:1/0"  # nothing listens there: every connection is refused, as in an outage


@pytest.fixture
def redis_down():
    """The channel layer and the Celery broker of this process point at a Redis that is not there."""
    from config.celery import app

    layers = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": DEAD, "socket_timeout": 1}]},
        }
    }
    previous = app.conf.broker_url
    with override_settings(CHANNEL_LAYERS=layers):
        channel_layers.backends.pop("default", None)
        app.conf.broker_url = DEAD
        app._pool = None
        try:
            yield
        finally:
            app.conf.broker_url = previous
            app._pool = None
            channel_layers.backends.pop("default", None)
            from tests.games.test_live_sockets import forget_the_outage

            forget_the_outage()


def member(name: str):
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com", password="x" * 20)
    player = player_create_for_user(user=user, nickname=name.capitalize())
    verify_email(user)  # staked play needs a verified address (issue 17)
    wallet_grant(player=player, amount=1000, key=f"grant:{name}")
    return user, player


def test_accepting_an_offer_during_an_outage_takes_the_player_to_the_table(redis_down, caplog):
    _ana_user, ana = member("ana")
    beto_user, beto = member("beto")
    offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
    before = balance_of(player=ana), balance_of(player=beto)
    client = Client()
    client.force_login(beto_user)
    with caplog.at_level(logging.ERROR):
        response = client.post(f"/play/wordgrid/offers/{offer.pk}/accept/")
    assert response.status_code == 302 and response.url.startswith("/r/")
    match = Match.objects.get()
    assert match.stake == 50 and (balance_of(player=ana), balance_of(player=beto)) == (before[0] - 50, before[1] - 50)
    assert ledger_problems() == []
    # What failed after the commit is in the log with the match's reference, for the operator.
    assert "failed after commit" in caplog.text and f"match {match.pk}" in caplog.text
    assert "matched failed after commit" in caplog.text
