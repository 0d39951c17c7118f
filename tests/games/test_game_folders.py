"""Each game is its folder (issue 32): no game imports another game's folder, and nothing outside the games
imports one: the rest of the site asks a game through games.runtime (its spec, its engine, its read-outs,
found by the catalogue). The games are found as the catalogue finds them, so a new game is held to this
without a line here. Imports inside functions count (grimp reads them all)."""

from __future__ import annotations

import grimp
import pytest

from games.runtime.catalogue import game_slugs

APPS = ("config", "players", "accounts", "lobby", "wallet", "ratings", "wordlists", "games", "observe", "toolkit")


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph(*APPS)


def _folder(module: str) -> str | None:
    """The game whose folder holds `module`, or None."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "games" and parts[1] in game_slugs() else None


def _imports(graph):
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            yield importer, imported


def test_no_game_imports_another_games_folder(graph):
    crossing = [
        f"{importer} imports {imported}"
        for importer, imported in _imports(graph)
        if _folder(importer) and _folder(imported) and _folder(importer) != _folder(imported)
    ]
    assert crossing == []


def test_nothing_outside_the_games_imports_a_games_folder(graph):
    outside = [
        f"{importer} imports {imported}"
        for importer, imported in _imports(graph)
        if _folder(imported) and not _folder(importer)
    ]
    assert outside == []


def test_the_check_sees_every_game_and_would_see_a_crossing(graph):
    # Not an empty graph that passes everything: each game's engine is in it, and its spec imports it.
    for slug in game_slugs():
        assert f"games.{slug}.engine" in graph.modules
        assert f"games.{slug}.engine" in graph.find_modules_directly_imported_by(f"games.{slug}.spec")
