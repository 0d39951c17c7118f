"""Reads about games for pages: the matches anyone may watch, the bots a newcomer meets."""

from __future__ import annotations

from django.db.models import QuerySet

from games.models import Match, MatchResult, Room
from games.runtime.catalogue import spec_for


def listed_live_matches() -> QuerySet[Match]:
    """Matches being played in rooms not marked private, newest first: the lobby's "Live now"
    (lobby/live_games.py). Anyone may open them to watch without the room's code (games.views.room_watch)."""
    return (
        Match.objects.filter(status=Match.PLAYING, room__is_private=False)
        .exclude(room__status=Room.CLOSED)
        .order_by("-started_at", "-pk")
    )


def room_is_listed(room: Room) -> bool:
    """Whether this room's match is on the live list (so watching it needs no code look-up)."""
    return spec_for(room.game).spectators and listed_live_matches().filter(room=room).exists()


# A newcomer's bots are easy (issue 21): the first games of a game should be winnable. Once a person has
# finished a match of it, the bots the site chooses for them are medium; a host still picks any level.
NEWCOMER_BOT_LEVEL = "easy"
USUAL_BOT_LEVEL = "medium"


def default_bot_level(*, player_ids, game: str) -> str:
    """The level of the bots the site seats for these people in `game`: easy when any of them has never
    finished a match of it, medium otherwise."""
    ids = {pk for pk in player_ids if pk is not None}
    if not ids:
        return NEWCOMER_BOT_LEVEL
    seasoned = MatchResult.objects.filter(player_id__in=ids, game=game).values("player_id").distinct().count()
    return USUAL_BOT_LEVEL if seasoned == len(ids) else NEWCOMER_BOT_LEVEL
