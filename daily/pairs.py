"""A pair's daily (Claves a Dúo's: games/claves/daily.py), played in a room: the one path that writes what it needs.

The day's board and maps are the same for every pair. A player opens a room for the day's puzzle and a friend takes
the second seat by its invite link (`daily_pair_room`), or asks to be paired with anyone (`pair_queue_join`); the
room is marked as the day's (Room.settings[DAILY], its date: nothing hidden). Its match starts the room's usual way,
and the runtime's `match_starting` signal gives it the day's board and maps (`on_match_starting`): never the room's
settings, which every viewer gets. When it ends, `match_finished` records each partner's daily Play of the puzzle
(`on_match_finished`), so that statistics, streaks and the Daily Five count it.

A board is a puzzle only for who has not seen it: a player who has played the day's board (finished, or stopped:
they know their map), is playing it in another room, or watched a pair play it, is refused another room, a place in
the queue and a seat at a start; and a daily's room has no rematch (games.runtime.rematch).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import Player
from daily.models import PairWaiting, Play, Puzzle
from daily.registry import daily_for, pair_dailies
from games.kit.contract import gettext_noop as _
from games.kit.errors import Refusal
from games.models import Match, Room, RoomVisitor, Seat
from games.runtime.catalogue import spec_for
from games.runtime.matches import match_start
from games.runtime.rooms import DAILY, room_create, room_join, room_privacy_set
from toolkit import days

# The waiting page asks again every few seconds (static/js/daily/pair.js): a place not asked for this long is a
# page gone away, and nobody is paired with it.
QUEUE_FRESH = timedelta(seconds=15)

MESSAGES = {
    "daily_played": _("You have played this day's board already: see how the pairs did on the daily's page."),
    "daily_playing": _("You are playing this day's board in another room."),
    "daily_seen": _("You watched a pair play this day's board: it is no puzzle for you any more."),
    "daily_others_played": _("%(names)s has played or watched this day's board: play it with someone else."),
    "daily_not_yet": _("This puzzle is not out yet."),
    "daily_no_puzzle": _("This room's daily puzzle is gone."),
}


def pair_error(code: str, **params: Any) -> Refusal:
    return Refusal(code, MESSAGES[code], params)


def _day_of(puzzle: Puzzle) -> str:
    return puzzle.day.isoformat()


def _daily_rooms(puzzle: Puzzle):  # type: ignore[no-untyped-def]
    return Room.objects.filter(game=puzzle.game, **{f"settings__{DAILY}": _day_of(puzzle)})


def why_not(player: Player, puzzle: Puzzle) -> Refusal | None:
    """Why `player` may not play `puzzle`'s board now (module docstring), or None."""
    if Play.objects.filter(player=player, puzzle=puzzle).exists():
        return pair_error("daily_played")
    begun = _daily_rooms(puzzle).filter(matches__isnull=False)
    if Seat.objects.filter(player=player, room__in=begun, room__status=Room.PLAYING).exists():
        return pair_error("daily_playing")
    if RoomVisitor.objects.filter(player=player, room__in=begun).exists():
        return pair_error("daily_seen")
    return None


def _check_out(puzzle: Puzzle, today: date, now: datetime) -> Any:
    """The puzzle's pair daily module, if the puzzle is out for a player whose date is `today`."""
    if puzzle.game not in pair_dailies():
        raise ValueError(f"{puzzle.game} has no pair daily")
    if puzzle.day > today or not days.has_begun(puzzle.day, now):
        raise pair_error("daily_not_yet")
    return daily_for(puzzle.game)


def _new_room(host: Player, puzzle: Puzzle, module: Any, interface_language: str) -> Room:
    spec = spec_for(puzzle.game)
    room = room_create(
        game=puzzle.game,
        host=host,
        settings=module.room_settings(puzzle.data),
        seats=spec.min_seats,
        interface_language=interface_language,
        daily=_day_of(puzzle),
    )
    # Not on the lobby's "Live now": whoever watches the day's board played may no longer play it (why_not).
    return room_privacy_set(room=room, by=host, private=True)


def open_pair_room(player: Player, puzzle: Puzzle) -> Room | None:
    """The player's room of this daily still to be played or under way (a waiting room without a match yet, or a
    match on), or None."""
    return (
        _daily_rooms(puzzle)
        .filter(seats__player=player)
        .exclude(status=Room.CLOSED)
        .exclude(matches__status=Match.FINISHED)
        .order_by("-pk")
        .first()
    )


def daily_pair_room(
    *, player: Player, puzzle: Puzzle, today: date, interface_language: str, now: datetime | None = None
) -> Room:
    """A room for `puzzle`'s board with the player as host, whose invite link a friend opens to take the second
    seat; the host starts it (the room's Start). The player's open room of this daily if they have one. Raises a
    Refusal, creating nothing, when the board is no puzzle for them any more (why_not)."""
    now = now or timezone.now()
    module = _check_out(puzzle, today, now)
    with transaction.atomic():
        Player.objects.select_for_update().get(pk=player.pk)  # one room at a time for a double click
        found = open_pair_room(player, puzzle)
        if found is not None:
            return found
        refusal = why_not(player, puzzle)
        if refusal is not None:
            raise refusal
        return _new_room(player, puzzle, module, interface_language)


