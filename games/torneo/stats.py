"""The Torneo on a player's page (games/runtime/statistics.py): per duel the player played, how many of their
own turns it took to solve the word, or "x" when they did not. A turn that ran out counts as one of the
player's turns; a duel a player left or an admin stopped says nothing of guessing and is not counted. Read
from the match's stored duels (its state's "rounds")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.runtime.statistics import Names, Played, guess_figures

STATE_PART = "rounds"
TEMPLATE = "games/torneo/player_stats.html"
SHOWS_SCORE = False  # a tournament has places, not points
COUNTED_ENDS = ("solved", "draw")  # a forfeit (a player left) or a stop says nothing of guessing


def guesses(rounds: Iterable[Mapping[str, Any]] | None, seat: int) -> list[str]:
    """The bucket of each duel `seat` played: its own turns up to the solve when it solved the word, else "x"."""
    buckets = []
    for round_ in rounds or ():
        for duel in round_.get("duels", ()):
            if seat not in duel.get("seats", ()) or duel.get("end") not in COUNTED_ENDS:
                continue
            if duel.get("end") == "solved" and duel.get("winner") == seat:
                buckets.append(str(sum(1 for row in duel.get("rows", ()) if row.get("seat") == seat)))
            else:
                buckets.append("x")
    return buckets


def figures(games: Sequence[Played], names: Names) -> dict[str, Any]:
    return guess_figures(b for g in games for b in guesses(g.record, g.seat))
