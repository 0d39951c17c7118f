"""Invite links as an attacker would use them: a cross-site GET (an <img>, a link the victim clicks) must
not seat anyone, a seat taken without the CSRF token is refused; the invitation says who invites to what
and its one button seats (a newcomer's nickname in the same click). Groups: tests/lobby/test_party_pages.py."""

import pytest
from django.test import Client

from games.models import Room, RoomVisitor
from games.runtime import scheduling

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def guest(nickname: str, **kwargs) -> Client:
    """A browser with a guest signed in; with enforce_csrf_checks=True it checks CSRF as a real browser's
    requests are checked (the sign-in itself is made by a plain client, whose cookies it takes)."""
    signed_in = Client(HTTP_ACCEPT_LANGUAGE="en")
    signed_in.post("/guest/", {"nickname": nickname})
    client = Client(HTTP_ACCEPT_LANGUAGE="en", **kwargs)
    client.cookies = signed_in.cookies
    return client


def duelo_room(host: Client, **overrides) -> Room:
    data = {"seats": 2, "bots": "", "language": "es", "rounds": 3, "round_seconds": 60, **overrides}
    host.post("/play/duelo/", data)
    return Room.objects.order_by("-id").first()


def seated(room: Room) -> list[str]:
    return list(room.seats.exclude(player=None).order_by("index").values_list("player__nickname", flat=True))


def test_it_does_not_seat_a_logged_in_victim_who_opens_the_link():
    ana = guest("Ana")
    room = duelo_room(ana)
    victim = guest("Victim")
    page = victim.get(f"/r/{room.code}/")  # what an <img src> on another site makes the browser do
    assert page.status_code == 200 and seated(room) == ["Ana"]
    assert not RoomVisitor.objects.filter(room=room, player__nickname="Victim").exists()
    text = page.content.decode()
    assert "Ana invites you to play Duelo de Palabras" in text and "3 rounds" in text and "Español" in text
    assert "Take the seat" in text and 'method="post"' in text


def test_it_refuses_a_seat_posted_without_the_csrf_token():
    ana = guest("Ana")
    room = duelo_room(ana)
    victim = guest("Victim", enforce_csrf_checks=True)
    assert victim.get("/").status_code == 200  # a real victim: signed in, with the site's CSRF cookie
    refused = victim.post(f"/r/{room.code}/")  # a form on another site, posting to ours
    assert refused.status_code == 403 and seated(room) == ["Ana"]
    newcomer = Client(enforce_csrf_checks=True)
    assert newcomer.post(f"/r/{room.code}/", {"nickname": "Mallory"}).status_code == 403
    assert seated(room) == ["Ana"]


def test_the_button_seats_the_player_and_the_link_then_goes_straight_to_the_room():
    ana = guest("Ana")
    room = duelo_room(ana)
    beto = guest("Beto")
    taken = beto.post(f"/r/{room.code.lower()}/")  # codes are typed in any case
    assert taken.status_code == 302 and taken["Location"] == f"/r/{room.code}/" and seated(room) == ["Ana", "Beto"]
    page = beto.get(f"/r/{room.code}/").content.decode()
    assert 'data-testid="seats"' in page and "invites you" not in page


def test_a_newcomer_picks_a_nickname_and_takes_the_seat_in_one_click():
    room = duelo_room(guest("Ana"))
    newcomer = Client(HTTP_ACCEPT_LANGUAGE="en")
    landing = newcomer.get(f"/r/{room.code}/").content.decode()
    assert "Ana invites you to play Duelo de Palabras" in landing and 'name="nickname"' in landing
    bad = newcomer.post(f"/r/{room.code}/", {"nickname": ""})
    assert bad.status_code == 400 and seated(room) == ["Ana"]
    taken = newcomer.post(f"/r/{room.code}/", {"nickname": "Beto"})
    assert taken["Location"] == f"/r/{room.code}/" and seated(room) == ["Ana", "Beto"]


def test_a_full_room_says_so_and_seats_nobody_while_an_unknown_code_is_not_found():
    ana = guest("Ana")
    room = duelo_room(ana)
    guest("Beto").post(f"/r/{room.code}/")
    carla = guest("Carla")
    page = carla.get(f"/r/{room.code}/").content.decode()
    assert "Every seat is taken: you can watch." in page and "Take the seat" not in page
    assert seated(room) == ["Ana", "Beto"] and not RoomVisitor.objects.filter(player__nickname="Carla").exists()
    carla.post(f"/r/{room.code}/")  # the Watch button: in the room, no seat
    assert seated(room) == ["Ana", "Beto"] and RoomVisitor.objects.filter(player__nickname="Carla").exists()
    missing = carla.get("/r/ZZZZZZZZZZ/")
    assert missing.status_code == 404 and "No open room has that code." in missing.content.decode()


def test_a_watcher_takes_a_seat_that_frees_from_the_room_page():
    ana = guest("Ana")
    room = duelo_room(ana)
    beto, carla = guest("Beto"), guest("Carla")
    beto.post(f"/r/{room.code}/")
    carla.post(f"/r/{room.code}/")  # full: Carla watches
    beto.post(f"/r/{room.code}/leave/")
    page = carla.get(f"/r/{room.code}/").content.decode()  # she is in the room: the room page, no seat taken
    assert seated(room) == ["Ana"] and 'data-testid="take-seat"' in page
    carla.post(f"/r/{room.code}/")
    assert seated(room) == ["Ana", "Carla"]


def test_new_rooms_have_long_codes_and_old_short_codes_still_open():
    room = duelo_room(guest("Ana"))
    assert len(room.code) == 10
    Room.objects.filter(pk=room.pk).update(code="ABC234")  # a room made before the codes grew
    beto = guest("Beto")
    assert beto.get("/r/abc234/").status_code == 200
    assert beto.post("/r/abc234/")["Location"] == "/r/ABC234/"
