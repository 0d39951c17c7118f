import pytest

from accounts.services import player_create_guest


@pytest.fixture
def carol_guest(db):
    return player_create_guest(nickname="Carol")


@pytest.fixture
def tasks(monkeypatch):
    """The Celery tasks the service enqueues, recorded instead of sent."""
    from games.runtime import scheduling

    sent: list[tuple[str, tuple]] = []
    monkeypatch.setattr(scheduling, "enqueue", lambda task, args, **options: sent.append((task, args)))
    return sent
