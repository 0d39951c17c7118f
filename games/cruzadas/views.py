"""Letras Cruzadas' new game from its page (the page itself and the queue are lobby/play_views.py)."""

from __future__ import annotations

from django.views.decorators.http import require_POST

from accounts.decorators import player_required
from games.pages import bot_or_friend_room


@require_POST
@player_required
def cruzadas_new(request):
    """Solo against the AI (it starts at once) or a room for a friend (a free seat and a link)."""
    return bot_or_friend_room(request, game="cruzadas", settings={"language": "tr"}, home="cruzadas_home")
