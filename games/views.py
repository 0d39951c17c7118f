"""The room page and the host's controls, the same for every game: what differs is in the game's spec
(games/<slug>/spec.py, games.runtime.catalogue.GameSpec), and no line here names a game. A game's own pages
are games/<slug>/views.py; the pages that reach into the lobby (the quick match, Wordgrid's offers, the
Cruzadas queue) are lobby/play_views.py. Every change goes through games.runtime services; errors are
shown, nothing changes."""

from __future__ import annotations

import importlib

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods, require_POST

from accounts.decorators import player_required
from games.forms import SeatForm, bot_level_choices
from games.models import Room
from games.pages import word_language_default as _word_language_default
from games.runtime.catalogue import GameSpec, spec_for
from games.runtime.errors import GameError, Refusal
from games.runtime.errors import error_text as _message
from games.runtime.matches import match_start
from games.runtime.rooms import (
    normalise_code,
    room_join,
    room_leave,
    room_seat_set,
    room_settings_update,
)
from wallet.conf import payout_for
from wordlists.alphabets import LANGUAGE_NAMES


@require_http_methods(["GET"])
@player_required
def room(request, code: str):
    """The room page. Opening it (by the invite link too) seats the player if a seat is free."""
    room = get_object_or_404(Room, code=normalise_code(code))
    if room.status == Room.CLOSED:
        raise Http404("closed room")
    room_join(room=room, player=request.player)
    latest = room.matches.order_by("-number").first()
    stake = latest.stake if latest else 0
    spec = spec_for(room.game)
    return render(
        request,
        "games/room.html",
        {
            "game_name": spec.name,
            "spec": spec,
            "stylesheets": [*spec.stylesheets, f"css/{room.game}.css"],
            "stake": stake,
            "payout": payout_for(stake),
            "room": room,
            "seats": room.seats.select_related("player").order_by("index"),
            "is_host": room.host_id == request.player.pk,
            "invite_url": request.build_absolute_uri(f"/r/{room.code}/"),
            "settings_form": _settings_form(spec, initial={**room.settings, "seats": room.seats.count()}),
            "bot_levels": bot_level_choices(),
            "language_name": LANGUAGE_NAMES.get(room.settings.get("language")),
            **(spec.room_context(room) if spec.room_context else {}),
        },
    )


def _settings_form(spec: GameSpec, **kwargs):
    """The host's options form of the game (its spec's `settings_form`), or None for a game without one."""
    if not spec.settings_form:
        return None
    module, _dot, name = spec.settings_form.rpartition(".")
    return getattr(importlib.import_module(module), name)(**kwargs)


def _host_action(request, code: str, action) -> object:
    room = get_object_or_404(Room, code=normalise_code(code))
    try:
        action(room)
    except GameError as error:
        messages.error(request, _message(error))
    return redirect("room", code=room.code)


@require_POST
@player_required
def room_settings(request, code: str):
    def change(room):
        form = _settings_form(spec_for(room.game), data=request.POST)
        if form is None or not form.is_valid():
            raise Refusal("bad_settings", gettext_noop("Check the room options."))
        data = form.cleaned_data
        # The form's fields are the settings, and the seats if the host may change them (else they stay).
        room_settings_update(
            room=room,
            by=request.player,
            seats=data.get("seats", room.seats.count()),
            interface_language=_word_language_default(),
            settings={key: value for key, value in data.items() if key not in ("seats", "bots")},
        )

    return _host_action(request, code, change)


@require_POST
@player_required
def room_seat(request, code: str, index: int):
    form = SeatForm(request.POST)

    def change(room):
        if not form.is_valid():
            raise Refusal("bad_bot_level", gettext_noop("Choose a bot level."))
        room_seat_set(room=room, by=request.player, index=index, bot_level=form.cleaned_data["bot_level"])

    return _host_action(request, code, change)


@require_POST
@player_required
def room_seat_person(request, code: str, index: int):
    """The host seats someone from the room (or frees the seat): Claves' "who plays" buttons."""
    from games.runtime.rooms import room_seat_assign

    raw = request.POST.get("player", "")

    def change(room):
        player_id = int(raw) if raw.isdigit() else None
        if raw and player_id is None:
            raise Refusal("not_in_room", gettext_noop("That player is not in this room."))
        room_seat_assign(room=room, by=request.player, index=index, player_id=player_id)

    return _host_action(request, code, change)


@require_POST
@player_required
def room_start(request, code: str):
    return _host_action(request, code, lambda room: match_start(room=room, by=request.player))


@require_POST
@player_required
def room_leave_view(request, code: str):
    room = get_object_or_404(Room, code=normalise_code(code))
    if room.status == Room.PLAYING and spec_for(room.game).abandon_seconds is not None:
        # Leaving a tournament after the start is an automatic loss: the player is out; the seat stays theirs.
        current = room.matches.filter(status="playing").first()
        seat = current.seat_of(request.player.pk) if current is not None else None
        if seat is not None:
            from games.runtime.matches import match_abandon

            match_abandon(match_id=current.pk, seat=seat)
        return redirect(spec_for(room.game).leave_to(room.settings))
    if room.status == Room.PLAYING and spec_for(room.game).leave_interrupts:
        # A partner leaving interrupts the game: everyone goes back to the waiting room.
        current = room.matches.filter(status="playing").first()
        if current is not None and current.seat_of(request.player.pk) is not None:
            from games.runtime.matches import match_stop

            match_stop(match_id=current.pk, reason="left")
    try:
        room_leave(room=room, player=request.player)
    except GameError as error:
        messages.error(request, _message(error))
        return redirect("room", code=room.code)
    # Where the game sends a player who leaves: a tournament's group, the game's page, or home.
    return redirect(spec_for(room.game).leave_to(room.settings))


@require_http_methods(["GET"])
def room_by_code(request):
    """The "join with a code" box: a friend reads the code aloud."""
    code = normalise_code(request.GET.get("code", ""))
    if Room.objects.filter(code=code).exclude(status=Room.CLOSED).exists():
        return redirect("room", code=code)
    messages.error(request, _("No open room has that code."))
    back = request.GET.get("from", "")
    if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)
    return redirect("home")
