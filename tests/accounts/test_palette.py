"""The boards' colours (issue 18): asked once on a first visit, kept per player (guests included), changed on the
profile page; the page carries the choice for the stylesheet (static/css/palette.css)."""

from __future__ import annotations

import pytest

from accounts.models import Player
from accounts.selectors import GUEST_SESSION_KEY
from accounts.services import player_create_guest
from games.runtime import rooms

pytestmark = pytest.mark.django_db


@pytest.fixture
def guest(client):
    player = player_create_guest(nickname="Lucía")
    session = client.session
    session[GUEST_SESSION_KEY] = player.pk
    session.save()
    return player


def page(client, path="/") -> str:
    return client.get(path, HTTP_ACCEPT_LANGUAGE="es").content.decode()


def test_a_first_visit_asks_and_high_contrast_is_kept_for_the_guest(client, guest):
    html = page(client, "/lobby/")
    assert 'data-testid="palette-offer"' in html and 'data-palette="standard"' in html
    assert "¿Te cuesta distinguir el verde del ámbar?" in html
    response = client.post("/me/colours/", {"palette": "contrast", "next": "/lobby/"})
    assert response.status_code == 302 and response["Location"] == "/lobby/"
    guest.refresh_from_db()
    assert (guest.palette, guest.palette_asked) == (Player.CONTRAST, True)
    html = page(client, "/lobby/")
    assert 'data-palette="contrast"' in html and 'data-testid="palette-offer"' not in html


def test_keeping_the_standard_colours_is_an_answer_too(client, guest):
    client.post("/me/colours/", {"palette": "standard", "next": "/"})
    guest.refresh_from_db()
    assert (guest.palette, guest.palette_asked) == (Player.STANDARD, True)
    assert 'data-testid="palette-offer"' not in page(client)


@pytest.mark.parametrize("posted", [{"palette": "neon"}, {}, {"palette": ""}])
def test_a_bad_choice_is_refused_and_changes_nothing(client, guest, posted):
    response = client.post("/me/colours/", posted)
    assert response.status_code == 400
    assert "Elige los colores estándar o el alto contraste." in response.content.decode()
    guest.refresh_from_db()
    assert (guest.palette, guest.palette_asked) == (Player.STANDARD, False)


def test_only_a_post_from_a_player_changes_the_colours(client):
    assert client.get("/me/colours/").status_code == 405
    response = client.post("/me/colours/", {"palette": "contrast"})
    assert response.status_code == 302 and response["Location"].startswith("/guest/")
    assert not Player.objects.exists()


def test_a_foreign_next_goes_to_the_profile_instead(client, guest):
    response = client.post("/me/colours/", {"palette": "contrast", "next": "https://evil.example/"})
    assert response["Location"] == "/me/"


def test_the_question_waits_while_a_room_is_open_and_the_profile_page_changes_the_colours(client, guest):
    room = rooms.room_create(game="duelo", host=guest, seats=2, interface_language="es", settings={"language": "es"})
    assert 'data-testid="palette-offer"' not in page(client, f"/r/{room.code}/")
    profile = page(client, "/me/")
    assert 'data-testid="palette-form"' in profile
    assert 'value="standard" id="id_palette_0" required checked' in profile  # the choice as it stands
    client.post("/me/colours/", {"palette": "contrast"})
    assert 'data-palette="contrast"' in page(client, f"/r/{room.code}/")


def test_the_question_is_asked_once_the_page_that_showed_it_says_so_and_nothing_else_changes(client, guest):
    """Issue 33: the question is shown on one page only; page.js posts `seen` as soon as it is shown."""
    assert 'data-palette-seen="/me/colours/"' in page(client, "/")
    response = client.post("/me/colours/", {"seen": "1"})
    assert response.status_code == 204
    guest.refresh_from_db()
    assert (guest.palette, guest.palette_asked) == (Player.STANDARD, True)
    assert 'data-testid="palette-offer"' not in page(client, "/lobby/")
    # An answer given on that page still counts, whichever of the two requests came first.
    client.post("/me/colours/", {"palette": "contrast", "next": "/"})
    client.post("/me/colours/", {"seen": "1"})
    guest.refresh_from_db()
    assert (guest.palette, guest.palette_asked) == (Player.CONTRAST, True)
