"""The rated tournament queue (the game whose spec holds the tournament way: game_ways.tournament_game): a player
alone, or a group as one unit, waits in a word language until the lobby can fill a room of 8 whose ratings all lie
within 200 points (lobby.matchmaking); the room starts at once and everyone in it is sent there by their lobby
socket.

Locks, always in this order (so two transactions never wait for each other in a circle):
  1. the group row (lobby.parties, when a group acts),
  2. the lane of the word language (a PostgreSQL transaction-level advisory lock): every change of a
     language's tickets happens under it, so two arrivals are matched one after the other and each sees
     the other's ticket (without it, two arrivals at once could each see 7 and neither start the room),
  3. the players' rows, in id order: whatever may seat a person (a queue entry here, a practice start)
     takes their row first and then checks that they hold no ticket and are not still in a tournament,
     so nobody can end up in two rooms.
The matchmaker runs under the lane only; it consumes tickets whose holders were checked when they queued.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

from django.db import connection, transaction

from accounts.models import Player
from games.models import Room
from games.runtime.catalogue import spec_for
from lobby import live, matchmaking
from lobby.errors import lobby_error
from lobby.game_ways import tournament_game
from lobby.models import Party, TicketPlayer, TournamentTicket
from lobby.selectors import party_of, tournament_players_still_in, tournament_ratings
from lobby.tournament_rooms import tournament_room_open

LANE_LOCK_SPACE = 90210  # first key of the advisory lock pair: "the tournament queue"


def lane_lock(language: str) -> None:
    """Serialize every change to one language's queue until the transaction ends (PostgreSQL; SQLite,
    the newcomer's database, lets one writer in at a time anyway)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(%s, %s)", [LANE_LOCK_SPACE, zlib.crc32(language.encode()) & 0x7FFFFFFF]
            )


def lock_players(players: Sequence[Player]) -> list[Player]:
    """Lock the players' rows in id order; returns them in the order given."""
    locked = {
        player.pk: player
        for player in Player.objects.select_for_update(no_key=True)
        .filter(pk__in=[p.pk for p in players])
        .order_by("pk")
    }
    return [locked[player.pk] for player in players]


def require_free_to_play(players: Sequence[Player], *, alone: bool) -> None:
    """Nobody may wait in the queue or still be in a tournament when they queue or start another.
    Call with the players' rows locked. The ticket is checked before the matches: a matchmaker that
    commits in between has deleted the ticket and seated the player, and the second read sees that."""
    ids = [player.pk for player in players]
    queued = set(TicketPlayer.objects.filter(player_id__in=ids).values_list("player_id", flat=True))
    if queued:
        if alone:
            raise lobby_error("already_queued")
        raise lobby_error("members_queued", names=_names(players, queued))
    still_in = tournament_players_still_in(ids)
    if still_in:
        if alone:
            raise lobby_error("still_playing")
        raise lobby_error("members_still_playing", names=_names(players, still_in))


def _names(players: Sequence[Player], ids: set[int]) -> str:
    return ", ".join(player.display_name for player in players if player.pk in ids)


def check_language(language: str) -> None:
    if language not in spec_for(tournament_game()).word_languages:
        raise lobby_error("bad_language")


def queue_join_alone(*, player: Player, language: str, interface_language: str) -> Room | None:
    """The player waits for a rated tournament; returns the room if theirs was the arrival that filled
    one (the others are sent there by their sockets), else None."""
    check_language(language)
    with transaction.atomic():
        lane_lock(language)
        [player] = lock_players([player])
        require_free_to_play([player], alone=True)
        ticket = TournamentTicket.objects.create(language=language)
        return _enter(ticket, [player], interface_language)


def queue_join_group(*, party: Party, members: Sequence[Player], interface_language: str) -> Room | None:
    """For lobby.parties (the group row already locked, members checked): the whole group waits as one."""
    with transaction.atomic():
        lane_lock(party.language)
        members = lock_players(members)
        require_free_to_play(members, alone=False)
        ratings = tournament_ratings([member.pk for member in members])
        spread = matchmaking.span(list(ratings.values()))
        if spread > matchmaking.WINDOW:
            raise lobby_error("group_span", span=spread, max=matchmaking.WINDOW)
        ticket = TournamentTicket.objects.create(language=party.language, party=party)
        return _enter(ticket, members, interface_language)


