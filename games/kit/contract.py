"""The interface every game engine implements (docs/engine-interface.md), the defaults of the hooks it may
omit, and what bots are.

An engine is a module offering the functions of `Engine` below. Its state is a dataclass that
`to_json`/`from_json` turn into plain JSON data and back, exactly (tested per engine). Engines never
mutate the state they are given: `apply`/`advance` return a new one, so a rejected move changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from functools import partial
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from games.kit.outcome import Outcome, Progress

Event = dict[str, Any]
Action = dict[str, Any]
Viewer = int | None  # a seat index, or None for a spectator


def gettext_noop(message: str) -> str:
    """Marks a message for translation without translating it (engines know no language).

    Engines import it as `_` so that makemessages finds their messages; the service or consumer
    translates with `gettext(error.message) % error.params` in the player's language.
    """
    return message


# -- the interface ----------------------------------------------------------------------------------


@runtime_checkable
class Engine(Protocol):
    """The names an engine module must define (a module satisfies this protocol structurally).

    Game-specific keyword arguments come after these: the runtime passes `words=` (the word lists) to
    `new_game`, `apply` and the bots, `avoid=` and `banned=` (hidden words to keep out) to `new_game`, and
    whatever the game's spec returns from `engine_kwargs()` to all three. The hooks a game may omit are
    in `EngineHooks` below, with their defaults; `engine_for(slug)` gives an engine with all of them.
    """

    SLUG: str
    # Action types bound to no turn (resign, draw offers, leave): a stale `turn` never refuses them.
    TURN_FREE_ACTIONS: frozenset[str]

    def new_game(
        self, settings: Mapping[str, Any], seats: int, rng: random.Random, now: datetime, **kwargs: Any
    ) -> Any: ...

    def apply(self, state: Any, seat: int, action: Action, now: datetime, **kwargs: Any) -> tuple[Any, list[Event]]: ...

    def advance(self, state: Any, now: datetime) -> tuple[Any, list[Event]]: ...

    def next_deadline(self, state: Any) -> datetime | None: ...

    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def stop(self, state: Any, now: datetime, reason: str) -> tuple[Any, list[Event]]: ...

    def to_json(self, state: Any) -> dict[str, Any]: ...

    def from_json(self, data: Mapping[str, Any]) -> Any: ...

    def turn_of(self, state: Any, seat: int) -> str | None: ...


@runtime_checkable
class EngineHooks(Engine, Protocol):
    """Every name the runtime reads off an engine: `Engine` plus the hooks a game may omit.

    A module defines a hook when its game needs it; otherwise `engine_for` supplies the default of the
    same name in `DEFAULT_HOOKS` (one place, documented in docs/engine-interface.md).
    """

    def seat_active(self, state: Any, seat: int) -> bool: ...

    def fixed_places(self, state: Any) -> Sequence[int | None]: ...

    def opens_at(self, state: Any) -> datetime | None: ...

    def views(self, state: Any, viewers: Sequence[Viewer]) -> list[dict[str, Any]]: ...

    def drawn_words(self, state: Any) -> Sequence[str]: ...

    def word_lists(self, state: Any) -> Sequence[tuple[str, str | None]]: ...

    def progress(self, state: Any) -> Progress | None: ...

    def replay_view(self, view: dict[str, Any], final: Any) -> dict[str, Any]: ...


@runtime_checkable
class Budget(Protocol):
    """How long a bot may think (issue 30): its search asks `spent()` between steps and, once it says so, plays
    the best it found so far. The runtime gives each move a few tenths of a second of CPU
    (games.runtime.matches); tests and tools give UNLIMITED, so that a position and an rng give one move on any
    machine. An engine never reads a clock itself: the budget is handed in."""

    def spent(self) -> bool: ...


class _Unlimited:
    def spent(self) -> bool:
        return False


UNLIMITED: Budget = _Unlimited()


@runtime_checkable
class Bots(Protocol):
    """The names a bots module (`games.<slug>.bots`) defines; a game without bots has no module. `bot_action`
    takes `budget=` (a Budget) among its keywords."""

    def bot_turn(self, state: Any, seat: int) -> str | None: ...

    def bot_action(self, state: Any, seat: int, level: str, rng: random.Random, **kwargs: Any) -> Action | None: ...

    def think_seconds(self, level: str, rng: random.Random) -> float: ...


# -- the hooks a game may omit, and what they mean then -----------------------------------------------


def default_seat_active(engine: Engine, state: Any, seat: int) -> bool:
    """Every seat plays until the match is over (no game but the Torneo puts a seat out early)."""
    return engine.outcome(state) is None


def default_fixed_places(engine: Engine, state: Any) -> Sequence[int | None]:
    """No place is final before the end (an empty sequence); once finished, the outcome's places."""
    result = engine.outcome(state)
    return () if result is None else result.places


def default_opens_at(engine: Engine, state: Any) -> datetime | None:
    """No phase to wait for: a bot thinks from the moment it is scheduled."""
    return None


def default_views(engine: Engine, state: Any, viewers: Sequence[Viewer]) -> list[dict[str, Any]]:
    """Each viewer's `view`, one by one. A game whose viewers see mostly the same thing builds the shared
    part once instead (after a move the service builds every viewer's view: issue 16); it must equal this."""
    return [engine.view(state, viewer) for viewer in viewers]


def default_drawn_words(engine: Engine, state: Any) -> Sequence[str]:
    """No hidden words drawn from a list (Wordgrid, Letras Cruzadas): nothing for the room to avoid next time."""
    return ()


def default_word_lists(engine: Engine, state: Any) -> Sequence[tuple[str, str | None]]:
    """No word list: a game played without words says nothing of its dictionaries."""
    return ()


def default_progress(engine: Engine, state: Any) -> Progress | None:
    """Nothing to say of how far along it is: the live list shows the players alone."""
    return None


def default_replay_view(engine: Engine, view: dict[str, Any], final: Any) -> dict[str, Any]:
    """Nothing more to reveal once the match is over: a replay shows each moment as a spectator saw it."""
    return view


# name -> default(engine module, *the hook's arguments): the hooks of `EngineHooks` a module may omit.
DEFAULT_HOOKS: dict[str, Callable[..., Any]] = {
    "seat_active": default_seat_active,
    "fixed_places": default_fixed_places,
    "opens_at": default_opens_at,
    "views": default_views,
    "drawn_words": default_drawn_words,
    "progress": default_progress,
    "word_lists": default_word_lists,
    "replay_view": default_replay_view,
}


class _WithDefaults:
    """An engine module seen through `EngineHooks`: its own names, and the defaults of the hooks it omits."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module
        for name, default in DEFAULT_HOOKS.items():
            if not hasattr(module, name):
                setattr(self, name, partial(default, module))

    def __getattr__(self, name: str) -> Any:  # only called for names not set above
        return getattr(self.module, name)

    def __repr__(self) -> str:
        return f"<engine {self.module.__name__} with defaults>"


def with_defaults(module: ModuleType) -> EngineHooks:
    """`module` with every hook of `EngineHooks`: its own, or the default of `DEFAULT_HOOKS` it omits."""
    return _WithDefaults(module)  # its __getattr__ answers every other name, so it passes for EngineHooks


def think_time(ranges: Mapping[str, tuple[float, float]]) -> Callable[[str, random.Random], float]:
    """A bots module's `think_seconds(level, rng)`, from its (low, high) seconds per level."""

    def think_seconds(level: str, rng: random.Random) -> float:
        """How long the bot should seem to think before this move (the caller waits, then applies)."""
        low, high = ranges[level]
        return rng.uniform(low, high)

    return think_seconds
