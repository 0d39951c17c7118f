"""What a player's friends are playing now, and telling friends a game they may watch has begun (issue 36).

Only a match anyone may open is linked or told: a room on the lobby's live list (games.selectors: not private,
so never a daily's room, and a game that has spectators). A private room's invite link is its host's to give,
so its friends see the game's name and no way in (decision 145).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import Player
from friends.selectors import friends_of_any
from games.models import Match, Room
from games.runtime.catalogue import spec_for
from games.runtime.rooms import DAILY
from games.selectors import listed_live_matches
from notifications import kinds
from notifications.services import notify_once

log = logging.getLogger(__name__)

LIVE = (Match.ARRIVING, Match.PLAYING)
# A match still live long after it began is the sweeper's business (as the "your game is on" banner holds).
RECENT = timedelta(hours=12)


@dataclass(frozen=True)
class Playing:
    game: str  # the game's slug, for its colour
    game_name: str  # the spec's name, marked for translation (the template translates)
    watch_url: str | None  # room_watch's address, when anyone may watch it


def playing_now(player_ids: set[int]) -> dict[int, Playing]:
    """Each of these players seated in a live match -> what it is. Two queries for any number."""
    if not player_ids:
        return {}
    matches = (
        Match.objects.filter(
            status__in=LIVE, started_at__gte=timezone.now() - RECENT, room__seats__player_id__in=player_ids
        )
        .exclude(room__status=Room.CLOSED)
        .select_related("room")
        .order_by("-started_at")
        .distinct()
    )
    found: dict[int, Match] = {}
    for match in matches:
        for sitter in match.lineup:
            person = sitter.get("player")
            if person in player_ids and person not in found:
                found[person] = match  # the newest match first: a seat says they are there now
    listed = set(listed_live_matches().filter(pk__in=[m.pk for m in found.values()]).values_list("pk", flat=True))
    return {
        person: Playing(
            game=match.game,
            game_name=spec_for(match.game).name,
            watch_url=reverse("room_watch", args=[match.room.code])
            if match.pk in listed and watchable(match.room)
            else None,
        )
        for person, match in found.items()
    }


def watchable(room: Room) -> bool:
    """Whether a stranger may open this room's match to watch it (as the lobby's live list does). A daily's room
    is private from its creation; it is named here as well, for it holds the day's answers (decision 124)."""
    return not room.is_private and spec_for(room.game).spectators and DAILY not in (room.settings or {})


def on_match_starting(sender: Any, room: Room, people: list[Player], **kwargs: Any) -> None:
    """games.runtime.signals.match_starting: once the start commits, tell the people's friends (if the room may be
    watched). Adds no settings."""
    if people and watchable(room):
        transaction.on_commit(partial(_tell_after_commit, room.code, room.game, [p.pk for p in people]))


def _tell_after_commit(code: str, game: str, people: list[int]) -> None:
    try:
        tell_friends_playing(code=code, game=game, people=people)
    except Exception:
        # The match started: a notification that failed must not turn that into an error (DESIGN.md).
        log.exception("friends: telling friends of room %s failed", code)


def tell_friends_playing(*, code: str, game: str, people: list[int]) -> int:
    """FRIEND_PLAYING to each friend of the people at room `code`'s table who is not at it, at most once per
    friend per room (a rematch in the same room tells nobody again). Returns how many were told."""
    friends = friends_of_any(people)
    for person in people:
        friends.pop(person, None)
    if not friends:
        return 0
    names = {p.pk: p.display_name for p in Player.objects.filter(pk__in=people)}
    url = reverse("room_watch", args=[code])
    count = 0
    for friend in Player.objects.filter(pk__in=set(friends)).order_by("pk"):
        at_table = sorted(friends[friend.pk])
        # Once per friend per room, kept apart from the notification itself: a friend who turned this kind off
        # keeps no row to remember it by, and would be told (and pushed to) again at every rematch.
        if notify_once(
            friend,
            kinds.FRIEND_PLAYING,
            key=code,
            url=url,
            room=code,
            game_slug=game,
            by_name=names.get(at_table[0], ""),
        ):
            count += 1
    return count
