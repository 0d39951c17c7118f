"""The Torneo rating change (games/torneo/rating.py): the README formula, by table and by property."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.torneo import rating


def test_equal_ratings_give_the_rules_table():
    assert rating.rating_changes([1000] * 8, [1, 2, 3, 4, 5, 6, 7, 8]) == [25, 18, 11, 4, -4, -11, -18, -25]


def test_the_table_does_not_depend_on_the_common_rating_or_the_order_given():
    assert rating.rating_changes([1730] * 8, [8, 3, 1, 6, 2, 7, 5, 4]) == [-25, 11, 25, -11, 18, -18, -4, 4]


def test_a_strong_player_winning_gains_less_and_the_weaker_lose_less():
    # Worked by hand: 1200 vs 1000 expects 1 / (1 + 10^-0.5) = 0.759747 per game.
    # Winner: 7 * (1 - 0.759747) * 50/7 = 12.01 -> 12. A 1000 in 2nd: (6 - 3 - 0.240253) * 50/7 = 19.71
    # -> 20; 3rd: 1.759747 * 50/7 = 12.57 -> 13; 4th: 5.43 -> 5; 5th: -1.72 -> -2; 6th: -8.86 -> -9;
    # 7th: -16.00 -> -16; 8th: -3.240253 * 50/7 = -23.14 -> -23.
    ratings = [1200, 1000, 1000, 1000, 1000, 1000, 1000, 1000]
    assert rating.rating_changes(ratings, [1, 2, 3, 4, 5, 6, 7, 8]) == [12, 20, 13, 5, -2, -9, -16, -23]


def test_a_strong_player_finishing_last_loses_more():
    # 7 * (0 - 0.759747) * 50/7 = -37.99 -> -38; the 1000s each gain 0.759747 * 50/7 = 5.43 from that pair.
    ratings = [1200, 1000, 1000, 1000, 1000, 1000, 1000, 1000]
    changes = rating.rating_changes(ratings, [8, 1, 2, 3, 4, 5, 6, 7])
    assert changes[0] == -38
    # The 1000 who won: 6 draws' worth above expectation against peers (3) plus 5.43 -> 21.43 + 5.43 = 26.86
    assert changes[1] == 27


def test_two_players_only():
    # 1100 vs 1000: expected 1 / (1 + 10^-0.25) = 0.640065; winner +0.359935 * 50/7 = 2.57 -> 3.
    assert rating.rating_changes([1100, 1000], [1, 2]) == [3, -3]
    assert rating.rating_changes([1100, 1000], [2, 1]) == [-5, 5]  # 0.640065 * 50/7 = 4.57


def test_shared_places_count_as_draws():
    # Three players eliminated in the same round share 6th: each is behind the top 5 and draws the other
    # two: (2 * 0.5 - 3.5) * 50/7 = -17.86 -> -18. The 5th is ahead of those three: (3 - 3.5) * 50/7 -> -4.
    changes = rating.rating_changes([1000] * 8, [1, 2, 3, 4, 5, 6, 6, 6])
    assert changes == [25, 18, 11, 4, -4, -18, -18, -18]


def test_everyone_sharing_a_place_changes_nothing():
    assert rating.rating_changes([1000] * 8, [1] * 8) == [0] * 8
    assert rating.rating_changes([900, 1000, 1100, 1000], [3, 3, 3, 3]) == [4, 0, -4, 0]


def test_two_sharing_the_last_place():
    # The all-eliminated round: the last two go out together and share 7th: (0.5 - 3.5) * 50/7 = -21.43.
    assert rating.rating_changes([1000] * 8, [1, 2, 3, 4, 5, 6, 7, 7]) == [25, 18, 11, 4, -4, -11, -21, -21]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (2.5, 3),
        (-2.5, -3),
        (0.5, 1),
        (-0.5, -1),
        (3.5, 4),
        (-3.5, -4),
        (1.4999, 1),
        (-1.4999, -1),
        (25.000000000000004, 25),
        (0.0, 0),
        (-0.0, 0),
        (17.857, 18),
        (-17.857, -18),
    ],
)
def test_rounding_is_half_away_from_zero(value, expected):
    assert rating.round_half_away(value) == expected


def test_expected_score():
    assert rating.expected_score(1000, 1000) == 0.5
    assert rating.expected_score(1400, 1000) == pytest.approx(1 / 1.1)
    assert rating.expected_score(1000, 1400) == pytest.approx(1 - 1 / 1.1)


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        rating.rating_changes([1000, 1000], [1])
    with pytest.raises(ValueError):
        rating.rating_changes([1000], [1])
    with pytest.raises(ValueError):
        rating.rating_changes([1000, 1000], [0, 1])


ratings_st = st.lists(st.integers(min_value=100, max_value=3000), min_size=8, max_size=8)
places_st = st.lists(st.integers(min_value=1, max_value=8), min_size=8, max_size=8)


@given(ratings_st, places_st)
def test_points_are_conserved_before_rounding_and_within_rounding_after(ratings, places):
    raw = rating.raw_changes(ratings, places)
    # Every pair is zero-sum with one K: what one gains the other loses.
    assert abs(math.fsum(raw)) < 1e-9
    rounded = rating.rating_changes(ratings, places)
    # Each rounded change is within half a point of its raw value, so the room's total drifts by at most
    # half a point per player: |sum| <= 4 for 8 players.
    assert all(abs(r - x) <= 0.5 + 1e-9 for r, x in zip(rounded, raw, strict=True))
    assert abs(sum(rounded)) <= 4


@given(ratings_st, places_st)
def test_finishing_better_never_pays_less(ratings, places):
    # Move player 0 one place up (if possible): their change never decreases.
    if places[0] == 1:
        return
    better = [places[0] - 1, *places[1:]]
    assert rating.rating_changes(ratings, better)[0] >= rating.rating_changes(ratings, places)[0]


@given(ratings_st)
def test_the_winner_never_loses_and_the_last_never_gains(ratings):
    changes = rating.rating_changes(ratings, [1, 2, 3, 4, 5, 6, 7, 8])
    assert changes[0] >= 0
    assert changes[-1] <= 0
    assert all(abs(change) <= 50 for change in changes)  # at most 7 pairs * 50/7


@given(st.integers(min_value=100, max_value=3000), st.permutations(range(1, 9)))
def test_equal_ratings_always_give_the_table_by_place(common, places):
    table = {1: 25, 2: 18, 3: 11, 4: 4, 5: -4, 6: -11, 7: -18, 8: -25}
    assert rating.rating_changes([common] * 8, list(places)) == [table[p] for p in places]


def test_an_eliminated_players_change_is_known_before_the_others_finish():
    # Seats 6 and 7 went out in the same round (sharing 7th) while six are still in.
    ratings = [1000, 1100, 950, 1200, 1000, 1000, 1040, 980]
    places_so_far = [None, None, None, None, None, None, 7, 7]
    final = [3, 1, 6, 2, 5, 4, 7, 7]
    for seat in (6, 7):
        assert rating.change_at_placement(ratings, places_so_far, seat) == rating.rating_changes(ratings, final)[seat]
    with pytest.raises(ValueError):
        rating.change_at_placement(ratings, places_so_far, 0)
