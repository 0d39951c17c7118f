"""Letras Cruzadas as rooms see it: exactly 2 seats (a guest host too), bots easy/medium/hard, the word
language (Turkish, the one shipped) and its ruleset version, fixed when the game starts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cruzadas import engine
from games.cruzadas.bots import LEVELS
from games.kit.contract import gettext_noop as _
from games.runtime.catalogue import GameSpec
from wordlists.alphabets import language_names


def clean_settings(raw: Mapping[str, Any], interface_language: str) -> dict[str, Any]:
    """The word language (defaults to the interface language when it is shipped, else Turkish) and the
    ruleset (defaults to the language's current one, "tr-2"); the list's version is recorded with them."""
    from wordlists.lexicon import list_info

    default_language = interface_language if interface_language in engine.LANGUAGES else "tr"
    language = raw.get("language") or default_language
    settings = engine.make_settings(
        {"language": language, "ruleset": raw.get("ruleset") or engine.DEFAULT_RULESET.get(language)}
    )
    settings["list_version"] = list_info(engine.list_slug(settings["language"])).version
    return settings


def _engine_kwargs() -> dict[str, Any]:
    # The committed DAWG, loaded once per process: the Turkish list (1.1 M words) is too big for a set.
    from wordlists.lexicon import dawg

    return {"dawg": dawg}


def _warm_up() -> None:
    # The move generator's tables of each language's graph (issue 30: some 0.2 s), before the first move.
    from games.cruzadas import movegen
    from wordlists.lexicon import dawg

    for language in engine.LANGUAGES:
        movegen.prepare(dawg(engine.list_slug(language)))


# "Abort if no first move" (lichess): nobody's clock runs on a player who has not opened the room.
JOIN_GRACE_SECONDS = 30.0
# No clock: the one left behind may claim the win once the other has been away this long (issue 31), and a table
# both left is closed after a while.
CLAIM_AFTER_SECONDS = 120.0
DESERTED_AFTER_SECONDS = 600.0

SPEC = GameSpec(
    slug="cruzadas",
    name="Letras Cruzadas",
    colour="#6a4fb3",
    min_seats=engine.SEATS,
    max_seats=engine.SEATS,
    guest_host_max_seats=engine.SEATS,
    bot_levels=LEVELS,  # easy, medium, hard: the choice of move, never the rules
    spectators=True,
    clean_settings=clean_settings,
    defaults={"language": "tr", "ruleset": engine.DEFAULT_RULESET["tr"]},
    word_languages=language_names(engine.LANGUAGES),  # Turkish, the one shipped: every page offering it says so
    hidden_list=None,
    engine_kwargs=_engine_kwargs,
    warm_up=_warm_up,
    join_grace_seconds=JOIN_GRACE_SECONDS,
    rematch_swaps_seats=True,  # seat 0 plays first: a rematch lets the other begin
    claim_after_seconds=CLAIM_AFTER_SECONDS,
    claim_action={"type": engine.LEAVE_ACTION},
    deserted_after_seconds=DESERTED_AFTER_SECONDS,
    glicko=True,  # a rated room's match moves Glicko-2 ratings (issue 20)
    order=40,
    blurb=_("The crossword tile game with the Turkish bag, against a friend or the AI."),
    players=_("2 players or you against the AI"),
    home_url_name="cruzadas_home",
    ways_in=("random_opponent",),
    home_by_lobby=True,
    guide="games/cruzadas/guide.html",
)
