"""Shared fixtures. Personas: alice (registered), bob (guest), charlie (registered, for pairs)."""

import pytest
from channels.db import database_sync_to_async
from django.db import connections
from django.contrib.auth import get_user_model

from accounts.services import player_create_for_user, player_create_guest

PASSWORD = "a-long-pass-phrase-91"


@pytest.fixture
def alice(db):
    user = get_user_model().objects.create_user(username="alice", email="alice@example.com",
                                                password=PASSWORD)
    player_create_for_user(user=user, nickname="Alice")
    return user


@pytest.fixture
def bob_guest(db):
    return player_create_guest(nickname="Bob")


@pytest.fixture
async def async_db_connections_closed():
    """Close the connection that database_sync_to_async opened in its worker thread.

    Otherwise it outlives the test and PostgreSQL refuses to drop the test database.
    """
    yield
    await database_sync_to_async(connections.close_all)()
