"""Torneo as rooms see it: 8 seats filled by the lobby (rated matchmaking, a group, or a practice with bots),
never by a host's form. Its settings say whether it counts for the rating and which group it came from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.kit.contract import gettext_noop as _
from games.kit.errors import Refusal
from games.runtime.catalogue import GameSpec
from games.torneo import engine
from games.torneo.bots import LEVELS
from games.torneo.rating import change_at_placement
from wordlists.alphabets import language_names

# A person whose sockets are all gone this long has abandoned (the rules: "tienes 60 segundos para volver").
ABANDON_SECONDS = 60

# Each word language by its own name (the lobby's forms and the room page).
LANGUAGE_NAMES = language_names(engine.LANGUAGES)


def clean_settings(raw: Mapping[str, Any], interface_language: str) -> dict[str, Any]:
    """The word language (defaults to the interface language when it is one of the 13, else Spanish),
    whether the tournament is rated, and the group it came from (a code, or absent)."""
    language = raw.get("language") or (interface_language if interface_language in engine.LANGUAGES else "es")
    if language not in engine.LANGUAGES:
        raise Refusal(
            "bad_language", _("Choose a word language: %(choices)s."), {"choices": ", ".join(engine.LANGUAGES)}
        )
    clean: dict[str, Any] = {"language": language, "rated": bool(raw.get("rated", False))}
    group = raw.get("group")
    if isinstance(group, str) and group.isalnum() and len(group) <= 12:
        clean["group"] = group
    return clean


def leave_to(settings: Mapping[str, Any]) -> str:
    """A player who leaves a tournament goes back to its group, or to the lobby."""
    group = settings.get("group")
    return f"/g/{group}/" if group else "/lobby/"


def hidden_lists(settings: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(engine.list_slugs(settings["language"], length)[1] for length in engine.WORD_LENGTHS)


SPEC = GameSpec(
    slug="torneo",
    name="Torneo",
    colour="#f2a007",
    min_seats=engine.MIN_SEATS,
    max_seats=engine.SEATS,
    guest_host_max_seats=engine.SEATS,
    bot_levels=LEVELS,
    spectators=True,
    clean_settings=clean_settings,
    defaults={"rated": False},
    word_languages=LANGUAGE_NAMES,
    # Admins' bans on any of the three hidden lists keep a word out of new tournaments.
    hidden_list=hidden_lists,
    host_starts=False,  # it starts when the lobby has filled it, never from a host's button
    abandon_seconds=ABANDON_SECONDS,
    # Applied as soon as a place is fixed (the rules: "El cambio se aplica en cuanto se determina tu puesto").
    rating_change=change_at_placement,
    order=20,
    blurb=_("Eight players, three lives, one-on-one word duels until one is left standing."),
    players=_("8 players, rated"),
    home_url_name="lobby",
    ways_in=("tournament",),
    guide="games/torneo/guide.html",
    stylesheets=("css/wordle.css",),  # the Wordle tiles and keyboard, shared with Duelo
    room_subtitle="games/torneo/room_subtitle.html",
    leave_to=leave_to,
)
