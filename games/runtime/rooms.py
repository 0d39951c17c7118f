"""Rooms and seats: create, join, leave, host options, bots. The only writer of Room and Seat.

Every change locks the room row, bumps its version and, on commit, announces the room so that each
connected page redraws its seats. Match creation lives in games.runtime.matches.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction

from accounts.models import Player
from games.models import Room, RoomVisitor, Seat
from games.runtime import broadcast
from games.runtime.catalogue import spec_for
from games.runtime.errors import room_error
from toolkit import days

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: codes are read aloud and typed
# 32**10 codes (50 bits): scanning for open rooms and groups is hopeless at the look-ups' rate limit
# (games/lookups.py). Rooms and groups made before (6 characters) keep their codes; Claves' 5 are its rules'.
CODE_LENGTH = 10
CODE_MAX_LENGTH = 12  # Room.code and Party.code hold this many
# Room.settings' mark of a daily's room (a pair's daily, played in a room: daily/pairs.py): the puzzle's date. Set by
# the site, never by a form; it survives the host's changes of options, and such a room has no rematch
# (games.runtime.rematch): the pair knows the board now.
DAILY = "daily"


def daily_kept_secret(room: Room, now: datetime) -> bool:
    """A daily's room whose date is not over everywhere yet: its matches' replays (both maps, the board) are the
    day's answers, which nobody may see before the day has ended on Earth (toolkit.days)."""
    day = days.parse((room.settings or {}).get(DAILY))
    return day is not None and not days.is_over(day, now)


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normalise_code(raw: str) -> str:
    return "".join(char for char in (raw or "").upper()[:64] if char in CODE_ALPHABET)[:CODE_MAX_LENGTH]


def _changed(room: Room) -> None:
    """Bump the version and announce it once the transaction commits."""
    room.version += 1
    room.save()
    code, version = room.code, room.version
    broadcast.after_commit(
        "announce", f"room {code} v{version}", lambda: broadcast.announce(code, room_version=version)
    )


def _locked(room_id: int) -> Room:
    return Room.objects.select_for_update().get(pk=room_id)


def room_create(
    *,
    game: str,
    host: Player,
    settings: Mapping[str, Any],
    seats: int,
    interface_language: str,
    bot_level: str = "",
    is_public: bool = False,
    launch_at: datetime | None = None,
    host_seated: bool = True,
    rated: bool = False,
    daily: str = "",
) -> Room:
    """A room with the host in seat 0; the other seats are free, or bots of `bot_level`.

    `rated`: the lobby's rated matchmaking made it (settings["rated"], games.runtime.rated); never from a form.

    `host_seated=False` (the selfplay command) leaves seat 0 free too: a table of bots only.

    `daily`: the date of the daily puzzle the room plays (DAILY); the site's mark, never from a form.
    """
    spec = spec_for(game)
    count = spec.check_seats(seats, host_is_guest=host.is_guest)
    clean = spec.clean_settings(settings, interface_language)
    if rated:
        clean = {**clean, "rated": True}
    if daily:
        clean = {**clean, DAILY: daily}
    if bot_level:
        spec.check_bot_level(bot_level)
    for _attempt in range(10):
        try:
            with transaction.atomic():
                room = Room.objects.create(
                    game=game,
                    code=new_code(spec.code_length),
                    host=host,
                    settings=clean,
                    is_public=is_public,
                    launch_at=launch_at,
                )
                first = [Seat(room=room, index=0, player=host)] if host_seated else []
                Seat.objects.bulk_create(
                    first + [Seat(room=room, index=index, bot_level=bot_level) for index in range(len(first), count)]
                )
                return room
        except IntegrityError:
            continue  # a code collision: draw another
    raise RuntimeError("could not draw a free room code")


def room_join(*, room: Room, player: Player) -> Seat | None:
    """Sit the player at the first free seat of a waiting room; their own seat if already seated;
    None when they can only watch (full, or a match is on)."""
    with transaction.atomic():
        room = _locked(room.pk)
        RoomVisitor.objects.get_or_create(room=room, player=player)
        seat = room.seats.filter(player=player).first()
        if seat is not None or room.status != Room.WAITING:
            return seat
        free_seats = room.seats.select_for_update().filter(player__isnull=True, bot_level="")
        free = free_seats.order_by("index").first()
        if free is None:
            return None
        free.player = player
        free.save(update_fields=["player"])
        _changed(room)
        return free


def room_watch(*, room: Room, player: Player) -> None:
    """The player came to watch (a match on the lobby's live list): in the room, never seated."""
    RoomVisitor.objects.get_or_create(room=room, player=player)


def room_privacy_set(*, room: Room, by: Player, private: bool) -> Room:
    """The host marks the room private (its matches are not listed under "Live now") or listed again; at
    any time, even during a match. Anyone with the room's link may still watch."""
    with transaction.atomic():
        room = _locked(room.pk)
        if room.host_id != by.pk:
            raise room_error("not_host")
        if room.status == Room.CLOSED:
            raise room_error("room_closed")
        if room.is_private != private:
            room.is_private = private
            _changed(room)
        return room


def room_leave(*, room: Room, player: Player) -> None:
    """Free the player's seat while the room waits; a leaving host hands the room to another person,
    or closes it when nobody is left."""
    with transaction.atomic():
        room = _locked(room.pk)
        if room.status == Room.PLAYING:
            raise room_error("room_playing")
        seat = room.seats.filter(player=player).first()
        if seat is None:
            return
        seat.player = None
        seat.save(update_fields=["player"])
        if room.host_id == player.pk:
            heir = (
                room.seats.filter(player__isnull=False)
                .exclude(pk=seat.pk)
                .order_by("index")
                .values_list("player_id", flat=True)
                .first()
            )
            if heir is None:
                room.status = Room.CLOSED
            else:
                room.host_id = heir
        _changed(room)