def _enter(ticket: TournamentTicket, people: Sequence[Player], interface_language: str) -> Room | None:
    """Under the lane lock: record the ticket's people with their ratings, then fill a room if one can be."""
    ratings = tournament_ratings([person.pk for person in people])
    TicketPlayer.objects.bulk_create(
        [TicketPlayer(ticket=ticket, player=person, rating=ratings[person.pk]) for person in people]
    )
    live.lobby_changed()
    return _match(ticket, interface_language)


def _match(newcomer: TournamentTicket, interface_language: str) -> Room | None:
    others = list(
        TournamentTicket.objects.select_for_update()
        .filter(language=newcomer.language)
        .exclude(pk=newcomer.pk)
        .order_by("created_at", "id")
    )
    holders: dict[int, list[TicketPlayer]] = {}
    for held in (
        TicketPlayer.objects.filter(ticket__in=[*others, newcomer]).select_related("player").order_by("ticket_id", "id")
    ):
        holders.setdefault(held.ticket_id, []).append(held)

    def waiting(ticket: TournamentTicket) -> matchmaking.Waiting:
        return matchmaking.Waiting(ticket.pk, tuple(held.rating for held in holders[ticket.pk]))

    room = matchmaking.room_for([waiting(ticket) for ticket in others], waiting(newcomer))
    if room is None:
        return None
    by_id = {ticket.pk: ticket for ticket in [*others, newcomer]}
    tickets = [by_id[item.ticket] for item in room]
    people = [held.player for ticket in tickets for held in holders[ticket.pk]]
    groups = {ticket.party.code for ticket in tickets if ticket.party is not None}
    parties = [
        (ticket.party.code, [held.player_id for held in holders[ticket.pk]])
        for ticket in tickets
        if ticket.party is not None
    ]
    TournamentTicket.objects.filter(pk__in=[ticket.pk for ticket in tickets]).delete()
    # The board links back to the group page; with two groups in one room there is no single page.
    group = next(iter(groups)) if len(groups) == 1 else None
    opened = tournament_room_open(
        people=people, language=newcomer.language, rated=True, group=group, interface_language=interface_language
    )
    for code, ids in parties:
        live.party_changed(code, ids)
    return opened


def queue_leave_alone(*, player: Player) -> bool:
    """The player stops waiting. A group's ticket is the organizer's to cancel (lobby.parties).
    Returns whether they were waiting."""
    held = TicketPlayer.objects.filter(player=player).select_related("ticket").first()
    if held is None:
        return False
    if held.ticket.party_id is not None:
        raise lobby_error("group_ticket")
    with transaction.atomic():
        lane_lock(held.ticket.language)
        deleted, _rows = TournamentTicket.objects.filter(pk=held.ticket_id).delete()
        if deleted:
            live.lobby_changed()
        return bool(deleted)


def ticket_withdraw(*, ticket_id: int) -> bool:
    """Take a ticket out of the queue (a group's search cancelled, an operator's action)."""
    ticket = TournamentTicket.objects.filter(pk=ticket_id).select_related("party").first()
    if ticket is None:
        return False
    with transaction.atomic():
        lane_lock(ticket.language)
        ids = list(TicketPlayer.objects.filter(ticket_id=ticket_id).values_list("player_id", flat=True))
        deleted, _rows = TournamentTicket.objects.filter(pk=ticket_id).delete()
        if deleted:
            live.lobby_changed()
            if ticket.party is not None:
                live.party_changed(ticket.party.code, ids)
        return bool(deleted)


def practice_alone(*, player: Player, language: str, interface_language: str) -> Room:
    """One player and 7 bots, unrated, starting now."""
    check_language(language)
    with transaction.atomic():
        [player] = lock_players([player])
        require_free_to_play([player], alone=True)
        room = tournament_room_open(
            people=[player], language=language, rated=False, group=None, interface_language=interface_language
        )
        party = party_of(player)
        if party is not None:  # their group's page shows them playing
            live.party_changed(party.code, party.members.values_list("player_id", flat=True))
        return room
