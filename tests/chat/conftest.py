"""People and places for chat's tests: verified members, a guest, a private room of two, a group."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.services import player_create_for_user, player_create_guest
from games.runtime import rooms
from tests.conftest import PASSWORD
from tests.emails import verify_email


def member(name: str, verified: bool = True):
    user = get_user_model().objects.create_user(
        username=name.lower(), email=f"{name.lower()}@example.com", password=PASSWORD
    )
    player = player_create_for_user(user=user, nickname=name)
    if verified:
        verify_email(user)
    return player


def logged_in(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def private_room(host, *others, is_public: bool = False, rated: bool = False, game: str = "duelo"):
    room = rooms.room_create(
        game=game,
        host=host,
        seats=1 + len(others),
        interface_language="es",
        settings={"language": "es", "rounds": 1, "round_seconds": 60},
        is_public=is_public,
        rated=rated,
    )
    for other in others:
        rooms.room_join(room=room, player=other)
    return room


@pytest.fixture
def ana(db):
    return member("Ana")


@pytest.fixture
def beto(db):
    return member("Beto")


@pytest.fixture
def carla(db):
    return member("Carla")


@pytest.fixture
def guest(db):
    return player_create_guest(nickname="Gus")


@pytest.fixture(autouse=True)
def _chat_budgets_forgotten():
    """Each test starts with every player's chat budget full (the budgets live in Redis, by player id)."""
    from django.conf import settings

    client = settings.REDIS.client()
    for key in client.scan_iter("dg:chat:*"):
        client.delete(key)
    yield
