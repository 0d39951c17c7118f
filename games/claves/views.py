"""Claves a Dúo's own page: open a room (the creator hosts it and picks the pair), or join one."""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts.decorators import player_required
from games.claves.forms import ClavesRoomForm
from games.claves.spec import SPEC
from games.pages import page_language
from games.runtime.errors import GameError
from games.runtime.errors import error_text as _message
from games.runtime.rooms import room_create


@require_http_methods(["GET", "POST"])
@player_required
def claves_home(request):
    """Open a room (the creator hosts it and picks the pair), or join one with its code."""
    form = ClavesRoomForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            room = room_create(
                game="claves",
                host=request.player,
                seats=2,
                settings=form.cleaned_data,
                interface_language=page_language(),
            )
        except GameError as error:
            form.add_error(None, _message(error))
        else:
            return redirect("room", code=room.code)
    return render(request, "games/claves/home.html", {"form": form, "word_language": SPEC.word_language})
