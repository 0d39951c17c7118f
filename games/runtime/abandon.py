"""Abandons: a seated person whose sockets have all been closed for the game's `abandon_seconds` has left
(Torneo: "tienes 60 segundos para volver. Después, se considera que has abandonado la partida").

While away, the clock keeps playing their turns as skipped ones (nothing to do here). The sweeper calls
`abandons_sweep` every few seconds; it decides from Redis presence (games.runtime.presence) and applies
the game's leave through the one service path, so it is idempotent and survives a restarted worker.
A person who never opened the room after the start counts as away since the match began.

Games without a clock never end by themselves when someone walks away (issue 31: four of five Cruzadas and Claves
games on the live list were abandoned, and the one left behind could only resign). There:

- `match_claim`: a person whose every other person at the table has been away the game's
  `claim_after_seconds` ends the game (lichess's "claim victory"): the absent seat plays the game's
  `claim_action` (Cruzadas resigns: the one who stayed wins, rated as any win), or, in a cooperative game
  (Claves), the match is stopped and nobody loses. Whoever comes back before plays on.
- `deserted_sweep`: everyone at the table away `deserted_after_seconds`: the match is stopped and the room
  closed, so the live list shows only games being played.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from itertools import islice

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import Player
from games.kit.contract import gettext_noop
from games.models import Match, Room
from games.runtime import presence
from games.runtime.catalogue import game_slugs, spec_for
from games.runtime.errors import Refusal, room_error
from games.runtime.matches import match_abandon, match_stop
from games.runtime.registry import engine_for
from games.runtime.rooms import room_status_set

# The reasons a claim ends a game with, as the match's outcome and the replay say (match_stop's `reason`).
PARTNER_LEFT, DESERTED = "partner_left", "deserted"


def _games_with_abandon() -> dict[str, float]:
    limits = {slug: spec_for(slug).abandon_seconds for slug in game_slugs()}
    return {slug: seconds for slug, seconds in limits.items() if seconds is not None}


def abandons_sweep(now: datetime | None = None) -> int:
    """Play the leave of everyone away too long. Returns how many abandons were applied.

    Every playing room's presence is read in one Redis round trip, and a match's state only when one of its
    people has been away long enough (the clock runs this every 2 s over every playing match: loading every
    state each time was most of a sweep's work)."""
    now = now or timezone.now()
    limits = _games_with_abandon()
    rows = list(
        Match.objects.filter(status=Match.PLAYING, game__in=list(limits)).values_list(
            "pk", "game", "lineup", "started_at", "room__code"
        )[:500]
    )
    present = presence.absences([code for *_rest, code in rows])  # who is online now, whatever `now` says
    applied = 0
    for match_id, game, lineup, started_at, code in rows:
        online, away = present[code]
        gone = [
            seat
            for seat, sitter in enumerate(lineup)
            if (player := sitter.get("player")) is not None
            and player not in online
            and now.timestamp() - max(away.get(player, 0.0), started_at.timestamp()) >= limits[game]
        ]
        if not gone:
            continue
        engine = engine_for(game)
        state = engine.from_json(Match.objects.values_list("state", flat=True).get(pk=match_id))
        for seat in gone:
            if engine.seat_active(state, seat):
                applied += match_abandon(match_id=match_id, seat=seat, now=now)
    return applied


def away_for(match: Match, code: str | None = None, now: datetime | None = None) -> dict[int, float]:
    """For each seat of a person not online: how long they have been away (seconds), from when their last socket
    closed or went silent, or from the match's start for someone who never came."""
    now = now or timezone.now()
    online, away = presence.absence(code or match.room.code)
    seats = {sitter["player"]: seat for seat, sitter in enumerate(match.lineup) if sitter.get("player") is not None}
    gone = presence.away_seconds(seats, online, away, match.started_at.timestamp(), now.timestamp())
    return {seats[player]: seconds for player, seconds in gone.items()}


def match_claim(*, match_id: int, player: Player, now: datetime | None = None, room_id: int | None = None) -> bool:
    """`player` ends a game without a clock whose every other person has been away long enough (see the module's
    docstring). Raises a Refusal, changing nothing, when the game has no claim, `player` does not sit at it, or
    someone is still there or not away long enough (its `seconds`: how long yet). Returns True once ended.
    `room_id`: only a match of that room (the room socket's own)."""
    now = now or timezone.now()
    playing = Match.objects.select_related("room").filter(pk=match_id, status=Match.PLAYING)
    match = (playing.filter(room_id=room_id) if room_id is not None else playing).first()
    if match is None:
        raise room_error("no_match")
    spec = spec_for(match.game)
    if spec.claim_after_seconds is None:
        raise Refusal("no_claim", gettext_noop("This game ends by its clock: there is nothing to claim."))
    seat = match.seat_of(player.pk)
    if seat is None:
        raise room_error("not_seated")
    others = [index for index, sitter in enumerate(match.lineup) if sitter.get("player") not in (None, player.pk)]
    away = away_for(match, now=now)
    waiting = [index for index in others if away.get(index, 0.0) < spec.claim_after_seconds]
    if not others or waiting:
        left = max((spec.claim_after_seconds - away.get(index, 0.0)) for index in waiting) if waiting else 0
        raise Refusal(
            "claim_too_soon",
            gettext_noop("Whoever left may still come back: you can end the game in %(seconds)d s."),
            {"seconds": max(1, round(left))},
        )
    if spec.claim_action is None:
        return match_stop(match_id=match.pk, reason=PARTNER_LEFT, now=now)
    ended = False
    for index in others:
        ended |= match_abandon(match_id=match.pk, seat=index, now=now, action=dict(spec.claim_action))
    return ended


def _games_deserted() -> dict[str, float]:
    limits = {slug: spec_for(slug).deserted_after_seconds for slug in game_slugs()}
    return {slug: seconds for slug, seconds in limits.items() if seconds is not None}


def deserted_sweep(now: datetime | None = None) -> int:
    """Stop the matches whose every person has been away long enough, and close their rooms. Returns how many."""
    now = now or timezone.now()
    # A match younger than its game's limit cannot be deserted yet (the time away counts from its start at most).
    old_enough = Q()
    for slug, seconds in _games_deserted().items():
        old_enough |= Q(game=slug, started_at__lte=now - timedelta(seconds=seconds))
    if not old_enough:
        return 0
    rows = Match.objects.filter(old_enough, status=Match.PLAYING).select_related("room").order_by("started_at")
    stopped = 0
    matches = rows.iterator(chunk_size=200)
    while chunk := list(islice(matches, 200)):
        present = presence.absences([match.room.code for match in chunk])
        stopped += sum(_stop_if_deserted(match, present[match.room.code], now) for match in chunk)
    return stopped


def _stop_if_deserted(match: Match, absence: tuple[set[int], dict[int, float]], now: datetime) -> bool:
    people = [sitter["player"] for sitter in match.lineup if sitter.get("player") is not None]
    online, away = absence
    gone = presence.away_seconds(people, online, away, match.started_at.timestamp(), now.timestamp())
    limit = spec_for(match.game).deserted_after_seconds
    if limit is None or not people or len(gone) < len(people) or min(gone.values()) < limit:
        return False
    if match_stop(match_id=match.pk, reason=DESERTED, now=now):
        with transaction.atomic():
            room = Room.objects.select_for_update().filter(pk=match.room_id, status=Room.WAITING).first()
            if room is not None:
                room_status_set(room, Room.CLOSED)
        return True
    return False
