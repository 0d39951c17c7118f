"""Which games have a daily, found in each game's folder (games/<game>/daily.py), never listed here."""

from __future__ import annotations

from typing import Any

from games.runtime.catalogue import game_module, game_slugs


def daily_for(game: str) -> Any:
    module = game_module(game, "daily")
    if module is None:
        raise KeyError(f"{game} has no daily")
    return module


def all_dailies() -> dict[str, Any]:
    """Every game's daily module, in the games' order."""
    found = {slug: game_module(slug, "daily") for slug in game_slugs()}
    return {slug: module for slug, module in found.items() if module is not None}


def solo_dailies() -> dict[str, Any]:
    """The dailies played alone on the daily page (they define `start`); a pair's daily (Claves a Dúo) is played
    in a room and defines `room_settings` instead."""
    return {slug: module for slug, module in all_dailies().items() if hasattr(module, "start")}


def pair_dailies() -> dict[str, Any]:
    """The dailies played by a pair in a room (daily/pairs.py): they define `room_settings`."""
    return {slug: module for slug, module in all_dailies().items() if hasattr(module, "room_settings")}
