"""The games' "How to play" pages (/play/<slug>/rules/, games/rules_pages.py) as a newcomer reads them:
each game's page in Spanish and in English, the numbers of its tables equal to the engines' own
constants (a rule changed in the code and not on the page fails here), the links from every game's page
and the home page, and the room's "?" that holds the same text in a dialog."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client, override_settings

from accounts.models import Player
from games.claves import engine as claves
from games.cruzadas import rules as cruzadas
from games.duelo import engine as duelo
from games.rules_pages import rules_template
from games.runtime import scheduling
from games.runtime.catalogue import game_slugs, spec_for
from games.runtime.rooms import room_create
from games.torneo import engine as torneo
from games.torneo.rating import rating_changes
from games.wordgrid import engine as wordgrid
from wallet.conf import payout_for, stake_levels

pytestmark = pytest.mark.django_db

GAMES = ["duelo", "torneo", "wordgrid", "cruzadas", "claves"]
NAMES = {
    "duelo": "Duelo de Palabras",
    "torneo": "Torneo",
    "wordgrid": "Wordgrid",
    "cruzadas": "Letras Cruzadas",
    "claves": "Claves a Dúo",
}
TITLE = {"es": "Cómo jugar a {}", "en": "How to play {}"}

# What a player must find on each page: the spec's key rules, with the numbers the engines use.
KEY_RULES = {
    ("duelo", "es"): [
        f"palabra oculta de {duelo.WORD_LENGTH} letras",
        "<strong>seis filas</strong>",
        f"cuenta atrás de cierre de {duelo.CLOSING_SECONDS} segundos",
        "60, 90 o 120 segundos",
        "1, 3 o 5",
        "ÁBACO, intento BOLLO",
        "comparten la victoria",
        "es un <strong>empate</strong>",
        "Preguntas frecuentes",
    ],
    ("duelo", "en"): [
        f"hidden {duelo.WORD_LENGTH}-letter word",
        "<strong>six rows</strong>",
        f"{duelo.CLOSING_SECONDS}-second closing countdown",
        "60, 90 or 120 seconds",
        "CRANE, guess EERIE",
        "share the win",
        "a <strong>draw</strong>",
        "Frequently asked questions",
    ],
    ("torneo", "es"): [
        f"<strong>{torneo.SEATS} jugadores</strong>",
        f"<strong>{torneo.LIVES} vidas</strong>",
        f"<strong>{torneo.TURN_SECONDS} segundos</strong>",
        f"hasta <strong>{torneo.TURNS_EACH} turnos</strong>",
        "<strong>4, 5 o 6 letras</strong>",
        f"Introducción de {torneo.INTRO_SECONDS} segundos",
        "<strong>60 segundos</strong>",
        "los dos pierden 1 vida",
        "ARROZ, intento RARAS",
    ],
    ("torneo", "en"): [
        f"<strong>{torneo.SEATS} players</strong>",
        f"<strong>{torneo.LIVES} lives</strong>",
        f"<strong>{torneo.TURN_SECONDS} seconds</strong>",
        "<strong>4, 5 or 6 letters</strong>",
        "both lose 1 life",
        "CRANE, guess EERIE",
    ],
    ("wordgrid", "es"): [
        "<strong>SHEEP</strong>",
        f"<strong>{wordgrid.CLOCK_SECONDS // 60} minutos</strong>",
        "<strong>Si se te agota el tiempo, pierdes</strong>",
        "<strong>Si hay igualdad de puntos, gana el segundo jugador.</strong>",
        "<strong>No se puede pasar.</strong>",
        "juegas SHED y sumas <strong>4 puntos</strong>",
        "<strong>El ganador se lleva el 90 % del pozo</strong>",
    ],
    ("wordgrid", "en"): [
        "<strong>SHEEP</strong>",
        f"<strong>{wordgrid.CLOCK_SECONDS // 60} minutes</strong>",
        "<strong>If the scores are equal, the second player wins.</strong>",
        "<strong>There is no pass.</strong>",
        "you play SHED and score <strong>4 points</strong>",
        "<strong>The winner takes 90 % of the pot</strong>",
    ],
    ("cruzadas", "es"): [
        f"<strong>{cruzadas.TURKISH.rack_size} fichas</strong>",
        f"<strong>{cruzadas.SIZE} × {cruzadas.SIZE}</strong>",
        f"<strong>{cruzadas.TURKISH.tile_count} fichas: 98 letras y 2 comodines</strong>",
        f"<strong>+{cruzadas.TURKISH.bingo} si juegas las 7 fichas</strong>",
        f"+{cruzadas.TURKISH.star_bonus} si cubres la ★25",
        "(A: 1 + L: 1) × 2 = <strong>4 puntos</strong>",
        "el +30 hace que la jugada valga <strong>50</strong>",
        f"menos de {cruzadas.TURKISH.pass_limit_bag_below} fichas en la bolsa, {cruzadas.TURKISH.pass_limit} turnos",
        "Si las puntuaciones finales son iguales, hay empate.",
        "DL / H2",  # the board's Spanish labels, and the rules' Turkish codes (issue 33)
    ],
    ("cruzadas", "en"): [
        f"<strong>{cruzadas.TURKISH.tile_count} tiles: 98 letters and 2 blanks</strong>",
        f"<strong>+{cruzadas.TURKISH.bingo} if you play all 7 tiles</strong>",
        "the +30 makes the move worth <strong>50</strong>",
        "If the final scores are equal, it is a draw.",
        "2L / H2",
    ],
    ("claves", "es"): [
        "<strong>25 palabras</strong>",
        "<strong>9 claves</strong>",
        f"<strong>{claves.TOTAL_KEYS} claves distintas</strong>",
        "<strong>3 trampas</strong>",
        f"<strong>{claves.DEFAULT_TURNS} turnos</strong> (u 11)",
        "<strong>3 claves son comunes</strong>",
        "una palabra y un número del 0 al 9",
        "Decide el mapa de quien da la pista",
    ],
    ("claves", "en"): [
        "<strong>25 words</strong>",
        "<strong>9 keys</strong>",
        f"<strong>{claves.TOTAL_KEYS} different keys</strong>",
        "<strong>The clue giver's map decides</strong>",
        "a number from 0 to 9",
    ],
}


def get(client: Client, url: str, language: str):
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language)


def rows(page: str, heading: str) -> list[list[str]]:
    """The cells of the table that follows `heading` on the page, row by row, tags stripped."""
    start = page.index(heading)
    table = page[page.index("<tbody>", start) : page.index("</tbody>", start)]
    return [
        [html.unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)
    ]


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_its_rules_page_in_each_language(client, game, language):
    response = get(client, f"/play/{game}/rules/", language)
    assert response.status_code == 200
    page = response.content.decode()
    assert f'<html lang="{language}">' in page
    title = TITLE[language].format(NAMES[game])
    assert f"<title>{title} · Dream Games</title>" in page and f"<h1>{title}</h1>" in page
    assert f'<div class="rules-text" lang="{language}" data-rules="{game}">' in page
    for rule in KEY_RULES[(game, language)]:
        assert rule in page, rule
    # The way to the game itself.
    assert 'data-testid="rules-play"' in page


def test_a_newcomer_reads_the_rules_without_a_nickname_and_an_unknown_game_is_not_found(client):
    assert get(client, "/play/duelo/rules/", "es").status_code == 200  # no guest sign-in asked
    assert get(client, "/play/ajedrez/rules/", "es").status_code == 404
    assert client.post("/play/duelo/rules/").status_code == 405


def test_a_language_without_its_own_text_falls_back_to_spanish():
    assert rules_template("duelo", "en") == "games/duelo/rules.en.html"
    assert rules_template("duelo", "fr") == "games/duelo/rules.es.html"
    assert rules_template("ajedrez", "es") == ""


@pytest.mark.parametrize("language,heading", [("es", "Puntuación"), ("en", "Scoring")])
def test_duelo_scoring_table_is_the_engines(client, language, heading):
    table = rows(get(client, "/play/duelo/rules/", language).content.decode(), f"<h2>{heading}</h2>")
    points = [int(cells[1]) for cells in table]
    assert points[:6] == [duelo.POINTS[tries] for tries in range(1, duelo.MAX_GUESSES + 1)]
    assert points[6] == 0
    assert points[7:] == list(duelo.SOLVE_ORDER_BONUS)
    assert duelo.ROUND_CHOICES == (1, 3, 5) and duelo.SECONDS_CHOICES == (60, 90, 120)
    assert (duelo.DEFAULT_ROUNDS, duelo.DEFAULT_ROUND_SECONDS) == (3, 90)


@pytest.mark.parametrize("language,heading", [("es", "Puntuación"), ("en", "Rating")])
def test_torneo_rating_table_is_what_equal_ratings_give(client, language, heading):
    table = rows(get(client, "/play/torneo/rules/", language).content.decode(), f"<h2>{heading}</h2>")
    changes = [int(cells[2].replace("−", "-")) for cells in table]
    assert changes == rating_changes([1000] * torneo.SEATS, list(range(1, torneo.SEATS + 1)))
    assert [int(cells[1]) for cells in table] == list(range(torneo.SEATS - 1, -1, -1))


@pytest.mark.parametrize(
    "language,heading,blank", [("es", "La bolsa turca", "Comodín"), ("en", "The Turkish bag", "Blank")]
)
def test_cruzadas_bag_table_is_the_turkish_ruleset(client, language, heading, blank):
    table = rows(get(client, "/play/cruzadas/rules/", language).content.decode(), heading)
    shown = {}
    for cells in table:
        for tile, count, points in (cells[0:3], cells[3:6]):
            shown[tile] = (int(count), int(points))
    ruleset = cruzadas.TURKISH
    wanted = {
        (blank if letter == cruzadas.BLANK else cruzadas_upper(letter)): (ruleset.bag[letter], ruleset.values[letter])
        for letter in ruleset.bag
    }
    assert shown == wanted
    assert sum(count for count, _ in shown.values()) == ruleset.tile_count == 100


def cruzadas_upper(letter: str) -> str:
    return {"i": "İ", "ı": "I"}.get(letter, letter.upper())


@pytest.mark.parametrize("language,heading", [("es", "Jugar por créditos"), ("en", "Playing for credits")])
def test_wordgrid_stakes_table_follows_the_settings(client, language, heading):
    table = rows(get(client, "/play/wordgrid/rules/", language).content.decode(), heading)
    assert table == [[str(s), str(2 * s), str(payout_for(s))] for s in stake_levels()]
    with override_settings(WALLET_STAKE_LEVELS=[20, 250]):
        table = rows(get(client, "/play/wordgrid/rules/", language).content.decode(), heading)
    assert table == [["20", "40", "36"], ["250", "500", "450"]]


@pytest.mark.parametrize("language", ["es", "en"])
def test_claves_map_table_is_the_engines_layout(client, language):
    heading = {"es": "2. Mapas secretos", "en": "2. Secret maps"}[language]
    table = rows(get(client, "/play/claves/rules/", language).content.decode(), heading)
    per_kind: dict[str, int] = {}
    for mine, _partner, cells in claves.LAYOUT:
        per_kind[mine] = per_kind.get(mine, 0) + cells
    assert [int(cells[1]) for cells in table] == [per_kind["key"], per_kind["trap"], per_kind["empty"]]
    assert claves.TURN_CHOICES == (9, 11) and claves.BOARD_SIZE == 25


def guest(client: Client, nickname: str) -> Player:
    client.post("/guest/", {"nickname": nickname})
    return Player.objects.get(nickname=nickname)


@pytest.mark.parametrize("language,label", [("es", "Cómo jugar"), ("en", "How to play")])
def test_every_game_page_and_the_home_page_link_to_the_rules(client, language, label):
    guest(client, "Ana")
    homes = {"duelo": "/play/duelo/", "torneo": "/lobby/", "wordgrid": "/play/wordgrid/"}
    homes |= {"cruzadas": "/play/cruzadas/", "claves": "/play/claves/"}
    for game, url in homes.items():
        page = get(client, url, language).content.decode()
        assert f'<a href="/play/{game}/rules/" data-testid="rules-link">{label}</a>' in page, game
    home = get(client, "/", language).content.decode()
    for game in game_slugs():
        assert f'<a href="/play/{game}/rules/" data-testid="rules-{game}">{label}</a>' in home


@pytest.fixture
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_room_has_a_question_mark_that_holds_the_rules_in_a_dialog(client, no_celery_tasks, game, language):
    host = guest(client, "Ana")
    spec = spec_for(game)
    room = room_create(game=game, host=host, seats=spec.min_seats, settings={}, interface_language="es")
    page = get(client, f"/r/{room.code}/", language).content.decode()
    label = {"es": "Cómo jugar", "en": "How to play"}[language]
    question = re.search(r'<a class="rules-open"[^>]*>\?</a>', page, re.S)
    assert question, "the room has its ? button"
    assert f'href="/play/{game}/rules/"' in question.group(0)
    assert f'aria-label="{label}"' in question.group(0) and 'aria-haspopup="dialog"' in question.group(0)
    dialog = page[page.index('<dialog class="rules-dialog"') : page.index("</dialog>") + len("</dialog>")]
    assert f'<h2 id="rules-dialog-title">{TITLE[language].format(NAMES[game])}</h2>' in dialog
    assert f'<div class="rules-text" lang="{language}" data-rules="{game}">' in dialog
    assert KEY_RULES[(game, language)][1] in dialog
    assert '<form method="dialog">' in dialog  # closes without a script
    assert "/static/js/rules_dialog.js" in page and "/static/css/rules.css" in page
    # The Content-Security-Policy will allow no inline script, handler or style.
    for inline in ("<script", " onclick=", " onchange=", " style="):
        assert inline not in dialog, inline


@pytest.mark.parametrize(
    "language,said", [("es", "a menos de {} puntos entre sí"), ("en", "within {} points of each other")]
)
def test_the_rating_window_is_stated_from_its_one_definition(client, monkeypatch, language, said):
    """The 200-point window is typed once (ratings.window): the rules say what the matchmaking does."""
    from ratings import window

    assert said.format(window.RATING_WINDOW) in get(client, "/play/torneo/rules/", language).content.decode()
    monkeypatch.setattr(window, "RATING_WINDOW", 150)
    assert said.format(150) in get(client, "/play/torneo/rules/", language).content.decode()
