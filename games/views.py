"""The room page and the host's controls, the same for every game: what differs is in the game's spec
(games/<slug>/spec.py, games.runtime.catalogue.GameSpec), and no line here names a game. A game's own pages
are games/<slug>/views.py; the pages that reach into the lobby (the quick match, Wordgrid's offers, the
Cruzadas queue) are lobby/play_views.py. Every change goes through games.runtime services; errors are
shown, nothing changes."""

from __future__ import annotations

import importlib
import math

from django.contrib import messages
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods, require_POST

from accounts.decorators import player_required
from accounts.forms import GuestForm
from accounts.guests import guest_sign_in
from accounts.links import local_path
from accounts.nicknames import NicknameError
from accounts.services import player_saw_guide
from games.forms import SeatForm, bot_level_choices
from games.lookups import lookup_allowed, too_many_lookups
from games.models import Room, RoomVisitor
from games.pages import page_language
from games.runtime import rated
from games.runtime.catalogue import GameSpec, game_slugs, spec_for
from games.runtime.errors import GameError, Refusal
from games.runtime.errors import error_text as _message
from games.runtime.matches import match_start
from games.runtime.rooms import (
    normalise_code,
    room_join,
    room_leave,
    room_privacy_set,
    room_seat_set,
    room_settings_update,
    room_watch,
)
from games.selectors import room_is_listed
from wallet.conf import payout_for
from wordlists.alphabets import LANGUAGE_NAMES


def _in_room(room: Room, player) -> bool:
    """Seated, or came in before (to watch: the host may seat them). Such a player knows the code."""
    return bool(player) and (
        room.seats.filter(player=player).exists() or RoomVisitor.objects.filter(room=room, player=player).exists()
    )


def _room_by_code(request, code: str) -> Room | HttpResponse:
    """The open room of this code for someone in it; for anyone else the look-up counts against their
    address (games.lookups), and a refused or unknown code says nothing of any room."""
    room = Room.objects.filter(code=normalise_code(code)).exclude(status=Room.CLOSED).first()
    if room is not None and _in_room(room, request.player):
        return room
    if request.session.pop(_LOOKED_UP, None) == normalise_code(code):
        pass  # the code box counted this look-up a moment ago
    elif not lookup_allowed(request):
        return too_many_lookups(request)
    if room is None:
        return render(request, "games/no_room.html", status=404)
    return room


_LOOKED_UP = "code_looked_up"


@require_http_methods(["GET", "POST"])
def room(request, code: str):
    """The room page for whoever is in the room. Anyone else (the invite link) gets the invitation: who
    invites them to what, and a button that seats them (a POST: a link or an image elsewhere changes
    nothing). A newcomer picks a nickname on the same page and takes the seat in the same click."""
    found = _room_by_code(request, code)
    if isinstance(found, HttpResponse):
        return found
    room = found
    if request.method == "POST":
        return _room_enter(request, room)
    if _in_room(room, request.player):
        return _room_page(request, room)
    return _invitation(request, room, GuestForm() if not request.player else None)


def _room_enter(request, room: Room):
    if not request.player:
        form = GuestForm(request.POST)
        if not form.is_valid():
            return _invitation(request, room, form, status=400)
        try:
            guest_sign_in(request, nickname=form.cleaned_data["nickname"])
        except NicknameError as error:
            form.add_error("nickname", error.message)
            return _invitation(request, room, form, status=400)
    seat = room_join(room=room, player=request.player)
    if seat is None:
        messages.info(request, _("Every seat is taken: you are watching."))
    return redirect("room", code=room.code)


def _free_seat(room: Room) -> bool:
    return room.status == Room.WAITING and room.seats.filter(player__isnull=True, bot_level="").exists()


def _invitation(request, room: Room, guest_form, status: int = 200):
    """Who invites to what ("Ana invites you to a Duelo de Palabras · 3 rounds · Spanish") and the button."""
    spec = spec_for(room.game)
    latest = room.matches.order_by("-number").first()
    stake = latest.stake if latest else 0
    return render(
        request,
        "games/invitation.html",
        {
            "room": room,
            "spec": spec,
            "game_name": spec.name,
            "host": room.host,
            "stake": stake,
            "payout": payout_for(stake),
            "language_name": LANGUAGE_NAMES.get(room.settings.get("language")),
            "rated": rated.match_is_rated(latest) if latest else rated.room_is_rated(room),  # as the room says it
            "free_seat": _free_seat(room),
            "can_watch": spec.spectators,
            "guest_form": guest_form,
            **(spec.room_context(room) if spec.room_context else {}),
        },
        status=status,
    )


