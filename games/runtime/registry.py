"""The registry of games' engines and bots: found by their folders, imported on first use, an engine seen
with the defaults of the hooks it omits (games.kit.contract); and a game resolved once (`Game`), what the
move path carries along instead of looking the game up by its name at every step."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from games.kit.contract import Bots, EngineHooks, with_defaults
from games.runtime.catalogue import GameSpec, spec_for


@dataclass(frozen=True)
class Game:
    """One game as the runtime uses it: its spec, its engine (with the defaults of the hooks it omits) and its
    bots (None for a game without). A move resolves it once, from the match's slug, and hands it down
    (issue 32: it was looked up by name five times a move)."""

    slug: str
    spec: GameSpec
    engine: EngineHooks
    bots: Bots | None

    def engine_kwargs(self) -> dict[str, Any]:
        """What the engine and the bots take besides the rules (a prebuilt word graph: the spec's)."""
        return self.spec.engine_kwargs()


def game_for(slug: str) -> Game:
    """The game `slug` (KeyError for no such game): built anew only when its engine module was found anew."""
    engine = engine_for(slug)
    game = _games.get(slug)
    if game is None or game.engine is not engine:
        bots = bots_for(slug) if slug in BOTS else None
        game = _games[slug] = Game(slug, spec_for(slug), engine, bots)
    return game


_games: dict[str, Game] = {}

_engines: dict[str, EngineHooks] = {}


def engine_for(slug: str) -> EngineHooks:
    """The engine of game `slug`, every hook of `EngineHooks` present (a default where the game omits it)."""
    module = ENGINES[slug]
    engine = _engines.get(slug)
    if engine is None or engine.module is not module:  # type: ignore[attr-defined]
        engine = _engines[slug] = with_defaults(module)
    return engine


def bots_for(slug: str) -> Bots:
    """The bots of game `slug` (KeyError for a game without bots)."""
    return BOTS[slug]  # a ModuleType answers any name (its __getattr__), so it passes for Bots


class _Registry(Mapping[str, ModuleType]):
    """Slug -> a module of each game (`games.<slug>.<module>`), imported on first use (engines import this
    module, so not eagerly).

    The games are found, not listed: every package games/<slug>/ with a spec.py (the game, see
    games.runtime.catalogue) that has the module. Finding them imports only the packages' __init__.
    """

    def __init__(self, module: str) -> None:
        self._module = module
        self._found: dict[str, str] | None = None

    @property
    def _paths(self) -> dict[str, str]:
        if self._found is None:
            import importlib.util
            import pkgutil

            import games

            self._found = {
                info.name: f"games.{info.name}.{self._module}"
                for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda info: info.name)
                if info.ispkg
                and importlib.util.find_spec(f"games.{info.name}.spec") is not None
                and importlib.util.find_spec(f"games.{info.name}.{self._module}") is not None
            }
        return self._found

    def __getitem__(self, slug: str) -> ModuleType:
        try:
            path = self._paths[slug]
        except KeyError:
            raise KeyError(f"no {self._module} for game {slug!r}") from None
        return importlib.import_module(path)

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)

    def modules(self) -> dict[str, str]:
        return dict(self._paths)


# Every game's engine (`games/<slug>/engine.py`) and bots (`games/<slug>/bots.py`, for games with bots), by
# the slug the code uses (see docs/rules/README.md).
ENGINES = _Registry("engine")
BOTS = _Registry("bots")
