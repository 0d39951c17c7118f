"""The challenge pages as players use them: "Challenge" on a player's page, its form with the game's settings, and
/challenges/ with what waits for an answer and what became of it ("accepted → go to the room" on reload). Each
other player's challenge is out of reach: an attacker's steps answer "no longer open" and change nothing."""

import re

import pytest
from django.test import Client

from accounts.services import player_create_guest
from challenges.models import Challenge
from games.models import Room
from games.runtime import scheduling
from tests.challenges.test_challenges import member


@pytest.fixture(autouse=True)
def no_timers(settings):
    settings.WALLET_SIGNUP_GRANT = 0
    settings.WALLET_STAKE_LEVELS = ["10", "50", "100", "500"]
    settings.WALLET_PAIR_GAMES_PER_DAY = 0
    with scheduling.timers_disabled():
        yield


def client_of(player, language="en"):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(player.user)
    return client


@pytest.mark.django_db
def test_a_challenge_from_a_players_page_to_its_acceptance_on_the_challenges_page():
    ana, beto = member("ana", credits=100), member("beto", credits=100)
    a, b = client_of(ana), client_of(beto)
    page = a.get(beto.get_absolute_url()).content.decode()
    assert f'href="/challenges/new/{beto.pk}/"' in page  # the Challenge button
    assert 'href="/challenges/new/' not in a.get(ana.get_absolute_url()).content.decode()  # not on one's own page
    form = a.get(f"/challenges/new/{beto.pk}/?game=wordgrid").content.decode()
    assert 'name="rated"' in form and 'name="stake"' in form  # Wordgrid: rated, and credits within the balance
    assert '<option value="100">' in form and '<option value="500">' not in form
    claves = a.get(f"/challenges/new/{beto.pk}/?game=claves").content.decode()
    assert 'name="level"' in claves and 'name="turns"' in claves and 'name="rated"' not in claves
    assert 'name="stake"' not in claves and 'name="seats"' not in claves
    guest = player_create_guest(nickname="Invitada")
    with_guest = a.get(f"/challenges/new/{guest.pk}/?game=wordgrid").content.decode()
    assert 'name="rated"' not in with_guest and 'name="stake"' not in with_guest  # a guest's games count for nothing

    sent = a.post(f"/challenges/new/{beto.pk}/", {"game": "wordgrid", "stake": "50", "rated": "on"}, follow=True)
    assert "Challenge sent to Beto." in sent.content.decode()
    assert 'data-testid="outgoing-challenge"' in sent.content.decode()
    listed = b.get("/challenges/").content.decode()
    assert "Ana challenges you to Wordgrid" in listed and "50 credits each" in listed
    assert re.search(r"\d+\s+minutes left", listed)
    challenge = Challenge.objects.get()
    accepted = b.post(f"/challenges/{challenge.pk}/accept/")
    room = Room.objects.get()
    assert accepted.status_code == 302 and accepted["Location"] == f"/r/{room.code}/"
    # Ana's page, reloaded, says it and leads to the room.
    again = a.get("/challenges/").content.decode()
    assert 'data-status="accepted"' in again and f'href="/r/{room.code}/"' in again


@pytest.mark.django_db
def test_refusals_are_shown_in_the_players_language_and_change_nothing():
    ana, beto = member("ana"), member("beto")
    a = client_of(ana, "es")
    shown = a.post(f"/challenges/new/{beto.pk}/", {"game": "duelo", "rounds": "99"}, follow=True).content.decode()
    assert 'data-testid="challenge-form"' in shown and 'role="status"' in shown
    assert not Challenge.objects.exists()
    assert a.get(f"/challenges/new/{ana.pk}/").status_code == 404  # nobody challenges themselves
    assert a.get("/challenges/new/99999999/").status_code == 404


@pytest.mark.django_db
def test_an_attacker_sees_nothing_of_others_challenges_and_cannot_answer_them():
    ana, beto, mallory = member("ana"), member("beto"), member("mallory")
    client_of(ana).post(f"/challenges/new/{beto.pk}/", {"game": "claves", "level": "familiar", "turns": "9"})
    challenge = Challenge.objects.get()
    m = client_of(mallory)
    assert "Ana" not in m.get("/challenges/").content.decode().split('data-testid="challenges"')[1]
    for answer in ("accept", "decline", "cancel"):
        response = m.post(f"/challenges/{challenge.pk}/{answer}/", follow=True)
        assert "That challenge is no longer open." in response.content.decode()
    assert m.get(f"/challenges/{challenge.pk}/accept/").status_code == 405  # answers are POSTs only
    challenge.refresh_from_db()
    assert challenge.status == Challenge.PENDING and not Room.objects.exists()


@pytest.mark.django_db
def test_the_top_bar_menu_leads_to_the_challenges():
    ana = member("ana")
    assert 'href="/challenges/" data-testid="nav-challenges"' in client_of(ana).get("/").content.decode()


@pytest.mark.django_db
def test_an_operator_sees_challenges_in_the_admin_and_which_never_arrived_but_cannot_change_them(client):
    from django.contrib.auth import get_user_model

    from friends.models import Block
    from tests.challenges.test_challenges import send
    from tests.conftest import PASSWORD

    ana, beto = member("ana"), member("beto")
    Block.objects.create(blocker=beto, blocked=ana)
    challenge = send(ana, beto)
    client.force_login(get_user_model().objects.create_superuser("ops", "ops@example.com", PASSWORD))
    listing = client.get("/admin/challenges/challenge/?delivered__exact=0").content.decode()
    assert f"/admin/challenges/challenge/{challenge.pk}/change/" in listing
    assert client.get("/admin/challenges/challenge/add/").status_code == 403
    client.post(f"/admin/challenges/challenge/{challenge.pk}/change/", {"status": "accepted"})
    challenge.refresh_from_db()
    assert challenge.status == Challenge.PENDING
