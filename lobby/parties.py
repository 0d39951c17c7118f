"""Groups of friends ("party links"): gather with a link, then the organizer starts a rated tournament
(the whole group enters one room, the queue fills the rest) or a practice one (bots fill the rest).

The only writer of Party and PartyMember. Every change locks the group row first (then the queue's lane,
then players: see lobby.tournament_queue) and tells the members' pages on commit.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from accounts.models import Player
from games.models import Room
from games.runtime.rooms import new_code
from lobby import live
from lobby.errors import lobby_error
from lobby.models import Party, PartyMember
from lobby.selectors import party_ticket
from lobby.tournament_queue import (
    check_language,
    lock_players,
    queue_join_group,
    require_free_to_play,
    ticket_withdraw,
)
from lobby.tournament_rooms import tournament_room_open


def _locked(party: Party) -> Party:
    return Party.objects.select_for_update().get(pk=party.pk)


def _member_ids(party: Party) -> list[int]:
    return list(PartyMember.objects.filter(party=party).values_list("player_id", flat=True))


def _members(party: Party) -> list[Player]:
    return [
        membership.player
        for membership in PartyMember.objects.filter(party=party).select_related("player").order_by("joined_at", "id")
    ]


def _require_organizer(party: Party, by: Player) -> None:
    if party.organizer_id != by.pk:
        raise lobby_error(
            "not_organizer" if PartyMember.objects.filter(party=party, player=by).exists() else "not_member"
        )


def _withdraw_search(party: Party) -> bool:
    """With the group row locked: take the group's ticket out of the queue, if it waits. A group whose
    members change no longer is the unit that asked (its ratings, its size), so it searches again."""
    ticket = party_ticket(party)
    return ticket is not None and ticket_withdraw(ticket_id=ticket.pk)


def party_create(*, player: Player, language: str) -> Party:
    """A new group with its creator as organizer (leaving the group they were in, if any)."""
    check_language(language)
    _leave_current(player)
    for _attempt in range(10):
        try:
            with transaction.atomic():
                party = Party.objects.create(code=new_code(), organizer=player, language=language)
                PartyMember.objects.create(party=party, player=player)
                live.party_changed(party.code, [player.pk])
                return party
        except IntegrityError:
            continue  # a code collision: draw another
    raise RuntimeError("could not draw a free group code")


def party_join(*, party: Party, player: Player) -> bool:
    """Opening the group's link: the player joins (moving from another group). Returns whether the
    group's search for a tournament had to stop because of it. Raises when the group is full."""
    if PartyMember.objects.filter(party=party, player=player).exists():
        return False
    if PartyMember.objects.filter(party=party).count() >= Party.MAX_MEMBERS:
        raise lobby_error("group_full", max=Party.MAX_MEMBERS)  # before leaving the group they are in
    _leave_current(player)
    with transaction.atomic():
        party = _locked(party)
        ids = _member_ids(party)
        if len(ids) >= Party.MAX_MEMBERS:
            raise lobby_error("group_full", max=Party.MAX_MEMBERS)
        withdrawn = _withdraw_search(party)
        PartyMember.objects.create(party=party, player=player)
        if party.organizer_id is None:  # an emptied group comes back to life with whoever opens it
            party.organizer = player
            party.save(update_fields=["organizer"])
        live.party_changed(party.code, [*ids, player.pk])
        return withdrawn


def _leave_current(player: Player) -> None:
    membership = PartyMember.objects.filter(player=player).select_related("party").first()
    if membership is not None:
        party_leave(party=membership.party, player=player)


def party_leave(*, party: Party, player: Player) -> None:
    """The player leaves; an organizer who leaves hands the group to the member who joined next."""
    with transaction.atomic():
        party = _locked(party)
        ids = _member_ids(party)
        if player.pk not in ids:
            return
        _withdraw_search(party)
        PartyMember.objects.filter(party=party, player=player).delete()
        if party.organizer_id == player.pk:
            heir = PartyMember.objects.filter(party=party).order_by("joined_at", "id").first()
            party.organizer_id = heir.player_id if heir else None
            party.save(update_fields=["organizer"])
        live.party_changed(party.code, ids)


def party_set_language(*, party: Party, by: Player, language: str) -> Party:
    check_language(language)
    with transaction.atomic():
        party = _locked(party)
        _require_organizer(party, by)
        if party_ticket(party) is not None:
            raise lobby_error("group_waiting")
        party.language = language
        party.save(update_fields=["language"])
        live.party_changed(party.code, _member_ids(party))
        return party


def party_start_practice(*, party: Party, by: Player, interface_language: str) -> Room:
    """The members and bots in the empty seats (easy while one of them is new to the game, else medium),
    unrated, starting now."""
    with transaction.atomic():
        party = _locked(party)
        _require_organizer(party, by)
        if party_ticket(party) is not None:
            raise lobby_error("group_waiting")
        members = lock_players(_members(party))
        require_free_to_play(members, alone=False)
        room = tournament_room_open(
            people=members,
            language=party.language,
            rated=False,
            group=party.code,
            interface_language=interface_language,
        )
        live.party_changed(party.code, [member.pk for member in members])
        return room


def party_start_rated(*, party: Party, by: Player, interface_language: str) -> Room | None:
    """The whole group waits in the rated queue as one; returns the room if it filled at once."""
    with transaction.atomic():
        party = _locked(party)
        _require_organizer(party, by)
        if party_ticket(party) is not None:
            raise lobby_error("group_waiting")
        members = _members(party)
        room = queue_join_group(party=party, members=members, interface_language=interface_language)
        live.party_changed(party.code, [member.pk for member in members])
        return room


def party_cancel(*, party: Party, by: Player) -> None:
    """The organizer stops the group's search for a rated tournament."""
    with transaction.atomic():
        party = _locked(party)
        _require_organizer(party, by)
        if not _withdraw_search(party):
            raise lobby_error("group_not_waiting")
