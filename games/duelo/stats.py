"""Duelo de Palabras on a player's page (games/runtime/statistics.py): per round the player took part in, how
many of their guesses it took to solve the word ("1".."6"), or "x" when they did not solve it. Read from the
player's result (MatchResult.details["rounds"]), not the match's state."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.runtime.statistics import Names, Played, guess_figures

TEMPLATE = "games/duelo/player_stats.html"


def guesses(rounds: Iterable[Mapping[str, Any]]) -> list[str]:
    """The bucket of each of a player's rounds: the guesses it took, or "x" when not solved."""
    return [str(r.get("guesses")) if r.get("solved") else "x" for r in rounds]


def figures(games: Sequence[Played], names: Names) -> dict[str, Any]:
    return guess_figures(b for g in games for b in guesses(g.details.get("rounds") or ()))
