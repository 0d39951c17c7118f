"""docs/architecture.md is the map a new engineer reads first (issue 32): its layout names every app, every game
folder and every module of the runtime and the kit, and every path it writes out exists. A module added, moved or
removed without the page fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
LAYOUT = PAGE.split("## Layout", 1)[1].split("\n## ", 1)[0]


def _apps() -> list[str]:
    return sorted(path.parent.name for path in ROOT.glob("*/__init__.py") if path.parent.name not in ("tests", "bench"))


def _modules(folder: str) -> list[str]:
    return sorted(path.name for path in (ROOT / folder).glob("*.py") if path.name != "__init__.py")


def test_the_layout_names_every_app_and_every_game_folder() -> None:
    games = sorted(path.parent.name for path in (ROOT / "games").glob("*/spec.py"))
    assert len(games) >= 5
    missing = [name for name in [*_apps(), *games, "kit", "runtime"] if not re.search(rf"^\s*{name}/ ", LAYOUT, re.M)]
    assert missing == [], f"docs/architecture.md's layout does not name {missing}"


def test_the_layout_names_every_module_of_the_runtime_and_the_kit() -> None:
    for folder in ("games/runtime", "games/kit"):
        missing = [name for name in _modules(folder) if not re.search(rf"\b{re.escape(name)}\b", LAYOUT)]
        assert missing == [], f"docs/architecture.md's layout does not name {folder}/{missing}"


def test_every_path_the_page_writes_out_exists() -> None:
    written = set(
        re.findall(
            r"(?<![\w/])((?:games|config|observe|accounts|players|lobby|wallet|ratings|wordlists|tests|scripts|bench)/[\w/]+\.(?:py|md|html|js|css))\b",
            PAGE,
        )
    )
    assert written, "the page writes out no path at all"
    gone = sorted(path for path in written if "<" not in path and not (ROOT / path).exists())
    assert gone == [], f"docs/architecture.md names paths that are not in the tree: {gone}"
