"""What the games' specs say of the lobby's ways into them (`GameSpec.ways_in`; lobby/ways.py says what each way
is): whether a game has a way, and which game holds the tournament. Reads the specs only, so that the lobby's
models, services and selectors may all ask it."""

from __future__ import annotations

from games.runtime.catalogue import game_slugs, spec_for


def game_has_way(game: str, way: str) -> bool:
    """Whether `game` is a game whose spec lists this way into it."""
    return game in game_slugs() and way in spec_for(game).ways_in


def tournament_game() -> str:
    """The game the tournament queue, its practice and the groups are for: the one whose spec lists the
    tournament way (lobby/apps.py checks at start-up that there is at most one)."""
    found = [slug for slug in game_slugs() if game_has_way(slug, "tournament")]
    if len(found) != 1:
        raise LookupError(f"exactly one game holds the tournament way, not {found}")
    return found[0]
