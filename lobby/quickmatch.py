"""Quick match: a player who asks for a game is seated in a public room with others who asked (same
game, same word language); after a short wait, bots take the free seats and the match starts ("anyone": unrated).

Rated quick match (issue 20): only people whose ratings all lie within WINDOW points of each other share a room,
and bots never sit in it: when the wait is over, a room of two or more people starts with them alone (its free
seats removed), and a lone player keeps waiting. The window never widens; the player may choose "anyone" instead.
Each pair of people at the table counts as one game (games.runtime.rated)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from accounts.models import Player
from games.models import Match, MatchResult, Room, Seat
from games.runtime.broadcast import after_commit
from games.runtime.catalogue import spec_for
from games.runtime.matches import match_start
from games.runtime.rooms import room_create, room_drop_free_seats, room_fill_with_bots, room_join, room_leave
from games.runtime.scheduling import enqueue
from games.selectors import default_bot_level
from lobby.matchmaking import WINDOW, span
from ratings.selectors import standings_of

# The task that launches a room when its wait is over (lobby/tasks.py registers it under this name).
LAUNCH_QUICK_MATCH = "lobby.launch_quick_match"
QUICK_MATCH_SEATS = 4  # a guest may host up to 4, and a quick room must accept guests


def wait_seconds() -> float:
    return float(getattr(settings, "QUICK_MATCH_WAIT_SECONDS", 15))


def is_first_quick_match(player: Player, game: str) -> bool:
    return not MatchResult.objects.filter(player=player, game=game, match__room__is_public=True).exists()


def _is_rated_room(room: Room) -> bool:
    return bool(room.settings.get("rated"))


def _fits(room: Room, player: Player, game: str) -> bool:
    """Whether the player's rating lies within the window with everyone's already in the rated room."""
    people = [pid for pid in room.seats.values_list("player_id", flat=True) if pid]
    values = [standing.value for standing in standings_of([*people, player.pk], game).values()]
    return span(values) <= WINDOW


def quick_match_join(*, player: Player, game: str, language: str, interface_language: str, rated: bool = False) -> Room:
    """The room the player now sits in: an open public one with a free seat, or a new one. `rated`: only a rated
    room whose people are all within the window of the player (module docstring)."""
    now = timezone.now()
    with transaction.atomic():
        mine = Room.objects.filter(game=game, is_public=True, status=Room.WAITING, seats__player=player).filter(
            launch_at__isnull=False
        )
        for room in mine:
            if _is_rated_room(room) == rated and room.settings.get("language") == language:
                return room
            room_leave(room=room, player=player)  # another choice now ("anyone" after waiting rated): leave that one
        # A quick room whose match is over ("New game" on its end card): the player leaves it for the new one, so
        # that nobody there waits for their rematch (games.runtime.rematch).
        done = Room.objects.filter(game=game, is_public=True, status=Room.WAITING, seats__player=player)
        for room in done.filter(launch_at__isnull=True):
            room_leave(room=room, player=player)
        free_seat = Seat.objects.filter(room=OuterRef("pk"), player__isnull=True, bot_level="")
        candidates = (
            Room.objects.filter(game=game, is_public=True, status=Room.WAITING, settings__language=language)
            .filter(Exists(free_seat))
            .order_by("launch_at", "pk")  # the soonest to start, then the oldest: one answer when two tie
        )
        if rated:
            # A rated room waits as long as it takes: its launch time only says when it may start, and the
            # sweeper moves it on each time it finds the room alone. So the order is the wait: the room whose
            # people came first is filled first.
            candidates = candidates.filter(settings__rated=True, launch_at__isnull=False).order_by("pk")
        else:
            candidates = candidates.filter(launch_at__gt=now).exclude(settings__has_key="rated")
        # room_join locks each room and checks again: a seat taken meanwhile just means the next room.
        for room in candidates[:20]:
            if rated and not _fits(room, player, game):
                continue
            if room_join(room=room, player=player) is not None:
                return room
    # A player's first quick match of the game is played as its spec says a newcomer's is (Duelo: one round,
    # so that the first game stays short).
    first = spec_for(game).newcomer_settings if is_first_quick_match(player, game) else {}
    room = room_create(
        game=game,
        host=player,
        settings={"language": language, **first},
        seats=QUICK_MATCH_SEATS,
        interface_language=interface_language,
        is_public=True,
        launch_at=now + timedelta(seconds=wait_seconds()),
        rated=rated,
    )
    room_id = room.pk
    # A lost task is no loss: the sweeper launches every public room whose launch_at has passed.
    after_commit(
        "launch_quick_match",
        f"room {room.code}",
        lambda: enqueue(LAUNCH_QUICK_MATCH, (room_id,), countdown=wait_seconds()),
    )
    return room


def quick_match_launch(*, room_id: int) -> Match | None:
    """When the wait is over: bots take the free seats and the match starts (idempotent)."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room_id)
        # A second of slack: the Celery countdown and launch_at are computed a moment apart.
        slack = timezone.now() + timedelta(seconds=1)
        if room.status != Room.WAITING or room.launch_at is None or room.launch_at > slack:
            return None
        if _is_rated_room(room):
            if room.seats.filter(player__isnull=False).count() < 2:
                # Alone: keep waiting for someone within the window (it never widens); the sweeper asks again.
                room.launch_at = timezone.now() + timedelta(seconds=wait_seconds())
                room.save(update_fields=["launch_at"])
                return None
            room_drop_free_seats(room=room)  # people only: bots never sit at a rated table
        else:
            people = room.seats.filter(player__isnull=False).values_list("player_id", flat=True)
            room_fill_with_bots(room=room, level=default_bot_level(player_ids=list(people), game=room.game))
        room.refresh_from_db()
        room.launch_at = None  # the next match in this room starts when its host says so
        room.save(update_fields=["launch_at"])
        match = match_start(room=room, by=None)
        # Someone who waited on another page (or closed the room's tab) is sent to the table.
        from lobby import live

        live.matched([seat.player_id for seat in room.seats.all() if seat.player_id], room.code)
        return match
