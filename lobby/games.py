"""The games as the home page presents them, in their specs' order. Names are the games' own; blurbs and
player counts are their specs' (English, marked with gettext_noop there), translated here."""

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.runtime.catalogue import game_slugs, spec_for


@dataclass(frozen=True)
class GameCard:
    slug: str
    name: str
    blurb: Promise
    players: Promise
    url_name: str = ""  # the game's page, once the game is playable
    word_language: str | None = None  # a game of one word language says it on its card (issue 33)


CATALOGUE = [
    GameCard(
        spec.slug,
        spec.name,
        _(spec.blurb),
        _(spec.players),
        url_name=spec.home_url_name,
        word_language=spec.word_language,
    )
    for spec in map(spec_for, game_slugs())
]
