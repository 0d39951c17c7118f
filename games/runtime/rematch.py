"""Rematch: the table that just played plays again, the same people in the same seats with the same settings, once
every person seated has said yes (issue 33). The one writer of Room.rematch; a later issue (friends and challenges)
builds on it.

How rooms and matches relate: a room keeps its seats after a match ends and goes back to waiting (matches._save),
so the natural rematch is the room's next match. The offer lives on the room, naming the finished match it follows:
{"match": id, "accepted": [seats, the asker first], "declined": seat | None}. Bots say yes at once: only people are
asked. When the last person says yes, the match starts through the one service path (matches.match_start) in the
same transaction, with the finished match's settings and stake (a staked game's rematch is staked again, held in
the wallet's escrow like the first: a player who cannot cover it refuses the whole rematch, which changes
nothing). In a game where seat 0 moves first (GameSpec.rematch_swaps_seats) the seats turn round first, so that
the other player begins.

Every refusal has a stable code and changes nothing: someone not seated at that match, a match not over or not
the room's last, the same answer twice, someone who left the table, a declined offer, a game the lobby starts
(the tournament: its rounds are its rematches), a daily's room (rooms.DAILY: its pair has played the day's board).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction

from accounts.models import Player
from accounts.nicknames import bot_name
from games.kit.contract import gettext_noop as _
from games.kit.errors import Refusal
from games.models import Match, MatchEvent, Room, Seat
from games.runtime.catalogue import spec_for
from games.runtime.errors import room_error
from games.runtime.rooms import DAILY, room_rematch_note, room_seats_turn
from notifications.kinds import REMATCH_OFFER
from notifications.services import notify
from wallet.services import WalletError

ASK, ACCEPT, DECLINE = "ask", "accept", "decline"
ANSWERS = (ASK, ACCEPT, DECLINE)

MESSAGES = {
    "rematch_not_offered": _("This game has no rematch: start a new one from its way in."),
    "rematch_not_over": _("That match is not over yet."),
    "rematch_stale": _("A newer match has started in this room."),
    "rematch_player_left": _("%(names)s left the table: there is no rematch."),
    "rematch_table_changed": _("The table changed since that match: start a new one from the room."),
    "rematch_asked": _("You already said yes to the rematch."),
    "rematch_no_offer": _("Nobody has asked for a rematch."),
    "rematch_declined": _("The rematch was declined."),
    "rematch_cannot_pay": _("The rematch cannot start: %(reason)s"),
    "rematch_bad_answer": _("A rematch answer is ask, accept or decline."),
    "rematch_daily": _("The day's board is played once: come back tomorrow for a new one."),
}


def rematch_error(code: str, **params: Any) -> Refusal:
    return Refusal(code, MESSAGES[code], params)


def rematch_answer(
    *, room_id: int, match_id: int, player: Player, answer: str, now: datetime | None = None
) -> Match | None:
    """`player` asks for a rematch of the finished match `match_id` (ASK), or answers one (ACCEPT, DECLINE).

    Returns the new match when this answer was the last yes it waited for (it started in this transaction), else
    None. Raises a Refusal (module docstring) and changes nothing otherwise. Locks the room, then (match_start)
    the new match's rows: the room's row is the lock every rematch answer takes, so two last answers at once
    start one match."""
    if answer not in ANSWERS:
        raise rematch_error("rematch_bad_answer")
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room_id)
        match = room.matches.filter(pk=match_id).first()
        if match is None:
            raise room_error("no_match")
        seat = match.seat_of(player.pk)
        if seat is None:
            raise room_error("not_seated")
        refusal = _refusal(room, match, list(room.seats.select_related("player").order_by("index")))
        if refusal is not None:
            raise refusal
        offer = _offer_of(room, match)
        if answer == ASK and offer is None:
            offer = {"match": match.pk, "accepted": [seat], "declined": None}
        elif offer is None:
            raise rematch_error("rematch_no_offer")
        elif offer["declined"] is not None:
            raise rematch_error("rematch_declined")
        elif answer == DECLINE:
            offer = {**offer, "declined": seat}
        elif seat in offer["accepted"]:
            raise rematch_error("rematch_asked")
        else:
            offer = {**offer, "accepted": [*offer["accepted"], seat]}
        people = {index for index, sitter in enumerate(match.lineup) if sitter.get("player") is not None}
        if offer["declined"] is None and people <= set(offer["accepted"]):
            return _start(room, match, offer, now)
        room_rematch_note(room, offer)
        if answer == ASK:
            _tell_the_others(room, match, player)
        return None


def _tell_the_others(room: Room, match: Match, asker: Player) -> None:
    """Each other person seated at that match is told of the offer (a notification: the bell, and their devices
    where they allowed it), in case their page of the table is not open."""
    others = [sitter["player"] for sitter in match.lineup if sitter.get("player") not in (None, asker.pk)]
    for other in Player.objects.filter(pk__in=others):
        notify(other, REMATCH_OFFER, url=f"/r/{room.code}/", by_name=asker.nickname, game_slug=room.game)


def _start(room: Room, match: Match, offer: dict[str, Any], now: datetime | None) -> Match:
    """Everyone said yes: the seats turn round where the game has a first move, and the next match starts with the
    finished one's settings and stake."""
    # Imported here: the room frame (games.runtime.views, which matches.py imports) reads rematch_view below.
    from games.runtime.matches import match_start

    spec = spec_for(room.game)
    settings = _settings_of(match)
    if spec.rematch_swaps_seats:
        room_seats_turn(room)
    room_rematch_note(room, {**offer, "started": True})
    try:
        return match_start(room=room, by=None, now=now, settings_override=settings, stake=match.stake)
    except WalletError as error:
        # Raised inside the transaction: the seats, the offer and the match are all rolled back.
        raise rematch_error("rematch_cannot_pay", reason=str(error.message)) from error


