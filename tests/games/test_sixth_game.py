"""A sixth game is its folder (issue 32): Cuenta, a throwaway game that lives only under
tests/games/sixth_game/cuenta/ (its spec and its engine, as docs/engine-interface.md lists them), is found the
way a real game is (its folder on `games.__path__`, the catalogue's discovery) and is then played through the
runtime, listed live, archived for its replay, and counted on its players' pages, with no file outside its
folder knowing its name."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from django.test import Client

import games
from accounts.selectors import GUEST_SESSION_KEY
from games.kit.errors import IllegalMove
from games.models import Match, MatchResult, Room
from games.runtime import archive, catalogue, matches, registry, scheduling
from lobby.live_games import live_games

FOLDER = str(Path(__file__).parent / "sixth_game")

pytestmark = pytest.mark.django_db


def _found_anew() -> None:
    """The catalogue, the engines and the analyses looked for again (each is found once per process)."""
    catalogue._specs.cache_clear()
    registry.ENGINES._found = None
    registry.BOTS._found = None
    archive.analysed_games.cache_clear()
    archive.round_games.cache_clear()


@pytest.fixture
def cuenta():
    games.__path__.append(FOLDER)
    _found_anew()
    try:
        with scheduling.timers_disabled():
            yield
    finally:
        games.__path__.remove(FOLDER)
        for name in [name for name in sys.modules if name == "games.cuenta" or name.startswith("games.cuenta.")]:
            del sys.modules[name]
        _found_anew()


def _browser(player) -> Client:
    browser = Client()
    session = browser.session
    session[GUEST_SESSION_KEY] = player.pk
    session.save()
    return browser


def test_a_sixth_game_in_its_own_folder_is_played_listed_replayed_and_counted(cuenta, alice, bob_guest):
    assert "cuenta" in catalogue.game_slugs() and "cuenta" in registry.ENGINES
    ana = alice.player

    # In through the lobby, by the way its spec lists: Ana waits for a random opponent, Bob comes and they play.
    anas = Client()
    anas.force_login(alice)
    lobby = anas.get("/lobby/").content.decode()
    assert 'data-testid="lobby-cuenta"' in lobby and 'action="/play/cuenta/queue/"' in lobby
    assert anas.post("/play/cuenta/queue/", {"next": "/lobby/"})["Location"] == "/lobby/"  # waiting
    assert 'data-testid="cuenta-waiting"' in anas.get("/lobby/").content.decode()
    assert anas.post("/play/cuenta/quick/").status_code == 404  # a way it does not list: nothing happens
    joined = _browser(bob_guest).post("/play/cuenta/queue/", {"next": "/lobby/"})
    room = Room.objects.get(game="cuenta")
    assert joined["Location"] == f"/r/{room.code}/"
    match = Match.objects.get(room=room)
    assert match.lineup == [{"player": ana.pk, "bot": ""}, {"player": bob_guest.pk, "bot": ""}]

    # Played through the one service path: turns, a refused move that changes nothing, the end.
    version = matches.match_act(match_id=match.pk, player=ana, action={"type": "add", "step": 2})
    with pytest.raises(IllegalMove):
        matches.match_act(match_id=match.pk, player=ana, action={"type": "add", "step": 2})  # not her turn
    assert Match.objects.get(pk=match.pk).version == version
    matches.match_act(match_id=match.pk, player=bob_guest, action={"type": "add", "step": 2})

    # Listed live, with how far along it is, as its engine tells it.
    listed = [game for game in live_games() if game.game == "cuenta"]
    assert [(game.game_name, game.players, game.progress) for game in listed] == [
        ("Cuenta", ["Alice", "Bob"], "Count 4 of 10")
    ]

    for player in (ana, bob_guest, ana):  # 6, 8, 10: Ana brings it to ten
        matches.match_act(match_id=match.pk, player=player, action={"type": "add", "step": 2})
    match.refresh_from_db()
    assert match.status == Match.FINISHED
    results = {r.player_id: r for r in MatchResult.objects.filter(match=match)}
    assert results[ana.pk].won and not results[bob_guest.pk].won

    # Archived for its replay, and the replay's page and data served.
    assert archive.archive_build(match.pk) is not None
    client = Client()
    assert client.get(f"/m/{match.pk}/").status_code == 200
    frames = client.get(f"/m/{match.pk}/replay.json").json()
    assert frames and "Cuenta" in client.get(f"/m/{match.pk}/").content.decode()

    # Counted on the players' pages, with the figures every game has.
    html = client.get(ana.get_absolute_url()).content.decode()
    assert 'data-testid="stats-cuenta"' in html and "Cuenta" in html
    assert '<dd data-stat="won">1</dd>' in html and '<dd data-stat="played">1</dd>' in html
    assert 'data-testid="match-row" data-game="cuenta"' in client.get(bob_guest.get_absolute_url()).content.decode()


def test_without_its_folder_the_game_is_gone(cuenta):
    games.__path__.remove(FOLDER)
    _found_anew()
    try:
        assert "cuenta" not in catalogue.game_slugs() and "cuenta" not in registry.ENGINES
    finally:
        games.__path__.append(FOLDER)
