"""The lobby page: every way into a game on one page, kept live.

A game's section shows the ways into it its spec lists (lobby/ways.py), each with the same templates for every
game (templates/lobby/ways/). The page renders them once; when the lobby socket says something changed, the page
fetches /lobby/live/ and swaps in the parts that differ (each `data-live="<slug>-<part>"`).
"""

from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET

from lobby import ways
from lobby.live_games import live_games
from ratings.games import rated_names

# "Live now" asks again by itself this often (seconds): matches start, move on and end without a lobby frame.
LIVE_NOW_POLL = 15


@require_GET
def lobby(request):
    """Anyone may look (issue 33: a visitor was sent to choose a nickname first); what seats someone asks for one."""
    return render(
        request,
        "lobby/lobby.html",
        {
            "sections": ways.sections(request.player or None, request.GET),
            "rated_games": rated_names(),
            "live_games": live_games(),
            "live_now_poll": LIVE_NOW_POLL,
        },
    )


@require_GET
def lobby_live_now(request):
    """The "Live now" list, rendered again (JSON like lobby_live's, with the seconds until the next ask)."""
    html = render_to_string("lobby/parts/live_now.html", {"live_games": live_games()}, request=request)
    return JsonResponse({"parts": {"live-now": html}, "poll": LIVE_NOW_POLL})


@require_GET
def lobby_live(request):
    """The page's changing parts, freshly rendered for this player (JSON: {"parts": {name: html}})."""
    return JsonResponse(
        {
            "parts": {
                name: render_to_string(template, context, request=request)
                for name, template, context in ways.live_parts(request.player or None, request.GET)
            }
        }
    )
