"""Players with a Torneo rating, for the queue and group tests; no Celery tasks are armed (the tests
drive matches through the services themselves)."""

import itertools

import pytest

from accounts.services import player_create_guest
from games.runtime import scheduling
from ratings.models import Rating

_names = itertools.count(1)


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


@pytest.fixture
def person(db):
    """person(rating=1000, nickname=None) -> a guest Player with that Torneo rating."""

    def make(rating: int | None = None, nickname: str | None = None):
        player = player_create_guest(nickname=nickname or f"Player{next(_names)}")
        if rating is not None:
            Rating.objects.create(player=player, game="torneo", value=rating)
        return player

    return make
