"""Letras Cruzadas' new game from its page (the page itself and the queue are lobby/play_views.py)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from accounts.decorators import player_required
from games.pages import word_language_default as _word_language_default
from games.runtime.errors import GameError
from games.runtime.errors import error_text as _message
from games.runtime.matches import match_start
from games.runtime.rooms import room_create


@require_POST
@player_required
def cruzadas_new(request):
    """Solo against the AI (it starts at once) or a room for a friend (a free seat and a link)."""
    level = request.POST.get("bot_level", "")
    try:
        room = room_create(
            game="cruzadas",
            host=request.player,
            seats=2,
            bot_level=level,
            settings={"language": "tr"},
            interface_language=_word_language_default(),
        )
        if level:
            match_start(room=room, by=request.player)
    except GameError as error:
        messages.error(request, _message(error))
        return redirect("cruzadas_home")
    return redirect("room", code=room.code)
