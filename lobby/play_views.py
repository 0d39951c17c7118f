"""The games' pages that go through the lobby: Duelo's quick match, Wordgrid's home with its stake offers,
Letras Cruzadas' home with its random-opponent queue. Routed from lobby/urls.py under the games' own paths
(/play/<game>/...), so the games app never imports the lobby. Errors are shown; nothing changes."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.decorators import player_required
from games.forms import QuickMatchForm, bot_level_choices
from games.pages import back, word_language_default
from games.runtime.errors import GameError, error_text
from lobby.models import StakeOffer
from lobby.offers import offer_accept, offer_cancel, offer_post
from lobby.queue import is_waiting, queue_join, queue_leave
from lobby.quickmatch import quick_match_join
from wallet.conf import WINNER_SHARE_PERCENT
from wallet.selectors import balance_of, stakes_open_to

# -- Duelo -------------------------------------------------------------------------------------------


@require_POST
@player_required
def duelo_quick(request):
    form = QuickMatchForm(request.POST)
    language = form.cleaned_data["language"] if form.is_valid() else word_language_default()
    room = quick_match_join(
        player=request.player, game="duelo", language=language, interface_language=word_language_default()
    )
    return redirect("room", code=room.code)


# -- Wordgrid ----------------------------------------------------------------------------------------


@require_http_methods(["GET"])
@player_required
def wordgrid_home(request):
    """Practice against a bot or a friend (free), or play for credits from the offers."""
    player = request.player
    offers = StakeOffer.objects.filter(game="wordgrid", status=StakeOffer.OPEN).select_related("player")
    return render(
        request,
        "games/wordgrid/home.html",
        {
            "others": offers.exclude(player=player)[:30],
            "mine": offers.filter(player=player),
            "stakes": [] if player.is_guest else stakes_open_to(player=player),
            "balance": None if player.is_guest else balance_of(player=player),
            "winner_percent": WINNER_SHARE_PERCENT,
            "bot_levels": bot_level_choices()[1:],
        },
    )


@require_POST
@player_required
def wordgrid_offer(request):
    try:
        stake = int(request.POST.get("stake", ""))
        offer_post(player=request.player, game="wordgrid", stake=stake)
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
            "waiting": is_waiting(player=request.player, game="cruzadas"),
        },
    )


@require_POST
@player_required
def cruzadas_queue(request):
    """Join (or leave) the queue for a random opponent."""
    if request.POST.get("leave"):
        queue_leave(player=request.player, game="cruzadas")
        return back(request, "cruzadas_home")
    room = queue_join(player=request.player, game="cruzadas", interface_language=word_language_default())
    if room is not None:
        return redirect("room", code=room.code)
    return back(request, "cruzadas_home")
