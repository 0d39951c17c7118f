"""A game is its folder: docs/engine-interface.md ends with the files a new game adds, and this checks the claim.

Every registered game provides what that list says (its spec, engine, bots when it has bot levels, the
templates its spec names, its board module, stylesheet, rules page and "How to play" texts), the registries
are exactly the game folders, and the room page (games/views.py, templates/games/room.html) names no game.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from django.template.loader import get_template
from django.urls import reverse

from games.runtime.catalogue import GameSpec, game_slugs, spec_for
from games.runtime.registry import BOTS, ENGINES

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "engine-interface.md"
LAST_SECTION = "## The files a new game adds"


def _listed_files() -> list[str]:
    """The paths (with `<slug>`) the doc's last section lists as bullets, required or not."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index(LAST_SECTION) :]
    return [match.group(1) for match in re.finditer(r"^- `([^`]+)`", section, re.M)]


def test_the_doc_ends_with_the_files_a_new_game_adds() -> None:
    text = DOC.read_text(encoding="utf-8")
    headings = re.findall(r"^#{1,6} .*$", text, re.M)
    assert headings[-1] == LAST_SECTION
    listed = _listed_files()
    for path in (
        "games/<slug>/__init__.py",
        "games/<slug>/spec.py",
        "games/<slug>/engine.py",
        "games/<slug>/bots.py",
        "templates/games/<slug>/",
        "static/js/games/<slug>.js",
        "static/css/<slug>.css",
        "docs/rules/<slug>.md",
        "templates/games/<slug>/rules.es.html",
    ):
        assert path in listed, path


def test_the_games_are_the_folders_with_a_spec() -> None:
    folders = sorted(path.parent.name for path in (ROOT / "games").glob("*/spec.py"))
    assert sorted(game_slugs()) == folders
    assert len(folders) >= 5
    assert sorted(ENGINES) == folders
    # Bots exactly for the games whose spec offers bot levels (Claves has none).
    assert sorted(BOTS) == sorted(slug for slug in folders if spec_for(slug).bot_levels)
    # In the specs' order: the home page's, Duelo first.
    orders = [spec_for(slug).order for slug in game_slugs()]
    assert orders == sorted(orders) and game_slugs()[0] == "duelo"


def test_a_folder_without_a_spec_is_no_game() -> None:
    # games/kit/ (the engines' contract) and games/runtime/ are packages of the games app without a spec: no games.
    for folder in ("kit", "runtime"):
        assert (ROOT / "games" / folder / "__init__.py").exists()
        assert folder not in game_slugs() and folder not in ENGINES
        with pytest.raises(KeyError):
            spec_for(folder)


@pytest.mark.parametrize("slug", game_slugs())
def test_each_game_provides_the_listed_files(slug: str) -> None:
    spec = spec_for(slug)
    assert isinstance(spec, GameSpec) and spec.slug == slug
    for path in ("__init__.py", "spec.py", "engine.py"):
        assert (ROOT / "games" / slug / path).is_file(), path
    assert ENGINES[slug].__name__ == f"games.{slug}.engine"
    if spec.bot_levels:
        assert (ROOT / "games" / slug / "bots.py").is_file()
        assert BOTS[slug].__name__ == f"games.{slug}.bots"
    assert (ROOT / "static" / "js" / "games" / f"{slug}.js").is_file()
    assert (ROOT / "static" / "css" / f"{slug}.css").is_file()
    assert (ROOT / "docs" / "rules" / f"{slug}.md").is_file()
    for language in ("es", "en"):  # the "How to play" page (games/rules_pages.py, docs/rules-pages.md)
        assert (ROOT / "templates" / "games" / slug / f"rules.{language}.html").is_file(), language
    for sheet in spec.stylesheets:  # shared sheets a game may load before its own
        assert (ROOT / "static" / sheet).is_file(), sheet


@pytest.mark.parametrize("slug", game_slugs())
def test_what_a_spec_names_lives_in_the_games_folder(slug: str) -> None:
    spec = spec_for(slug)
    for template in (spec.room_subtitle, spec.start_label, spec.room_people):
        if template:
            assert template.startswith(f"games/{slug}/"), template
            get_template(template)
    if spec.settings_form:
        module, _dot, name = spec.settings_form.rpartition(".")
        assert module.startswith(f"games.{slug}."), module
        assert hasattr(importlib.import_module(module), name)
    if spec.home_url_name:
        reverse(spec.home_url_name)
    assert spec.leave_to(dict(spec.defaults)).startswith("/")


def test_every_game_page_module_is_included() -> None:
    # A game's own pages (games/<slug>/urls.py) are found and included, under their old paths and names.
    assert reverse("duelo_home") == "/play/duelo/"
    assert reverse("claves_home") == "/play/claves/"
    assert reverse("wordgrid_practice") == "/play/wordgrid/practice/"
    assert reverse("cruzadas_new") == "/play/cruzadas/new/"
    for urls in (ROOT / "games").glob("*/urls.py"):
        module = importlib.import_module(f"games.{urls.parent.name}.urls")
        for pattern in module.urlpatterns:
            assert reverse(pattern.name).startswith("/play/"), pattern.name


SLUGS = "|".join(game_slugs())


@pytest.mark.parametrize("path", ["games/views.py", "templates/games/room.html"])
def test_the_room_page_names_no_game(path: str) -> None:
    text = (ROOT / path).read_text(encoding="utf-8")
    # No comparison with a game's slug (room.game == "claves", game != 'torneo', ...), nor any quoted slug.
    assert not re.search(rf"""(==|!=|\bin\b)\s*["']({SLUGS})["']""", text), path
    assert not re.search(rf"""["']({SLUGS})["']""", text), path
    assert not re.search(r"\.game\s*(==|!=)", text), path
