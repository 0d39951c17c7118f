"""The lobby's "Live now": public matches being played, of every game, each a link to watch; private rooms are
not listed, and only the host marks a room private."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from accounts.services import player_create_for_user
from games.models import Match, Room, RoomVisitor
from games.runtime import matches, rooms
from tests.emails import verify_email

pytestmark = pytest.mark.django_db


def member_browser(name: str):
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com", password="x" * 20)
    player = player_create_for_user(user=user, nickname=name.capitalize())
    verify_email(user)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client, player


def guest_browser(nickname: str):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.post("/guest/", {"nickname": nickname})
    return client, client.get("/lobby/").wsgi_request.player


def playing(game: str, host, seats: int = 2, settings=None) -> Room:
    """A room of `game` whose match against bots is being played, `host` in seat 0."""
    room = rooms.room_create(
        game=game, host=host, settings=settings or {}, seats=seats, interface_language="en", bot_level="medium"
    )
    by = None if game == "torneo" else host  # the lobby starts a tournament, not its host
    assert matches.match_start(room=room, by=by, now=timezone.now()).status == Match.PLAYING
    return room


def live_part(client) -> str:
    response = client.get("/lobby/live-now/")
    assert response.status_code == 200 and response.json()["poll"] == 15
    return response.json()["parts"]["live-now"]


def test_a_public_match_being_played_is_listed_with_its_players_and_how_far_along():
    _ana, ana = member_browser("ana")
    room = playing("duelo", ana, seats=3, settings={"rounds": 5})
    watcher, _ = member_browser("carla")
    page = watcher.get("/lobby/").content.decode()
    assert 'data-testid="live-now"' in page and "Live now" in page
    assert "Duelo de Palabras" in page
    assert "Ana · Bip · Cactus" in page  # the bots by the names the room gives them
    assert "Round 1 of 5" in page
    assert f'action="/r/{room.code}/watch/"' in page
    assert f'action="/r/{room.code}/watch/"' in live_part(watcher)  # the list the page asks for again


def test_every_game_says_how_far_along_it_is():
    _ana, ana = member_browser("ana")
    playing("wordgrid", ana)
    playing("cruzadas", ana)
    playing("torneo", ana, seats=8, settings={"language": "es"})
    part = live_part(member_browser("carla")[0])
    assert "Wordgrid" in part and "0 words played" in part
    assert "Letras Cruzadas" in part and "Move 1 · 0 – 0" in part
    # A tournament lists its live duels rather than eight names.
    assert "Torneo" in part and "Round 1 · 8 still in" in part
    assert part.count('class="live-duel"') == 4 and ("Ana – " in part or " – Ana" in part)


def test_a_private_room_and_a_finished_match_are_not_listed():
    _ana, ana = member_browser("ana")
    private = playing("duelo", ana)
    rooms.room_privacy_set(room=private, by=ana, private=True)
    _beto, beto = member_browser("beto")
    finished = playing("wordgrid", beto)
    matches.match_stop(match_id=finished.matches.get().pk)
    assert finished.matches.get().status == Match.FINISHED
    part = live_part(member_browser("carla")[0])
    assert private.code not in part and finished.code not in part
    assert "No public games being played right now." in part


def test_a_guests_match_and_a_members_match_are_both_listed():
    _guest, bob = guest_browser("Bob")
    _ana, ana = member_browser("ana")
    guests = playing("wordgrid", bob)
    members = playing("cruzadas", ana)
    part = live_part(member_browser("carla")[0])
    assert f"/r/{guests.code}/watch/" in part and "Bob · Bip" in part
    assert f"/r/{members.code}/watch/" in part and "Ana · Bip" in part
    # Newest first.
    assert part.index(members.code) < part.index(guests.code)


@pytest.mark.parametrize("visitor", ["member", "guest"])
def test_the_link_opens_the_match_to_watch_without_a_seat(visitor):
    _ana, ana = member_browser("ana")
    room = playing("duelo", ana)
    client, player = member_browser("carla") if visitor == "member" else guest_browser("Dora")
    response = client.post(f"/r/{room.code}/watch/", follow=True)
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == f"/r/{room.code}/"
    assert "data-room " in page and 'data-testid="invitation"' not in page  # the room itself, no invitation
    assert RoomVisitor.objects.filter(room=room, player=player).exists()
    assert not room.seats.filter(player=player).exists()  # watching, not playing


def test_a_private_rooms_link_is_no_way_round_the_invitation():
    _ana, ana = member_browser("ana")
    room = playing("duelo", ana)
    rooms.room_privacy_set(room=room, by=ana, private=True)
    client, player = member_browser("carla")
    page = client.post(f"/r/{room.code}/watch/", follow=True).content.decode()
    assert 'data-testid="invitation"' in page  # the usual way: the invite page, a button to watch
    assert not RoomVisitor.objects.filter(room=room, player=player).exists()


def test_opening_the_watch_address_by_a_get_changes_nothing():
    """An <img src> or a link on another site fired at a signed-in victim (issue 31): the watch address is a
    POST; a GET shows the room's invitation, as any link to a room does, and seats nobody anywhere."""
    _ana, ana = member_browser("ana")
    room = playing("duelo", ana)
    client, player = member_browser("carla")
    page = client.get(f"/r/{room.code}/watch/", follow=True).content.decode()
    assert 'data-testid="invitation"' in page
    assert not RoomVisitor.objects.filter(room=room, player=player).exists()
    client.raise_request_exception = False
    csrf_client = type(client)(enforce_csrf_checks=True)
    csrf_client.cookies = client.cookies
    assert csrf_client.post(f"/r/{room.code}/watch/").status_code == 403  # no token, no watching
    assert not RoomVisitor.objects.filter(room=room, player=player).exists()


def test_the_host_marks_the_room_private_and_nobody_else_can():
    host, ana = member_browser("ana")
    room = rooms.room_create(game="duelo", host=ana, settings={}, seats=2, interface_language="en")
    page = host.get(f"/r/{room.code}/").content.decode()
    assert f'action="/r/{room.code}/private/"' in page and "Private: not listed among live games" in page

    host.post(f"/r/{room.code}/private/", {"private": "on"})
    room.refresh_from_db()
    assert room.is_private

    guest, bob = guest_browser("Bob")
    guest.post(f"/r/{room.code}/")  # takes the free seat: in the room, not its host
    assert room.seats.filter(player=bob).exists()
    response = guest.post(f"/r/{room.code}/private/", {}, follow=True)
    assert "Only the host can do that." in response.content.decode()
    room.refresh_from_db()
    assert room.is_private  # unchanged

    host.post(f"/r/{room.code}/private/", {})
    room.refresh_from_db()
    assert not room.is_private


def test_the_host_may_hide_a_match_already_being_played():
    host, ana = member_browser("ana")
    room = playing("duelo", ana)
    watcher = member_browser("carla")[0]
    assert room.code in live_part(watcher)
    host.post(f"/r/{room.code}/private/", {"private": "on"})
    assert room.code not in live_part(watcher)
