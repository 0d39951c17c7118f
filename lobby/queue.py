"""The lobby queue for a random opponent (the games whose spec lists "random_opponent": lobby/ways.py). Rated: two
players whose ratings lie within WINDOW points of each other are seated together, the longest-waiting first; the
window never widens, however long they wait (issue 20, as the Torneo queue). "Anyone": the player takes whoever
waits, at once, and the match is unrated. The one who waited is told through their lobby socket."""

from __future__ import annotations

import zlib

from django.db import IntegrityError, connection, transaction

from accounts.models import Player
from games.models import Room
from games.runtime.matches import match_start
from games.runtime.rooms import room_create, room_join
from lobby import live
from lobby.game_ways import game_has_way
from lobby.matchmaking import WINDOW
from lobby.models import WaitingPlayer
from ratings.selectors import rating_of

QUEUE_LOCK_SPACE = 90211  # first key of the advisory lock pair: "the random-opponent queue"


def _queue_lock(game: str) -> None:
    """One arrival at a time per game, so two players who fit are never both left waiting (PostgreSQL)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(%s, %s)", [QUEUE_LOCK_SPACE, zlib.crc32(game.encode()) & 0x7FFFFFFF]
            )


def queue_join(*, player: Player, game: str, interface_language: str, anyone: bool = False) -> Room | None:
    """Pair the player with the longest-waiting player who fits, or put them in the queue (None).

    Rated (the default): only a rated waiter within WINDOW points fits, and the match is rated. `anyone`: every
    waiter fits, and the match is unrated. Asking again while waiting keeps one place, with the new choice."""
    if not game_has_way(game, "random_opponent"):
        raise ValueError(f"{game} has no queue")
    rating = rating_of(player, game)
    with transaction.atomic():
        _queue_lock(game)
        others = WaitingPlayer.objects.select_for_update().filter(game=game).exclude(player=player)
        if not anyone:
            others = others.filter(rated=True, rating__gte=rating - WINDOW, rating__lte=rating + WINDOW)
        other = others.order_by("created_at", "id").first()
        if other is None:
            try:
                with transaction.atomic():
                    WaitingPlayer.objects.create(game=game, player=player, rated=not anyone, rating=rating)
            except IntegrityError:
                # already waiting: one place, with the choice just made
                WaitingPlayer.objects.filter(game=game, player=player).update(rated=not anyone, rating=rating)
            live.lobby_changed()
            return None
        waiting = other.player
        other.delete()
        WaitingPlayer.objects.filter(game=game, player=player).delete()
        room = room_create(
            game=game,
            host=waiting,
            seats=2,
            settings={},
            interface_language=interface_language,
            rated=not anyone,
        )
        room_join(room=room, player=player)
        match_start(room=room, by=None)
        live.matched([waiting.pk, player.pk], room.code)
        live.lobby_changed()
        return room


def queue_leave(*, player: Player, game: str) -> None:
    with transaction.atomic():
        deleted, _rows = WaitingPlayer.objects.filter(game=game, player=player).delete()
        if deleted:
            live.lobby_changed()


def is_waiting(*, player: Player, game: str) -> bool:
    return WaitingPlayer.objects.filter(game=game, player=player).exists()


def waiting_entry(*, player: Player, game: str) -> WaitingPlayer | None:
    return WaitingPlayer.objects.filter(game=game, player=player).first()
