"""Rated matches: ratings taken at the start, changes applied as places are fixed, and what a board shows.

A match is rated when its room says so (`settings["rated"]`, set only by the lobby's rated matchmaking)
and its game is in ratings.models.RATED_GAMES. The ratings every seat had at the start are kept in the
lineup (`"rating"`), because each change is computed against the ratings before the match, even for a
player placed in the last round. Changes go through ratings.services.rating_apply, which is idempotent
per (player, match): calling this on every save that fixes a place is safe.
"""

from __future__ import annotations

from typing import Any

from games.models import Match, Room, Seat
from games.runtime.catalogue import spec_for
from games.runtime.engine import engine_for
from ratings.models import RatingChange
from ratings.selectors import is_rated, rating_of
from ratings.services import rating_apply


def room_is_rated(room: Room) -> bool:
    return bool(room.settings.get("rated")) and is_rated(room.game) and spec_for(room.game).rating_change is not None


def lineup_for(room: Room, seats: list[Seat]) -> list[dict[str, Any]]:
    """The match's lineup; in a rated room each person's rating at the start goes with it."""
    rated = room_is_rated(room)
    return [
        {
            "player": seat.player_id,
            "bot": seat.bot_level,
            **({"rating": rating_of(seat.player_id, room.game)} if rated and seat.player_id else {}),
        }
        for seat in seats
    ]


def match_is_rated(match: Match) -> bool:
    return bool(match.lineup) and all("rating" in sitter for sitter in match.lineup)


def placements_apply(
    match: Match, state: Any, *, before: dict[str, Any] | None = None, before_state: Any = None
) -> None:
    """Apply the change of every person whose place is now fixed (inside the match's transaction).

    `before`: the stored state this save replaces, or `before_state`, the same already parsed (a move has it
    in hand: no second parse of the whole state, issue 16). A save that fixes no new place reads nothing (every
    place fixed before was applied by the save that fixed it, in its transaction; issue 16)."""
    change = spec_for(match.game).rating_change
    if change is None or not match_is_rated(match):  # a rated match is always of a game with a rating change
        return
    engine = engine_for(match.game)
    places = engine.fixed_places(state)
    if all(place is None for place in places):
        return
    if before_state is None and before:
        before_state = engine.from_json(before)
    if before_state is not None and list(engine.fixed_places(before_state)) == list(places):
        return
    ratings = [sitter["rating"] for sitter in match.lineup]
    changes: dict[int, tuple[int, int | None]] = {
        match.lineup[seat]["player"]: (change(ratings, list(places), seat), place)
        for seat, place in enumerate(places)  # empty while no place is final (the default hook)
        if place is not None
    }
    done = set(RatingChange.objects.filter(match=match).values_list("player_id", flat=True))
    pending = {player: value for player, value in changes.items() if player not in done}
    if pending:
        rating_apply(game=match.game, match=match, changes=pending)


# Published ratings views by (match, its start, the places fixed): a match's rating changes are written
# only by the save that fixes a place, so while the places stay as they were the view does too.
_published_views: dict[tuple[int, Any, tuple[int | None, ...]], dict[str, dict[str, int]]] = {}


def ratings_view_of(match: Match, state: Any) -> dict[str, dict[str, int]] | None:
    """ratings_view for the state in hand after a save: no read while nobody is placed (no change exists
    yet), and one per process each time the places change (issue 16)."""
    if not match_is_rated(match):
        return None
    places = tuple(engine_for(match.game).fixed_places(state))
    if all(place is None for place in places):
        return {}
    key = (match.pk, match.started_at, places)
    view = _published_views.get(key)
    if view is None:
        view = ratings_view(match) or {}
        if len(_published_views) >= 1000:
            _published_views.clear()
        _published_views[key] = view
    return view


def ratings_view(match: Match) -> dict[str, dict[str, int]] | None:
    """Seat -> {before, after, change} for every seat whose change is applied; None when unrated."""
    if not match_is_rated(match):
        return None
    seat_of = {sitter["player"]: seat for seat, sitter in enumerate(match.lineup)}
    return {
        str(seat_of[row.player_id]): {"before": row.before, "after": row.after, "change": row.delta}
        for row in RatingChange.objects.filter(match=match)
        if row.player_id in seat_of
    }
