"""Wallet fixtures: registered players with a starting balance, and the ledger's own verdict."""

import itertools

import pytest
from django.contrib.auth import get_user_model

from accounts.services import player_create_for_user
from wallet.services import wallet_grant

_numbers = itertools.count()


@pytest.fixture
def make_player(db, settings):
    """A registered player holding `credits` (the sign-up grant is off so the tests count every credit)."""
    settings.WALLET_SIGNUP_GRANT = 0
    settings.WALLET_STAKE_LEVELS = ["10", "50", "100", "500"]

    def make(nickname: str = "Ana", credits: int = 0):
        number = next(_numbers)
        user = get_user_model().objects.create_user(username=f"player{number}", email=f"p{number}@example.com")
        player = player_create_for_user(user=user, nickname=nickname)
        if credits:
            wallet_grant(player=player, amount=credits, key=f"seed:{player.pk}")
        return player

    return make
