"""Bad input from anyone gets a clear error and changes nothing (issue 31, the hostile audit's low findings), each
written as the attacker's steps: a `next` that is no path, a NUL in a page's address, guests made by the second,
an action whose type is no word, and a member's page while the cache (Redis) is away."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from accounts.models import Player
from accounts.services import player_create_for_user
from games.runtime import matches, rooms, scheduling
from games.runtime.errors import IllegalMove
from tests.emails import verify_email

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "next_value", ["x", "javascript:alert(1)", "//evil.example/", "https://evil.example/", "/\\evil"]
)
def test_a_next_that_is_no_path_of_the_site_sends_the_newcomer_home_not_to_a_500(next_value):
    client = Client()
    page = client.get("/guest/", {"next": next_value})
    assert page.status_code == 200
    response = client.post(f"/guest/?next={next_value}", {"nickname": "Nerea"})
    assert response.status_code == 302 and response["Location"] == "/"


def test_a_next_that_is_a_path_of_the_site_is_followed():
    response = Client().post("/guest/?next=/play/wordgrid/", {"nickname": "Nerea"})
    assert response.status_code == 302 and response["Location"] == "/play/wordgrid/"


def test_the_code_box_with_a_from_that_is_no_path_goes_home():
    response = Client().get("/r/", {"code": "ZZZZZZZZZZ", "from": "x"})
    assert response.status_code == 302 and response["Location"] == "/"


@pytest.mark.parametrize("path", ["/p/Ana%00-0412/", "/play/wordgrid/?next=%00", "/r/AB%00CD/"])
def test_a_nul_in_an_address_is_a_clear_400(path):
    response = Client().get(path)
    assert response.status_code == 400


@override_settings(GUEST_CREATION_RATES=("3/m",))
def test_guests_made_by_the_second_from_one_address_are_refused_with_the_reason():
    client = Client()
    for number in range(3):
        assert Client().post("/guest/", {"nickname": f"Troll{number}"}).status_code == 302
    refused = client.post("/guest/", {"nickname": "Troll9"}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 200 and "Too many new players from your connection" in refused.content.decode()
    assert not Player.objects.filter(nickname="Troll9").exists()
    other = Client(REMOTE_ADDR="10.9.8.7").post("/guest/", {"nickname": "Neighbour"})
    assert other.status_code == 302  # another address has its own budget


def test_an_action_whose_type_is_no_word_is_malformed_and_changes_nothing(alice, bob_guest):
    room = rooms.room_create(
        game="duelo", host=alice.player, seats=2, interface_language="es", settings={"language": "es", "rounds": 1}
    )
    rooms.room_join(room=room, player=bob_guest)
    with scheduling.timers_disabled():
        match = matches.match_start(room=room, by=alice.player)
    for action in ({"type": []}, {"type": {"a": 1}}, {"type": None}, ["guess"], {"word": "perro"}):
        with pytest.raises(IllegalMove) as caught:
            matches.match_act(match_id=match.pk, player=bob_guest, action=action, turn=None)
        assert caught.value.code == "malformed"
    match.refresh_from_db()
    assert match.version == 1


@pytest.mark.django_db(transaction=True)
def test_a_members_pages_answer_while_the_cache_is_away(settings):
    """The sightings middleware wrote to the cache after every member's page: with Redis away every page of a
    signed-in member answered 500, an accepted offer's included (its match created)."""
    user = get_user_model().objects.create_user("marta", "marta@example.com", "a-long-pass-phrase-91")
    verify_email(user)
    player_create_for_user(user=user, nickname="Marta")
    client = Client()
    client.force_login(user)
    dead = {"default": {**settings.CACHES["default"], "LOCATION": "redis://127.0.0.1:1/0"}}  # nothing listens
    with override_settings(CACHES=dead):
        response = client.get("/ratings/wordgrid/")
    assert response.status_code == 200
