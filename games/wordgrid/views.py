"""Wordgrid's free game from its page (the page itself and the stake offers are lobby/play_views.py)."""

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
def wordgrid_practice(request):
    """A free game: against a bot (it starts at once) or a friend by link (a free seat)."""
    level = request.POST.get("bot_level", "")
    try:
        room = room_create(
            game="wordgrid",
            host=request.player,
            seats=2,
            bot_level=level,
            settings={},
            interface_language=_word_language_default(),
        )
        if level:
            match_start(room=room, by=request.player)
    except GameError as error:
        messages.error(request, _message(error))
        return redirect("wordgrid_home")
    return redirect("room", code=room.code)
