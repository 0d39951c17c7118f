"""The interface every game engine implements, and the registry of engines.

Pure Python: no Django, no clock, no randomness of its own, no file reading. The services (the only code
that writes game state) call an engine with the time (`now`, an aware UTC datetime), a seeded
`random.Random` and the word lists it needs, and store what it returns. See docs/engine-interface.md.

An engine is a module offering the functions of `Engine` below. Its state is a dataclass that
`to_json`/`from_json` turn into plain JSON data and back, exactly (tested per engine). Engines never
mutate the state they are given: `apply`/`advance` return a new one, so a rejected move changes nothing.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

Event = dict[str, Any]
Action = dict[str, Any]
Viewer = int | None  # a seat index, or None for a spectator


def gettext_noop(message: str) -> str:
    """Marks a message for translation without translating it (engines know no language).

    Engines import it as `_` so that makemessages finds their messages; the service or consumer
    translates with `gettext(error.message) % error.params` in the player's language.
    """
    return message


class GameError(Exception):
    """A "no" a player is told: raised before anything changes, so the caller's state is intact.

    `code` is stable (clients and tests switch on it); `message` is English with %-style
    placeholders filled from `params`, marked for translation but never translated here
    (games.runtime.errors.error_text translates). Raise one of the kinds below, never this.
    """

    def __init__(self, code: str, message: str, params: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self.message = message
        self.params = dict(params or {})
        super().__init__(f"{code}: {self.text}")

    @property
    def text(self) -> str:
        """The English message with its parameters filled in."""
        return self.message % self.params if self.params else self.message


class IllegalMove(GameError):
    """A move against the rules of the game (a word not in the list, not your turn, the match is over)."""


class MalformedAction(IllegalMove):
    """An action that is no move at all: the wrong shape or types (python-chess's InvalidMoveError, beside its
    IllegalMoveError). Its code is always `malformed`; a client that sends one has a bug, not a bad move."""

    def __init__(self, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("malformed", message, params)


class Refusal(GameError):
    """A refusal that is no move: a room, lobby or settings rule (not the host, a full group, 7 rounds)."""


# -- word lists -------------------------------------------------------------------------------------


@runtime_checkable
class WordList(Protocol):
    """What an engine asks of a word list: `wordlists.lexicon.Lexicon` has exactly this surface."""

    @property
    def words(self) -> Sequence[str]:  # normalised forms; read-only (Lexicon and WordSet are frozen)
        ...

    def __contains__(self, word: object) -> bool: ...

    def choose(self, rng: random.Random, exclude: frozenset[str] | set[str] = ...) -> str: ...

    def display(self, word: str) -> str: ...


# The lists an engine may read, by slug ("duelo-es-5-valid"). In production: wordlists.lexicon.lexicon.
WordSource = Callable[[str], WordList]


@dataclass(frozen=True)
class WordSet:
    """A small in-memory `WordList` (tests, tools): normalised words and optional display spellings."""

    words: tuple[str, ...]
    shown: Mapping[str, str] = field(default_factory=dict)
    _members: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "words", tuple(self.words))
        object.__setattr__(self, "_members", frozenset(self.words))

    def __contains__(self, word: object) -> bool:
        return word in self._members

    def __len__(self) -> int:
        return len(self.words)

    def display(self, word: str) -> str:
        return self.shown.get(word, word)

    def choose(self, rng: random.Random, exclude: frozenset[str] | set[str] = frozenset()) -> str:
        remaining = [word for word in self.words if word not in exclude]
        if not remaining:
            raise LookupError("every word is excluded")
        return remaining[rng.randrange(len(remaining))]


def common_slug(valid_slug: str) -> str:
    """The common words of a valid list, commonest first: `wordgrid-en-valid` -> `wordgrid-en-common`
    (wordlists.build.common). The bots' easy and medium levels play from them (issue 21)."""
    return valid_slug.removesuffix("-valid") + "-common"


def common_list(words: WordSource, valid_slug: str) -> WordList | None:
    """A valid list's common words (commonest first), or None when the source has none for it (a hand-made set
    of lists in a test or tool, a language without frequency data): the bot then plays from the whole list."""
    try:
        return words(common_slug(valid_slug))
    except LookupError:
        return None


_COMMON: dict[tuple[int, int], tuple[WordList, frozenset[str]]] = {}


def common_words(words: WordSource, valid_slug: str, top: int) -> frozenset[str] | None:
    """The `top` commonest words of a valid list as a set (None: see `common_list`)."""
    common = common_list(words, valid_slug)
    if common is None:
        return None
    # Keyed by identity with the list kept alive next to it, so that an id is never reused wrongly.
    cached = _COMMON.get((id(common), top))
    if cached is None or cached[0] is not common:
        if len(_COMMON) > 64:
            _COMMON.clear()
        cached = _COMMON[(id(common), top)] = (common, frozenset(common.words[:top]))
    return cached[1]


def list_version(word_list: object) -> str | None:
    """The version of a list as the wordlists app reports it (None for a hand-made set)."""
    info = getattr(word_list, "info", None)
    return getattr(info, "version", None)


# -- time -------------------------------------------------------------------------------------------


def require_aware(now: datetime) -> datetime:
    """Engines compare instants: a naive datetime would silently mean local time somewhere."""
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("engines take timezone-aware datetimes (UTC)")
    return now.astimezone(UTC)


def encode_time(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat()


def decode_time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text).astimezone(UTC)


def seconds(value: float) -> timedelta:
    return timedelta(seconds=value)


