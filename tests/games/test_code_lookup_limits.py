"""Scanning for codes, as an attacker would: the "enter a code" box, /r/CODE/ and /g/CODE/ straight, and
Claves' box, from one address. Past the budget (settings.CODE_LOOKUP_RATES: 10 a minute, 100 an hour) the
answer is 429 and the same whether the code exists or not; another address is not affected; the budget
comes back with the next window (the clock moved, no sleeping). Players in the room are never counted."""

import pytest
from django.test import Client, override_settings
from django_ratelimit import core as ratelimit_core

from games.models import Room
from games.runtime import scheduling
from lobby.models import Party

pytestmark = pytest.mark.django_db

PER_MINUTE = 10


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


class Clock:
    """django-ratelimit's windows read time.time(): the test moves it instead of sleeping."""

    def __init__(self, monkeypatch):
        self.now = 1_800_000_000.0
        monkeypatch.setattr(ratelimit_core.time, "time", lambda: self.now)

    def forward(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch):
    return Clock(monkeypatch)


def guest(nickname: str, address: str = "203.0.113.1") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR=address)
    client.post("/guest/", {"nickname": nickname})
    return client


def a_room() -> Room:
    host = guest("Ana", address="198.51.100.7")
    host.post("/play/duelo/", {"seats": 2, "bots": "", "language": "es", "rounds": 1, "round_seconds": 60})
    return Room.objects.get()


def main(response) -> str:
    """The page's own part (the site's frame around it carries messages of earlier pages)."""
    html = response.content.decode()
    return html[html.index("<main") : html.index("</main>")]


def test_the_eleventh_code_from_one_address_is_refused_and_says_nothing_of_the_code(clock):
    room = a_room()
    mallory = guest("Mallory")
    for index in range(PER_MINUTE):
        assert mallory.get("/r/", {"code": f"ZZZZZZZZ{index:02}"}).status_code == 302  # "no open room": back home
    mallory.get("/")  # the "no open room" messages shown
    real, made_up = mallory.get("/r/", {"code": room.code}), mallory.get("/r/", {"code": "ZZZZZZZZZZ"})
    assert real.status_code == made_up.status_code == 429
    assert "Too many room or group codes were tried" in real.content.decode()
    assert main(real) == main(made_up) and "Location" not in real and real["Retry-After"] == "60"
    assert room.seats.exclude(player=None).count() == 1  # and nothing changed


def test_the_invite_pages_themselves_are_limited(clock):
    room = a_room()
    ana = guest("Ana2", address="198.51.100.8")
    ana.post("/g/", {"language": "es"})
    party = Party.objects.get()
    mallory = guest("Mallory")
    for index in range(PER_MINUTE):
        assert mallory.get(f"/r/ZZZZZZZZ{index:02}/").status_code == 404
    for path in (f"/r/{room.code}/", "/r/ZZZZZZZZZZ/", f"/g/{party.code}/", "/g/ZZZZZZZZZZ/"):
        assert mallory.get(path).status_code == 429, path
        assert mallory.post(path).status_code == 429, path  # the buttons too: nobody is seated or joins
    assert room.seats.exclude(player=None).count() == 1 and party.members.count() == 1


def test_another_address_is_not_affected_and_the_budget_comes_back(clock):
    room = a_room()
    mallory, beto = guest("Mallory"), guest("Beto", address="192.0.2.44")
    for index in range(PER_MINUTE + 1):
        mallory.get("/r/", {"code": f"ZZZZZZZZ{index:02}"})
    assert mallory.get(f"/r/{room.code}/").status_code == 429
    assert beto.get(f"/r/{room.code}/").status_code == 200  # another address: the invitation
    clock.forward(61)
    assert mallory.get(f"/r/{room.code}/").status_code == 200


def test_the_hourly_budget_holds_across_minutes(clock):
    mallory = guest("Mallory")
    for minute in range(10):
        for index in range(PER_MINUTE):
            assert mallory.get(f"/r/Z{minute}Z{index}ZZZZZZ/").status_code == 404
        clock.forward(60)
    assert mallory.get("/r/ZZZZZZZZZZ/").status_code == 429  # the 101st in the hour


def test_claves_box_is_limited_too(clock):
    mallory = guest("Mallory")
    for index in range(PER_MINUTE):
        mallory.get("/r/", {"code": f"Z{index}ZZZ", "from": "/play/claves/"})
    assert mallory.get("/r/", {"code": "ZZZZZ", "from": "/play/claves/"}).status_code == 429


def test_players_in_the_room_or_group_are_not_counted(clock):
    room = a_room()
    beto = guest("Beto")
    beto.post(f"/r/{room.code}/")
    beto.post("/g/", {"language": "es"})
    party = Party.objects.get()
    for _ in range(3 * PER_MINUTE):
        assert beto.get(f"/r/{room.code}/").status_code == 200
        assert beto.get(f"/g/{party.code}/live/").status_code == 200


@override_settings(CLIENT_IP_FROM_FORWARDED_FOR=True)
def test_behind_the_proxy_the_address_is_the_one_the_proxy_saw(clock):
    """The proxy appends the address it saw to X-Forwarded-For; whatever the client put before it is not
    trusted, so a forged header does not buy a fresh budget."""
    mallory = Client(REMOTE_ADDR="10.0.0.2")  # the proxy's own address: shared by everyone
    for index in range(PER_MINUTE):
        forged = f"198.18.0.{index}, 203.0.113.9"
        assert mallory.get(f"/r/ZZZZZZZZ{index:02}/", HTTP_X_FORWARDED_FOR=forged).status_code == 404
    assert mallory.get("/r/ZZZZZZZZZZ/", HTTP_X_FORWARDED_FOR="198.18.1.1, 203.0.113.9").status_code == 429
    assert mallory.get("/r/ZZZZZZZZZZ/", HTTP_X_FORWARDED_FOR="203.0.113.10").status_code == 404  # someone else
