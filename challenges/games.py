"""Which games a challenge may be for, and what it may set of each, read from the games' specs (no game is named
here): a game whose host starts the match and whose table may have two seats (a challenge is between two people,
so it makes a two-seat table even of a game that seats more: decision 150), its host's options (GameSpec's
`settings_form`, without the seats and the free seats' bots), whether it is rated (ratings.games) and whether it is
played for credits (the lobby's `offers` way: the game whose stakes the wallet's rules already cover)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.module_loading import import_string

from games.runtime.catalogue import game_slugs, spec_for
from lobby.game_ways import game_has_way
from ratings.games import is_rated

SEATS = 2
# Fields of a host's options form that are the table's, not the game's settings: a challenge's table has two
# people and no bots.
TABLE_FIELDS = ("seats", "bots")


def challenge_games() -> list[str]:
    """Every game a challenge may be for, in the catalogue's order."""
    return [
        slug
        for slug in game_slugs()
        if spec_for(slug).host_starts and spec_for(slug).min_seats <= SEATS <= spec_for(slug).max_seats
    ]


def can_be_rated(game: str) -> bool:
    return is_rated(game)


def has_stakes(game: str) -> bool:
    return game_has_way(game, "offers")


def settings_fields(game: str) -> dict[str, forms.Field]:
    """The game's own settings as its host's options form has them ({} for a game without options)."""
    path = spec_for(game).settings_form
    if not path:
        return {}
    form = import_string(path)()
    return {name: field for name, field in form.fields.items() if name not in TABLE_FIELDS}


def raw_settings(game: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Only the game's settings' keys from a form's data: nothing else reaches the game's own check."""
    return {name: data[name] for name in settings_fields(game) if name in data}
