"""Operators see rooms, matches and their event logs, and end a stuck match through the service."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.models import Match
from games.runtime import matches, rooms, scheduling
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def test_an_admin_sees_a_match_and_ends_it_through_the_service(client, alice, bob_guest):
    room = rooms.room_create(
        game="duelo", host=alice.player, seats=2, interface_language="es", settings={"language": "es", "rounds": 1}
    )
    rooms.room_join(room=room, player=bob_guest)
    match = matches.match_start(room=room, by=alice.player, now=timezone.now())
    client.force_login(get_user_model().objects.create_superuser("ops", "ops@example.com", PASSWORD))
    assert room.code in client.get("/admin/games/room/").content.decode()
    assert "Bob" in client.get(f"/admin/games/room/{room.pk}/change/").content.decode()  # its seats
    detail = client.get(f"/admin/games/match/{match.pk}/change/").content.decode()
    assert "match_started" in detail  # the event log
    response = client.post("/admin/games/match/", {"action": "end_matches", "_selected_action": [match.pk]})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.FINISHED and match.outcome["stopped"] == "admin"
    assert match.events.filter(kind="match_finished").exists()


def test_game_state_cannot_be_edited_in_the_admin(client, alice, bob_guest):
    room = rooms.room_create(
        game="duelo", host=alice.player, seats=2, interface_language="es", settings={"language": "es", "rounds": 1}
    )
    rooms.room_join(room=room, player=bob_guest)
    match = matches.match_start(room=room, by=alice.player, now=timezone.now())
    client.force_login(get_user_model().objects.create_superuser("ops", "ops@example.com", PASSWORD))
    client.post(f"/admin/games/match/{match.pk}/change/", {"version": 99, "status": "finished"})
    match.refresh_from_db()
    assert match.version == 1 and match.status == Match.PLAYING
