"""Claves a Dúo as rooms see it: exactly 2 seats (the pair; anyone else in the room watches), no bots,
the word level (familiar or standard) and 9 or 11 turns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.claves import engine
from games.kit.contract import gettext_noop as _
from games.runtime.catalogue import GameSpec
from wordlists.alphabets import language_names


def clean_settings(raw: Mapping[str, Any], interface_language: str) -> dict[str, Any]:
    """The host's options, checked by the engine's own rules. The words are Spanish whatever the
    interface language (the only lists shipped), so the interface language chooses nothing."""
    return engine.make_settings(raw)


def room_context(room: Any) -> dict[str, Any]:
    """The room page's extras: the pair's wins and losses in this room (Claves keeps them per room)."""
    outcomes = [match.outcome or {} for match in room.matches.filter(status="finished")]
    return {
        "record": {
            "won": sum(1 for o in outcomes if o.get("won")),
            "lost": sum(1 for o in outcomes if o.get("won") is False and not o.get("stopped")),
        }
    }


# A cooperative game with no clock: the one left behind may end it, without a loss for either, once the partner has
# been away this long; a table both left is closed after a while (issue 31).
CLAIM_AFTER_SECONDS = 120.0
DESERTED_AFTER_SECONDS = 600.0

SPEC = GameSpec(
    slug="claves",
    name="Claves a Dúo",
    colour="#1f7fb8",
    min_seats=engine.SEATS,
    max_seats=engine.SEATS,
    guest_host_max_seats=engine.SEATS,
    bot_levels=(),  # a cooperative game for two people: no bots
    spectators=True,
    clean_settings=clean_settings,
    defaults={"level": engine.DEFAULT_LEVEL, "turns": engine.DEFAULT_TURNS},
    word_languages=language_names((engine.LANGUAGE,)),  # Spanish words, whatever the interface's language
    # Admins' bans on this list keep a word off new boards (games.runtime.matches._banned_words).
    hidden_list=lambda settings: engine.list_slug(settings["level"]),
    # The rules: "en una misma sala las palabras no se repiten mientras queden suficientes en ese nivel".
    remembers_words=True,
    code_length=5,  # the rules: "el código de sala de 5 caracteres"
    leave_interrupts=True,  # someone leaving mid-game sends everyone back to the waiting room
    claim_after_seconds=CLAIM_AFTER_SECONDS,  # and no claim_action: the match is stopped, nobody loses
    deserted_after_seconds=DESERTED_AFTER_SECONDS,
    order=50,
    blurb=_("Work together: give one-word clues so your partner finds every key."),
    players=_("2 players together, anyone can watch"),
    home_url_name="claves_home",
    ways_in=("friend_table",),  # the lobby opens a table for the pair, as the game's page does
    guide="games/claves/guide.html",
    start_label="games/claves/room_start_label.html",  # "Let's start", then "Let's play again"
    room_people="games/claves/room_people.html",  # who is in the room, and the pair's record
    settings_form="games.claves.forms.ClavesRoomForm",
    room_context=room_context,
)
