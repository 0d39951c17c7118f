"""The games' "How to play" pages (/play/<slug>/rules/): the rules in the site's own words, one template per
game and language (templates/games/<slug>/rules.<lang>.html), Spanish when there is none in the active
language. The room page shows the same text in a dialog (games/templatetags/rules.py). How the texts are
written and kept true to the code: docs/rules-pages.md."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import select_template
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from games.bot_strength import strength_notes, strength_table
from games.pages import page_language
from games.runtime.catalogue import game_slugs, spec_for

FALLBACK_LANGUAGE = "es"


def rules_template(slug: str, language: str | None = None) -> str:
    """The name of the rules text of `slug` in `language` (default: the active one), else in Spanish."""
    language = (language or get_language() or FALLBACK_LANGUAGE)[:2]
    names = [f"games/{slug}/rules.{language}.html", f"games/{slug}/rules.{FALLBACK_LANGUAGE}.html"]
    try:
        return select_template(names).template.name
    except TemplateDoesNotExist:
        return ""


@require_safe
def rules(request, game: str):
    if game not in game_slugs():
        raise Http404
    spec = spec_for(game)
    return render(
        request,
        "games/rules.html",
        {
            "game": game,
            "game_name": spec.name,
            "home_url_name": spec.home_url_name,
            "rules_text": rules_template(game),
            "bot_strength": strength_notes(game, page_language()),
            "bot_table": strength_table(game),
        },
    )
