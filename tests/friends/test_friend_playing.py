"""A friend started a game you can watch (issue 36): told once the start commits, once per friend per room, and
only of a room anyone may watch (not a private room's, not a daily's, not to those at the table)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.services import player_create_guest
from friends import services
from games.runtime import matches, rooms, scheduling
from games.runtime.rematch import ACCEPT, ASK, rematch_answer
from notifications import kinds
from notifications.models import Notification

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def friends(a, b):
    services.friend_request(by=a, to=b)
    services.friend_accept(by=b, sender=a)


def table(people, *, private=False, daily=""):
    room = rooms.room_create(
        game="duelo",
        host=people[0],
        seats=2,
        interface_language="es",
        settings={"language": "es", "rounds": 1},
        daily=daily,
    )
    for person in people[1:]:
        rooms.room_join(room=room, player=person)
    if len(people) < 2:
        rooms.room_seat_set(room=room, by=people[0], index=1, bot_level="easy")
    if private:
        rooms.room_privacy_set(room=room, by=people[0], private=True)
    return room


def playing_notes(player):
    return list(Notification.objects.filter(player=player, kind=kinds.FRIEND_PLAYING).values_list("data", flat=True))


def test_friends_are_told_once_the_start_commits_with_the_watch_link(django_capture_on_commit_callbacks):
    ana, bea, carla, dani = (player_create_guest(nickname=n) for n in ("Ana", "Bea", "Carla", "Dani"))
    friends(ana, bea)
    friends(ana, carla)
    friends(bea, carla)
    room = table([ana, bea])
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        matches.match_start(room=room, by=ana)
    assert playing_notes(carla) == []  # nothing before the commit
    for callback in callbacks:
        callback()
    # Carla, friend of both, is told once; Ana and Bea are at the table; Dani is nobody's friend.
    watch = reverse("room_watch", args=[room.code])
    assert playing_notes(carla) == [
        {"url": watch, "room": room.code, "game_slug": "duelo", "by_name": ana.display_name}
    ]
    assert playing_notes(ana) == playing_notes(bea) == playing_notes(dani) == []


def test_a_rematch_in_the_same_room_tells_nobody_again(django_capture_on_commit_callbacks):
    ana, bea, carla = (player_create_guest(nickname=n) for n in ("Ana", "Bea", "Carla"))
    friends(ana, carla)
    room = table([ana, bea])
    with django_capture_on_commit_callbacks(execute=True):
        match = matches.match_start(room=room, by=ana)
    for person in (ana, bea):
        matches.match_arrive(match_id=match.pk, player=person)
    matches.match_stop(match_id=match.pk)
    with django_capture_on_commit_callbacks(execute=True):
        rematch_answer(room_id=room.pk, match_id=match.pk, player=ana, answer=ASK)
        again = rematch_answer(room_id=room.pk, match_id=match.pk, player=bea, answer=ACCEPT)
    assert again is not None and again.pk != match.pk
    assert len(playing_notes(carla)) == 1


@pytest.mark.parametrize("kind", ["private", "daily"])
def test_nobody_is_told_of_a_room_a_stranger_may_not_open(django_capture_on_commit_callbacks, kind):
    ana, carla = (player_create_guest(nickname=n) for n in ("Ana", "Carla"))
    friends(ana, carla)
    room = table([ana], private=kind == "private")
    if kind == "daily":
        room.settings = {**room.settings, rooms.DAILY: "2026-05-01"}
        room.save(update_fields=["settings"])
    with django_capture_on_commit_callbacks(execute=True):
        matches.match_start(room=room, by=ana)
    assert playing_notes(carla) == []


def test_a_friend_who_hears_only_by_push_is_still_told_once_per_room():
    """Carla turned the bell off for this kind and keeps push: no notification row remembers that she was told,
    and a rematch in the same room must not push to her phone again."""
    from friends.playing import tell_friends_playing
    from notifications.preferences import preferences_save

    ana, bea, carla = (player_create_guest(nickname=n) for n in ("Ana", "Bea", "Carla"))
    friends(ana, carla)
    preferences_save(player=carla, channels={kinds.FRIEND_PLAYING: {"push"}}, language="es")
    room = table([ana, bea])
    assert tell_friends_playing(code=room.code, game=room.game, people=[ana.pk, bea.pk]) == 1
    assert tell_friends_playing(code=room.code, game=room.game, people=[ana.pk, bea.pk]) == 0
    assert playing_notes(carla) == []
