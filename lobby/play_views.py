"""The games' pages that go through the lobby: Duelo's quick match, Wordgrid's home with its stake offers,
Letras Cruzadas' home with its random-opponent queue. Routed from lobby/urls.py under the games' own paths
(/play/<game>/...), so the games app never imports the lobby. Errors are shown; nothing changes."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.decorators import player_required
from games.bot_strength import strength_notes
from games.forms import QuickMatchForm, bot_level_choices
from games.pages import back, word_language_default
from games.runtime.errors import GameError, error_text
from games.selectors import default_bot_level
from lobby.matchmaking import WINDOW
from lobby.offers import offer_accept, offer_cancel, offer_post, offers_for
from lobby.queue import queue_join, queue_leave, waiting_entry
from lobby.quickmatch import quick_match_join
from ratings.selectors import standing_of
from wallet.conf import WINNER_SHARE_PERCENT
from wallet.selectors import balance_of, stakes_open_to

# -- Duelo -------------------------------------------------------------------------------------------


@require_POST
@player_required
def duelo_quick(request):
    form = QuickMatchForm(request.POST)
    language = form.cleaned_data["language"] if form.is_valid() else word_language_default()
    # The page's form always says; a client that does not gets the quick match as it always was (bots, unrated).
    rated = request.POST.get("mode") == "rated"
    room = quick_match_join(
        player=request.player,
        game="duelo",
        language=language,
        interface_language=word_language_default(),
        rated=rated,
    )
    return redirect("room", code=room.code)


# -- Wordgrid ----------------------------------------------------------------------------------------


@require_http_methods(["GET"])
@player_required
def wordgrid_home(request):
    """Practice against a bot or a friend (free), or play for credits from the offers."""
    player = request.player
    others, mine = offers_for(viewer=player, game="wordgrid")
    return render(
        request,
        "games/wordgrid/home.html",
        {
            "others": others,
            "mine": mine,
            "my_rating": standing_of(player, "wordgrid"),
            "window": WINDOW,
            "stakes": [] if player.is_guest else stakes_open_to(player=player),
            "balance": None if player.is_guest else balance_of(player=player),
            "winner_percent": WINNER_SHARE_PERCENT,
            "bot_levels": bot_level_choices()[1:],
            "default_bot_level": default_bot_level(player_ids=[player.pk], game="wordgrid"),
            "bot_strength": strength_notes("wordgrid"),
        },
    )


@require_POST
@player_required
def wordgrid_offer(request):
    try:
        stake = int(request.POST.get("stake", ""))
        offer_post(player=request.player, game="wordgrid", stake=stake, near_only=bool(request.POST.get("near_only")))
    except ValueError:
        messages.error(request, _("Choose a stake."))
    except GameError as error:
        messages.error(request, error_text(error))
    return back(request, "wordgrid_home")


@require_POST
@player_required
def wordgrid_offer_cancel(request, offer_id: int):
    try:
        offer_cancel(player=request.player, offer_id=offer_id)
    except GameError as error:
        messages.error(request, error_text(error))
    return back(request, "wordgrid_home")


@require_POST
@player_required
def wordgrid_offer_accept(request, offer_id: int):
    try:
        match = offer_accept(player=request.player, offer_id=offer_id, interface_language=word_language_default())
    except GameError as error:
        messages.error(request, error_text(error))
        return back(request, "wordgrid_home")
    return redirect("room", code=match.room.code)


# -- Letras Cruzadas ----------------------------------------------------------------------------------


@require_http_methods(["GET"])
@player_required
def cruzadas_home(request):
    """Solo against the AI, a friend by link, or a random opponent from the lobby queue."""
    return render(
        request,
        "games/cruzadas/home.html",
        {
            "bot_levels": bot_level_choices()[1:],
            "default_bot_level": default_bot_level(player_ids=[request.player.pk], game="cruzadas"),
            "bot_strength": strength_notes("cruzadas"),
            **cruzadas_queue_context(request.player),
        },
    )


def cruzadas_queue_context(player) -> dict:
    """What the random-opponent queue shows a player: their rating, whether and how they wait, and how many wait
    within their window (and in all)."""
    from lobby.selectors import waiting_for_opponent, waiting_within

    standing = standing_of(player, "cruzadas")
    entry = waiting_entry(player=player, game="cruzadas")
    return {
        "waiting": entry is not None,
        "waiting_rated": bool(entry and entry.rated),
        "cruzadas_rating": standing,
        "cruzadas_within": waiting_within(game="cruzadas", rating=standing.value, exclude=player),
        "cruzadas_total": waiting_for_opponent(game="cruzadas", exclude=player),
        "window": WINDOW,
    }


@require_POST
@player_required
def cruzadas_queue(request):
    """Join (or leave) the queue for a random opponent."""
    if request.POST.get("leave"):
        queue_leave(player=request.player, game="cruzadas")
        return back(request, "cruzadas_home")
    room = queue_join(
        player=request.player,
        game="cruzadas",
        interface_language=word_language_default(),
        anyone=request.POST.get("mode") == "anyone",
    )
    if room is not None:
        return redirect("room", code=room.code)
    return back(request, "cruzadas_home")
