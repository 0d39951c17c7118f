"""Pages of the games: a game's landing page, creating rooms, the room page and the host's controls.
Every change goes through games.runtime services; errors are shown, nothing changes. The pages that
reach into the lobby (the quick match, Wordgrid's offers, the Cruzadas queue) are lobby/play_views.py."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods, require_POST

from accounts.decorators import player_required
from games.forms import LANGUAGE_NAMES, ClavesRoomForm, DueloRoomForm, SeatForm, bot_level_choices
from games.models import Room
from games.pages import word_language_default as _word_language_default
from games.runtime.catalogue import spec_for
from games.runtime.errors import IllegalMove
from games.runtime.errors import error_text as _message
from games.runtime.matches import match_start
from games.runtime.rooms import (
    normalise_code,
    room_create,
    room_join,
    room_leave,
    room_seat_set,
    room_settings_update,
)
from games.torneo.spec import LANGUAGE_NAMES as TORNEO_LANGUAGE_NAMES
from wallet.conf import payout_for


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
                interface_language=_word_language_default(),
                settings={key: data[key] for key in ("language", "rounds", "round_seconds")},
            )
        except IllegalMove as error:
            form.add_error(None, _message(error))
        else:
            return redirect("room", code=room.code)
    return render(
        request,
        "games/duelo/home.html",
        {"form": form, "default_language": _word_language_default(), "languages": LANGUAGE_NAMES},
    )


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
    return render(
        request,
        "games/room.html",
        {
            "game_name": spec_for(room.game).name,
            "game_css": f"css/{room.game}.css",
            "stake": stake,
            "payout": payout_for(stake),
            "room": room,
            "seats": room.seats.select_related("player").order_by("index"),
            "is_host": room.host_id == request.player.pk,
            "invite_url": request.build_absolute_uri(f"/r/{room.code}/"),
            "settings_form": _settings_form(room),
            "record": _room_record(room) if room.game == "claves" else None,
            "bot_levels": bot_level_choices(),
            "language_name": (TORNEO_LANGUAGE_NAMES if room.game == "torneo" else LANGUAGE_NAMES).get(
                room.settings.get("language")
            ),
        },
    )


def _settings_form(room: Room):
    if room.game == "duelo":
        return DueloRoomForm(initial={**room.settings, "seats": room.seats.count()})
    if room.game == "claves":
        return ClavesRoomForm(initial=room.settings)
    return None


def _room_record(room: Room) -> dict:
    """The pair's wins and losses in this room (Claves keeps them per room)."""
    outcomes = [match.outcome or {} for match in room.matches.filter(status="finished")]
    return {
        "won": sum(1 for o in outcomes if o.get("won")),
        "lost": sum(1 for o in outcomes if o.get("won") is False and not o.get("stopped")),
    }


def _host_action(request, code: str, action) -> object:
    room = get_object_or_404(Room, code=normalise_code(code))
    try:
        action(room)
    except IllegalMove as error:
        messages.error(request, _message(error))
    return redirect("room", code=room.code)


@require_POST
@player_required
def room_settings(request, code: str):
    def change(room):
        form = (ClavesRoomForm if room.game == "claves" else DueloRoomForm)(request.POST)
        if not form.is_valid():
            raise IllegalMove("bad_settings", gettext_noop("Check the room options."))
        data = form.cleaned_data
        if room.game == "claves":
            room_settings_update(
                room=room, by=request.player, seats=2, settings=data, interface_language=_word_language_default()
            )
            return
        room_settings_update(
            room=room,
            by=request.player,
            seats=data["seats"],
            interface_language=_word_language_default(),
            settings={key: data[key] for key in ("language", "rounds", "round_seconds")},
        )

    return _host_action(request, code, change)


@require_POST
@player_required
def room_seat(request, code: str, index: int):
    form = SeatForm(request.POST)

    def change(room):
        if not form.is_valid():
            raise IllegalMove("bad_bot_level", gettext_noop("Choose a bot level."))
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
            raise IllegalMove("not_in_room", gettext_noop("That player is not in this room."))
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
        return redirect(_after_leaving(room))
    if room.status == Room.PLAYING and spec_for(room.game).leave_interrupts:
        # A partner leaving interrupts the game: everyone goes back to the waiting room.
        current = room.matches.filter(status="playing").first()
        if current is not None and current.seat_of(request.player.pk) is not None:
            from games.runtime.matches import match_stop

            match_stop(match_id=current.pk, reason="left")
    try:
        room_leave(room=room, player=request.player)
    except IllegalMove as error:
        messages.error(request, _message(error))
        return redirect("room", code=room.code)
    return redirect(_after_leaving(room))


def _after_leaving(room: Room) -> str:
    """Where a player goes from a room they leave: a tournament's group, the game's page, or home."""
    if room.game == "torneo":
        group = room.settings.get("group")
        return f"/g/{group}/" if group else "/lobby/"
    return "/play/duelo/" if room.game == "duelo" else "/"


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


# -- Wordgrid ----------------------------------------------------------------------------------------


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
    except IllegalMove as error:
        messages.error(request, _message(error))
        return redirect("wordgrid_home")
    return redirect("room", code=room.code)


# -- Letras Cruzadas ----------------------------------------------------------------------------------


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
    except IllegalMove as error:
        messages.error(request, _message(error))
        return redirect("cruzadas_home")
    return redirect("room", code=room.code)


# -- Claves a Dúo ------------------------------------------------------------------------------------


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
                interface_language=_word_language_default(),
            )
        except IllegalMove as error:
            form.add_error(None, _message(error))
        else:
            return redirect("room", code=room.code)
    return render(request, "games/claves/home.html", {"form": form})
