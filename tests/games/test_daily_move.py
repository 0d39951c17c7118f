"""The one-move dailies' shared part (games/kit/daily_move.py): the share of the best, its bar, the result."""

from __future__ import annotations

import pytest

from games.kit import daily_move
from games.kit.daily import DailyRefused

G, D = "\U0001f7e9", "\u2b1b"


@pytest.mark.parametrize(
    ("points", "best", "score", "bar"),
    [
        (41, 50, "82 %", G * 4 + D),
        (50, 50, "100 %", G * 5),
        (99, 100, "99 %", G * 4 + D),
        (9, 50, "18 %", D * 5),
        (10, 50, "20 %", G + D * 4),
        (0, 50, "0 %", D * 5),
    ],
)
def test_the_share_is_the_best_s_percentage_rounded_down_in_fifths(points, best, score, bar):
    state = daily_move.made(daily_move.start({}), {"points": points})
    assert daily_move.share_score(state, best) == score
    assert daily_move.share_rows(state, best) == [bar]
    assert daily_move.result(state, best) == {"won": points == best, "score": points, "best": best, "steps": 1}


def test_giving_up_is_no_win_even_against_a_best_of_nothing():
    state = daily_move.gave_up(daily_move.start({}))
    assert daily_move.finished(state)
    assert daily_move.result(state, 0)["won"] is False
    assert daily_move.reveal(state, 0, [])["percent"] == 0


@pytest.mark.parametrize("action", [{"type": "guess"}, {"type": None}, [], "give_up", {"kind": "give_up"}])
def test_an_action_that_is_neither_the_move_nor_giving_up_is_malformed(action):
    with pytest.raises(DailyRefused) as refused:
        daily_move.action_kind(daily_move.start({}), action, ("move",))
    assert refused.value.code == "malformed"
