"""Rated matches: ratings taken at the start, changes applied as places are fixed, and what a board shows.

A match is rated when its room says so (`settings["rated"]`, set only by the lobby's rated matchmaking)
and its game is rated (its spec: GameSpec.glicko or rating_change; ratings/games.py). The ratings every
seat had at the start are kept in the lineup (`"rating"`), because each change is computed against the
ratings before the match, even for a player placed in the last round. Changes go through
ratings.services.rating_apply, which is idempotent per (player, match): calling this on every save that fixes a
place is safe.
"""

from __future__ import annotations

from typing import Any

from accounts.models import Player
from games.kit.outcome import Outcome
from games.models import Match, Room, Seat
from games.runtime.registry import Game, game_for
from ratings.games import is_glicko
from ratings.models import RatingChange
from ratings.selectors import is_rated, rating_of
from ratings.services import glicko_apply, rating_apply


def room_is_rated(room: Room) -> bool:
    return bool(room.settings.get("rated")) and is_rated(room.game)


def _related_people(room: Room, seats: list[Seat]) -> bool:
    """A Glicko-2 table where someone sits twice, or two of the people are related accounts (wallet.trust's
    signals: the same browser or address recently): such a match is unrated, so nobody feeds a rating with a
    second account (issue 20). Torneo keeps its own rules."""
    people = [seat.player_id for seat in seats if seat.player_id]
    if len(set(people)) < len(people):
        return True
    from datetime import timedelta

    from django.utils import timezone

    from accounts.sightings import related_players
    from wallet.conf import related_window_days

    days = related_window_days()
    if not days:
        return False
    since = timezone.now() - timedelta(days=days)
    for index, first in enumerate(people[:-1]):
        if related_players(player=Player.objects.get(pk=first), others=people[index + 1 :], since=since):
            return True
    return False


def _members_all(seats: list[Seat]) -> bool:
    """Every seat a person with an account whose address is confirmed. A guest is a nickname in one browser:
    any number can be made in a minute, so a rating fed by guests means nothing (issue 31: a member gained
    +162, then +88, against fresh guests of their own; no guest is ever "related" to anyone)."""
    from accounts.selectors import player_is_verified

    people = [seat.player for seat in seats if seat.player is not None]
    return len(people) == len(seats) and all(player_is_verified(player=person) for person in people)


def lineup_for(room: Room, seats: list[Seat]) -> list[dict[str, Any]]:
    """The match's lineup; in a rated room each person's rating at the start goes with it. A Glicko-2 game is
    rated only between members with a confirmed address (a bot's seat has no rating, so match_is_rated is false;
    nor has a guest) who are not related."""
    rated = room_is_rated(room)
    if rated and is_glicko(room.game):
        rated = _members_all(seats) and not _related_people(room, seats)
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


_NOT_GIVEN: Any = object()


def placements_apply(
    match: Match,
    state: Any,
    *,
    game: Game | None = None,
    result: Outcome | None = _NOT_GIVEN,
    before: dict[str, Any] | None = None,
    before_state: Any = None,
) -> None:
    """Apply the change of every person whose place is now fixed (inside the match's transaction).

    `game` and `result` (the state's outcome): what the move path resolved and worked out already, so that
    nothing here looks the game up or asks the engine again; worked out here when not given.

    `before`: the stored state this save replaces, or `before_state`, the same already parsed (a move has it
    in hand: no second parse of the whole state, issue 16). A save that fixes no new place reads nothing (every
    place fixed before was applied by the save that fixed it, in its transaction; issue 16)."""
    game = game or game_for(match.game)
    if is_glicko(match.game):
        _glicko_apply(match, game.engine.outcome(state) if result is _NOT_GIVEN else result)
        return
    change = game.spec.rating_change
    if change is None or not match_is_rated(match):  # a rated match is always of a game with a rating change
        return
    engine = game.engine
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


def _glicko_apply(match: Match, result: Outcome | None) -> None:
    """A finished rated match of a Glicko-2 game (`result`: its outcome, None while it runs): every pair of
    people at the table is one game (ahead 1, the same place 0.5, behind 0), applied once. A match an admin
    stopped moves no rating (its stakes go back)."""
    if not match_is_rated(match):
        return
    if result is None or result.stopped:
        return
    people = [(sitter["player"], result.places[seat]) for seat, sitter in enumerate(match.lineup)]
    results = {
        player: [
            (other, 1.0 if place < other_place else 0.5 if place == other_place else 0.0)
            for other, other_place in people
            if other != player
        ]
        for player, place in people
    }
    glicko_apply(game=match.game, match=match, results=results, places=dict(people))


# Published ratings views by (match, its start, the places fixed): a match's rating changes are written
# only by the save that fixes a place, so while the places stay as they were the view does too.
_published_views: dict[tuple[int, Any, tuple[int | None, ...]], dict[str, dict[str, int]]] = {}


def ratings_view_of(match: Match, state: Any, game: Game | None = None) -> dict[str, dict[str, int]] | None:
    """ratings_view for the state in hand after a save: no read while nobody is placed (no change exists
    yet), and one per process each time the places change (issue 16)."""
    if not match_is_rated(match):
        return None
    places = tuple((game or game_for(match.game)).engine.fixed_places(state))
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