def _settings_of(match: Match) -> dict[str, Any]:
    """The settings the finished match was played with (its match_started event), so that the rematch is the same
    game even if the room's options changed meanwhile."""
    started = MatchEvent.objects.filter(match=match, kind="match_started").values_list("data", flat=True).first()
    return dict((started or {}).get("settings") or {})


def _offer_of(room: Room, match: Match) -> dict[str, Any] | None:
    offer = room.rematch or {}
    return offer if offer.get("match") == match.pk and not offer.get("started") else None


def _people_gone(match: Match, seats: list[Seat]) -> list[str]:
    """The people of the match's lineup no longer sitting in their seat of the room (they left)."""
    by_index = {seat.index: seat for seat in seats}
    gone = []
    for index, sitter in enumerate(match.lineup):
        person = sitter.get("player")
        if person is None:
            continue
        seat = by_index.get(index)
        if seat is None or seat.player_id != person:
            gone.append(index)
    if not gone:
        return []
    names = dict(Player.objects.filter(pk__in=[match.lineup[i]["player"] for i in gone]).values_list("pk", "nickname"))
    return [names.get(match.lineup[index]["player"], "?") for index in gone]


def _refusal(room: Room, match: Match, seats: list[Seat]) -> Refusal | None:
    """Why this room can have no rematch of `match` now (None: it can)."""
    if not spec_for(room.game).host_starts or (match.outcome or {}).get("aborted"):
        return rematch_error("rematch_not_offered")
    if match.status != Match.FINISHED:
        return rematch_error("rematch_not_over")
    if room.settings.get(DAILY):
        return rematch_error("rematch_daily")  # a daily's room: the pair knows its board and maps now
    latest = room.matches.order_by("-number").values_list("pk", flat=True).first()
    if latest != match.pk or room.status == Room.PLAYING:
        return rematch_error("rematch_stale")
    gone = _people_gone(match, seats)
    if gone or room.status == Room.CLOSED:
        return rematch_error("rematch_player_left", names=", ".join(gone) or "?")
    if len(seats) != len(match.lineup) or any(
        bool(seat.bot_level) != bool(match.lineup[seat.index].get("bot")) for seat in seats
    ):
        return rematch_error("rematch_table_changed")
    return None


def rematch_view(room: Room, seats: list[Seat], latest: Match | None, viewer: Player | None) -> dict[str, Any] | None:
    """What the room frame says of a rematch after the room's last match (None while a match is on, or before the
    first): whether there can be one (`open`, else `refused`: the code and its words' parameters), who said yes,
    who is still asked (`waiting`: names), who declined, the viewer's seat in that match, and the stake it would
    hold again. Only reads."""
    if latest is None or latest.status != Match.FINISHED:
        return None
    refusal = _refusal(room, latest, seats)
    offer = _offer_of(room, latest) or {"accepted": [], "declined": None}

    def name(index: int) -> str:
        sitter = latest.lineup[index]
        seat = next((seat for seat in seats if seat.player_id == sitter.get("player")), None)
        return seat.player.nickname if seat is not None and seat.player is not None else bot_name(index)

    people = [index for index, sitter in enumerate(latest.lineup) if sitter.get("player") is not None]
    you = latest.seat_of(viewer.pk) if viewer is not None else None
    return {
        "match_id": latest.pk,
        "open": refusal is None,
        "refused": None if refusal is None else {"code": refusal.code, **refusal.params},
        "you": you,
        "asked_by": offer["accepted"][0] if offer["accepted"] else None,
        "asker": name(offer["accepted"][0]) if offer["accepted"] else None,
        "accepted": offer["accepted"],
        "declined": offer["declined"],
        "decliner": name(offer["declined"]) if offer["declined"] is not None else None,
        "waiting": [name(index) for index in people if index not in offer["accepted"]],
        "stake": latest.stake,
        "swaps": spec_for(room.game).rematch_swaps_seats,
        # A group's table (more than two people) is asked to play again as one, not to a rematch of a duel.
        "people": len(people),
    }
