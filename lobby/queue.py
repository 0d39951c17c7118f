"""The lobby queue for a random opponent: the first two players waiting for the same game are seated
together and their match starts. The one who waited is told through their lobby socket."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from accounts.models import Player
from games.models import Room
from games.runtime.matches import match_start
from games.runtime.rooms import room_create, room_join
from lobby import live
from lobby.models import WaitingPlayer

QUEUED_GAMES = ("cruzadas",)


def queue_join(*, player: Player, game: str, interface_language: str) -> Room | None:
    """Pair the player with the longest-waiting other player, or put them in the queue (None)."""
    if game not in QUEUED_GAMES:
        raise ValueError(f"{game} has no queue")
    with transaction.atomic():
        other = (
            WaitingPlayer.objects.select_for_update(skip_locked=True)
            .filter(game=game)
            .exclude(player=player)
            .order_by("created_at")
            .first()
        )
        if other is None:
            try:
                with transaction.atomic():
                    WaitingPlayer.objects.create(game=game, player=player)
            except IntegrityError:
                pass  # already waiting: asking twice keeps one place
            else:
                live.lobby_changed()
            return None
        waiting = other.player
        other.delete()
        WaitingPlayer.objects.filter(game=game, player=player).delete()
        room = room_create(game=game, host=waiting, seats=2, settings={}, interface_language=interface_language)
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
