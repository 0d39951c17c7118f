"""Helpers every game shares, one copy each: a bot's think time, an error's text in the player's language,
the Wordle solver of the Duelo and Torneo bots, the payout a staked table shows."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from games.kit import wordle_bots
from games.kit.contract import think_time
from games.kit.errors import IllegalMove
from games.kit.words import WordSet
from games.runtime.errors import error_text, room_error
from games.runtime.registry import BOTS
from lobby import errors as lobby_errors
from lobby.models import StakeOffer
from wallet.conf import payout_for


def test_think_time_draws_uniformly_from_the_levels_range() -> None:
    think = think_time({"easy": (9.0, 18.0), "hard": (3.5, 9.0)})
    samples = [think("hard", random.Random(seed)) for seed in range(200)]
    assert all(3.5 <= s <= 9.0 for s in samples)
    assert think("easy", random.Random(4)) == random.Random(4).uniform(9.0, 18.0)
    with pytest.raises(KeyError):
        think("expert", random.Random(0))


@pytest.mark.parametrize("slug", sorted(BOTS))
def test_every_games_bots_think_within_their_own_ranges(slug: str) -> None:
    bots = BOTS[slug]
    for level, (low, high) in bots.THINK_SECONDS.items():
        assert bots.think_seconds(level, random.Random(1)) == random.Random(1).uniform(low, high)


def test_an_error_is_shown_in_the_active_language_with_its_parameters() -> None:
    error = IllegalMove("bad_seats", "A room has from %(min)d to %(max)d seats.", {"min": 2, "max": 6})
    with translation.override("es"):
        assert error_text(error) == "Una sala tiene de 2 a 6 asientos."
        assert error_text(room_error("seat_taken")) == translation.gettext("That seat is taken.")
    with translation.override("en"):
        assert error_text(error) == error.text == "A room has from 2 to 6 seats."
    assert lobby_errors.error_text is error_text  # the lobby's pages show errors the same way


def test_the_solver_reads_any_word_length() -> None:
    lists = {"valid": WordSet(("casa", "cosa", "masa", "mesa", "pasa")), "hidden": WordSet(("cosa", "mesa"))}
    tactics = wordle_bots.Tactics(careless=0.3, from_candidates=40, probes=30, probe_above=8, sample=200)
    for level in wordle_bots.LEVELS:
        # "casa" against "cosa": only "cosa" fits, on either list.
        word = wordle_bots.guess(
            level,
            [("casa", ["green", "grey", "green", "green"])],
            language="es",
            length=4,
            words=lists.__getitem__,
            valid_slug="valid",
            hidden_slug="hidden",
            rng=random.Random(0),
            tactics=tactics,
            may_be_careless=False,
            last_chance=False,
        )
        assert word == "cosa", level
        # No hidden word fits "?asa" without a c: medium and hard fall back on the valid list too.
        word = wordle_bots.guess(
            level,
            [("casa", ["grey", "green", "green", "green"])],
            language="es",
            length=4,
            words=lists.__getitem__,
            valid_slug="valid",
            hidden_slug="hidden",
            rng=random.Random(0),
            tactics=tactics,
            may_be_careless=False,
            last_chance=False,
        )
        assert word in {"masa", "pasa"}, level
    with pytest.raises(ValueError):
        wordle_bots.require_level("expert")


def test_an_offer_shows_the_wallets_payout() -> None:
    assert StakeOffer(stake=50).payout == payout_for(50) == 90
    assert StakeOffer(stake=5).payout == payout_for(5) == 9
