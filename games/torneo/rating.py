"""The Torneo rating change, pure: every pair of players in the room counts as one Elo game.

From docs/rules/torneo.md: a player's change is the sum, over each other player, of
K * (score - expected), where score is 1 for finishing ahead, 0 for behind, 0.5 for the same place,
expected is 1 / (1 + 10^((Rb - Ra) / 400)), and K is 50/7 per pair; the sum is rounded half away from
zero. With 8 equal ratings and 8 distinct places this gives exactly +25 +18 +11 +4 -4 -11 -18 -25.

Places are 1 = best; players eliminated in the same round share a place (equal numbers).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

K_PER_PAIR = Fraction(50, 7)
WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)


def expected_score(rating: float, opponent: float) -> float:
    """The Elo expectation of `rating` against `opponent` (0.5 when equal)."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def pair_score(place: int, other_place: int) -> Fraction:
    """1 for finishing ahead (a smaller place number), 0 for behind, 0.5 for the same place."""
    if place < other_place:
        return WIN
    if place > other_place:
        return LOSS
    return DRAW


def round_half_away(value: float) -> int:
    """Round to the nearest integer, halves away from zero (Python's round() goes to even)."""
    magnitude = math.floor(abs(value) + 0.5)
    return int(magnitude if value >= 0 else -magnitude)


def raw_changes(ratings: Sequence[float], places: Sequence[int]) -> list[float]:
    """The unrounded changes, one per player, in the order given."""
    if len(ratings) != len(places):
        raise ValueError("one place per rating")
    if len(ratings) < 2:
        raise ValueError("a rating change needs at least two players")
    if any(place < 1 for place in places):
        raise ValueError("places start at 1")
    changes = []
    for i, (rating, place) in enumerate(zip(ratings, places, strict=True)):
        # The scores are exact fractions; only the expectations are floats. Summing the exact part
        # separately keeps the equal-ratings table free of float noise.
        score = sum((pair_score(place, places[j]) for j in range(len(places)) if j != i), Fraction(0))
        expected = math.fsum(expected_score(rating, ratings[j]) for j in range(len(ratings)) if j != i)
        changes.append(float(K_PER_PAIR) * (float(score) - expected))
    return changes


def rating_changes(ratings: Sequence[float], places: Sequence[int]) -> list[int]:
    """The whole-point change of each player, in the order given (ratings before the tournament)."""
    return [round_half_away(change) for change in raw_changes(ratings, places)]


def change_at_placement(ratings: Sequence[float], places: Sequence[int | None], player: int) -> int:
    """One player's change as soon as their place is fixed, while others may still be playing.

    `places[i]` is None for a player still in: whatever their final order, they finish ahead of every
    player already placed, so the change of `player` is already what it will be at the end.
    """
    if places[player] is None:
        raise ValueError("the player has no place yet")
    fixed = [0 if place is None else place for place in places]  # 0 sorts ahead of every real place
    score = sum((pair_score(fixed[player], fixed[j]) for j in range(len(fixed)) if j != player), Fraction(0))
    expected = math.fsum(expected_score(ratings[player], ratings[j]) for j in range(len(ratings)) if j != player)
    return round_half_away(float(K_PER_PAIR) * (float(score) - expected))
