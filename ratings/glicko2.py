"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2022 revision): pure, no Django.

A rating is (rating, deviation, volatility) on the Glicko scale (1500, 350, 0.06 for a newcomer). Each finished
match is a rating period of its own for its players, as lichess does: `rate` runs the paper's steps 2-8 with
every opponent the player met in that match (Duelo: every other person at the table, each pair one game), and the
deviation first grows by the time since the player's last rated game (`periods`, fractional: the paper's step 6
for the periods without games, applied at the next update or read, `decayed`). With `periods=1` the result is
exactly the paper's (tested against its worked example).

Why our own 80 lines and not the `glicko2` package: its volatility step (f(x) in step 5.2) uses the player's
rating where the paper has the deviation (phi squared); the paper's example hides it because its player is at 1500
(mu = 0). docs/decisions.md says more.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's scale: mu = (r - 1500) / SCALE, phi = RD / SCALE
START_RATING = 1500.0
START_DEVIATION = 350.0  # also the ceiling: inactivity never makes a rating less known than a newcomer's
START_VOLATILITY = 0.06
# lichess's floor: a deviation never falls below this, so a settled rating still moves with new results.
DEVIATION_FLOOR = 45.0
TAU = 0.5  # the system constant: how fast volatility may change (the paper suggests 0.3-1.2)
EPSILON = 0.000001  # convergence of the volatility iteration (the paper's)


@dataclass(frozen=True)
class Glicko:
    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def decayed(player: Glicko, periods: float) -> Glicko:
    """The rating after `periods` rating periods without games: the deviation grows (step 6), capped."""
    if periods <= 0:
        return player
    phi = player.deviation / SCALE
    grown = math.sqrt(phi * phi + periods * player.volatility**2) * SCALE
    return Glicko(player.rating, min(grown, START_DEVIATION), player.volatility)


def rate(player: Glicko, results: Sequence[tuple[Glicko, float]], periods: float = 1.0) -> Glicko:
    """The player's rating after one period with these results: (opponent, score) with score 1, 0.5 or 0.

    `periods`: how many rating periods this one stands for, for the deviation's growth (the paper: 1). No results:
    only the deviation grows."""
    if not results:
        return decayed(player, periods)
    mu, phi, sigma = (player.rating - START_RATING) / SCALE, player.deviation / SCALE, player.volatility
    opponents = [((o.rating - START_RATING) / SCALE, o.deviation / SCALE, score) for o, score in results]
    # Step 3: the estimated variance of the player's rating from the game outcomes alone.
    v = 1 / sum(
        _g(phi_j) ** 2 * _expected(mu, mu_j, phi_j) * (1 - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, _ in opponents
    )
    # Step 4: the estimated improvement.
    improvement = sum(_g(phi_j) * (score - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, score in opponents)
    delta = v * improvement
    new_sigma = _volatility(phi, sigma, delta, v)
    # Step 6 (with the time since the last game) and step 7.
    phi_star = math.sqrt(phi * phi + max(periods, 0.0) * new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * improvement
    # Step 8, back to the Glicko scale; the ceiling as for inactivity.
    deviation = min(max(new_phi * SCALE, DEVIATION_FLOOR), START_DEVIATION)
    return Glicko(new_mu * SCALE + START_RATING, deviation, new_sigma)


def _volatility(phi: float, sigma: float, delta: float, v: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm as the paper gives it."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)
