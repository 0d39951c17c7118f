import pytest

from accounts.services import player_create_guest


@pytest.fixture
def carol_guest(db):
    return player_create_guest(nickname="Carol")
