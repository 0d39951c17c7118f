"""A game is known only in its own folder (issue 32): no code, template, script or stylesheet outside it names a
game, so a sixth game is its folder and nothing else, and nothing outside reads a game's stored state by its keys.

A game's folder: games/<slug>/, templates/games/<slug>/, static/js/games/<slug>.js and static/js/games/<slug>/,
static/css/<slug>.css. What is read: Python's strings and names (not its comments and docstrings, which may
give a game as an example), templates' text and tags (not their comments), scripts and stylesheets without their
comments. Aside, as the issue says: the measuring tools (bench/, the bots' `selfplay`), the word lists (wordlists/:
a list is named by its game, "duelo-es-5-valid", and the lists are below the games), the migrations (history).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from games.runtime.catalogue import game_slugs

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "config", "daily", "games", "lobby", "observe", "players", "ratings", "toolkit", "wallet")
ASIDE = ("games/management/commands/selfplay.py",)


def _games() -> list[str]:
    slugs = list(game_slugs())
    assert len(slugs) >= 5
    return slugs


def _named(slugs: list[str]) -> re.Pattern[str]:
    return re.compile(rf"(?<![a-z])({'|'.join(slugs)})(?![a-z])", re.IGNORECASE)


def _in_a_games_folder(path: str, slugs: list[str]) -> bool:
    return any(
        path.startswith((f"games/{slug}/", f"templates/games/{slug}/", f"static/js/games/{slug}/"))
        or path in (f"static/js/games/{slug}.js", f"static/css/{slug}.css")
        for slug in slugs
    )


def _python_text(source: str) -> list[tuple[int, str]]:
    """The strings (docstrings aside) and names of a module, with their lines."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
        and isinstance(node.body[0].value.value, str)
    }
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.append((node.lineno, node.name))
        elif isinstance(node, ast.arg):
            found.append((node.lineno, node.arg))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found += [(node.lineno, alias.name) for alias in node.names]
            if isinstance(node, ast.ImportFrom) and node.module:
                found.append((node.lineno, node.module))
    return found


def _without(pattern: str, text: str) -> str:
    """The text with what `pattern` matches blanked, its line breaks kept (so lines still count)."""
    return re.sub(pattern, lambda match: re.sub(r"[^\n]", " ", match.group(0)), text, flags=re.S)


def _lines(text: str) -> list[tuple[int, str]]:
    return list(enumerate(text.splitlines(), start=1))


def _read(path: Path) -> list[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return _python_text(text)
    if path.suffix == ".html":
        return _lines(_without(r"\{#.*?#\}|\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", text))
    if path.suffix == ".js":
        return _lines(_without(r"/\*.*?\*/|(?<![:\"'\\])//[^\n]*", text))
    return _lines(_without(r"/\*.*?\*/", text))  # a stylesheet


def _sources() -> list[Path]:
    files = [path for app in APPS for path in (ROOT / app).rglob("*.py")]
    files += list((ROOT / "templates").rglob("*.html"))
    files += list((ROOT / "static" / "js").rglob("*.js")) + list((ROOT / "static" / "css").rglob("*.css"))
    return sorted(path for path in files if "migrations" not in path.parts)


def test_no_game_is_named_outside_its_folder():
    slugs = _games()
    named = _named(slugs)
    found = []
    for path in _sources():
        relative = path.relative_to(ROOT).as_posix()
        if _in_a_games_folder(relative, slugs) or relative in ASIDE:
            continue
        found += [f"{relative}:{line}: {text.strip()[:80]}" for line, text in _read(path) if named.search(text)]
    assert found == [], "\n".join(found)


def test_the_scan_sees_a_name_where_it_would_count_and_not_in_a_comment():
    named = _named(["duelo"])
    python = '"""A docstring about Duelo."""\n# a comment on duelo\nrooms = open_duelo_rooms()\nGAME = "duelo"\n'
    assert sorted(line for line, text in _python_text(python) if named.search(text)) == [3, 4]
    template = "{# Duelo #}{% comment %}duelo{% endcomment %}\n<h2>Duelo de Palabras</h2>\n"
    assert [
        line
        for line, text in _lines(_without(r"\{#.*?#\}|\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", template))
        if named.search(text)
    ] == [2]
    script = '// the duelo board\nconst url = "https://x/duelo";\n/* duelo */ const k = "a";\n'
    stripped = _without(r"/\*.*?\*/|(?<![:\"'\\])//[^\n]*", script)
    assert [line for line, text in _lines(stripped) if named.search(text)] == [2]
