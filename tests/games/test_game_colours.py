"""A game's colour is its spec's (issue 32): /games.css gives each game's class its colour as --game, and no
stylesheet colours a game by its name, so a new game is coloured by its spec alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import colours
from games.runtime.catalogue import game_slugs, spec_for

ROOT = Path(__file__).resolve().parents[2]
RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")


@pytest.mark.django_db
def test_every_page_colours_each_game_as_its_spec_says(client):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert '<link rel="stylesheet" href="/games.css">' in page
    response = client.get("/games.css")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/css")
    sheet = response.content.decode()
    for slug in game_slugs():
        colour = spec_for(slug).colour
        assert re.fullmatch(r"#[0-9a-f]{6}", colour, re.I)
        assert f".game-{slug} {{ --game: {colour}; }}" in sheet
    assert client.get("/games.css", HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
    assert client.post("/games.css").status_code == 405


def test_a_colour_that_is_no_colour_is_refused_before_it_reaches_a_stylesheet(monkeypatch):
    from dataclasses import replace

    broken = replace(spec_for("duelo"), colour="red; } body { display: none")
    monkeypatch.setattr(colours, "spec_for", lambda slug: broken if slug == "duelo" else spec_for(slug))
    colours.stylesheet.cache_clear()
    try:
        with pytest.raises(ValueError, match="duelo"):
            colours.stylesheet()
    finally:
        colours.stylesheet.cache_clear()


def test_no_stylesheet_colours_a_game_by_its_name():
    games = "|".join(map(re.escape, game_slugs()))
    named = re.compile(rf"\.game-({games})\b")
    found = []
    for sheet in sorted((ROOT / "static" / "css").glob("*.css")):
        text = re.sub(r"/\*.*?\*/", "", sheet.read_text(encoding="utf-8"), flags=re.S)
        for selector, body in RULE.findall(text):
            if named.search(selector) and re.search(r"(^|[\s;])(border(-\w+)*|(background-)?colou?r)\s*:", body):
                found.append(f"{sheet.name}: {selector.strip()}")
    assert found == [], found