def pair_queue_join(
    *, player: Player, puzzle: Puzzle, today: date, interface_language: str, now: datetime | None = None
) -> Room | None:
    """Pair the player with whoever has waited longest for `puzzle` (and still asks: QUEUE_FRESH), in a new room of
    the day whose match starts at once, or keep their place (None). Asked again while waiting, it keeps one place
    and says the player is still there; once paired, it gives the room. Raises a Refusal as daily_pair_room.

    The puzzle's row is the queue's lock: two players asking at once are seen one after the other, so they are
    never both left waiting, and nobody is seated twice."""
    now = now or timezone.now()
    module = _check_out(puzzle, today, now)
    with transaction.atomic():
        Puzzle.objects.select_for_update().get(pk=puzzle.pk)
        mine = PairWaiting.objects.filter(puzzle=puzzle, player=player).select_related("room").first()
        if mine is not None and mine.room is not None and open_pair_room(player, puzzle) == mine.room:
            return mine.room
        refusal = why_not(player, puzzle)
        if refusal is not None:
            raise refusal
        partner = _longest_waiting(puzzle, player, now)
        if partner is None:
            PairWaiting.objects.update_or_create(puzzle=puzzle, player=player, defaults={"room": None, "seen_at": now})
            return None
        room = _new_room(partner.player, puzzle, module, interface_language)
        room_join(room=room, player=player)
        match_start(room=room, by=None, now=now)
        partner.room = room
        partner.save(update_fields=["room"])
        PairWaiting.objects.update_or_create(puzzle=puzzle, player=player, defaults={"room": room, "seen_at": now})
        # The partner may be on another page: theirs go to the room at once (static/js/presence.js).
        from lobby import live

        live.matched([partner.player_id, player.pk], room.code)
        return room


def _longest_waiting(puzzle: Puzzle, player: Player, now: datetime) -> PairWaiting | None:
    """The waiting place to pair with: the oldest one still asked for whose player may still play the board (a place
    of someone who played it meanwhile, with a friend, goes)."""
    places = (
        PairWaiting.objects.filter(puzzle=puzzle, room__isnull=True, seen_at__gte=now - QUEUE_FRESH)
        .exclude(player=player)
        .select_related("player")
        .order_by("created_at", "pk")
    )
    for place in places:
        if why_not(place.player, puzzle) is None:
            return place
        place.delete()
    return None


def pair_queue_leave(*, player: Player, puzzle: Puzzle) -> None:
    """The player stops waiting (a place already paired stays: it says where their room is)."""
    PairWaiting.objects.filter(puzzle=puzzle, player=player, room__isnull=True).delete()


def is_waiting(player: Player, puzzle: Puzzle) -> bool:
    return PairWaiting.objects.filter(puzzle=puzzle, player=player, room__isnull=True).exists()


def _puzzle_of(room: Room) -> Puzzle | None:
    """The daily puzzle a room plays (None: not a daily's room)."""
    day = days.parse(room.settings.get(DAILY))
    if day is None or room.game not in pair_dailies():
        return None
    found = Puzzle.objects.filter(game=room.game, day=day, variant="").first()
    if found is None:
        raise pair_error("daily_no_puzzle")
    return found


def on_match_starting(sender: Any, *, room: Room, people: list[Player], **kwargs: Any) -> dict[str, Any] | None:
    """A daily's room starts its match (the host's Start, or the queue): on the day's board and maps, if it is still
    a puzzle for everyone seated (else a Refusal names who played it)."""
    puzzle = _puzzle_of(room)
    if puzzle is None:
        return None
    refusals = [(person, why_not(person, puzzle)) for person in people]
    for person, refusal in refusals:
        if refusal is not None and person.pk == room.host_id:
            raise refusal  # the host pressed Start: told in their own words
    others = [person.nickname for person, refusal in refusals if refusal is not None]
    if others:
        raise pair_error("daily_others_played", names=", ".join(others))
    return dict(daily_for(puzzle.game).match_settings(puzzle.data))


def on_match_finished(sender: Any, *, match: Match, room: Room, state: Any, **kwargs: Any) -> None:
    """A daily's room's match ended: each partner's daily Play of its puzzle, with the pair's result. In the match's
    transaction. A match that ends on the date (somewhere on Earth it still is) counts for the streaks."""
    puzzle = _puzzle_of(room)
    if puzzle is None:
        return
    result = daily_for(puzzle.game).pair_result(state)
    finished_at = match.finished_at or timezone.now()
    plays = [
        Play(
            player_id=sitter["player"],
            puzzle=puzzle,
            archive=days.is_over(puzzle.day, finished_at),
            state={"match": match.pk},
            result=result,
            finished_at=finished_at,
        )
        for sitter in match.lineup
        if sitter.get("player") is not None
    ]
    # A partner with a play already (never by the checks at the start) keeps theirs: one play a puzzle.
    Play.objects.bulk_create(plays, ignore_conflicts=True)