# -- the result -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Progress:
    """How far along a match being played is, for the lobby's live list (an engine's `progress`): `text` in
    English with %(name)s placeholders, marked with gettext_noop (the page translates it), its `params`, and
    the groups of seats playing each other now where the match has several tables at once (the Torneo's duels
    still being played)."""

    text: str
    params: Mapping[str, Any] = field(default_factory=dict)
    tables: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended (python-chess's `Outcome` is the model): what the runtime reads (results,
    ratings, the escrow) typed, and each game's own facts beside it. `outcome(state)` returns one once the
    match is over (None while it runs); the stored `Match.outcome` and the view's `outcome` are `to_json()`.
    """

    winners: tuple[int, ...]  # the seats that won: several share a victory; none after a draw, a loss, a stop
    places: tuple[int, ...]  # per seat, 1 = best, ties share a place (empty: a match that never began)
    stopped: str | None = None  # why the match was ended early (an admin, a partner who left); None: played out
    draw: bool | None = None  # whether it was a draw; None in a game without draws (Torneo: ties share a place)
    totals: tuple[int, ...] | None = None  # per seat, the points; None in a game without points (Torneo)
    seats: tuple[Mapping[str, Any], ...] | None = None  # per seat, the game's own facts (words, clues ...)
    seat_rounds: tuple[tuple[Mapping[str, Any], ...], ...] = ()  # per seat, its rounds (Duelo); kept in results
    details: Mapping[str, Any] = field(default_factory=dict)  # the game's own facts (reason, list version ...)

    _COMMON = frozenset({"winners", "places", "stopped", "draw", "totals", "seats"})

    def __post_init__(self) -> None:
        clash = self._COMMON & set(self.details)
        if clash:
            raise ValueError(f"details repeat the outcome's own fields: {sorted(clash)}")

    def rounds_of(self, seat: int) -> list[dict[str, Any]]:
        """The seat's rounds as the results store them (empty for a game without rounds)."""
        return [dict(r) for r in self.seat_rounds[seat]] if self.seat_rounds else []

    @classmethod
    def duel(
        cls,
        *,
        winner: int | None,
        scores: Sequence[int],
        words: Sequence[Sequence[str]],
        stopped: str | None,
        details: Mapping[str, Any],
    ) -> Outcome:
        """A scored game of two seats (Wordgrid, Letras Cruzadas): one winner or a draw (`winner` None),
        each seat's score, place and words. `winner` and `scores` are also in the details, under the
        names those games have always stored (their boards read them)."""
        places = (1, 1) if winner is None else tuple(1 if seat == winner else 2 for seat in range(len(scores)))
        return cls(
            winners=() if winner is None else (winner,),
            places=places,
            stopped=stopped,
            draw=winner is None,
            totals=tuple(scores),
            seats=tuple(
                {"seat": seat, "score": scores[seat], "place": places[seat], "words": list(words[seat])}
                for seat in range(len(scores))
            ),
            details={"winner": winner, "scores": list(scores), **details},
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        """The outcome a stored `Match.outcome` (`to_json()`) was made from."""
        details = dict(data)
        seats = details.pop("seats", None)
        seat_rounds: tuple[tuple[Mapping[str, Any], ...], ...] = ()
        if seats is not None and any("rounds" in facts for facts in seats):
            seat_rounds = tuple(tuple(facts["rounds"]) for facts in seats)
            seats = [{key: value for key, value in facts.items() if key != "rounds"} for facts in seats]
        totals = details.pop("totals", None)
        return cls(
            winners=tuple(details.pop("winners")),
            places=tuple(details.pop("places")),
            stopped=details.pop("stopped"),
            draw=details.pop("draw", None),
            totals=None if totals is None else tuple(totals),
            seats=None if seats is None else tuple(seats),
            seat_rounds=seat_rounds,
            details=details,
        )

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data: the game's details and the common fields, those a game does not have left out."""
        data: dict[str, Any] = {**self.details, "winners": list(self.winners), "places": list(self.places)}
        data["stopped"] = self.stopped
        if self.draw is not None:
            data["draw"] = self.draw
        if self.totals is not None:
            data["totals"] = list(self.totals)
        if self.seats is not None:
            data["seats"] = [
                {**facts, **({"rounds": self.rounds_of(seat)} if self.seat_rounds else {})}
                for seat, facts in enumerate(self.seats)
            ]
        return data


def outcome_json(result: Outcome | None) -> dict[str, Any] | None:
    """What a view or a stored match holds of an outcome: `to_json()`, or None while the match runs."""
    return None if result is None else result.to_json()


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

    def progress(self, state: Any) -> Progress | None: ...


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


def default_progress(engine: Engine, state: Any) -> Progress | None:
    """Nothing to say of how far along it is: the live list shows the players alone."""
    return None


# name -> default(engine module, *the hook's arguments): the hooks of `EngineHooks` a module may omit.
DEFAULT_HOOKS: dict[str, Callable[..., Any]] = {
    "seat_active": default_seat_active,
    "fixed_places": default_fixed_places,
    "opens_at": default_opens_at,
    "views": default_views,
    "drawn_words": default_drawn_words,
    "progress": default_progress,
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


def think_time(ranges: Mapping[str, tuple[float, float]]) -> Callable[[str, random.Random], float]:
    """A bots module's `think_seconds(level, rng)`, from its (low, high) seconds per level."""

    def think_seconds(level: str, rng: random.Random) -> float:
        """How long the bot should seem to think before this move (the caller waits, then applies)."""
        low, high = ranges[level]
        return rng.uniform(low, high)

    return think_seconds


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
