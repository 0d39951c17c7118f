"""The engine contract (games/kit/contract.py, docs/engine-interface.md): every registered engine and bots
module offers every name of its protocol with the arity the runtime calls it with, and a hook a game omits
falls back to its one documented default."""

from __future__ import annotations

import inspect
import json
from datetime import timedelta
from functools import partial
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from games.kit.contract import DEFAULT_HOOKS, Bots, Engine, EngineHooks, with_defaults
from games.kit.outcome import Outcome
from games.runtime.registry import BOTS, ENGINES, bots_for, engine_for
from tests.games import (
    test_claves_engine,
    test_cruzadas_engine,
    test_duelo_engine,
    test_torneo_engine,
    test_wordgrid_engine,
)

# slug -> (a new game from the engine's own tests, its seats, its start time)
NEW_GAMES = {
    "duelo": (lambda: test_duelo_engine.new(seats=3), 3, test_duelo_engine.T0),
    "wordgrid": (test_wordgrid_engine.new, 2, test_wordgrid_engine.T0),
    "cruzadas": (test_cruzadas_engine.new, 2, test_cruzadas_engine.T0),
    "claves": (test_claves_engine.new, 2, test_claves_engine.T0),
    "torneo": (lambda: test_torneo_engine.fresh(seats=4), 4, test_torneo_engine.T0),
}


def own_names(protocol: type) -> dict[str, Any]:
    """The names `protocol` itself declares (not those of the protocols it extends): name -> function or type."""
    names: dict[str, Any] = {name: kind for name, kind in protocol.__dict__.get("__annotations__", {}).items()}
    names.update(
        {name: value for name, value in vars(protocol).items() if inspect.isfunction(value) and name[0] != "_"}
    )
    return names


def positional(function: Any, *, skip_self: bool) -> tuple[int, int]:
    """(required, accepted) positional parameters; accepted is large for *args."""
    parameters = list(inspect.signature(function).parameters.values())[1 if skip_self else 0 :]
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    required = sum(1 for p in parameters if p.kind in kinds and p.default is inspect.Parameter.empty)
    accepted = sum(1 for p in parameters if p.kind in kinds)
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in parameters):
        accepted = 10**6
    return required, accepted


def contract_breaches(module: Any, protocol: type, *, names: dict[str, Any] | None = None) -> list[str]:
    """What `module` lacks of `protocol`: missing names, non-callables, calls the runtime makes that fail."""
    breaches = []
    for name, declared in (names if names is not None else own_names(protocol)).items():
        if not hasattr(module, name):
            breaches.append(f"{name}: missing")
            continue
        value = getattr(module, name)
        if not inspect.isfunction(declared):
            continue  # a constant (SLUG, TURN_FREE_ACTIONS): checked for presence and type below
        if not callable(value):
            breaches.append(f"{name}: not callable")
            continue
        calls_with, _ = positional(declared, skip_self=True)
        required, accepted = positional(value, skip_self=False)
        if not required <= calls_with <= accepted:
            breaches.append(f"{name}: takes {required}-{accepted} positional arguments, the runtime gives {calls_with}")
    return breaches


REQUIRED = {**own_names(Engine)}
HOOKS = own_names(EngineHooks)


def test_the_hooks_with_defaults_are_exactly_the_optional_hooks_of_the_protocol() -> None:
    optional = {
        "seat_active",
        "fixed_places",
        "opens_at",
        "views",
        "drawn_words",
        "progress",
        "word_lists",
        "replay_view",
    }
    assert set(DEFAULT_HOOKS) == set(HOOKS) == optional
    assert {"turn_of", "TURN_FREE_ACTIONS", "outcome", "to_json", "from_json"} <= set(REQUIRED)
    assert set(own_names(Bots)) == {"bot_turn", "bot_action", "think_seconds"}


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_every_registered_engine_offers_every_required_name_with_the_runtimes_arity(slug: str) -> None:
    module = ENGINES[slug]
    assert contract_breaches(module, Engine) == []
    assert slug == module.SLUG
    assert isinstance(module.TURN_FREE_ACTIONS, frozenset)
    assert isinstance(module, Engine)


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_a_hook_an_engine_defines_has_the_runtimes_arity_and_one_it_omits_is_the_default(slug: str) -> None:
    module, engine = ENGINES[slug], engine_for(slug)
    assert isinstance(engine, EngineHooks)
    assert contract_breaches(engine, EngineHooks, names={**REQUIRED, **HOOKS}) == []
    for name, default in DEFAULT_HOOKS.items():
        if hasattr(module, name):
            assert getattr(engine, name) == getattr(module, name)
            assert contract_breaches(module, EngineHooks, names={name: HOOKS[name]}) == []
        else:
            hook = getattr(engine, name)
            assert isinstance(hook, partial) and hook.func is default and hook.args == (module,)
    # Everything else is the module's own.
    assert engine.apply is module.apply and engine.SLUG == module.SLUG


