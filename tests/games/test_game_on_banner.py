"""The "your game is on" banner (games/context_processors.py, templates/base.html): on every page of a
player seated in a live match, except that table's own page; one query, asked only when a page shows it."""

import pytest
from django.test import Client, RequestFactory

from accounts.models import Player
from games.context_processors import game_on
from games.models import Match, Room
from games.runtime import scheduling

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def guest(nickname):
    client = Client()
    client.post("/guest/", {"nickname": nickname})
    return client


@pytest.fixture
def table():
    """Ana hosts a Duelo for two, Beto sits by the link, the match starts."""
    ana = guest("Ana")
    ana.post("/play/duelo/", {"seats": 2, "bots": "", "language": "es", "rounds": 1, "round_seconds": 60})
    room = Room.objects.get()
    beto = guest("Beto")
    beto.post(f"/r/{room.code}/")  # the invitation's button
    assert ana.post(f"/r/{room.code}/start/").status_code == 302
    return ana, beto, room, Match.objects.get()


def banner(page) -> str:
    """The banner's markup, or "" when the page has none."""
    html = page.content.decode()
    start = html.find('data-testid="game-on"')
    return "" if start < 0 else html[start : html.index("</div>", start)]


def test_it_shows_the_table_on_every_page_but_its_own(table):
    ana, beto, room, _match = table
    shown = banner(ana.get("/"))
    assert f'href="/r/{room.code}/"' in shown and "Duelo de Palabras" in shown
    assert banner(beto.get("/lobby/"))
    assert not banner(ana.get(f"/r/{room.code}/"))
    assert not banner(ana.get(f"/r/{room.code.lower()}/"))  # codes are typed in any case


def test_it_is_not_shown_to_others_nor_after_the_match(table):
    ana, _beto, room, match = table
    assert not banner(guest("Carla").get("/"))  # not seated
    assert not banner(Client().get("/"))  # nobody
    match.status = Match.FINISHED
    match.save(update_fields=["status"])
    assert not banner(ana.get("/"))


def test_a_match_waiting_for_its_players_shows_it_too(table):
    ana, _beto, _room, match = table
    match.status = "arriving"  # Match.ARRIVING
    match.save(update_fields=["status"])
    assert banner(ana.get("/"))


def test_a_seat_without_a_place_in_the_lineup_is_not_this_match(table):
    ana, _beto, _room, match = table
    match.lineup = [{"player": None, "bot": "easy"}, *match.lineup[1:]]  # Ana sat down only afterwards
    match.save(update_fields=["lineup"])
    assert not banner(ana.get("/"))


def test_it_costs_one_query_and_only_when_asked(table, django_assert_num_queries):
    _ana, _beto, room, _match = table
    request = RequestFactory().get("/")
    request.player = Player.objects.get(nickname="Ana")
    request.resolver_match = None
    with django_assert_num_queries(0):
        context = game_on(request)
    with django_assert_num_queries(1):
        assert context["game_on"]()["url"] == f"/r/{room.code}/"
        assert context["game_on"]()["code"] == room.code  # asked again: the same answer, no query
    request.player = None
    assert game_on(request) == {}
