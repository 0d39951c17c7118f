"""Duelo's own page: a room of one's own with friends and bots (the quick match is lobby/play_views.py)."""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts.decorators import player_required
from games.bot_strength import strength_notes
from games.duelo.forms import DueloRoomForm
from games.duelo.spec import SPEC
from games.pages import page_language
from games.runtime.errors import GameError
from games.runtime.errors import error_text as _message
from games.runtime.rooms import room_create


def _word_language_default() -> str:
    """The page's language when Duelo has words in it, else Spanish."""
    language = page_language()
    return language if language in SPEC.word_languages else "es"


@require_http_methods(["GET", "POST"])
@player_required
def duelo_home(request):
    """Quick match, or a room of one's own with friends and bots."""
    form = DueloRoomForm(request.POST or None, initial={"language": _word_language_default()})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            room = room_create(
                game="duelo",
                host=request.player,
                seats=data["seats"],
                bot_level=data["bots"],
                interface_language=page_language(),
                settings={key: data[key] for key in ("language", "rounds", "round_seconds")},
            )
        except GameError as error:
            form.add_error(None, _message(error))
        else:
            return redirect("room", code=room.code)
    from games.models import MatchResult
    from games.runtime.player_statistics import player_statistics
    from ratings.selectors import standing_of

    # A newcomer's first quick match starts at once (anyone, bots after the wait); then rated comes first.
    first = not MatchResult.objects.filter(player=request.player, game="duelo", match__room__is_public=True).exists()
    return render(
        request,
        "games/duelo/home.html",
        {
            "form": form,
            "default_language": _word_language_default(),
            "languages": SPEC.word_languages,
            "quick_mode": "anyone" if first else "rated",
            "rating": standing_of(request.player, "duelo"),
            "bot_strength": strength_notes("duelo", _word_language_default()),
            # The same figures as the Duelo panel of their public page (one reader, one template).
            "your_stats": next(iter(player_statistics(request.player, "duelo")), None),
        },
    )