def _room_page(request, room: Room):
    latest = room.matches.order_by("-number").first()
    stake = latest.stake if latest else 0
    spec = spec_for(room.game)
    seated = room.seats.filter(player=request.player).exists()
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
            "can_sit": not seated and _free_seat(room),
            "invite_url": request.build_absolute_uri(f"/r/{room.code}/"),
            "settings_form": _settings_form(spec, initial={**room.settings, "seats": room.seats.count()}),
            "bot_levels": bot_level_choices(),
            "language_name": LANGUAGE_NAMES.get(room.settings.get("language")),
            "quick_wait": _quick_wait(room, latest),
            # Marked rated (issue 20): the match being played or the last one was; before any, the room will be.
            "rated": rated.match_is_rated(latest) if latest else rated.room_is_rated(room),
            "guide": spec.guide if seated and spec.guide and room.game not in request.player.guides_seen else "",
            **(spec.room_context(room) if spec.room_context else {}),
        },
    )


@require_POST
@player_required
def guide_seen(request):
    """The player finished or skipped a game's first-game guide (static/js/guide.js): not shown again."""
    game = request.POST.get("game", "")
    if game not in game_slugs() or not spec_for(game).guide:
        return HttpResponseBadRequest(_("No such game."))
    player_saw_guide(player=request.player, game=game)
    return HttpResponse(status=204)


def _quick_wait(room: Room, latest) -> int | None:
    """Seconds until the bots take the free seats of a quick match's room (lobby.quickmatch), while it waits for
    its first match; None for any other room. Such a room has no host to start it: the page says what happens
    and when, and offers to cancel (issue 18)."""
    if not room.is_public or room.launch_at is None or room.status != Room.WAITING or latest is not None:
        return None
    return max(0, math.ceil((room.launch_at - timezone.now()).total_seconds()))


def _settings_form(spec: GameSpec, **kwargs):
    """The host's options form of the game (its spec's `settings_form`), or None for a game without one."""
    if not spec.settings_form:
        return None
    module, _dot, name = spec.settings_form.rpartition(".")
    return getattr(importlib.import_module(module), name)(**kwargs)


def _host_action(request, code: str, action) -> object:
    room = _room_by_code(request, code)
    if isinstance(room, HttpResponse):
        return room
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
            interface_language=page_language(),
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
    room = _room_by_code(request, code)
    if isinstance(room, HttpResponse):
        return room
    if room.status == Room.PLAYING and spec_for(room.game).abandon_seconds is not None:
        # Leaving a tournament after the start is an automatic loss: the player is out; the seat stays theirs.
        current = room.matches.filter(status="playing").first()
        seat = current.seat_of(request.player.pk) if current is not None else None
        if current is not None and seat is not None:
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


@require_http_methods(["GET", "POST"])
def room_watch_view(request, code: str):
    """The lobby's "Live now" buttons (a POST, with the CSRF token: issue 31, a link that changed something by a
    GET could be fired at a signed-in victim): a match anyone may watch opens at once, as a spectator (never
    seated), and counts as no code look-up (the room is listed for all to see). A GET, and anything else (a
    private room, a match that ended, a visitor without a nickname yet), goes the usual way: the room's own
    page, which changes nothing by itself."""
    code = normalise_code(code)
    if not code:
        return redirect("home")
    if request.method == "POST":
        room = Room.objects.filter(code=code).exclude(status=Room.CLOSED).first()
        if room is not None and request.player and room_is_listed(room) and not _in_room(room, request.player):
            room_watch(room=room, player=request.player)
    return redirect("room", code=code)


@require_POST
@player_required
def room_private(request, code: str):
    """The host's "Private: not listed among live games" box (any time the room is open)."""
    private = request.POST.get("private") == "on"
    return _host_action(request, code, lambda room: room_privacy_set(room=room, by=request.player, private=private))


@require_http_methods(["GET"])
def room_by_code(request):
    """The "join with a code" box: a friend reads the code aloud. A look-up (games.lookups): over the
    address's budget the answer is 429, whether the code exists or not."""
    code = normalise_code(request.GET.get("code", ""))
    room = Room.objects.filter(code=code).exclude(status=Room.CLOSED).first()
    if room is not None and _in_room(room, request.player):
        return redirect("room", code=code)
    if not lookup_allowed(request):
        return too_many_lookups(request)
    if room is not None:
        request.session[_LOOKED_UP] = code  # the invitation it leads to is this same look-up
        return redirect("room", code=code)
    messages.error(request, _("No open room has that code."))
    back = local_path(request, request.GET.get("from"))
    return HttpResponseRedirect(back) if back else redirect("home")
