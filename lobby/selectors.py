"""Reads for the lobby and group pages (HackSoft style: selectors read, services write)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils import timezone

from accounts.models import Player
from games.models import Match, Room, Seat
from games.runtime.registry import game_for
from lobby.game_ways import tournament_game
from lobby.matchmaking import WINDOW
from lobby.models import Party, PartyMember, TicketPlayer, TournamentTicket, WaitingPlayer
from ratings.models import START_RATING, Rating


def tournament_players_still_in(player_ids: Iterable[int]) -> set[int]:
    """Who among these players is still in a tournament: seated in a tournament being played where their seat
    still plays (the engine's `seat_active`). An eliminated player who stays to watch is no longer in; the winner
    is in until the match finishes."""
    ids = set(player_ids)
    if not ids:
        return set()
    game = tournament_game()
    engine = game_for(game).engine
    rooms = Seat.objects.filter(player_id__in=ids).values("room_id")
    still_in: set[int] = set()
    for lineup, state in Match.objects.filter(game=game, status=Match.PLAYING, room_id__in=rooms).values_list(
        "lineup", "state"
    ):
        game_state = engine.from_json(state)
        for seat, sitter in enumerate(lineup):
            player_id = sitter.get("player")
            if player_id in ids and engine.seat_active(game_state, seat):
                still_in.add(player_id)
    return still_in


def tournament_rooms_of(player_ids: Iterable[int]) -> list[Room]:
    """The tournaments being played where any of these players sits (for "open the tournament" links)."""
    return list(
        Room.objects.filter(game=tournament_game(), status=Room.PLAYING, seats__player_id__in=list(player_ids))
        .distinct()
        .order_by("-updated_at")
    )


def tournament_ratings(player_ids: Iterable[int]) -> dict[int, int]:
    """Each player's tournament rating (START_RATING before their first rated tournament)."""
    ids = list(player_ids)
    found = dict(Rating.objects.filter(game=tournament_game(), player_id__in=ids).values_list("player_id", "value"))
    return {player_id: found.get(player_id, START_RATING) for player_id in ids}


def ticket_of(player: Player) -> TournamentTicket | None:
    """The player's place in the tournament queue (alone or with their group), if any."""
    held = TicketPlayer.objects.filter(player=player).select_related("ticket", "ticket__party").first()
    return held.ticket if held else None


def waiting_in_window(*, language: str, ratings: Iterable[int], exclude: Iterable[int] = ()) -> int:
    """People (not tickets) waiting in this word language who could share a room with players of these
    ratings: within the window of every one of them. `exclude`: player ids not to count (the asker)."""
    ratings = list(ratings)
    waiting = TicketPlayer.objects.filter(
        ticket__language=language, rating__gte=max(ratings) - WINDOW, rating__lte=min(ratings) + WINDOW
    )
    return waiting.exclude(player_id__in=list(exclude)).count()


def party_of(player: Player) -> Party | None:
    membership = PartyMember.objects.filter(player=player).select_related("party").first()
    return membership.party if membership else None


@dataclass(frozen=True)
class MemberView:
    player: Player
    rating: int
    is_organizer: bool
    still_in: bool
    queued_alone: bool


def party_members(party: Party) -> list[MemberView]:
    """The members in the order they joined, with what the group page shows about each."""
    members = [
        membership.player
        for membership in PartyMember.objects.filter(party=party).select_related("player").order_by("joined_at", "id")
    ]
    ids = [member.pk for member in members]
    ratings = tournament_ratings(ids)
    still_in = tournament_players_still_in(ids)
    alone = set(
        TicketPlayer.objects.filter(player_id__in=ids, ticket__party__isnull=True).values_list("player_id", flat=True)
    )
    return [
        MemberView(
            member, ratings[member.pk], member.pk == party.organizer_id, member.pk in still_in, member.pk in alone
        )
        for member in members
    ]


def party_ticket(party: Party) -> TournamentTicket | None:
    return TournamentTicket.objects.filter(party=party).first()


def open_quick_rooms(game: str, limit: int = 8) -> list[Room]:
    """The game's public quick-match rooms waiting for players, with `.people` and `.free` counted."""
    rooms = (
        Room.objects.filter(game=game, is_public=True, status=Room.WAITING, launch_at__gt=timezone.now())
        .annotate(
            people=Count("seats", filter=Q(seats__player__isnull=False)),
            free=Count("seats", filter=Q(seats__player__isnull=True, seats__bot_level="")),
        )
        .filter(free__gt=0)
        .order_by("launch_at")
    )
    return list(rooms[:limit])


def waiting_for_opponent(*, game: str, exclude: Player | None = None) -> int:
    """How many wait in a game's random-opponent queue (lobby.queue)."""
    waiting = WaitingPlayer.objects.filter(game=game)
    if exclude is not None:
        waiting = waiting.exclude(player=exclude)
    return waiting.count()


def waiting_within(*, game: str, rating: int, exclude: Player | None = None) -> int:
    """How many wait in a game's random-opponent queue for a rated game within the window of `rating`: those
    the player could be paired with now (lobby.queue)."""
    waiting = WaitingPlayer.objects.filter(
        game=game, rated=True, rating__gte=rating - WINDOW, rating__lte=rating + WINDOW
    )
    if exclude is not None:
        waiting = waiting.exclude(player=exclude)
    return waiting.count()


def rated_quick_waiting(*, game: str, language: str, rating: int, exclude: Player | None = None) -> int:
    """People waiting in rated quick-match rooms of this word language whose rating lies within the window of
    `rating` (lobby.quickmatch)."""
    from ratings.selectors import standings_of

    people = Seat.objects.filter(
        room__game=game,
        room__is_public=True,
        room__status=Room.WAITING,
        room__settings__rated=True,
        room__settings__language=language,
        player__isnull=False,
    )
    if exclude is not None:
        people = people.exclude(player=exclude)
    ids = list(people.values_list("player_id", flat=True))
    return sum(1 for standing in standings_of(ids, game).values() if abs(standing.value - rating) <= WINDOW)
