"""Duelo de Palabras as rooms see it: 2-6 seats (a guest host up to 4), bots, host options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.duelo import engine
from games.duelo.bots import LEVELS
from games.kit.contract import gettext_noop as _
from games.runtime.catalogue import GameSpec
from wordlists.alphabets import language_names


def clean_settings(raw: Mapping[str, Any], interface_language: str) -> dict[str, Any]:
    """The host's options, checked by the engine's own rules; the word language defaults to the
    interface language when the site speaks one of the six, else Spanish."""
    default_language = interface_language if interface_language in engine.LANGUAGES else "es"

    def number(key: str, default: int) -> Any:
        value = raw.get(key, default)
        try:
            return int(value)
        except (TypeError, ValueError):
            return value  # make_settings refuses it with the right message

    settings = engine.make_settings(
        {
            "language": raw.get("language") or default_language,
            "rounds": number("rounds", engine.DEFAULT_ROUNDS),
            "round_seconds": number("round_seconds", engine.DEFAULT_ROUND_SECONDS),
        }
    )
    return {"language": settings.language, "rounds": settings.rounds, "round_seconds": settings.round_seconds}


SPEC = GameSpec(
    slug="duelo",
    name="Duelo de Palabras",
    colour="#e8553e",
    min_seats=2,
    max_seats=6,
    guest_host_max_seats=4,
    bot_levels=LEVELS,
    spectators=True,
    clean_settings=clean_settings,
    defaults={"rounds": engine.DEFAULT_ROUNDS, "round_seconds": engine.DEFAULT_ROUND_SECONDS},
    word_languages=language_names(engine.LANGUAGES),
    hidden_list=lambda settings: engine.list_slugs(settings["language"])[1],
    glicko=True,  # a rated room's match moves Glicko-2 ratings (issue 20)
    order=10,
    blurb=_("Guess the hidden five-letter word before your rivals, all at the same time."),
    players=_("2 to 6 players, bots welcome"),
    home_url_name="duelo_home",
    ways_in=("quick_match",),
    newcomer_settings={"rounds": 1},
    guide="games/duelo/guide.html",
    stylesheets=("css/wordle.css",),  # the Wordle tiles and keyboard, shared with the Torneo
    room_subtitle="games/duelo/room_subtitle.html",
    settings_form="games.duelo.forms.DueloRoomForm",
    leave_to=lambda settings: "/play/duelo/",
)
