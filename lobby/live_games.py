"""The lobby's "Live now": matches of every game being played in rooms not marked private, each with its
players, how far along it is, and the link that opens it to watch (games.views.room_watch_view).

How far along, and the tables being played, each game tells (its engine's `progress`); a game that does not
shows no progress."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import Player
from accounts.nicknames import bot_name
from games.runtime.catalogue import spec_for
from games.runtime.registry import engine_for
from games.selectors import listed_live_matches

LIMIT = 20


@dataclass(frozen=True)
class LiveGame:
    game: str
    game_name: str
    players: list[str]
    # The tables being played at once (the Torneo's duels this round), as "Ana – Bruno" (the players' line would
    # be eight names).
    duels: list[str]
    progress: str
    rated: bool
    url: str


def _names(lineup: list[dict[str, Any]], nicknames: dict[int, str]) -> list[str]:
    """Each seat's name: the person's nickname, or the bot's name as the room shows it (games.runtime.views)."""
    return [
        nicknames.get(sitter["player"], "?") if sitter.get("player") else bot_name(seat)
        for seat, sitter in enumerate(lineup)
    ]


def _progress(match: Any, names: list[str]) -> tuple[str, list[str]]:
    """How far along the match is and the tables being played, as its game tells them (the engine's
    `progress`), in the page's language."""
    engine = engine_for(match.game)
    progress = engine.progress(engine.from_json(match.state))
    if progress is None:
        return "", []
    tables = [" – ".join(names[seat] for seat in seats if seat < len(names)) for seats in progress.tables]
    return _(progress.text) % dict(progress.params), tables


def live_games(limit: int = LIMIT) -> list[LiveGame]:
    """The newest `limit` listed live matches, of every game that may be watched."""
    matches = list(listed_live_matches().select_related("room")[:limit])
    ids = {sitter["player"] for match in matches for sitter in match.lineup if sitter.get("player")}
    nicknames = dict(Player.objects.filter(pk__in=ids).values_list("pk", "nickname"))
    games = []
    for match in matches:
        spec = spec_for(match.game)
        if not spec.spectators:
            continue
        names = _names(match.lineup, nicknames)
        progress, tables = _progress(match, names)
        games.append(
            LiveGame(
                game=match.game,
                game_name=spec.name,
                players=names,
                duels=tables,
                progress=progress,
                rated=bool(match.room.settings.get("rated")),
                url=reverse("room_watch", args=[match.room.code]),
            )
        )
    return games
