"""Streaks and the distribution of results, from a player's finished plays (pure).

A streak is the run of consecutive dates, ending on the player's today or yesterday, on each of which the
player finished that date's puzzle on that date (a play from the archive never counts: it can be played any
time). The Daily Five's streak counts the dates on which every game's daily was finished."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any


@dataclass(frozen=True)
class Streak:
    current: int
    best: int


def streak(days: Iterable[date], today: date) -> Streak:
    """The current run (alive while today's or yesterday's date is in it) and the longest run of `days`."""
    ordered = sorted(set(days))
    best = run = 0
    previous: date | None = None
    for day in ordered:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    present = set(ordered)
    current = 0
    cursor = today if today in present else today - timedelta(days=1)
    while cursor in present:
        current += 1
        cursor -= timedelta(days=1)
    return Streak(current=current, best=best)


def all_done_days(days_by_game: Mapping[str, Iterable[date]], games: Sequence[str]) -> set[date]:
    """The dates on which every one of `games` was finished on its date."""
    sets = [set(days_by_game.get(game, ())) for game in games]
    return set.intersection(*sets) if sets else set()


@dataclass(frozen=True)
class Statistics:
    played: int
    won: int
    streak: Streak
    # How many plays ended with each number of steps (Duelo: the guesses of a solve; "x" for a loss).
    distribution: dict[str, int] = field(default_factory=dict)

    @property
    def won_percent(self) -> int:
        return round(100 * self.won / self.played) if self.played else 0

    def as_json(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "won": self.won,
            "won_percent": self.won_percent,
            "streak": self.streak.current,
            "best_streak": self.streak.best,
            "distribution": self.distribution,
        }


def statistics(results: Iterable[tuple[date, bool, Mapping[str, Any]]], today: date) -> Statistics:
    """From (date, archive, result) of one game's finished plays: the counts, the distribution, the streak."""
    played = won = 0
    distribution: Counter[str] = Counter()
    streak_days = []
    for day, archive, result in results:
        played += 1
        if result.get("won"):
            won += 1
            distribution[str(result.get("steps", 0))] += 1
        else:
            distribution["x"] += 1
        if not archive:
            streak_days.append(day)
    return Statistics(played=played, won=won, streak=streak(streak_days, today), distribution=dict(distribution))
