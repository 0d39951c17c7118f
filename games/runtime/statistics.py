"""A player's statistics per game, as their public page shows them (players/, docs/player-page.md).

What every game shares is counted here; what only a game knows is its own `games/<slug>/stats.py`, found as
its analysis is (`catalogue.game_module`), never named here. Pure: plain data in (one `Played` per finished
match, oldest first), figures out; the reader that loads the rows is games/runtime/player_statistics.py.

What every game counts:
- played, won, drawn: every finished match with a result for the player (an aborted match has none); a draw
  or a stopped match is not a win. Win rate: won / played, in whole percent.
- streaks: matches won in a row, in the order they finished, within one game. Current: the run that reaches
  the newest match (0 after anything but a win); best: the longest run ever.

A game's stats.py may define (all optional):
- `STATE_PART`: the key of its stored match state its figures read (Played.record), only that part being
  loaded; None: the results' own details are enough.
- `figures(games, names) -> dict`: its own figures (`names(ids)` gives (nickname, tag) per player id, read
  only when asked), shown by
- `TEMPLATE`: its part of the player's page, given the game's statistics as `s` (its figures: `s.figures`).
- `TOGETHER`: the people at its table play together (Claves a Dúo): the list says "with", a win is "Won".
- `SHOWS_SCORE`: False for a game whose points say nothing on the list (Torneo, Claves).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from games.runtime.catalogue import game_module

GUESS_BUCKETS = ("1", "2", "3", "4", "5", "6", "x")  # x: not solved

# player ids -> {id: (nickname, tag)}; a game that names the people it played with asks for them
Names = Callable[[Iterable[int]], Mapping[int, tuple[str, str]]]


@dataclass(frozen=True)
class Played:
    """One finished match of the player, as the statistics read it."""

    match_id: int
    game: str
    seat: int
    won: bool
    points: int
    finished_at: datetime
    draw: bool = False
    details: Mapping[str, Any] = field(default_factory=dict)  # the player's MatchResult.details
    lineup: Sequence[Mapping[str, Any]] = ()  # who sat where: [{"player": id | None, "bot": level}]
    record: Any = None  # the part of the match's state the game's statistics read (its STATE_PART)


@dataclass(frozen=True)
class Best:
    """A best word or move: its text, its points and the match it was played in."""

    text: str
    points: int
    match_id: int


@dataclass
class GameStats:
    game: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    win_rate: int = 0  # whole percent
    current_streak: int = 0
    best_streak: int = 0
    figures: dict[str, Any] = field(default_factory=dict)  # the game's own (its stats.py)
    template: str = ""  # the game's part of the page ("" none)

    @property
    def lost(self) -> int:
        return self.played - self.won - self.drawn


def streaks(wins: Iterable[bool]) -> tuple[int, int]:
    """(current, best) runs of wins, `wins` oldest first."""
    current = best = 0
    for won in wins:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best


def win_rate(played: int, won: int) -> int:
    return round(100 * won / played) if played else 0


def distribution(buckets: Iterable[str]) -> dict[str, int]:
    """How many rounds took each number of guesses (GUESS_BUCKETS; "x": not solved)."""
    counts = dict.fromkeys(GUESS_BUCKETS, 0)
    for bucket in buckets:
        if bucket in counts:
            counts[bucket] += 1
    return counts


def guess_figures(buckets: Iterable[str]) -> dict[str, Any]:
    """The Wordle games' figures: the distribution of guesses and its tallest bar (for the bars' widths)."""
    counts = distribution(buckets)
    return {"distribution": counts, "distribution_max": max(counts.values()) or 1}


def best_of(candidates: Iterable[tuple[str, int, int]]) -> Best | None:
    """The highest-scoring (text, points, match id), the first one on a tie."""
    best: Best | None = None
    for text, points, match_id in candidates:
        if best is None or points > best.points:
            best = Best(text=text, points=points, match_id=match_id)
    return best


def average_score(games: Sequence[Played]) -> float | None:
    """The player's points per match, one decimal."""
    return round(sum(g.points for g in games) / len(games), 1) if games else None


def _no_names(ids: Iterable[int]) -> Mapping[int, tuple[str, str]]:
    return {}


def game_statistics(game: str, games: Sequence[Played], names: Names = _no_names) -> GameStats:
    """One game's statistics from the player's matches of it, oldest first."""
    stats = GameStats(game=game, played=len(games))
    stats.won = sum(1 for g in games if g.won)
    stats.drawn = sum(1 for g in games if g.draw and not g.won)
    stats.win_rate = win_rate(stats.played, stats.won)
    stats.current_streak, stats.best_streak = streaks(g.won for g in games)
    own = readout(game)
    if own is not None:
        figures = getattr(own, "figures", None)
        stats.figures = figures(games, names) if figures is not None and games else {}
        stats.template = getattr(own, "TEMPLATE", "")
    return stats


def readout(game: str) -> Any | None:
    """The game's games/<slug>/stats.py, or None."""
    return game_module(game, "stats")


def state_part(game: str) -> str | None:
    return getattr(readout(game), "STATE_PART", None)


def together(game: str) -> bool:
    return bool(getattr(readout(game), "TOGETHER", False))


def shows_score(game: str) -> bool:
    return bool(getattr(readout(game), "SHOWS_SCORE", True))
