"""Which games move a rating, and how: told by the games when the site starts (games/apps.py registers every
game whose spec is rated), so that ratings, below the games, names none (issue 32). The registration order is
the catalogue's, the order pages list them in.

Two kinds (docs/ratings.md): Glicko-2 (issue 20: Duelo, Wordgrid, Letras Cruzadas; a deviation, provisional
players apart on the leaderboard) and a game's own formula (Torneo's rules: the spec's rating_change).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext


@dataclass(frozen=True)
class RatedGame:
    slug: str
    name: str  # the game's own name, translated when shown (rated_names)
    glicko: bool  # rated by Glicko-2; False: by the game's own formula


_GAMES: dict[str, RatedGame] = {}


def register(slug: str, name: str, *, glicko: bool) -> None:
    _GAMES[slug] = RatedGame(slug, name, glicko)


def is_rated(game: str) -> bool:
    return game in _GAMES


def is_glicko(game: str) -> bool:
    found = _GAMES.get(game)
    return found is not None and found.glicko


def rated_slugs() -> list[str]:
    return list(_GAMES)


def rated_names() -> dict[str, str]:
    """Each rated game's name in the request's language, in the catalogue's order."""
    return {slug: gettext(game.name) for slug, game in _GAMES.items()}
