"""The pages of the lobby's ways into a game (lobby/ways.py), under the game's own path /play/<slug>/...: a quick
match, offers to play for credits, the queue for a random opponent, and the game's page where its spec says the
lobby serves it (`home_by_lobby`: a page that shows the game's offers or its queue). The same views for every game;
a game without that way is not found. Errors are shown; nothing changes."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.decorators import player_required
from games.bot_strength import strength_notes
from games.forms import bot_level_choices
from games.pages import back, page_language
from games.runtime.catalogue import spec_for
from games.runtime.errors import GameError, error_text
from games.runtime.rooms import room_create
from games.selectors import default_bot_level
from lobby import ways
from lobby.forms import WordLanguageForm
from lobby.offers import offer_accept, offer_cancel, offer_post
from lobby.queue import queue_join, queue_leave
from lobby.quickmatch import quick_match_join
from ratings.games import is_rated
from ratings.selectors import standing_of


def _home(game: str) -> str:
    """Where a way's form goes back to when it does not say: the game's page."""
    return spec_for(game).home_url_name or "lobby"


@require_http_methods(["GET"])
@player_required
def game_home(request, game: str):
    """The game's page, served by the lobby (GameSpec.home_by_lobby): its own ways to play (against a bot, with a
    friend) and its ways in from the lobby, with what each shows this player (`ways`, by name)."""
    player = request.player
    return render(
        request,
        f"games/{game}/home.html",
        {
            "game": game,
            "ways": {way.name: way.context(player, game, request.GET) for way in ways.ways_of(game)},
            "rating": standing_of(player, game),
            "bot_levels": bot_level_choices()[1:],
            "default_bot_level": default_bot_level(player_ids=[player.pk], game=game),
            "bot_strength": strength_notes(game),
            "word_language": spec_for(game).word_language,  # said under the game's name (issue 33)
        },
    )


# -- quick match -------------------------------------------------------------------------------------


@require_POST
@player_required
def quick_match(request, game: str):
    ways.require(game, ways.QUICK_MATCH)
    form = WordLanguageForm(request.POST, game=game)
    language = form.cleaned_data["language"] if form.is_valid() else ways.word_language_for(game)
    # The page's form always says; a client that does not gets the quick match as it always was (bots, unrated).
    rated = request.POST.get("mode") == "rated"
    room = quick_match_join(
        player=request.player,
        game=game,
        language=language,
        interface_language=page_language(),
        rated=rated,
    )
    return redirect("room", code=room.code)


# -- a table for friends -----------------------------------------------------------------------------


@require_POST
@player_required
def friend_table(request, game: str):
    """A private table of the game with its default settings, the player as host: the room gives the link to send."""
    ways.require(game, ways.FRIEND_TABLE)
    spec = spec_for(game)
    try:
        room = room_create(
            game=game,
            host=request.player,
            seats=spec.min_seats,
            settings=dict(spec.defaults),
            interface_language=page_language(),
        )
    except GameError as error:
        messages.error(request, error_text(error))
        return redirect("lobby")
    return redirect("room", code=room.code)


# -- offers for credits ------------------------------------------------------------------------------


@require_POST
@player_required
def offer_new(request, game: str):
    ways.require(game, ways.OFFERS)
    try:
        stake = int(request.POST.get("stake", ""))
        offer_post(player=request.player, game=game, stake=stake, near_only=bool(request.POST.get("near_only")))
    except ValueError:
        messages.error(request, _("Choose a stake."))
    except GameError as error:
        messages.error(request, error_text(error))
    return back(request, _home(game))


@require_POST
@player_required
def offer_withdraw(request, game: str, offer_id: int):
    ways.require(game, ways.OFFERS)
    try:
        offer_cancel(player=request.player, offer_id=offer_id)
    except GameError as error:
        messages.error(request, error_text(error))
    return back(request, _home(game))


@require_POST
@player_required
def offer_take(request, game: str, offer_id: int):
    ways.require(game, ways.OFFERS)
    try:
        match = offer_accept(player=request.player, offer_id=offer_id, interface_language=page_language())
    except GameError as error:
        messages.error(request, error_text(error))
        return back(request, _home(game))
    return redirect("room", code=match.room.code)


# -- a random opponent -------------------------------------------------------------------------------


@require_POST
@player_required
def random_opponent(request, game: str):
    """Join (or leave) the game's queue for a random opponent."""
    ways.require(game, ways.RANDOM_OPPONENT)
    if request.POST.get("leave"):
        queue_leave(player=request.player, game=game)
        return back(request, _home(game))
    room = queue_join(
        player=request.player,
        game=game,
        interface_language=page_language(),
        anyone=request.POST.get("mode") == "anyone" or not is_rated(game),
    )
    if room is not None:
        return redirect("room", code=room.code)
    return back(request, _home(game))
