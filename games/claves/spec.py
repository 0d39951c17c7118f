"""Claves a Dúo as rooms see it: exactly 2 seats (the pair; anyone else in the room watches), no bots,
the word level (familiar or standard) and 9 or 11 turns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.claves import engine
from games.runtime.catalogue import GameSpec


def clean_settings(raw: Mapping[str, Any], interface_language: str) -> dict[str, Any]:
    """The host's options, checked by the engine's own rules. The words are Spanish whatever the
    interface language (the only lists shipped), so the interface language chooses nothing."""
    return engine.make_settings(raw)


SPEC = GameSpec(
    slug="claves",
    name="Claves a Dúo",
    min_seats=engine.SEATS,
    max_seats=engine.SEATS,
    guest_host_max_seats=engine.SEATS,
    bot_levels=(),  # a cooperative game for two people: no bots
    spectators=True,
    clean_settings=clean_settings,
    defaults={"level": engine.DEFAULT_LEVEL, "turns": engine.DEFAULT_TURNS},
    # Admins' bans on this list keep a word off new boards (games.runtime.matches._banned_words).
    hidden_list=lambda settings: engine.list_slug(settings["level"]),
    code_length=5,  # the rules: "el código de sala de 5 caracteres"
    leave_interrupts=True,  # someone leaving mid-game sends everyone back to the waiting room
)
