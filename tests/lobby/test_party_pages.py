"""Groups through their pages, as friends would use them: the link, the organizer's buttons, the limits."""

import pytest
from django.test import Client

from games.models import Room
from games.runtime.matches import match_act
from lobby.models import Party, PartyMember, TournamentTicket
from ratings.models import Rating

pytestmark = pytest.mark.django_db


def browser(nickname: str | None = None) -> Client:
    """A browser in English (the messages asserted are the English msgids), with a guest if named."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if nickname:
        client.post("/guest/", {"nickname": nickname})
    return client


def create_group(client: Client, language: str = "es") -> Party:
    response = client.post("/g/", {"language": language})
    party = Party.objects.order_by("-created_at").first()
    assert response.status_code == 302 and response["Location"] == f"/g/{party.code}/"
    return party


def text(response) -> str:
    return response.content.decode()


def members(party: Party) -> list[str]:
    return list(
        PartyMember.objects.filter(party=party).order_by("joined_at", "id").values_list("player__nickname", flat=True)
    )


def test_a_newcomer_opens_the_link_picks_a_nickname_and_is_in_the_group():
    ana = browser("Ana")
    party = create_group(ana)
    beto = browser()
    first = beto.get(f"/g/{party.code}/")  # the invitation asks for the nickname, and joins in the same click
    assert first.status_code == 200 and 'name="nickname"' in text(first) and members(party) == ["Ana"]
    landed = beto.post(f"/g/{party.code}/", {"nickname": "Beto"}, follow=True)
    assert landed.status_code == 200 and landed.redirect_chain[-1][0] == f"/g/{party.code}/"
    assert members(party) == ["Ana", "Beto"]
    page = text(ana.get(f"/g/{party.code}/"))
    assert "Beto" in page and "organizer" in page and f"/g/{party.code}/" in page  # the invite link
    assert text(beto.get(f"/g/{party.code.lower()}/")).count('data-testid="member"') == 2  # typed codes work


def test_only_the_organizer_starts_and_a_member_is_told_why():
    ana, beto = browser("Ana"), browser("Beto")
    party = create_group(ana)
    beto.post(f"/g/{party.code}/")
    refused = beto.post(f"/g/{party.code}/practice/", follow=True)
    assert "Only the organizer of the group can do that." in text(refused)
    assert not Room.objects.exists()
    started = ana.post(f"/g/{party.code}/practice/")
    room = Room.objects.get()
    assert started.status_code == 302 and started["Location"] == f"/r/{room.code}/"
    assert room.settings == {"language": "es", "rated": False, "group": party.code}
    seats = list(room.seats.order_by("index").values_list("player__nickname", "bot_level"))
    assert seats[:2] == [("Ana", ""), ("Beto", "")] and all(level == "easy" for _name, level in seats[2:])
    assert room.matches.get().status == "playing"


def test_the_ninth_person_is_refused_and_nothing_changes():
    ana = browser("Ana")
    party = create_group(ana)
    for index in range(7):
        browser(f"Friend{index}").post(f"/g/{party.code}/")
    assert len(members(party)) == 8
    late = browser("Late")
    refused = late.get(f"/g/{party.code}/")
    assert refused.status_code == 409 and "This group is full: a group has at most 8 players." in text(refused)
    assert len(members(party)) == 8 and "Late" not in members(party)


def test_the_next_member_organizes_when_the_organizer_leaves():
    ana, beto = browser("Ana"), browser("Beto")
    party = create_group(ana)
    beto.post(f"/g/{party.code}/")
    assert ana.post(f"/g/{party.code}/leave/")["Location"] == "/lobby/"
    party.refresh_from_db()
    assert members(party) == ["Beto"] and party.organizer.nickname == "Beto"
    beto.post(f"/g/{party.code}/language/", {"language": "de"})
    party.refresh_from_db()
    assert party.language == "de"


def test_opening_another_groups_link_moves_the_player():
    ana, beto = browser("Ana"), browser("Beto")
    first, second = create_group(ana), create_group(beto)
    ana.post(f"/g/{second.code}/")  # the invitation's Join button
    assert members(first) == [] and members(second) == ["Beto", "Ana"]


def test_another_tournament_waits_until_nobody_of_the_group_is_still_in():
    ana, beto = browser("Ana"), browser("Beto")
    party = create_group(ana)
    beto.post(f"/g/{party.code}/")
    ana.post(f"/g/{party.code}/practice/")
    match = Room.objects.get().matches.get()
    page = text(ana.get(f"/g/{party.code}/"))
    assert 'data-state="playing"' in page and 'data-testid="open-tournament"' in page
    for start in ("practice", "rated"):
        again = ana.post(f"/g/{party.code}/{start}/", follow=True)
        assert "Wait until everyone in the group has finished their tournament: Ana #" in text(again)
    assert Room.objects.count() == 1 and not TournamentTicket.objects.exists()
    ana_player, beto_player = (
        member.player
        for member in PartyMember.objects.filter(party=party).select_related("player").order_by("joined_at")
    )
    match_act(match_id=match.pk, player=ana_player, action={"type": "leave"})  # Ana is out; Beto plays on
    still = ana.post(f"/g/{party.code}/practice/", follow=True)
    assert "finished their tournament: Beto #" in text(still) and Room.objects.count() == 1
    match_act(match_id=match.pk, player=beto_player, action={"type": "leave"})
    assert ana.post(f"/g/{party.code}/practice/").status_code == 302 and Room.objects.count() == 2


def test_a_group_spanning_more_than_200_is_refused_rated_with_a_clear_error():
    ana, beto = browser("Ana"), browser("Beto")
    party = create_group(ana)
    beto.post(f"/g/{party.code}/")
    Rating.objects.create(
        player=PartyMember.objects.get(party=party, player__nickname="Beto").player, game="torneo", value=1300
    )
    page = text(ana.get(f"/g/{party.code}/"))
    assert "Your ratings are 300 points apart" in page
    refused = ana.post(f"/g/{party.code}/rated/", follow=True)
    assert "a rated tournament allows at most 200. You can still play a practice tournament." in text(refused)
    assert not TournamentTicket.objects.exists() and not Room.objects.exists()


def test_the_group_waits_in_the_queue_and_the_organizer_cancels():
    ana, beto = browser("Ana"), browser("Beto")
    party = create_group(ana)
    beto.post(f"/g/{party.code}/")
    assert ana.post(f"/g/{party.code}/rated/")["Location"] == f"/g/{party.code}/"
    ticket = TournamentTicket.objects.get()
    assert ticket.party == party and ticket.players.count() == 2
    assert 'data-state="waiting"' in text(beto.get(f"/g/{party.code}/"))
    assert "Only the organizer" in text(beto.post(f"/g/{party.code}/cancel/", follow=True))
    ana.post(f"/g/{party.code}/cancel/")
    assert not TournamentTicket.objects.exists()
    assert 'data-state="ready"' in text(beto.get(f"/g/{party.code}/"))


def test_the_live_parts_are_for_members_only():
    ana = browser("Ana")
    party = create_group(ana)
    live = ana.get(f"/g/{party.code}/live/").json()
    assert set(live["parts"]) == {"party-members", "party-status", "party-controls"}
    assert "Ana" in live["parts"]["party-members"] and live["poll"] is None
    assert browser("Mallory").get(f"/g/{party.code}/live/").status_code == 403
    assert browser("Mallory2").get("/g/ZZZZZZ/").status_code == 404
