"""The kinds of "no" (games/kit/errors.py): an action of the wrong shape is a MalformedAction (code
`malformed`, an IllegalMove), a move against the rules an IllegalMove, and a room, lobby or settings rule a
Refusal, which is no IllegalMove. All are GameError, shown one way (error_text)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.kit.errors import GameError, IllegalMove, MalformedAction, Refusal
from games.runtime.catalogue import spec_for
from games.runtime.errors import MESSAGES, error_text, room_error
from games.runtime.registry import ENGINES, engine_for
from lobby import errors as lobby_errors
from tests.games import test_duelo_engine, test_torneo_engine
from tests.games.test_engine_contract import NEW_GAMES, SOURCES

# Actions that are no move at all in any game: not an object, no type, a type the game does not know.
NO_MOVE_AT_ALL = [["guess"], "resign", {}, {"type": "castle"}, None]

# Per game, an action of a known type whose fields have the wrong shape or types.
WRONG_FIELDS = {
    "duelo": [{"type": "guess", "word": 5}, {"type": "guess"}],
    "wordgrid": [{"type": "move", "cell": [1, 1], "letter": "a"}, {"type": "move", "cell": "b2", "letter": 1}],
    "cruzadas": [
        {"type": "place", "tiles": [5]},
        {"type": "place", "tiles": [{"cell": 112, "letter": "a", "blank": 1}]},
    ],
    "claves": [],
    "torneo": [{"type": "guess", "word": ["casa"]}],
}


def _seat_to_move(slug: str, state) -> int:
    engine = engine_for(slug)
    return next((seat for seat in range(NEW_GAMES[slug][1]) if engine.turn_of(state, seat) is not None), 0)


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_an_action_of_the_wrong_shape_is_malformed_in_every_game(slug: str) -> None:
    make, _seats, start = NEW_GAMES[slug]
    engine = engine_for(slug)
    state = make()
    if slug in ("duelo", "torneo"):  # typing opens after the start card / the pairings
        state, _events = engine.advance(state, engine.opens_at(state))
    before = engine.to_json(state)
    seat = _seat_to_move(slug, state)
    now = engine.opens_at(state) or start
    for action in NO_MOVE_AT_ALL + WRONG_FIELDS[slug]:
        with pytest.raises(MalformedAction) as caught:
            engine.apply(state, seat, action, now, words=SOURCES[slug])
        assert caught.value.code == "malformed", action
        assert isinstance(caught.value, IllegalMove) and caught.value.text, action
    assert engine.to_json(state) == before  # nothing changed


def test_a_move_against_the_rules_is_illegal_not_malformed() -> None:
    state = test_duelo_engine.new()
    with pytest.raises(IllegalMove) as caught:  # the start card: a well-formed guess, too early
        guess = {"type": "guess", "word": "bollo"}
        engine_for("duelo").apply(state, 0, guess, test_duelo_engine.T0, words=SOURCES["duelo"])
    assert caught.value.code == "round_not_open" and not isinstance(caught.value, MalformedAction)
    assert not isinstance(caught.value, Refusal)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_room_refusal_is_a_refusal_and_no_illegal_move(code: str) -> None:
    error = room_error(code)
    assert isinstance(error, Refusal) and isinstance(error, GameError) and not isinstance(error, IllegalMove)
    assert error.code == code and error.message == MESSAGES[code]


@pytest.mark.parametrize("code", sorted(lobby_errors.MESSAGES))
def test_every_lobby_refusal_is_a_refusal_and_no_illegal_move(code: str) -> None:
    error = lobby_errors.lobby_error(code, span=1, max=2, names="Ana")
    assert isinstance(error, lobby_errors.LobbyRefusal) and isinstance(error, Refusal)
    assert not isinstance(error, IllegalMove) and error.code == code


def test_settings_errors_are_refusals_from_the_catalogue_the_specs_and_the_engines() -> None:
    with pytest.raises(Refusal) as seats:
        spec_for("duelo").check_seats(99, host_is_guest=False)
    with pytest.raises(Refusal) as level:
        spec_for("duelo").check_bot_level("grandmaster")
    with pytest.raises(Refusal) as rounds:
        test_duelo_engine.new(rounds=7)
    with pytest.raises(Refusal) as language:
        test_torneo_engine.fresh(language="xx")
    with pytest.raises(Refusal) as torneo_settings:
        spec_for("torneo").clean_settings({"language": "xx"}, "es")
    codes = [e.value.code for e in (seats, level, rounds, language, torneo_settings)]
    assert codes == ["bad_seats", "bad_bot_level", "bad_rounds", "bad_language", "bad_language"]
    assert not any(isinstance(e.value, IllegalMove) for e in (seats, level, rounds, language, torneo_settings))


def test_every_kind_is_shown_the_same_way_in_the_players_language() -> None:
    malformed = MalformedAction("That is not a Wordgrid action.")
    with translation.override("en"):
        assert error_text(malformed) == "That is not a Wordgrid action." and malformed.code == "malformed"
        assert error_text(room_error("seat_taken")) == "That seat is taken."
    with translation.override("es"):
        assert error_text(room_error("seat_taken")) == translation.gettext("That seat is taken.")
        assert error_text(room_error("seat_taken")) != "That seat is taken."
