"""The first-game guide (issue 18): the room page offers a game's guide to a seated player who has not finished or
skipped it, once per game; POST /me/guides/ records that, and refuses anything that is not a game."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import Player
from games.models import Room
from games.runtime import scheduling
from games.runtime.catalogue import game_slugs, spec_for
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def guest(nickname: str) -> Client:
    client = Client()
    client.post("/guest/", {"nickname": nickname})
    return client


def room_page(client: Client, code: str) -> str:
    return client.get(f"/r/{code}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()


def test_every_game_has_steps_that_point_at_its_board():
    for slug in game_slugs():
        html = (ROOT / "templates" / spec_for(slug).guide).read_text()
        assert 3 <= html.count('<li data-target="') <= 4, slug


def test_a_seated_player_sees_the_guide_until_they_finish_it_then_never_again():
    ana = guest("Ana")
    response = ana.post("/play/duelo/", {"seats": 2, "bots": "", "language": "es", "rounds": 1, "round_seconds": 60})
    code = response["Location"].strip("/").split("/")[-1]
    html = room_page(ana, code)
    assert 'data-testid="guide"' in html and 'data-game="duelo"' in html
    assert "Todos buscáis la misma palabra oculta a la vez" in html  # the steps, in the interface language
    assert ana.post("/me/guides/", {"game": "duelo"}).status_code == 204
    assert 'data-testid="guide"' not in room_page(ana, code)
    assert Player.objects.get(nickname="Ana").guides_seen == ["duelo"]


def test_a_spectator_gets_no_guide():
    ana, beto, carla = guest("Ana"), guest("Beto"), guest("Carla")
    ana.post("/play/duelo/", {"seats": 2, "bots": "", "language": "es", "rounds": 1, "round_seconds": 60})
    room = Room.objects.get()
    beto.post(f"/r/{room.code}/")
    carla.post(f"/r/{room.code}/")  # every seat is taken: Carla watches
    assert 'data-testid="guide"' in room_page(beto, room.code)
    assert 'data-testid="guide"' not in room_page(carla, room.code)


def test_seeing_a_guide_twice_or_from_two_tabs_keeps_one_entry_and_other_games_still_offer_theirs():
    ana = guest("Ana")
    for _ in range(2):
        assert ana.post("/me/guides/", {"game": "cruzadas"}).status_code == 204
    assert Player.objects.get(nickname="Ana").guides_seen == ["cruzadas"]
    ana.post("/play/duelo/", {"seats": 2, "bots": "", "language": "es", "rounds": 1, "round_seconds": 60})
    assert 'data-testid="guide"' in room_page(ana, Room.objects.get().code)


@pytest.mark.parametrize("posted", [{"game": "chess"}, {"game": ""}, {}, {"game": ["duelo", "x"]}])
def test_anything_but_a_game_is_refused_and_changes_nothing(posted):
    ana = guest("Ana")
    response = ana.post("/me/guides/", posted)  # a repeated field: Django takes the last value, "x"
    assert response.status_code == 400
    assert Player.objects.get(nickname="Ana").guides_seen == []


def test_without_a_player_nothing_is_recorded():
    response = Client().post("/me/guides/", {"game": "duelo"})
    assert response.status_code == 302 and response["Location"].startswith("/guest/")
    assert not Player.objects.exists()


def test_only_post_is_accepted():
    ana = guest("Ana")
    assert ana.get("/me/guides/").status_code == 405