@pytest.mark.parametrize("slug", sorted(BOTS))
def test_every_registered_bots_module_offers_the_bots_protocol(slug: str) -> None:
    bots = BOTS[slug]
    assert contract_breaches(bots, Bots) == []
    assert isinstance(bots, Bots)
    assert bots_for(slug) is bots


def test_the_check_finds_a_missing_name_and_a_wrong_arity() -> None:
    broken = SimpleNamespace(**{name: getattr(ENGINES["duelo"], name) for name in REQUIRED})
    del broken.turn_of
    broken.view = lambda state: {}
    assert sorted(contract_breaches(broken, Engine)) == [
        "turn_of: missing",
        "view: takes 1-1 positional arguments, the runtime gives 2",
    ]


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_the_hooks_answer_through_a_new_and_a_stopped_game(slug: str) -> None:
    """Defaults and the games' own hooks alike: seats play until the end, places are final only at the end
    (or as a Torneo seat falls), a phase opens at or after the start or there is none."""
    make, seats, start = NEW_GAMES[slug]
    engine = engine_for(slug)
    state = make()
    assert all(engine.seat_active(state, seat) for seat in range(seats))
    assert all(place is None for place in engine.fixed_places(state))
    opens = engine.opens_at(state)
    assert opens is None or opens >= start
    stopped, _events = engine.stop(state, start + timedelta(seconds=30), "admin")
    result = engine.outcome(stopped)
    assert result is not None
    assert not any(engine.seat_active(stopped, seat) for seat in range(seats))
    assert tuple(engine.fixed_places(stopped)) == result.places


def test_a_game_omitting_the_hooks_gets_the_documented_defaults() -> None:
    finished = Outcome(winners=(1,), places=(2, 1))
    module = ModuleType("games.fake.engine")
    module.outcome = lambda state: finished if state == "over" else None  # type: ignore[attr-defined]
    engine = with_defaults(module)
    assert engine.seat_active("playing", 0) is True and engine.seat_active("over", 0) is False
    assert tuple(engine.fixed_places("playing")) == () and tuple(engine.fixed_places("over")) == (2, 1)
    assert engine.opens_at("playing") is None
    module.view = lambda state, viewer: {"seen_by": viewer}  # type: ignore[attr-defined]
    assert with_defaults(module).views("playing", [1, None]) == [{"seen_by": 1}, {"seen_by": None}]
    module.opens_at = lambda state: "defined"  # type: ignore[attr-defined]
    assert with_defaults(module).opens_at("playing") == "defined"


def test_the_runtime_reads_engines_only_through_engine_for() -> None:
    """No caller falls back by itself (`getattr(engine, ..., default)`) or reads the registry directly."""
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2]
    callers = [*root.glob("games/runtime/*.py"), *root.glob("games/*.py"), *root.glob("games/management/**/*.py")]
    callers += [*root.glob("lobby/**/*.py"), *root.glob("ratings/**/*.py"), *root.glob("wallet/**/*.py")]
    offending = []
    for path in callers:
        if path.name == "registry.py" and path.parent.name == "runtime":
            continue  # the registry itself
        text = path.read_text()
        for needle in ("ENGINES[", "BOTS[", "_opens_at", 'getattr(state, "current"'):
            if needle in text:
                offending.append(f"{path.relative_to(root)}: {needle}")
    assert offending == []


# -- the outcome ------------------------------------------------------------------------------------

# slug -> the word source the engine's own tests apply moves with
SOURCES = {
    "duelo": test_duelo_engine.words,
    "wordgrid": test_wordgrid_engine.words,
    "cruzadas": test_cruzadas_engine.source(),
    "claves": test_claves_engine.source(),
    "torneo": test_torneo_engine.words,
}


