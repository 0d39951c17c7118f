"""The room page of a Torneo room: the header says the word language and whether it counts for the
rating; the waiting-room panel (seats, start button, options) never shows, since the lobby fills and
starts a tournament; the board gets its texts and the CSRF token its leave button posts with."""

import re

import pytest

from accounts.services import player_create_guest
from games.runtime import scheduling
from games.runtime.matches import match_start
from games.runtime.rooms import room_create, room_join

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def torneo_room(*, language, rated):
    host = player_create_guest(nickname="Hostia")
    room = room_create(
        game="torneo",
        host=host,
        seats=8,
        settings={"language": language, "rated": rated},
        interface_language="es",
        bot_level="medium",
    )
    match_start(room=room, by=None)
    return room


def visit(client, room):
    client.post("/guest/", {"nickname": "Ana"})
    client.post(f"/r/{room.code}/")  # the invitation's button: a match is on, so Ana watches
    return client.get(f"/r/{room.code}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_a_practice_tournament_page_names_the_word_language_and_hides_the_waiting_panel(client):
    page = visit(client, torneo_room(language="de", rated=False))
    assert re.search(r"Deutsch · <span data-testid=\"rated\">Practice</span>", page)
    for waiting_only in (
        'data-testid="start-match"',
        'data-testid="seats"',
        'data-testid="invite-url"',
        "Leave the room",
    ):
        assert waiting_only not in page
    assert 'data-game="torneo"' in page
    room_part = page[page.index("data-room ") : page.index('data-testid="board"')]
    assert 'name="csrfmiddlewaretoken"' in room_part  # the board's leave button posts with it
    # The board's texts come from the JavaScript catalogue, loaded before the board (tests/test_js_translations.py).
    assert page.index('<script src="/jsi18n/"></script>') < page.index("js/room.js")


def test_a_rated_tournament_page_says_it_counts_once(client):
    """A rated tournament is eight people (bots never sit at one: a bot's seat has no rating to move). The header
    says "Rated" once, as every rated room's mark; the subtitle said it too (issue 33: twice at 1280 px)."""
    people = [player_create_guest(nickname=f"Jugador{index}") for index in range(8)]
    room = room_create(
        game="torneo", host=people[0], seats=8, settings={"language": "kk", "rated": True}, interface_language="es"
    )
    for person in people[1:]:
        room_join(room=room, player=person)
    match_start(room=room, by=None)
    page = visit(client, room)
    header = page[page.index('class="room-head"') : page.index('class="room-head-tools"')]
    assert "Қазақша" in header
    assert re.search(r'data-testid="rated-mark"[^>]*>Rated</span>', header)
    assert header.count("Rated") == 1, header
    assert "Practice" not in header
