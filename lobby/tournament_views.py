"""The tournament queue and practice alone, from the lobby page. Errors come back as messages on the
lobby page and change nothing."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import get_language
from django.views.decorators.http import require_POST

from accounts.decorators import player_required
from lobby.errors import GameError, error_text, lobby_error
from lobby.forms import WordLanguageForm
from lobby.game_ways import tournament_game
from lobby.tournament_queue import practice_alone, queue_join_alone, queue_leave_alone


def _language(request) -> str | None:
    form = WordLanguageForm(request.POST, game=tournament_game())
    return form.cleaned_data["language"] if form.is_valid() else None


@require_POST
@player_required
def tournament_queue_join(request):
    """Wait for a rated tournament; if this arrival filled a room, go straight to it."""
    language = _language(request)
    if language is None:
        messages.error(request, error_text(lobby_error("bad_language")))
        return redirect("lobby")
    try:
        room = queue_join_alone(player=request.player, language=language, interface_language=get_language())
    except GameError as error:
        messages.error(request, error_text(error))
        return redirect("lobby")
    return redirect("room", code=room.code) if room is not None else redirect("lobby")


@require_POST
@player_required
def tournament_queue_leave(request):
    try:
        queue_leave_alone(player=request.player)
    except GameError as error:
        messages.error(request, error_text(error))
    return redirect("lobby")


@require_POST
@player_required
def tournament_practice(request):
    """One player and seven bots, unrated, now."""
    language = _language(request)
    try:
        if language is None:
            raise lobby_error("bad_language")
        room = practice_alone(player=request.player, language=language, interface_language=get_language())
    except GameError as error:
        messages.error(request, error_text(error))
        return redirect("lobby")
    return redirect("room", code=room.code)
