"""Torneo pairing (games/torneo/pairing.py): duels, byes, no repeats where avoidable."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.torneo.pairing import Pairing, pair_round


def everyone_once(pairing: Pairing, players) -> bool:
    seen = [p for duel in pairing.duels for p in duel] + ([pairing.bye] if pairing.bye is not None else [])
    return sorted(seen) == sorted(players)


def test_eight_players_make_four_duels_and_no_bye():
    pairing = pair_round(range(8), random.Random(1))
    assert len(pairing.duels) == 4
    assert pairing.bye is None
    assert everyone_once(pairing, range(8))


def test_an_odd_number_gives_one_bye():
    pairing = pair_round([0, 2, 3, 5, 7], random.Random(3))
    assert len(pairing.duels) == 2
    assert pairing.bye in {0, 2, 3, 5, 7}
    assert everyone_once(pairing, [0, 2, 3, 5, 7])


def test_the_same_seed_gives_the_same_pairing():
    last = {0: 1, 1: 0, 2: 3, 3: 2, 4: 5, 5: 4, 6: 7, 7: 6}
    first = pair_round(range(8), random.Random(42), last_opponents=last)
    assert pair_round(list(reversed(range(8))), random.Random(42), last_opponents=last) == first


@pytest.mark.parametrize("seed", range(50))
def test_last_rounds_opponent_is_avoided(seed):
    last = {0: 1, 1: 0, 2: 3, 3: 2, 4: 5, 5: 4, 6: 7, 7: 6}
    pairing = pair_round(range(8), random.Random(seed), last_opponents=last)
    assert all(last[a] != b for a, b in pairing.duels)


@pytest.mark.parametrize("seed", range(30))
def test_four_players_who_just_played_meet_someone_else(seed):
    pairing = pair_round([0, 1, 2, 3], random.Random(seed), last_opponents={0: 1, 1: 0, 2: 3, 3: 2})
    assert {frozenset(d) for d in pairing.duels} in (
        {frozenset({0, 2}), frozenset({1, 3})},
        {frozenset({0, 3}), frozenset({1, 2})},
    )


@pytest.mark.parametrize("seed", range(30))
def test_three_players_the_bye_moves_on_and_the_duel_is_new(seed):
    # Last round 0 played 1 and 2 sat out: 2 cannot sit out again, and 0-1 is not replayed.
    pairing = pair_round([0, 1, 2], random.Random(seed), last_opponents={0: 1, 1: 0}, last_bye=2)
    assert pairing.bye in {0, 1}
    (duel,) = pairing.duels
    assert 2 in duel


def test_the_last_two_play_again_when_they_must():
    pairing = pair_round([4, 6], random.Random(0), last_opponents={4: 6, 6: 4})
    assert {frozenset(d) for d in pairing.duels} == {frozenset({4, 6})}
    assert pairing.bye is None


def test_the_bye_is_random_among_those_allowed():
    byes = Counter(pair_round(range(5), random.Random(seed), last_bye=2).bye for seed in range(400))
    assert set(byes) == {0, 1, 3, 4}
    assert min(byes.values()) > 60  # about 100 each


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        pair_round([1], random.Random(0))
    with pytest.raises(ValueError):
        pair_round([1, 1, 2], random.Random(0))


def _repeat_free_exists(players, last_opponents, last_bye) -> bool:
    """An independent check by search: is there any pairing without a repeat (and a legal bye)?"""
    players = list(players)
    if len(players) % 2:
        return any(
            _repeat_free_exists([p for p in players if p != bye], last_opponents, None)
            for bye in players
            if bye != last_bye
        )
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        last_opponents.get(first) != partner
        and _repeat_free_exists([p for p in rest if p != partner], last_opponents, None)
        for partner in rest
    )


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.lists(st.integers(min_value=0, max_value=3), min_size=12, max_size=12))
def test_random_tournaments_keep_the_rules(rng, losses_per_round):
    """Whole random tournaments: players drop out at random between rounds; every round keeps the rules."""
    players = list(range(8))
    last_opponents: dict[int, int | None] = {}
    last_bye: int | None = None
    for drop in losses_per_round:
        if len(players) < 2:
            break
        pairing = pair_round(players, rng, last_opponents=last_opponents, last_bye=last_bye)
        assert everyone_once(pairing, players)
        assert (pairing.bye is None) == (len(players) % 2 == 0)
        if pairing.bye is not None:
            assert pairing.bye != last_bye  # never two byes running
        replays = [d for d in pairing.duels if last_opponents.get(d[0]) == d[1]]
        if replays:
            assert not _repeat_free_exists(players, last_opponents, last_bye)
            assert len(players) == 2  # with 3 or more a new opponent is always possible
        last_opponents = {p: None for p in players}
        for a, b in pairing.duels:
            last_opponents[a], last_opponents[b] = b, a
        last_bye = pairing.bye
        # Between 0 and `drop` players are eliminated (at least one stays).
        for _ in range(min(drop, len(players) - 1)):
            players.remove(rng.choice(players))
