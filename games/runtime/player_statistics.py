"""The one reader of a player's statistics: their MatchResult rows and, for a game whose figures need it, only
its part of each finished match's stored state (the game's STATE_PART). What is counted, and how, is
games/runtime/statistics.py and each game's own stats.py. Nothing here writes, and no game is named. Their
public page (players/) and a game's own home page (Duelo's "your results") read it, and show its figures with
one template (templates/games/stats/panel.html)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models.fields.json import KeyTransform

from accounts.models import Player
from games.models import Match, MatchResult
from games.runtime.catalogue import game_slugs
from games.runtime.statistics import GameStats, Played, game_statistics, state_part


def player_statistics(player: Player, game: str | None = None) -> list[GameStats]:
    """The statistics of every game the player has finished a match of (or of `game` only), in the
    catalogue's order."""
    results = MatchResult.objects.filter(player=player)
    if game is not None:
        results = results.filter(game=game)
    rows = list(
        results.order_by("finished_at", "pk").values(
            "match_id", "game", "seat", "won", "points", "details", "finished_at", "match__lineup"
        )
    )
    records: dict[int, Any] = {}
    for slug in {row["game"] for row in rows}:
        key = state_part(slug)
        ids = [row["match_id"] for row in rows if row["game"] == slug]
        if key is not None and ids:
            parts = Match.objects.filter(pk__in=ids).annotate(part=KeyTransform(key, "state"))
            records.update(parts.values_list("pk", "part"))
    by_game: dict[str, list[Played]] = {}
    for row in rows:
        details = row["details"] or {}
        by_game.setdefault(row["game"], []).append(
            Played(
                match_id=row["match_id"],
                game=row["game"],
                seat=row["seat"],
                won=row["won"],
                points=row["points"],
                finished_at=row["finished_at"],
                draw=bool(details.get("draw")),
                details=details,
                lineup=row["match__lineup"] or (),
                record=_parsed(records.get(row["match_id"])),
            )
        )
    return [game_statistics(slug, by_game[slug], names) for slug in game_slugs() if slug in by_game]


def names(ids: Iterable[int]) -> Mapping[int, tuple[str, str]]:
    """(nickname, tag) of each of these players, for a game that names the people its player played with."""
    wanted = list(ids)
    if not wanted:
        return {}
    return {
        pk: (nickname, tag)
        for pk, nickname, tag in Player.objects.filter(pk__in=wanted).values_list("pk", "nickname", "tag")
    }


def _parsed(part: Any) -> Any:
    """A key of a JSON column comes back parsed from PostgreSQL's jsonb, as text from SQLite's."""
    return json.loads(part) if isinstance(part, str) else part
