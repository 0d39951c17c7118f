"""Engines stay pure: importing them loads no Django, and their code reads no clock, no global randomness,
no files. A service can then run an engine anywhere (a consumer, a Celery task, a test) with the same result.

The modules are the import-linter contract's (pyproject.toml, run by `lint-imports` in scripts/test.sh),
which also forbids them the runtime, the wallet and accounts; here: that the list misses none.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from games.runtime.catalogue import game_slugs
from games.runtime.registry import BOTS, ENGINES

ROOT = Path(__file__).resolve().parents[2]
PURE = "Engines and bots are pure"
CONTRACT = next(
    contract
    for contract in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"][
        "contracts"
    ]
    if contract["name"].startswith(PURE)
)
MODULES = sorted(set(CONTRACT["source_modules"]))
# Modules of games/<slug>/ that are glue, not rules: how the runtime sees the game (spec), a benchmark
# command (arena), and whatever talks to Django (the game's own pages: views, urls, forms; its figures on a
# player's page: stats; its bots' measured strength in words: strength).
GLUE = {
    "__init__",
    "spec",
    "arena",
    "models",
    "services",
    "views",
    "urls",
    "forms",
    "consumers",
    "tasks",
    "admin",
    "stats",
    "strength",
}
# Builds and loads its own files (the word-list service loads them; engines are handed a built graph).
READS_ITS_FILES = {"wordlists.dawg"}


def test_every_engine_is_listed_as_pure() -> None:
    assert {"games.kit.contract", "games.kit.wordle", "games.duelo.engine", "games.duelo.bots"} <= set(MODULES)
    assert {*ENGINES.modules().values(), *BOTS.modules().values()} <= set(MODULES)


def test_every_module_of_a_games_rules_is_listed_as_pure() -> None:
    rules = {
        f"games.{slug}.{path.stem}"
        for slug in game_slugs()
        for path in (ROOT / "games" / slug).glob("*.py")
        if path.stem not in GLUE
    }
    assert rules <= set(MODULES), sorted(rules - set(MODULES))
    assert {"wordlists.alphabets", "wordlists.dawg"} <= set(MODULES)


def test_the_contract_forbids_django_the_runtime_the_wallet_and_accounts() -> None:
    forbidden = set(CONTRACT["forbidden_modules"])
    assert {"django", "channels", "celery", "accounts", "wallet", "lobby", "games.models", "games.tasks"} <= forbidden
    # The whole runtime (a package: its every module); engines take what they share from the kit.
    assert "games.runtime" in forbidden


def test_the_kit_is_all_pure() -> None:
    kit = {f"games.kit.{path.stem}" for path in (ROOT / "games" / "kit").glob("*.py") if path.stem != "__init__"}
    assert kit <= set(MODULES), sorted(kit - set(MODULES))


def test_importing_the_engines_loads_no_django() -> None:
    code = (
        "import importlib, json, sys\n"
        f"for name in {MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


# Calls an engine must not make: the time comes in as `now`, randomness as `rng`, word lists as `words`.
FORBIDDEN_CALLS = {
    ("datetime", "now"),
    ("datetime", "utcnow"),
    ("datetime", "today"),
    ("date", "today"),
    ("time", "time"),
    ("time", "monotonic"),
    ("time", "perf_counter"),
    ("timezone", "now"),
    ("random", "random"),
    ("random", "choice"),
    ("random", "randrange"),
    ("random", "randint"),
    ("random", "shuffle"),
    ("random", "sample"),
    ("random", "uniform"),
    ("random", "seed"),
    ("uuid", "uuid4"),
    ("os", "urandom"),
}
FORBIDDEN_NAMES = {"open", "input"}


@pytest.mark.parametrize("name", MODULES)
def test_engine_code_reads_no_clock_no_global_randomness_no_files(name: str) -> None:
    module = importlib.import_module(name)
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            assert (func.value.id, func.attr) not in FORBIDDEN_CALLS, f"{name}:{node.lineno}"
        if name in READS_ITS_FILES:
            continue
        if isinstance(func, ast.Attribute):
            assert func.attr not in ("read_text", "read_bytes"), f"{name}:{node.lineno}"
        if isinstance(func, ast.Name):
            assert func.id not in FORBIDDEN_NAMES, f"{name}:{node.lineno}"
