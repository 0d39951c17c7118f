"""Reads about games for pages: a player's results."""

from __future__ import annotations

from games.models import MatchResult

GUESS_BUCKETS = ["1", "2", "3", "4", "5", "6", "x"]  # x: a round not solved


def duelo_stats(player) -> dict:
    """Games played and won, points, and how many guesses each round took (the distribution)."""
    results = list(MatchResult.objects.filter(player=player, game="duelo").values("won", "points", "details"))
    distribution = dict.fromkeys(GUESS_BUCKETS, 0)
    for result in results:
        for round_ in result["details"].get("rounds", []):
            distribution[str(round_["guesses"]) if round_.get("solved") else "x"] += 1
    return {
        "played": len(results),
        "won": sum(1 for r in results if r["won"]),
        "points": sum(r["points"] for r in results),
        "distribution": distribution,
        "distribution_max": max(distribution.values()) or 1,
    }
