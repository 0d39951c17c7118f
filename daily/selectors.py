"""What the daily pages read: a player's plays, statistics and streaks."""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from accounts.models import Player
from daily import streaks
from daily.models import Play, Puzzle
from daily.registry import solo_dailies


def play_of(player: Player | None, puzzle: Puzzle) -> Play | None:
    if player is None:
        return None
    return Play.objects.filter(player=player, puzzle=puzzle).first()


def _finished(player: Player):  # type: ignore[no-untyped-def]
    return Play.objects.filter(player=player, finished_at__isnull=False).select_related("puzzle")


def game_statistics(player: Player, game: str, today: date) -> streaks.Statistics:
    """One game's dailies finished by `player`: counts, distribution, streak (each date once: a date's puzzles in
    several variants, Duelo's languages, make one day of the streak)."""
    plays = _finished(player).filter(puzzle__game=game).order_by("puzzle__day")
    return streaks.statistics(((play.puzzle.day, play.archive, play.result or {}) for play in plays), today)


def five_streak(player: Player, today: date) -> streaks.Streak:
    """The Daily Five's streak: the dates on which every daily was finished on its date."""
    by_game: dict[str, set[date]] = defaultdict(set)
    for game, day in _finished(player).filter(archive=False).values_list("puzzle__game", "puzzle__day"):
        by_game[game].add(day)
    return streaks.streak(streaks.all_done_days(by_game, list(solo_dailies())), today)


def results_by_day(player: Player, first: date, last: date) -> dict[tuple[str, date], list[Play]]:
    """The player's plays of the dates first..last, by (game, date): the archive's calendar."""
    found: dict[tuple[str, date], list[Play]] = defaultdict(list)
    for play in Play.objects.filter(player=player, puzzle__day__range=(first, last)).select_related("puzzle"):
        found[(play.puzzle.game, play.puzzle.day)].append(play)
    return found
