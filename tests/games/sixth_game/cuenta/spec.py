"""Cuenta as rooms see it: two people, no bots, nothing to choose."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.kit.contract import gettext_noop as _
from games.runtime.catalogue import GameSpec


def clean_settings(raw: Mapping[str, Any], interface_language: str) -> dict[str, Any]:
    return {}


SPEC = GameSpec(
    slug="cuenta",
    name="Cuenta",
    min_seats=2,
    max_seats=2,
    guest_host_max_seats=2,
    bot_levels=(),
    spectators=True,
    clean_settings=clean_settings,
    order=60,
    ways_in=("random_opponent",),
    blurb=_("Add one or two; who reaches ten wins."),
    players=_("2 players"),
)
