"""Abandons: a seated person whose sockets have all been closed for the game's `abandon_seconds` has left
(Torneo: "tienes 60 segundos para volver. Después, se considera que has abandonado la partida").

While away, the clock keeps playing their turns as skipped ones (nothing to do here). The sweeper calls
`abandons_sweep` every few seconds; it decides from Redis presence (games.runtime.presence) and applies
the game's leave through the one service path, so it is idempotent and survives a restarted worker.
A person who never opened the room after the start counts as away since the match began.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from games.models import Match
from games.runtime import presence
from games.runtime.catalogue import game_slugs, spec_for
from games.runtime.engine import engine_for
from games.runtime.matches import match_abandon


def _games_with_abandon() -> dict[str, float]:
    limits = {slug: spec_for(slug).abandon_seconds for slug in game_slugs()}
    return {slug: seconds for slug, seconds in limits.items() if seconds is not None}


def abandons_sweep(now: datetime | None = None) -> int:
    """Play the leave of everyone away too long. Returns how many abandons were applied."""
    now = now or timezone.now()
    limits = _games_with_abandon()
    applied = 0
    matches = (
        Match.objects.filter(status=Match.PLAYING, game__in=list(limits))
        .select_related("room")
        .only("pk", "game", "lineup", "state", "started_at", "room__code")[:500]
    )
    for match in matches:
        online, away = presence.absence(match.room.code)
        engine = engine_for(match.game)
        state = None
        for seat, sitter in enumerate(match.lineup):
            player = sitter.get("player")
            if player is None or player in online:
                continue
            since = max(away.get(player, 0.0), match.started_at.timestamp())
            if now.timestamp() - since < limits[match.game]:
                continue
            state = state or engine.from_json(match.state)
            if engine.seat_active(state, seat):
                applied += match_abandon(match_id=match.pk, seat=seat, now=now)
    return applied
