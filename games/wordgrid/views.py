"""Wordgrid's free game from its page (the page itself and the stake offers are lobby/play_views.py)."""

from __future__ import annotations

from django.views.decorators.http import require_POST

from accounts.decorators import player_required
from games.pages import bot_or_friend_room


@require_POST
@player_required
def wordgrid_practice(request):
    """A free game: against a bot (it starts at once) or a friend by link (a free seat)."""
    return bot_or_friend_room(request, game="wordgrid", settings={}, home="wordgrid_home")
