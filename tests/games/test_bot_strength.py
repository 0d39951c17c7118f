"""Each bot level's strength, measured by `manage.py selfplay --publish` and told on the games' pages (issue 21):
the sentences in the player's language, the figures the command writes, and the levels in the order their
names promise in the figures the site ships."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from games import bot_strength

DUELO = {
    "languages": {
        "es": {
            "easy": {"words": 100, "solved": 91, "guesses": 4.7},
            "medium": {"words": 100, "solved": 99, "guesses": 3.85},
            "hard": {"words": 100, "solved": 100, "guesses": 3.26},
        }
    }
}
WORDGRID = {
    "levels": {"easy": {"games": 40, "points": 23.1}, "medium": {"games": 40, "points": 59.15}},
    "pairings": [{"levels": ["easy", "medium"], "games": 20, "wins": [1, 19], "draws": 0}],
}


@pytest.fixture
def published(tmp_path, monkeypatch):
    monkeypatch.setattr(bot_strength, "PATH", tmp_path / "bot_strength.json")
    bot_strength.figures.cache_clear()
    yield bot_strength.PATH
    bot_strength.figures.cache_clear()


def test_a_duelo_level_is_one_sentence_in_spanish_with_a_decimal_comma(published) -> None:
    bot_strength.record("duelo", DUELO, command="manage.py selfplay duelo --alone")
    with translation.override("es"):
        notes = bot_strength.strength_notes("duelo", "es")
    assert notes is not None and notes["language"] == "es"
    assert (
        dict(notes["notes"])["easy"] == "El bot fácil resuelve el 91\u00a0% de las palabras, en 4,7 intentos de media."
    )
    assert [level for level, _text in notes["notes"]] == ["easy", "medium", "hard"]
    with translation.override("en"):
        english = dict(bot_strength.strength_notes("duelo", "fr")["notes"])  # not measured: the first one measured
    assert english["hard"] == "The hard bot solves 100\u00a0% of the words, in 3.3 guesses on average."


def test_a_two_seat_game_tells_each_levels_points_and_record_against_the_others(published) -> None:
    bot_strength.record("wordgrid", WORDGRID, command="manage.py selfplay wordgrid")
    with translation.override("es"):
        notes = dict(bot_strength.strength_notes("wordgrid")["notes"])
    assert notes["easy"] == (
        "El bot fácil suma 23,1 puntos por partida de media y gana el 5\u00a0% de sus partidas contra el bot medio."
    )
    assert notes["medium"].endswith("gana el 95\u00a0% de sus partidas contra el bot fácil.")


def test_publishing_some_languages_keeps_the_others(published) -> None:
    bot_strength.record("duelo", DUELO, command="manage.py selfplay duelo --alone --lang es")
    french = {"languages": {"fr": {"easy": {"words": 10, "solved": 8, "guesses": 4.9}}}}
    bot_strength.record("duelo", french, command="manage.py selfplay duelo --alone --lang fr")
    data = json.loads(published.read_text(encoding="utf-8"))["duelo"]
    assert set(data["languages"]) == {"es", "fr"} and data["commands"]["fr"].endswith("--lang fr")
    assert [row["language"] for row in bot_strength.strength_table("duelo")] == ["es", "fr"]


@pytest.mark.django_db
def test_selfplay_publish_writes_what_the_page_says(published) -> None:
    call_command("selfplay", "wordgrid", games=2, bots="easy,medium", seed=5, publish=True, stdout=StringIO())
    data = json.loads(published.read_text(encoding="utf-8"))["wordgrid"]
    assert data["pairings"][0]["levels"] == ["easy", "medium"] and data["pairings"][0]["games"] == 2
    assert set(data["levels"]) == {"easy", "medium"} and data["measured"]
    call_command(
        "selfplay", "duelo", alone=True, games=3, bots="easy", lang="es", seed=1, publish=True, stdout=StringIO()
    )
    duelo = json.loads(published.read_text(encoding="utf-8"))["duelo"]["languages"]["es"]["easy"]
    assert duelo["words"] == 3 and 0 <= duelo["solved"] <= 3


# -- the figures the site ships ---------------------------------------------------------------------------


def shipped(game: str) -> dict:
    bot_strength.figures.cache_clear()
    data = bot_strength.figures().get(game)
    assert data, f"no published figures for {game}: run manage.py selfplay {game} ... --publish (docs/bots.md)"
    return data


@pytest.mark.parametrize("game", ["duelo", "torneo"])
def test_the_shipped_wordle_figures_put_the_levels_in_order_in_every_language(game: str) -> None:
    for language, rows in shipped(game)["languages"].items():
        assert set(rows) == set(bot_strength.LEVELS), language
        if game == "duelo":
            assert rows["hard"]["guesses"] < rows["medium"]["guesses"] < rows["easy"]["guesses"], language
        else:
            rate = {level: rows[level]["solved"] / rows[level]["duels"] for level in bot_strength.LEVELS}
            assert rate["easy"] < rate["medium"] < rate["hard"], language


@pytest.mark.parametrize("game", ["wordgrid", "cruzadas"])
def test_the_shipped_board_figures_put_the_levels_in_order(game: str) -> None:
    data = shipped(game)
    points = [data["levels"][level]["points"] for level in bot_strength.LEVELS]
    assert points == sorted(points)
    order = bot_strength.LEVELS
    for pairing in data["pairings"]:
        weaker, stronger = pairing["levels"]  # selfplay pairs them easy-medium, easy-hard, medium-hard
        assert order.index(weaker) < order.index(stronger) and pairing["wins"][1] > pairing["wins"][0], pairing


@pytest.mark.parametrize(
    ("game", "url"),
    [
        ("duelo", "/play/duelo/rules/"),
        ("torneo", "/play/torneo/rules/"),
        ("wordgrid", "/play/wordgrid/rules/"),
        ("cruzadas", "/play/cruzadas/rules/"),
        ("duelo", "/play/duelo/"),
        ("wordgrid", "/play/wordgrid/"),
        ("cruzadas", "/play/cruzadas/"),
    ],
)
@pytest.mark.django_db
def test_the_games_pages_tell_how_strong_each_bot_is(game: str, url: str) -> None:
    shipped(game)
    ana = Client(HTTP_ACCEPT_LANGUAGE="es")
    ana.post("/guest/", {"nickname": "Ana"})
    page = ana.get(url).content.decode()
    assert 'data-testid="bot-strength"' in page and "La fuerza de los bots" in page
    for level in ("fácil", "medio", "difícil"):
        assert f"El bot {level} " in page
