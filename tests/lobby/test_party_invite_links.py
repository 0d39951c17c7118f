"""A group's link as an attacker would use it: a cross-site GET must not move a signed-in victim into a
group (out of their own), a join posted without the CSRF token is refused; the invitation says who invites
and its one button joins."""

import pytest
from django.test import Client

from lobby.models import Party, PartyMember

pytestmark = pytest.mark.django_db


def browser(nickname: str, **kwargs) -> Client:
    signed_in = Client(HTTP_ACCEPT_LANGUAGE="en")
    signed_in.post("/guest/", {"nickname": nickname})
    client = Client(HTTP_ACCEPT_LANGUAGE="en", **kwargs)
    client.cookies = signed_in.cookies
    return client


def group_of(client: Client) -> Party:
    client.post("/g/", {"language": "es"})
    return Party.objects.order_by("-created_at").first()


def members(party: Party) -> list[str]:
    return list(
        PartyMember.objects.filter(party=party).order_by("joined_at", "id").values_list("player__nickname", flat=True)
    )


def test_it_does_not_move_a_signed_in_victim_into_the_attackers_group():
    victim, mallory = browser("Victim"), browser("Mallory")
    own, trap = group_of(victim), group_of(mallory)
    page = victim.get(f"/g/{trap.code}/")  # an <img src="/g/CODE/"> on another site
    assert page.status_code == 200 and members(own) == ["Victim"] and members(trap) == ["Mallory"]
    text = page.content.decode()
    assert "Mallory invites you to a Torneo group" in text and "1 player of 8" in text and "Join" in text


def test_it_refuses_a_join_posted_without_the_csrf_token():
    victim = browser("Victim", enforce_csrf_checks=True)
    trap = group_of(browser("Mallory"))
    assert victim.get("/").status_code == 200
    assert victim.post(f"/g/{trap.code}/").status_code == 403 and members(trap) == ["Mallory"]


def test_the_button_joins_and_the_link_then_shows_the_group():
    ana, beto = browser("Ana"), browser("Beto")
    party = group_of(ana)
    joined = beto.post(f"/g/{party.code.lower()}/")
    assert joined["Location"] == f"/g/{party.code}/" and members(party) == ["Ana", "Beto"]
    assert beto.get(f"/g/{party.code}/").content.decode().count('data-testid="member"') == 2


def test_a_newcomer_picks_a_nickname_and_joins_in_one_click():
    party = group_of(browser("Ana"))
    newcomer = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert 'name="nickname"' in newcomer.get(f"/g/{party.code}/").content.decode()
    assert newcomer.post(f"/g/{party.code}/", {"nickname": "Beto"})["Location"] == f"/g/{party.code}/"
    assert members(party) == ["Ana", "Beto"]


def test_a_full_group_says_so_on_the_link_and_changes_nothing():
    party = group_of(browser("Ana"))
    for index in range(7):
        browser(f"Friend{index}").post(f"/g/{party.code}/")
    late = browser("Late")
    own = group_of(late)
    for answer in (late.get(f"/g/{party.code}/"), late.post(f"/g/{party.code}/")):
        assert answer.status_code == 409 and "This group is full" in answer.content.decode()
    assert len(members(party)) == 8 and members(own) == ["Late"]
    newcomer = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert newcomer.post(f"/g/{party.code}/", {"nickname": "Nadie"}).status_code == 409
    assert len(members(party)) == 8