def _require_host_of_waiting_room(room: Room, by: Player) -> None:
    if room.host_id != by.pk:
        raise room_error("not_host")
    if room.status == Room.PLAYING:
        raise room_error("room_playing")
    if room.status == Room.CLOSED:
        raise room_error("room_closed")


def room_seat_set(*, room: Room, by: Player, index: int, bot_level: str) -> Seat:
    """The host makes a free seat a bot of some level, or a bot seat free again ('' = free)."""
    spec = spec_for(room.game)
    if bot_level:
        spec.check_bot_level(bot_level)
    with transaction.atomic():
        room = _locked(room.pk)
        _require_host_of_waiting_room(room, by)
        seat = room.seats.select_for_update().filter(index=index).first()
        if seat is None:
            raise room_error("no_such_seat")
        if seat.player_id is not None:
            raise room_error("host_seat" if seat.player_id == room.host_id else "seat_taken")
        seat.bot_level = bot_level
        seat.save(update_fields=["bot_level"])
        _changed(room)
        return seat


def room_seat_assign(*, room: Room, by: Player, index: int, player_id: int | None) -> Seat:
    """The host seats someone who is in the room (a watcher), or frees a seat (player_id None).
    A player already seated elsewhere at this table moves to the new seat."""
    with transaction.atomic():
        room = _locked(room.pk)
        _require_host_of_waiting_room(room, by)
        seat = room.seats.select_for_update().filter(index=index).first()
        if seat is None:
            raise room_error("no_such_seat")
        if player_id is None:
            if seat.player_id == room.host_id:
                raise room_error("host_seat")
            seat.player = None
        else:
            if not RoomVisitor.objects.filter(room=room, player_id=player_id).exists():
                raise room_error("not_in_room")
            room.seats.filter(player_id=player_id).exclude(pk=seat.pk).update(player=None)
            seat.player_id, seat.bot_level = player_id, ""
        seat.save(update_fields=["player", "bot_level"])
        _changed(room)
        return seat


def room_fill_with_bots(*, room: Room, level: str) -> int:
    """Every free seat becomes a bot (quick match after its wait). Returns how many were filled."""
    with transaction.atomic():
        room = _locked(room.pk)
        filled = room.seats.filter(player__isnull=True, bot_level="").update(bot_level=level)
        if filled:
            _changed(room)
        return filled


def room_drop_free_seats(*, room: Room) -> int:
    """Remove every free seat and number the others 0.. in order (a rated quick match starts with its people
    only: lobby.quickmatch). Returns how many were removed."""
    with transaction.atomic():
        room = _locked(room.pk)
        seats = list(room.seats.select_for_update().order_by("index"))
        free = [seat for seat in seats if seat.is_empty]
        if not free:
            return 0
        Seat.objects.filter(pk__in=[seat.pk for seat in free]).delete()
        kept = [seat for seat in seats if not seat.is_empty]
        # Two steps past the unique (room, index): out of the way first, then 0..n-1.
        for offset in (1000, 0):
            for number, seat in enumerate(kept):
                seat.index = offset + number
                seat.save(update_fields=["index"])
        _changed(room)
        return len(free)


def room_settings_update(
    *, room: Room, by: Player, settings: Mapping[str, Any], seats: int, interface_language: str
) -> Room:
    """The host changes the options or the number of seats while nobody plays. Seats with people
    in them are never removed."""
    spec = spec_for(room.game)
    count = spec.check_seats(seats, host_is_guest=by.is_guest)
    clean = spec.clean_settings(settings, interface_language)
    with transaction.atomic():
        room = _locked(room.pk)
        _require_host_of_waiting_room(room, by)
        current = list(room.seats.select_for_update().order_by("index"))
        if count < len(current):
            dropped = current[count:]
            if any(seat.player_id for seat in dropped):
                raise room_error("seat_in_use")
            Seat.objects.filter(pk__in=[seat.pk for seat in dropped]).delete()
        else:
            Seat.objects.bulk_create([Seat(room=room, index=i) for i in range(len(current), count)])
        room.settings = {**clean, DAILY: room.settings[DAILY]} if DAILY in room.settings else clean
        _changed(room)
        return room


def room_status_set(room: Room, status: str) -> None:
    """For match services, inside their transaction, with the room row locked."""
    room.status = status
    _changed(room)


def room_rematch_note(room: Room, offer: Mapping[str, Any]) -> None:
    """For the rematch service (games.runtime.rematch), inside its transaction, with the room row locked: the
    rematch asked after the room's last match, announced to every page of the room."""
    room.rematch = dict(offer)
    _changed(room)


def room_seats_turn(room: Room) -> None:
    """For the rematch service, with the room row locked: everyone at the table moves one seat on (the last to
    seat 0), so that in a game where seat 0 moves first the next one begins (of two, they swap)."""
    seats = list(room.seats.select_for_update().order_by("index"))
    count = len(seats)
    # Two steps past the unique (room, index): out of the way first, then each one seat on.
    for seat in seats:
        seat.index += 1000
        seat.save(update_fields=["index"])
    for seat in seats:
        seat.index = (seat.index - 1000 + 1) % count
        seat.save(update_fields=["index"])
    _changed(room)
