"""What every page that starts or joins a game needs, the games' own (games/views.py) and the lobby's
(lobby/play_views.py): the way back to the page a form was on, the page's language (a new room's interface
language, which its spec turns into a word language), a two-seat room against a bot or a friend.
An error's message is games.runtime.errors.error_text."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponseRedirect
from django.shortcuts import redirect
from django.utils.translation import get_language

from accounts.links import local_path
from games.runtime.errors import GameError, error_text
from games.runtime.matches import match_start
from games.runtime.rooms import room_create


def back(request, default: str):
    """Back to the page the form was on when it says so (the lobby page posts here too), else `default`."""
    path = local_path(request, request.POST.get("next"))
    return HttpResponseRedirect(path) if path else redirect(default)


def page_language() -> str:
    """The language the page is shown in (one of settings.LANGUAGES; Spanish, the house's, otherwise)."""
    language = (get_language() or "es")[:2]
    return language if language in dict(settings.LANGUAGES) else "es"


def bot_or_friend_room(request, *, game: str, settings: dict, home: str):
    """A two-seat room from a game's page: with `bot_level` posted, against that bot (the match starts at
    once); without, a free seat for a friend who comes by the link. An error goes back to `home`."""
    level = request.POST.get("bot_level", "")
    try:
        room = room_create(
            game=game,
            host=request.player,
            seats=2,
            bot_level=level,
            settings=settings,
            interface_language=page_language(),
        )
        if level:
            match_start(room=room, by=request.player)
    except GameError as error:
        messages.error(request, error_text(error))
        return redirect(home)
    return redirect("room", code=room.code)
