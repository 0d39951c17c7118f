"""The lobby page: every way into a game on one page, kept live.

Each changing part is a small template (templates/lobby/parts/). The page renders them once; when the
lobby socket says something changed, the page fetches /lobby/live/ and swaps in the parts that differ.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET

from accounts.decorators import player_required
from games.forms import LANGUAGE_NAMES
from lobby import selectors
from lobby.forms import LANGUAGES, TORNEO_LANGUAGE_NAMES, default_word_language
from lobby.live_games import live_games
from lobby.matchmaking import WINDOW
from lobby.offers import offers_for
from lobby.play_views import cruzadas_queue_context
from lobby.quickmatch import is_first_quick_match
from ratings.games import rated_names
from ratings.selectors import standing_of
from wallet.conf import WINNER_SHARE_PERCENT
from wallet.selectors import balance_of, stakes_open_to

PARTS = ("torneo-queue", "torneo-group", "duelo-rooms", "offers", "cruzadas")


def _queue_language(request, ticket) -> str:
    if ticket is not None:
        return ticket.language
    asked = request.GET.get("language", "")
    return asked if asked in LANGUAGES else default_word_language()


def _context(request) -> dict:
    """What the parts show, for this player."""
    player = request.player
    ticket = selectors.ticket_of(player)
    language = _queue_language(request, ticket)
    rating = selectors.torneo_ratings([player.pk])[player.pk]
    party = selectors.party_of(player)
    others_offers, my_offers = offers_for(viewer=player, game="wordgrid")
    return {
        "ticket": ticket,
        "queue_language": language,
        "rating": rating,
        "in_window": selectors.waiting_in_window(language=language, ratings=[rating], exclude=[player.pk]),
        "torneo_languages": TORNEO_LANGUAGE_NAMES,
        "duelo_languages": LANGUAGE_NAMES,
        "default_language": default_word_language(),
        "still_playing": bool(selectors.torneo_players_still_in([player.pk])),
        "party": party,
        "party_size": party.members.count() if party else 0,
        "duelo_rooms": _named(selectors.open_duelo_rooms()),
        "window": WINDOW,
        "stakes": [] if player.is_guest else stakes_open_to(player=player),
        "balance": None if player.is_guest else balance_of(player=player),
        "winner_percent": WINNER_SHARE_PERCENT,
        **_cruzadas(player),
        "others_offers": others_offers[:20],
        "my_offers": my_offers,
        "wordgrid_rating": standing_of(player, "wordgrid"),
        "duelo_rating": standing_of(player, "duelo"),
        "duelo_within": selectors.rated_quick_waiting(
            game="duelo", language=default_word_language(), rating=standing_of(player, "duelo").value, exclude=player
        ),
        "rated_games": rated_names(),
        # A newcomer's first quick match starts at once (anyone, bots after the wait); then rated comes first.
        "duelo_quick_mode": "anyone" if is_first_quick_match(player, "duelo") else "rated",
    }


def _cruzadas(player) -> dict:
    queue = cruzadas_queue_context(player)
    return {
        **queue,
        "cruzadas_mine": queue["waiting"],
        "cruzadas_mine_rated": queue["waiting_rated"],
        "cruzadas_waiting": queue["cruzadas_total"],
    }


def _named(rooms: list) -> list:
    for room in rooms:
        room.language_name = LANGUAGE_NAMES.get(room.settings.get("language"), room.settings.get("language"))
    return rooms


# "Live now" asks again by itself this often (seconds): matches start, move on and end without a lobby frame.
LIVE_NOW_POLL = 15


@require_GET
@player_required
def lobby(request):
    return render(
        request,
        "lobby/lobby.html",
        {**_context(request), "parts": PARTS, "live_games": live_games(), "live_now_poll": LIVE_NOW_POLL},
    )


@require_GET
@player_required
def lobby_live_now(request):
    """The "Live now" list, rendered again (JSON like lobby_live's, with the seconds until the next ask)."""
    html = render_to_string("lobby/parts/live_now.html", {"live_games": live_games()}, request=request)
    return JsonResponse({"parts": {"live-now": html}, "poll": LIVE_NOW_POLL})


@require_GET
@player_required
def lobby_live(request):
    """The page's changing parts, freshly rendered for this player (JSON: {"parts": {name: html}})."""
    context = _context(request)
    return JsonResponse(
        {
            "parts": {
                name: render_to_string(f"lobby/parts/{name.replace('-', '_')}.html", context, request=request)
                for name in PARTS
            }
        }
    )
