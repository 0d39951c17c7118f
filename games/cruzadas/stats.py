"""Letras Cruzadas on a player's page (games/runtime/statistics.py): the average score (points per match); the
best word (a word's own points, premiums included, as the move's breakdown counted it) and the best move
(every word a turn formed plus the star and bingo bonuses), the first one on a tie. Read from the match's
stored turns (its state's "history")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.runtime.statistics import Names, Played, average_score, best_of

STATE_PART = "history"
TEMPLATE = "games/cruzadas/player_stats.html"


def words(history: Iterable[Mapping[str, Any]] | None, seat: int) -> list[tuple[str, int]]:
    """(word, points) of every word `seat` formed (the turns' breakdowns)."""
    return [
        (line["word"], int(line["points"]))
        for turn in history or ()
        if turn.get("seat") == seat and turn.get("kind") == "place"
        for line in turn.get("breakdown", ())
        if line.get("kind") == "word" and line.get("word")
    ]


def moves(history: Iterable[Mapping[str, Any]] | None, seat: int) -> list[tuple[str, int]]:
    """(words, points) of each of `seat`'s placements: the words it formed, main word first."""
    return [
        (" + ".join(turn.get("words", ())), int(turn.get("points", 0)))
        for turn in history or ()
        if turn.get("seat") == seat and turn.get("kind") == "place"
    ]


def figures(games: Sequence[Played], names: Names) -> dict[str, Any]:
    return {
        "average_score": average_score(games),
        "best_word": best_of((w, p, g.match_id) for g in games for w, p in words(g.record, g.seat)),
        "best_move": best_of((w, p, g.match_id) for g in games for w, p in moves(g.record, g.seat)),
    }
