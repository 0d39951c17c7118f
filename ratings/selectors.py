"""Reads of ratings: a player's rating, a game's leaderboard, a player's changes and their chart."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from ratings import glicko2
from ratings.games import is_glicko, rated_slugs
from ratings.games import is_rated as is_rated
from ratings.models import START_RATING, Rating, RatingChange

# Glicko-2's rating period (docs/ratings.md): a deviation grows by one period's volatility for every week without
# a rated game, counted in fractions, when the rating is read or updated.
RATING_PERIOD = timedelta(days=7)
# A rating whose deviation is above this is "provisional" (lichess's threshold): shown with a "?", and listed
# apart on the leaderboard.
PROVISIONAL_DEVIATION = 110


def start_rating(game: str) -> int:
    return round(glicko2.START_RATING) if is_glicko(game) else START_RATING


def periods_since(rated_at: datetime | None, now: datetime) -> float:
    if rated_at is None:
        return 0.0
    return max((now - rated_at) / RATING_PERIOD, 0.0)


def glicko_now(row: Rating | None, now: datetime | None = None) -> glicko2.Glicko:
    """A Glicko-2 rating as of `now`: its deviation grown by the periods since its last rated game."""
    if row is None or row.deviation is None:
        return glicko2.Glicko()
    stored = glicko2.Glicko(
        row.exact if row.exact is not None else float(row.value),
        row.deviation,
        row.volatility if row.volatility is not None else glicko2.START_VOLATILITY,
    )
    return glicko2.decayed(stored, periods_since(row.rated_at, now or timezone.now()))


@dataclass(frozen=True)
class Standing:
    """A player's rating in one game as pages show it."""

    game: str
    value: int
    games: int
    deviation: int | None  # None: a game without one (Torneo)

    @property
    def provisional(self) -> bool:
        return self.deviation is not None and self.deviation > PROVISIONAL_DEVIATION


def _standing(game: str, row: Rating | None, now: datetime) -> Standing:
    if row is None:
        return Standing(game, start_rating(game), 0, round(glicko2.START_DEVIATION) if is_glicko(game) else None)
    deviation = round(glicko_now(row, now).deviation) if is_glicko(game) else None
    return Standing(game, row.value, row.games, deviation)


def standing_of(player, game: str, now: datetime | None = None) -> Standing:
    row = Rating.objects.filter(player=player, game=game).first()
    return _standing(game, row, now or timezone.now())


def standings_of(player_ids: Iterable[int], game: str) -> dict[int, Standing]:
    """Each player's standing in this game (the start rating before their first rated match)."""
    ids = list(player_ids)
    now = timezone.now()
    rows = {row.player_id: row for row in Rating.objects.filter(game=game, player_id__in=ids)}
    return {pid: _standing(game, rows.get(pid), now) for pid in ids}


def rating_of(player, game: str) -> int:
    """The player's rating in this game; the game's start rating before their first rated match."""
    value = Rating.objects.filter(player=player, game=game).values_list("value", flat=True).first()
    return start_rating(game) if value is None else value


def ratings_of(player) -> list[Rating]:
    """Every rating the player has, for their page (only games they have played rated)."""
    return list(Rating.objects.filter(player=player).order_by("game"))


def player_standings(player) -> list[Standing]:
    """Every rating the player has, as pages show it, in the catalogue's order."""
    now = timezone.now()
    rows = {row.game: row for row in Rating.objects.filter(player=player)}
    return [_standing(game, rows[game], now) for game in rated_slugs() if game in rows]


def leaderboard(game: str, limit: int = 50) -> list[Rating]:
    """The best ratings of a game, each with `.rank`; equal ratings share a rank (1, 2, 2, 4)."""
    rows = list(
        Rating.objects.filter(game=game).select_related("player").order_by("-value", "-games", "player_id")[:limit]
    )
    _rank(rows)
    return rows


def _rank(rows: list[Rating]) -> None:
    for index, row in enumerate(rows):
        # `rank` is this read's own attribute, as .annotate() would add one (the model has no such field).
        row.rank = rows[index - 1].rank if index and rows[index - 1].value == row.value else index + 1  # type: ignore[attr-defined]


@dataclass
class Board:
    """A game's leaderboard as its page shows it: the ranked players, the provisional ones apart, and the
    viewer's own place (`mine`: their row, ranked or provisional, None without a rating)."""

    ranked: list[Rating]
    provisional: list[Rating]
    mine: Rating | None
    mine_shown: bool


# How many rows the leaderboard reads at most to split them (a deviation depends on the time since the last game,
# so provisional players are told apart in Python).
BOARD_READ = 5000


def board_of(game: str, *, viewer_id: int | None, limit: int = 50) -> Board:
    rows = list(
        Rating.objects.filter(game=game, games__gt=0)
        .select_related("player")
        .order_by("-value", "-games", "player_id")[:BOARD_READ]
    )
    if not is_glicko(game):
        _rank(rows)
        ranked, provisional = rows, []
    else:
        now = timezone.now()
        for row in rows:
            row.deviation_now = round(glicko_now(row, now).deviation)  # type: ignore[attr-defined]
        ranked = [row for row in rows if row.deviation_now <= PROVISIONAL_DEVIATION]  # type: ignore[attr-defined]
        provisional = [row for row in rows if row.deviation_now > PROVISIONAL_DEVIATION]  # type: ignore[attr-defined]
        _rank(ranked)
    mine = next((row for row in rows if row.player_id == viewer_id), None)
    shown = ranked[:limit] + provisional[:limit]
    return Board(ranked[:limit], provisional[:limit], mine, any(row is mine for row in shown))


def recent_changes(player, limit: int = 10, game: str | None = None) -> list[RatingChange]:
    """The player's latest rating changes, newest first (all games unless one is given)."""
    changes = RatingChange.objects.filter(player=player)
    if game is not None:
        changes = changes.filter(game=game)
    return list(changes.order_by("-created_at", "-id")[:limit])


def history_of(player, game: str, limit: int = 200) -> list[RatingChange]:
    """The player's rating changes in one game, oldest first (the last `limit`), for the chart."""
    changes = list(RatingChange.objects.filter(player=player, game=game).order_by("-created_at", "-id")[:limit])
    changes.reverse()
    return changes
