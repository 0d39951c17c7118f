"""The game pages: creating rooms, invite links, the host's controls, results on the player's page."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Room
from games.runtime import matches, scheduling

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def guest(client, nickname):
    client.post("/guest/", {"nickname": nickname})
    return client


def create_room(client, **overrides):
    data = {"seats": 3, "bots": "", "language": "es", "rounds": 1, "round_seconds": 60, **overrides}
    return client.post("/play/duelo/", data)


def test_a_newcomer_is_asked_for_a_nickname_before_playing(client):
    response = client.get("/play/duelo/")
    assert response.status_code == 302 and response["Location"].startswith("/guest/?next=")


def test_the_host_creates_a_room_and_a_friend_sits_by_the_link(client, django_user_model):
    from django.test import Client

    response = create_room(guest(client, "Ana"))
    room = Room.objects.get()
    assert response["Location"] == f"/r/{room.code}/"
    friend = Client()
    invitation = friend.get(f"/r/{room.code}/")  # the invitation asks for the nickname...
    assert invitation.status_code == 200 and 'name="nickname"' in invitation.content.decode()
    seated = friend.post(f"/r/{room.code}/", {"nickname": "Beto"})  # ...and its button takes the seat
    page = friend.get(seated["Location"])
    assert page.status_code == 200 and "Beto" in page.content.decode()
    assert list(room.seats.exclude(player=None).values_list("player__nickname", flat=True)) == ["Ana", "Beto"]
    assert guest(Client(), "Carla").get(f"/r/{room.code.lower()}/").status_code == 200  # codes are typed


def test_bad_room_options_show_an_error_and_create_nothing(client):
    page = create_room(guest(client, "Ana"), seats=5)
    assert page.status_code == 200 and "Crea una cuenta" in page.content.decode()
    assert not Room.objects.exists()
    assert create_room(client, rounds=2).status_code == 200 and not Room.objects.exists()


def test_only_the_host_starts_and_the_reason_is_shown(client):
    from django.test import Client

    create_room(guest(client, "Ana"), seats=2)
    room = Room.objects.get()
    friend = guest(Client(), "Beto")
    friend.post(f"/r/{room.code}/")
    refused = friend.post(f"/r/{room.code}/start/", follow=True)
    assert "Solo el anfitrión" in refused.content.decode()
    assert client.post(f"/r/{room.code}/start/").status_code == 302
    room.refresh_from_db()
    assert room.status == Room.PLAYING


def test_the_host_puts_a_bot_in_a_free_seat(client):
    create_room(guest(client, "Ana"), seats=2)
    room = Room.objects.get()
    client.post(f"/r/{room.code}/seats/1/", {"bot_level": "hard"})
    assert room.seats.get(index=1).bot_level == "hard"
    page = client.post(f"/r/{room.code}/seats/0/", {"bot_level": "hard"}, follow=True)
    assert "no se puede ceder" in page.content.decode()
    client.post(f"/r/{room.code}/seats/1/", {"bot_level": "genius"})
    assert room.seats.get(index=1).bot_level == "hard"


def test_join_by_code_and_no_open_redirects(client):
    create_room(guest(client, "Ana"))
    room = Room.objects.get()
    assert client.get("/r/", {"code": room.code.lower()})["Location"] == f"/r/{room.code}/"
    assert client.get("/r/", {"code": "ZZZZZZ", "from": "//evil.example/x"})["Location"] == "/"


def test_results_show_on_the_players_page(client):
    create_room(guest(client, "Ana"), seats=2, bots="hard")
    room = Room.objects.get()
    match = matches.match_start(room=room, by=room.host)
    hidden = match.state["hidden_words"][0]
    opens = timezone.datetime.fromisoformat(match.state["rounds"][0]["opens_at"])
    matches.match_act(match_id=match.pk, player=room.host, action={"type": "guess", "word": hidden}, now=opens)
    matches.match_advance(match_id=match.pk, now=opens + timedelta(minutes=5))
    # Duelo's page shows the Duelo panel of the player's public page: the same figures, one count of them.
    for page in (client.get("/play/duelo/"), client.get(room.host.get_absolute_url())):
        html = page.content.decode()
        assert 'data-testid="stats-duelo"' in html
        assert '<dd data-stat="played">1</dd>' in html and '<dd data-stat="won">1</dd>' in html
    assert 'data-testid="stats-duelo"' not in client.get("/me/").content.decode()  # the profile links to that page


def test_the_home_page_lists_the_players_tables(client):
    create_room(guest(client, "Ana"))
    room = Room.objects.get()
    page = client.get("/").content.decode()
    assert room.code in page and "Tus mesas" in page


@pytest.mark.parametrize(
    ("page", "game", "home"),
    [
        ("/play/cruzadas/new/", "cruzadas", "/play/cruzadas/"),
        ("/play/wordgrid/practice/", "wordgrid", "/play/wordgrid/"),
    ],
)
def test_a_game_page_opens_a_room_against_a_bot_or_for_a_friend_and_a_bad_level_changes_nothing(
    client, page, game, home
):
    guest(client, "Ana")
    against_bot = client.post(page, {"bot_level": "hard"})
    room = Room.objects.get(game=game)
    assert against_bot["Location"] == f"/r/{room.code}/"
    assert room.status == Room.PLAYING and room.seats.filter(bot_level="hard").count() == 1

    for_friend = client.post(page, {})
    waiting = Room.objects.filter(game=game).exclude(pk=room.pk).get()
    assert for_friend["Location"] == f"/r/{waiting.code}/" and waiting.status == Room.WAITING

    refused = client.post(page, {"bot_level": "grandmaster"}, follow=True)
    assert refused.redirect_chain[0][0] == home
    assert Room.objects.filter(game=game).count() == 2
    assert any("bot level" in str(message) or "nivel" in str(message) for message in refused.context["messages"])
