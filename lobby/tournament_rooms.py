"""Opening a tournament's room that starts at once: the people the lobby gathered (a full rated room, or a
group or a single player with bots for practice), seated in order, and the match started by the site."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from accounts.models import Player
from games.models import Room
from games.runtime.matches import match_start
from games.runtime.rooms import room_create, room_fill_with_bots, room_join
from games.selectors import default_bot_level
from lobby import live
from lobby.game_ways import tournament_game
from lobby.matchmaking import SEATS


def tournament_room_open(
    *, people: Sequence[Player], language: str, rated: bool, group: str | None, interface_language: str
) -> Room:
    """Seat `people` (the first hosts) in a new 8-seat room, bots in the rest when practising, and start.

    Call inside the caller's transaction: if anything fails, no room exists. Everyone but `people[0]`'s
    current request is sent to the room by their lobby socket once the transaction commits."""
    if not people or len(people) > SEATS or (rated and len(people) != SEATS):
        raise ValueError(f"a {'rated' if rated else 'practice'} room cannot seat {len(people)} people")
    settings = {"language": language, "rated": rated, **({"group": group} if group else {})}
    with transaction.atomic():
        game = tournament_game()
        room = room_create(
            game=game, host=people[0], seats=SEATS, settings=settings, interface_language=interface_language
        )
        for person in people[1:]:
            if room_join(room=room, player=person) is None:
                raise RuntimeError(f"no seat for {person} in a new room")  # a bug, never a player's doing
        if not rated:
            level = default_bot_level(player_ids=[person.pk for person in people], game=game)
            room_fill_with_bots(room=room, level=level)
        match_start(room=room, by=None)
        live.matched([person.pk for person in people], room.code)
        room.refresh_from_db()
        return room