def finished_games(slug: str) -> list[tuple[str, Any]]:
    """Ways a match of `slug` ends: stopped by an admin, the clock run out (clock games), a resignation."""
    make, seats, start = NEW_GAMES[slug]
    engine = engine_for(slug)
    state = make()
    ends = [("stopped", engine.stop(state, start + timedelta(seconds=30), "admin")[0])]
    if engine.next_deadline(state) is not None:
        ends.append(("clock", engine.advance(state, start + timedelta(days=1))[0]))
    resign = getattr(engine, "RESIGN_ACTION", None)
    if resign is not None:
        ends.append(("resigned", engine.apply(state, 1, {"type": resign}, start, words=SOURCES[slug])[0]))
    if slug == "claves":  # no clock, no resignation: the guesser touches the shared trap
        clued = test_claves_engine.clue(test_claves_engine.new(10))
        (trap,) = test_claves_engine.cells(clued, test_claves_engine.TRAP, test_claves_engine.TRAP)
        ends.append(("trap", test_claves_engine.guess(clued, trap)[0]))
    return ends


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_outcome_is_none_while_playing_and_a_consistent_outcome_once_finished(slug: str) -> None:
    make, seats, _start = NEW_GAMES[slug]
    engine = engine_for(slug)
    assert engine.outcome(make()) is None
    assert engine.view(make(), None)["outcome"] is None
    ends = finished_games(slug)
    assert len(ends) >= 2
    for how, state in ends:
        result = engine.outcome(state)
        assert isinstance(result, Outcome), how
        assert len(result.places) == seats and all(isinstance(p, int) and 1 <= p <= seats for p in result.places)
        best = tuple(seat for seat in range(seats) if result.places[seat] == 1)
        assert result.winners in (best, ()), how  # every seat placed first wins, or nobody (a draw, a loss)
        if result.draw:
            assert result.winners == () and len(set(result.places)) == 1, how
        if result.totals is not None:
            assert len(result.totals) == seats
            ranked = tuple(1 + sum(other > total for other in result.totals) for total in result.totals)
            assert result.places == ranked or slug in ("claves", "wordgrid", "cruzadas"), how
        if result.seats is not None:
            assert [facts["seat"] for facts in result.seats] == list(range(seats))
        assert result.stopped == ("admin" if how == "stopped" else result.stopped)
        stored = result.to_json()
        assert json.loads(json.dumps(stored)) == stored  # plain JSON, as Match.outcome stores it
        assert (stored["winners"], stored["places"], stored["stopped"]) == (
            list(result.winners),
            list(result.places),
            result.stopped,
        )
        assert ("totals" in stored) == (result.totals is not None) and ("draw" in stored) == (result.draw is not None)
        assert engine.view(state, None)["outcome"] == stored
        assert Outcome.from_json(json.loads(json.dumps(stored))) == result  # what the database gives back
        assert not set(result.details) & {"winners", "places", "totals", "draw", "stopped", "seats"}


def test_duelo_and_claves_outcomes_keep_their_stored_shape() -> None:
    """The stored JSON is what it always was: Duelo's seats carry their rounds; Claves' pair shares the result
    (its winners, places, totals and draw come from the typed fields, not from a copy in the game's facts)."""
    state, _events = engine_for("duelo").advance(
        test_duelo_engine.new(seats=2), test_duelo_engine.T0 + timedelta(days=1)
    )
    stored = engine_for("duelo").outcome(state).to_json()
    assert set(stored) == {"totals", "winners", "draw", "places", "stopped", "seats"}
    assert set(stored["seats"][0]) == {"seat", "total", "place", "rounds"}
    assert set(stored["seats"][0]["rounds"][0]) == {"round", "solved", "guesses", "solve_order", "points"}
    claves = engine_for("claves")
    result = claves.outcome(claves.stop(test_claves_engine.new(), test_claves_engine.T0, "admin")[0])
    assert (result.winners, result.places, result.totals, result.draw) == ((), (2, 2), (0, 0), False)
    assert {"winners", "places", "totals", "draw"} <= set(result.to_json()) and "won" in result.details
    torneo = engine_for("torneo")
    stored = torneo.outcome(torneo.stop(test_torneo_engine.fresh(seats=4), test_torneo_engine.T0, "admin")[0]).to_json()
    assert set(stored) == {"places", "winners", "lives", "out_round", "left", "rounds", "stopped"}


def test_an_outcome_refuses_details_that_repeat_its_fields() -> None:
    with pytest.raises(ValueError, match="winners"):
        Outcome(winners=(0,), places=(1, 2), details={"winners": [0]})
