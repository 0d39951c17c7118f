"""A player's rating history in one game as an SVG line chart, drawn on the server (no script, no library).

The template (templates/ratings/chart.html) draws what `rating_chart` returns: coordinates in a fixed viewBox that
the page scales to its width. Presentation attributes only (fill, stroke): the site's CSP allows no inline style.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratings.models import RatingChange

WIDTH, HEIGHT = 320, 150
LEFT, RIGHT, TOP, BOTTOM = 36, 8, 10, 20  # room for the rating labels on the left, game numbers below
STEP = 50  # the horizontal grid lines every STEP rating points (more when the range is wide)


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    line: str  # the polyline's points
    band: str  # the polygon of rating ± deviation ("" without deviations)
    dots: list[tuple[float, float, int, int]]  # x, y, rating, change
    grid: list[tuple[float, int]]  # y, rating label
    ticks: list[tuple[float, int]]  # x, game number
    low: int
    high: int
    last: int
    games: int
    baseline: float
    left: int
    right: int


def _nice_step(span: float) -> int:
    step = STEP
    while span / step > 4:
        step *= 2
    return step


def rating_chart(changes: Sequence[RatingChange]) -> Chart | None:
    """The chart of these changes, oldest first; None without any. The first point is the rating before the first
    change, each next one the rating after a game."""
    if not changes:
        return None
    values = [changes[0].before] + [change.after for change in changes]
    deviations = [None] + [change.deviation for change in changes]
    spread = [
        (value - (deviation or 0), value + (deviation or 0))
        for value, deviation in zip(values, deviations, strict=True)
    ]
    low = min(item[0] for item in spread)
    high = max(item[1] for item in spread)
    step = _nice_step(max(high - low, 1))
    low = int(low // step * step)
    high = int(-(-high // step) * step)
    if high == low:
        high = low + step
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = len(values)

    def x(index: int) -> float:
        return round(LEFT + (inner_w * index / (count - 1) if count > 1 else inner_w / 2), 1)

    def y(value: float) -> float:
        return round(TOP + inner_h * (high - value) / (high - low), 1)

    points = [(x(index), y(value)) for index, value in enumerate(values)]
    band = ""
    if any(deviation is not None for deviation in deviations[1:]):
        upper = [(x(i), y(v + (d or 0))) for i, (v, d) in enumerate(zip(values, deviations, strict=True)) if i]
        lower = [(x(i), y(v - (d or 0))) for i, (v, d) in enumerate(zip(values, deviations, strict=True)) if i]
        band = " ".join(f"{px},{py}" for px, py in upper + lower[::-1])
    tick_every = max(1, -(-(count - 1) // 6))
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        line=" ".join(f"{px},{py}" for px, py in points),
        band=band,
        dots=[(px, py, values[i], values[i] - values[i - 1] if i else 0) for i, (px, py) in enumerate(points) if i],
        grid=[(y(value), value) for value in range(low, high + 1, step)],
        ticks=[(x(index), index) for index in range(0, count, tick_every)],
        low=low,
        high=high,
        last=values[-1],
        games=count - 1,
        baseline=y(low),
        left=LEFT,
        right=WIDTH - RIGHT,
    )
