"""The lobby page: every way into a game on one page, its live parts, and its forms coming back to it."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.services import player_create_for_user
from games.models import Room
from lobby import offers, parties, quickmatch, tournament_queue
from lobby.models import StakeOffer, TicketPlayer
from tests.emails import verify_email
from wallet.services import wallet_grant

pytestmark = pytest.mark.django_db


def member_browser(name: str, credits: int = 1000):
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com", password="x" * 20)
    player = player_create_for_user(user=user, nickname=name.capitalize())
    verify_email(user)  # staked play needs a verified address (issue 17)
    wallet_grant(player=player, amount=credits, key=f"test-grant:{player.pk}")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client, player


def guest_browser(nickname: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.post("/guest/", {"nickname": nickname})
    return client


def test_a_visitor_looks_at_the_lobby_and_picks_a_nickname_to_play_and_every_page_links_to_the_lobby(client):
    # Issue 33: looking needs no nickname; a way's button asks for one, then brings the newcomer back to the lobby
    # (never to the form's own address, which only takes a POST).
    page = client.get("/lobby/")
    assert page.status_code == 200 and 'data-testid="lobby-claves"' in page.content.decode()
    asked = client.post("/play/duelo/quick/", {"next": "/lobby/"}, HTTP_REFERER="http://testserver/lobby/")
    assert asked["Location"] == "/guest/?next=%2Flobby%2F"
    assert not Room.objects.exists()
    foreign = client.post("/play/claves/table/", HTTP_REFERER="https://elsewhere.example/lobby/")
    assert foreign["Location"] == "/guest/?next=%2F"
    home = client.get("/").content.decode()
    assert 'href="/lobby/"' in home and 'data-testid="nav-lobby"' in home and 'data-testid="home-lobby"' in home


def test_the_lobby_shows_every_way_into_a_game(person):
    ana, ana_player = member_browser("ana")
    _beto, beto = member_browser("beto")
    offers.offer_post(player=beto, game="wordgrid", stake=50)
    duelo_room = quickmatch.quick_match_join(player=person(), game="duelo", language="es", interface_language="es")
    party = parties.party_create(player=ana_player, language="fr")
    page = ana.get("/lobby/").content.decode()
    for section in ("lobby-torneo", "lobby-duelo", "lobby-wordgrid", "lobby-cruzadas", "lobby-claves"):
        assert f'data-testid="{section}"' in page
    assert 'action="/play/duelo/quick/"' in page and f'href="/r/{duelo_room.code}/"' in page  # open rooms
    assert 'action="/lobby/tournament/queue/"' in page and "0 other players waiting in your window" in page
    assert 'action="/lobby/tournament/practice/"' in page and 'action="/g/"' in page
    assert f'href="/g/{party.code}/"' in page  # the player's group
    assert f'action="/play/wordgrid/offers/{StakeOffer.objects.get().pk}/accept/"' in page
    # What accepting means, restated for the dialog before any credit moves: stake, pot, payout, the site's share.
    for name, value in (("stake", 50), ("pot", 100), ("payout", 90), ("fee", 10)):
        assert f'<dd data-testid="terms-{name}">{value}</dd>' in page
    assert 'action="/play/wordgrid/offers/"' in page and 'action="/play/cruzadas/queue/"' in page
    assert "Your rating: <strong>1000</strong>" in page


def test_the_live_parts_say_what_changed_for_this_player(person):
    ana = guest_browser("Ana")
    live = ana.get("/lobby/live/").json()["parts"]
    # Each part named by its game and its way's part (lobby/ways.py)
    assert set(live) == {"torneo-queue", "torneo-group", "duelo-rooms", "wordgrid-offers", "cruzadas-queue"}
    assert "0 other players waiting in your window" in live["torneo-queue"]
    for _ in range(2):
        tournament_queue.queue_join_alone(player=person(1100), language="de", interface_language="es")
    tournament_queue.queue_join_alone(player=person(1300), language="de", interface_language="es")
    german = ana.get("/lobby/live/", {"language": "de"}).json()["parts"]["torneo-queue"]
    assert "2 other players waiting in your window" in german and 'value="de" selected' in german


def test_the_tournament_queue_from_the_lobby_page():
    ana = guest_browser("Ana")
    assert ana.post("/lobby/tournament/queue/", {"language": "it"})["Location"] == "/lobby/"
    assert TicketPlayer.objects.get().ticket.language == "it"
    page = ana.get("/lobby/").content.decode()
    assert 'data-testid="queue-waiting"' in page and 'action="/lobby/tournament/queue/leave/"' in page
    twice = ana.post("/lobby/tournament/queue/", {"language": "es"}, follow=True).content.decode()
    assert "You are already waiting for a tournament." in twice and TicketPlayer.objects.count() == 1
    ana.post("/lobby/tournament/queue/leave/")
    assert not TicketPlayer.objects.exists()
    bad = ana.post("/lobby/tournament/queue/", {"language": "xx"}, follow=True).content.decode()
    assert "Choose one of the word languages." in bad and not TicketPlayer.objects.exists()


def test_practice_alone_starts_at_once_with_seven_bots():
    ana = guest_browser("Ana")
    response = ana.post("/lobby/tournament/practice/", {"language": "pl"})
    room = Room.objects.get()
    assert response["Location"] == f"/r/{room.code}/" and room.settings == {"language": "pl", "rated": False}
    # Ana is new to Torneo: her seven bots are easy (issue 21).
    assert room.seats.filter(bot_level="easy").count() == 7 and room.matches.get().status == "playing"
    again = ana.post("/lobby/tournament/practice/", {"language": "pl"}, follow=True).content.decode()
    assert "You are still playing a tournament. Finish it first." in again and Room.objects.count() == 1


def test_offers_and_the_cruzadas_queue_posted_from_the_lobby_come_back_to_it():
    ana, ana_player = member_browser("ana")
    assert ana.post("/play/wordgrid/offers/", {"stake": 50, "next": "/lobby/"})["Location"] == "/lobby/"
    offer = StakeOffer.objects.get(player=ana_player)
    assert ana.post(f"/play/wordgrid/offers/{offer.pk}/cancel/", {"next": "/lobby/"})["Location"] == "/lobby/"
    assert (
        ana.post("/play/wordgrid/offers/", {"stake": 50, "next": "https://evil.example/"})["Location"]
        == "/play/wordgrid/"
    )  # never off the site
    assert ana.post("/play/cruzadas/queue/", {"next": "/lobby/"})["Location"] == "/lobby/"
    assert 'data-testid="cruzadas-waiting"' in ana.get("/lobby/").content.decode()


def test_the_winners_share_shown_with_the_offers_is_the_wallets(monkeypatch):
    """The lobby's offers and the Wordgrid home say the share wallet.conf pays, not a number of their own."""
    client, _player = member_browser("paula")
    for page in ("/lobby/", "/play/wordgrid/"):
        assert "The winner takes 90 % of the pot" in client.get(page).content.decode()
    monkeypatch.setattr("lobby.ways.WINNER_SHARE_PERCENT", 85)  # what the offers way shows, on both pages
    for page in ("/lobby/", "/play/wordgrid/"):
        assert "The winner takes 85 % of the pot" in client.get(page).content.decode()
    assert "The winner takes 85 % of the pot." in client.get("/lobby/live/").json()["parts"]["wordgrid-offers"]


def test_a_table_for_a_friend_opens_from_the_lobby_only_for_a_game_that_offers_it():
    carmen, _player = member_browser("carmen")
    opened = carmen.post("/play/claves/table/")
    room = Room.objects.get()
    assert opened["Location"] == f"/r/{room.code}/"
    assert (room.game, room.is_public, room.seats.count()) == ("claves", False, 2)
    assert room.seats.get(index=0).player.nickname == "Carmen"
    assert carmen.post("/play/duelo/table/").status_code == 404  # Duelo has its own page for that
    assert carmen.get("/play/claves/table/").status_code == 405
    assert Room.objects.count() == 1
