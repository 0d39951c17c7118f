"""Wordgrid on a player's page (games/runtime/statistics.py): the average score (points per match) and the
best word, which is also the best move (a move is one word, and a word scores its length), the first one on
a tie. Read from the match's stored plays (its state's "plays")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.runtime.statistics import Names, Played, average_score, best_of

STATE_PART = "plays"
TEMPLATE = "games/wordgrid/player_stats.html"


def words(plays: Iterable[Mapping[str, Any]] | None, seat: int) -> list[tuple[str, int]]:
    """(word, points) of each of `seat`'s plays: a word scores its length."""
    return [(p["word"], len(p["word"])) for p in plays or () if p.get("seat") == seat and p.get("word")]


def figures(games: Sequence[Played], names: Names) -> dict[str, Any]:
    return {
        "average_score": average_score(games),
        "best_word": best_of((w, p, g.match_id) for g in games for w, p in words(g.record, g.seat)),
    }
