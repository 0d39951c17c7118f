"""Each game's colour, from its spec (GameSpec.colour), as the custom property `--game` of its class `game-<slug>`:
one small stylesheet made from the specs, so that no stylesheet names a game and a new game is coloured by its
spec alone (issue 32). The site's stylesheets use `var(--game)` wherever they mark a game."""

from __future__ import annotations

import hashlib
import re
from functools import cache

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import etag, require_GET

from games.runtime.catalogue import game_slugs, spec_for

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


@cache
def stylesheet() -> str:
    """The rules, one per game. A colour that is no "#rrggbb" is refused at once: it is written into CSS."""
    rules = []
    for slug in game_slugs():
        colour = spec_for(slug).colour
        if not COLOUR.fullmatch(colour):
            raise ValueError(f"the colour of {slug!r} is no #rrggbb: {colour!r}")
        rules.append(f".game-{slug} {{ --game: {colour}; }}\n")
    return "".join(rules)


def _stamp(request: HttpRequest) -> str:
    return hashlib.sha256(stylesheet().encode()).hexdigest()[:16]


@require_GET
@etag(_stamp)
def game_colours(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(stylesheet(), content_type="text/css; charset=utf-8")
    response["Cache-Control"] = "public, max-age=3600"  # the specs change only with a deploy
    return response
