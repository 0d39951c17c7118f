"""Reads of ratings: a player's rating, a game's leaderboard, a player's recent changes."""

from __future__ import annotations

from ratings.models import RATED_GAMES, START_RATING, Rating, RatingChange


def is_rated(game: str) -> bool:
    return game in RATED_GAMES


def rating_of(player, game: str) -> int:
    """The player's rating in this game; START_RATING before their first rated match."""
    value = Rating.objects.filter(player=player, game=game).values_list("value", flat=True).first()
    return START_RATING if value is None else value


def ratings_of(player) -> list[Rating]:
    """Every rating the player has, for their page (only games they have played rated)."""
    return list(Rating.objects.filter(player=player).order_by("game"))


def leaderboard(game: str, limit: int = 50) -> list[Rating]:
    """The best ratings of a game, each with `.rank`; equal ratings share a rank (1, 2, 2, 4)."""
    rows = list(
        Rating.objects.filter(game=game).select_related("player").order_by("-value", "-games", "player_id")[:limit]
    )
    for index, row in enumerate(rows):
        # `rank` is this read's own attribute, as .annotate() would add one (the model has no such field).
        row.rank = rows[index - 1].rank if index and rows[index - 1].value == row.value else index + 1  # type: ignore[attr-defined]
    return rows


def recent_changes(player, limit: int = 10, game: str | None = None) -> list[RatingChange]:
    """The player's latest rating changes, newest first (all games unless one is given)."""
    changes = RatingChange.objects.filter(player=player)
    if game is not None:
        changes = changes.filter(game=game)
    return list(changes.order_by("-created_at", "-id")[:limit])
