"""Quick match: seated with others who asked for the same word language; bots fill in after the wait."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match, MatchResult, Room
from games.runtime import scheduling
from lobby import quickmatch

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def join(player, language="es"):
    return quickmatch.quick_match_join(player=player, game="duelo", language=language, interface_language="es")


def test_players_asking_for_the_same_language_share_a_room(alice, bob_guest, carol_guest):
    room = join(alice.player)
    assert join(bob_guest) == room
    assert join(carol_guest, language="ru") != room
    assert join(alice.player) == room  # asking again keeps the seat
    seated = room.seats.exclude(player=None).values_list("player__nickname", flat=True)
    assert list(seated) == ["Alice", "Bob"]


def test_after_the_wait_bots_take_the_free_seats_and_the_match_starts(alice, bob_guest):
    room = join(alice.player)
    join(bob_guest)
    assert quickmatch.quick_match_launch(room_id=room.pk) is None  # still waiting for more people
    Room.objects.filter(pk=room.pk).update(launch_at=timezone.now())
    match = quickmatch.quick_match_launch(room_id=room.pk)
    assert match is not None
    # Newcomers to Duelo both: the bots are easy (issue 21).
    assert [sitter["bot"] for sitter in match.lineup] == ["", "", "easy", "easy"]
    assert quickmatch.quick_match_launch(room_id=room.pk) is None  # launching twice starts nothing more
    assert Match.objects.count() == 1


def test_a_players_first_quick_match_is_one_round_and_later_ones_use_the_defaults(alice):
    first = join(alice.player)
    assert first.settings["rounds"] == 1
    Room.objects.filter(pk=first.pk).update(launch_at=timezone.now())
    match = quickmatch.quick_match_launch(room_id=first.pk)
    from games.runtime import matches

    matches.match_advance(match_id=match.pk, now=timezone.now() + timedelta(minutes=5))
    assert MatchResult.objects.filter(player=alice.player).count() == 1
    assert join(alice.player).settings["rounds"] == 3


def test_the_sweeper_launches_a_quick_match_whose_task_was_lost(alice):
    from lobby.tasks import sweep  # the lobby's own sweep (games.sweep knows nothing of quick matches)

    room = join(alice.player)
    Room.objects.filter(pk=room.pk).update(launch_at=timezone.now() - timedelta(seconds=5))
    assert sweep()["launched"] == 1
    room.refresh_from_db()
    assert room.status == Room.PLAYING


def test_a_quick_rooms_page_says_what_happens_and_when_and_offers_to_cancel(client, alice, bob_guest):
    room = join(alice.player)  # Alice made the room: she is its host, and still has nothing to start or arrange
    join(bob_guest)
    client.force_login(alice)
    page = client.get(f"/r/{room.code}/").content.decode()
    assert 'data-testid="quick-wait"' in page
    assert "Buscando jugadores…" in page
    seconds = int(page.split('data-quick-wait="')[1].split('"')[0])
    assert 0 < seconds <= quickmatch.wait_seconds()
    assert f"Los bots ocupan los asientos libres en <strong data-quick-countdown>{seconds}</strong> s." in page
    for host_control in ('data-testid="start-match"', 'data-testid="invite-url"', "Opciones de la sala"):
        assert host_control not in page
    assert f'action="/r/{room.code}/leave/"' in page and 'data-testid="cancel-quick"' in page
    # Cancelling frees the seat and goes back to the game's page.
    response = client.post(f"/r/{room.code}/leave/")
    assert response.status_code == 302
    assert not room.seats.filter(player=alice.player).exists()


def test_the_room_frame_says_a_quick_room_waits_until_its_first_match(alice, bob_guest):
    from games.runtime.views import room_snapshot

    room = join(alice.player)
    join(bob_guest)
    snapshot = room_snapshot(room, alice.player, invite_url="", online=set())
    assert snapshot["quick_wait"] is True and snapshot["you"]["is_host"] is True
    Room.objects.filter(pk=room.pk).update(launch_at=timezone.now())
    quickmatch.quick_match_launch(room_id=room.pk)
    room.refresh_from_db()
    assert room_snapshot(room, alice.player, invite_url="", online=set())["quick_wait"] is False


def test_a_room_a_host_made_is_no_quick_room(alice):
    from games.runtime import rooms
    from games.runtime.views import room_snapshot

    room = rooms.room_create(game="duelo", host=alice.player, seats=2, interface_language="es", settings={})
    assert room_snapshot(room, alice.player, invite_url="", online=set())["quick_wait"] is False


def test_bots_are_medium_once_everyone_at_the_table_has_finished_a_match_of_the_game(alice, bob_guest):
    from games.runtime import matches
    from games.selectors import default_bot_level

    def play_one_quick_match():
        room = join(alice.player)
        join(bob_guest)
        Room.objects.filter(pk=room.pk).update(launch_at=timezone.now())
        match = quickmatch.quick_match_launch(room_id=room.pk)
        matches.match_advance(match_id=match.pk, now=timezone.now() + timedelta(minutes=5))
        return match

    assert [sitter["bot"] for sitter in play_one_quick_match().lineup][2:] == ["easy", "easy"]
    assert MatchResult.objects.filter(player__in=[alice.player, bob_guest]).count() == 2
    ids = [alice.player.pk, bob_guest.pk]
    assert default_bot_level(player_ids=ids, game="wordgrid") == "easy"  # still new to another game
    second = play_one_quick_match()
    assert [sitter["bot"] for sitter in second.lineup][2:] == ["medium", "medium"]
