"""The match the player is seated in right now, for every page (templates/base.html): a table the site
started for them (an accepted offer, a random opponent, a queue) is one tap away from wherever they are,
even when the lobby socket's `matched` never reached this tab. Their own table's page shows no banner."""

from __future__ import annotations

import functools
from datetime import timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext

from games.models import Match, Room
from games.runtime.catalogue import spec_for

# A match still live long after it began is the sweeper's business, not a reason to call someone back.
RECENT = timedelta(hours=12)
LIVE = ("arriving", "playing")  # Match.ARRIVING, Match.PLAYING


def game_on(request) -> dict[str, Any]:
    """`game_on`: None, or {code, url, game, game_name} of the player's live match. Looked up only when a
    template asks, once per request: one query (matches joined to the player's seats, SQLite as well
    as PostgreSQL), the lineup then checked on the row in hand."""
    player = getattr(request, "player", None)
    if not player:
        return {}

    @functools.cache
    def found() -> dict[str, Any] | None:
        match = _live_match(player)
        if match is None or _on_its_page(request, match.room.code):
            return None
        return {
            "code": match.room.code,
            "url": f"/r/{match.room.code}/",
            "game": match.game,
            "game_name": gettext(spec_for(match.game).name),
        }

    return {"game_on": found}


def _live_match(player) -> Match | None:
    candidates = (
        Match.objects.filter(status__in=LIVE, started_at__gte=timezone.now() - RECENT, room__seats__player_id=player.pk)
        .exclude(room__status=Room.CLOSED)
        .select_related("room")
        .order_by("-started_at")[:3]
    )
    # The seat says they are in the room now; the lineup, that they play this match (not only the next).
    return next((match for match in candidates if match.seat_of(player.pk) is not None), None)


def _on_its_page(request, code: str) -> bool:
    route = getattr(request, "resolver_match", None)
    return bool(route and route.url_name == "room" and str(route.kwargs.get("code", "")).upper() == code.upper())
