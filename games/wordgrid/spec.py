"""Wordgrid as rooms see it: exactly 2 seats (a guest host too), bots easy/medium/hard, no options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.kit.contract import gettext_noop as _
from games.runtime.catalogue import GameSpec
from games.wordgrid import engine
from games.wordgrid.bots import LEVELS
from wordlists.alphabets import language_names


def clean_settings(raw: Mapping[str, Any], interface_language: str) -> dict[str, Any]:
    """Wordgrid has no host options (one English list, SHEEP, 10 minutes each): nothing to keep, whatever
    the interface language."""
    return engine.make_settings(raw)


def _engine_kwargs() -> dict[str, Any]:
    # The committed DAWG, loaded once per process, instead of a graph rebuilt from the list (about 1 s).
    from wordlists.lexicon import dawg

    return {"dawg": dawg}


# "Abort if no first move" (lichess): nobody's clock runs on a player who has not opened the room.
JOIN_GRACE_SECONDS = 30.0

SPEC = GameSpec(
    slug="wordgrid",
    name="Wordgrid",
    colour="#2e8b57",
    min_seats=engine.SEATS,
    max_seats=engine.SEATS,
    guest_host_max_seats=engine.SEATS,
    bot_levels=LEVELS,
    spectators=True,
    clean_settings=clean_settings,
    defaults={},
    word_languages=language_names((engine.LANGUAGE,)),  # English only: every page offering it says so
    hidden_list=None,
    engine_kwargs=_engine_kwargs,
    join_grace_seconds=JOIN_GRACE_SECONDS,
    rematch_swaps_seats=True,  # seat 0 plays first: a rematch lets the other begin
    glicko=True,  # a rated room's match moves Glicko-2 ratings (issue 20)
    order=30,
    blurb=_("Add a letter, trace a word on the 5x5 grid, beat the clock and your opponent."),
    players=_("2 players or you against a bot, optional stakes"),
    home_url_name="wordgrid_home",
    ways_in=("offers",),
    home_by_lobby=True,
    guide="games/wordgrid/guide.html",
)
