"""The Claves a Dúo engine (games/claves/engine.py): the board and the two maps with the README's exact
overlap, turns (clue, guesses, end of turn), the clue giver's map deciding, marks and the touch
restriction, the switch once a map is done, the three ends, interruption, views that never show a map
to anyone but its owner before the end, and JSON at every step, without a database."""

from __future__ import annotations

import json
import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.claves import engine
from games.claves.engine import EMPTY, KEY, TRAP
from games.kit.contract import Engine
from games.kit.errors import IllegalMove, Refusal
from games.kit.words import WordSet
from games.runtime.catalogue import spec_for
from games.runtime.registry import ENGINES
from wordlists.alphabets import normalise
from wordlists.lexicon import lexicon

T0 = datetime(2025, 5, 1, 12, 0, tzinfo=UTC)

_SPANISH = (
    "árbol",
    "camión",
    "niño",
    "barco",
    "pez",
    "luz",
    "agua",
    "sol",
    "uña",
    "león",
    "pan",
    "madre",
    "gato",
    "mesa",
    "llave",
    "nube",
    "río",
    "tren",
    "queso",
    "reloj",
    "lápiz",
    "flor",
    "globo",
    "cohete",
    "piña",
    "zapato",
    "ratón",
    "limón",
    "bota",
    "cuchara",
    "perro",
    "huevo",
    "libro",
    "campana",
    "vela",
    "puente",
    "caja",
    "dedo",
    "hoja",
    "luna",
)
SMALL = WordSet(
    tuple(normalise("es", w) for w in _SPANISH), {normalise("es", w): w for w in _SPANISH if normalise("es", w) != w}
)


def source(word_list: WordSet = SMALL):
    return {"claves-es-familiar": word_list, "claves-es-standard": word_list}.__getitem__


def at(offset: float) -> datetime:
    return T0 + timedelta(seconds=offset)


def new(seed: int = 0, **options: Any) -> engine.State:
    return engine.new_game({"level": "familiar", "turns": 9, **options}, 2, random.Random(seed), T0, words=source())


def roundtrip(state: engine.State) -> engine.State:
    data = json.loads(json.dumps(engine.to_json(state)))
    back = engine.from_json(data)
    assert engine.to_json(back) == data
    return back


def act(state: engine.State, seat: int, action: dict) -> tuple[engine.State, list[dict]]:
    """Applies through a JSON round trip on both sides, as the runtime stores the state between moves."""
    after, events = engine.apply(roundtrip(state), seat, action, at(len(state.history) + 1))
    json.dumps(events)
    for viewer in (0, 1, None):
        json.dumps(engine.view(after, viewer))
    return roundtrip(after), events


def refused(state: engine.State, seat: int, action: dict) -> IllegalMove:
    before = engine.to_json(state)
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, seat, action, at(1))
    assert caught.value.text  # English, parameters filled in
    assert engine.to_json(state) == before  # nothing changed
    return caught.value


def cells(state: engine.State, giver_kind: str, guesser_kind: str | None = None) -> list[int]:
    """Cells by what the current giver's map (and optionally the guesser's) says, still touchable."""
    return [
        cell
        for cell in range(engine.BOARD_SIZE)
        if state.maps[state.giver][cell] == giver_kind
        and (guesser_kind is None or state.maps[state.guesser][cell] == guesser_kind)
        and state.touchable(cell)
    ]


def clue(state: engine.State, word: str = "xilofono", number: int = 1) -> engine.State:
    """The giver's clue ("xilofono" is on no test board)."""
    state, events = act(state, state.giver, {"type": "clue", "word": word, "number": number})
    assert events[0]["type"] == "clue_given"
    return state


def guess(state: engine.State, cell: int) -> tuple[engine.State, list[dict]]:
    return act(state, state.guesser, {"type": "guess", "cell": cell})


def end_turn(state: engine.State) -> engine.State:
    state, _events = act(state, state.guesser, {"type": "end_turn"})
    return state


# -- the board and the maps ---------------------------------------------------------------------------


def overlap(maps: list[list[str]]) -> Counter:
    return Counter(zip(maps[0], maps[1], strict=True))


EXPECTED_OVERLAP = Counter(
    {
        (KEY, KEY): 3,
        (TRAP, TRAP): 1,
        (TRAP, KEY): 1,
        (KEY, TRAP): 1,
        (TRAP, EMPTY): 1,
        (EMPTY, TRAP): 1,
        (KEY, EMPTY): 5,
        (EMPTY, KEY): 5,
        (EMPTY, EMPTY): 7,
    }
)


def assert_readme_distribution(maps: list[list[str]]) -> None:
    assert len(maps) == 2 and all(len(m) == 25 for m in maps)
    for seat in (0, 1):
        partner = 1 - seat
        mine, theirs = maps[seat], maps[partner]
        assert Counter(mine) == {KEY: 9, TRAP: 3, EMPTY: 13}
        traps = [theirs[c] for c in range(25) if mine[c] == TRAP]
        assert sorted(traps) == sorted([TRAP, KEY, EMPTY])  # one each, for each player
        own_keys = [theirs[c] for c in range(25) if mine[c] == KEY and theirs[c] != KEY]
        assert Counter(own_keys) == {TRAP: 1, EMPTY: 5}  # the 6 keys not shared
    assert sum(a == KEY and b == KEY for a, b in zip(*maps, strict=True)) == 3
    assert sum(a == KEY or b == KEY for a, b in zip(*maps, strict=True)) == 15  # distinct keys


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_every_game_has_exactly_the_readme_overlap_of_the_two_maps(seed: int) -> None:
    state = new(seed)
    assert_readme_distribution(state.maps)
    assert overlap(state.maps) == EXPECTED_OVERLAP
    assert len(set(state.words)) == 25 and state.first_giver in (0, 1)


def test_the_maps_and_the_first_giver_vary_from_game_to_game() -> None:
    games = [new(seed) for seed in range(200)]
    for state in games:
        assert_readme_distribution(state.maps)
    assert len({tuple(s.maps[0]) for s in games}) == 200
    assert Counter(s.first_giver for s in games).keys() == {0, 1}
    # every cell is sometimes a shared trap: the layout is not fixed to positions
    assert {cell for s in games for cell in range(25) if s.maps[0][cell] == s.maps[1][cell] == TRAP} == set(range(25))


def test_a_new_game_draws_25_words_of_the_chosen_level_with_their_spelling() -> None:
    state = new(3)
    assert len(state.words) == 25 and set(state.words) <= set(SMALL.words)
    assert state.shown == [SMALL.display(w) for w in state.words]
    assert state.phase == engine.CLUE and state.turns_left == 9 and state.giver == state.first_giver
    assert engine.next_deadline(state) is None and engine.outcome(state) is None
    assert engine.to_json(new(5)) == engine.to_json(new(5)) and engine.to_json(new(5)) != engine.to_json(new(6))
    assert new(3, turns=11).turns_left == 11
    assert engine.drawn_words(state) == state.words  # the room avoids them next time


def test_the_real_lists_give_boards_of_their_level() -> None:
    for level in engine.LEVELS:
        word_list = lexicon(f"claves-es-{level}")
        state = engine.new_game({"level": level, "turns": 11}, 2, random.Random(8), T0, words=lexicon)
        assert state.list_slug == f"claves-es-{level}" and state.list_version == word_list.info.version
        assert set(state.words) <= set(word_list.words) and len(set(state.words)) == 25
        assert state.shown == [word_list.display(w) for w in state.words]
        assert_readme_distribution(state.maps)
    familiar, standard = set(lexicon("claves-es-familiar").words), set(lexicon("claves-es-standard").words)
    assert familiar <= standard  # familiar is a subset a child knows


def test_a_room_does_not_see_the_same_words_again_while_the_level_has_enough() -> None:
    word_list = lexicon("claves-es-familiar")
    seen: set[str] = set()
    rng = random.Random(11)
    boards = len(word_list.words) // 25
    for _game in range(boards):
        state = engine.new_game({"level": "familiar"}, 2, rng, T0, words=lexicon, avoid=seen)
        assert not set(state.words) & seen
        seen |= set(state.words)
    unused = set(word_list.words) - seen
    assert 0 < len(unused) < 25
    state = engine.new_game({"level": "familiar"}, 2, rng, T0, words=lexicon, avoid=seen)
    assert unused <= set(state.words)  # every unused word first, then reused ones
    assert len(set(state.words)) == 25


def test_a_used_up_level_brings_back_the_least_recently_used_words_first() -> None:
    """`avoid` is the room's cycle in the order drawn: a board that must reuse words takes them from its older
    half, so the boards just played do not come back."""
    words = lexicon("claves-es-familiar").words
    for seed in range(20):
        rng = random.Random(seed)
        order = list(words)
        rng.shuffle(order)
        unused, cycle = order[:10], order[10:]  # 10 words left unused: the board needs 15 old ones
        state = engine.new_game({"level": "familiar"}, 2, rng, T0, words=lexicon, avoid=cycle)
        reused = set(state.words) - set(unused)
        assert set(unused) <= set(state.words) and len(reused) == 15
        assert reused <= set(cycle[: len(cycle) // 2])


def test_banned_words_stay_off_the_board() -> None:
    banned = set(SMALL.words[:15])
    for seed in range(30):
        state = engine.new_game({}, 2, random.Random(seed), T0, words=source(), banned=banned)
        assert not set(state.words) & banned


def test_settings_and_seats_are_checked() -> None:
    assert engine.make_settings({}) == {"level": "familiar", "turns": 9}
    assert engine.make_settings({"level": "standard", "turns": "11", "other": 1}) == {"level": "standard", "turns": 11}
    for raw, code in (
        ({"level": "hard"}, "bad_level"),
        ({"turns": 10}, "bad_turns"),
        ({"turns": True}, "bad_turns"),
        ({"turns": "nine"}, "bad_turns"),
    ):
        with pytest.raises(Refusal) as caught:
            engine.make_settings(raw)
        assert caught.value.code == code and caught.value.text
    for seats in (1, 3):
        with pytest.raises(Refusal) as caught:
            engine.new_game({}, seats, random.Random(0), T0, words=source())
        assert caught.value.code == "bad_seats"
    with pytest.raises(ValueError):
        engine.new_game({}, 2, random.Random(0), datetime(2025, 5, 1), words=source())  # naive


def test_the_engine_is_registered_with_a_room_spec_of_two_seats_and_no_bots() -> None:
    assert isinstance(engine, Engine) and ENGINES["claves"] is engine
    spec = spec_for("claves")
    assert (spec.min_seats, spec.max_seats, spec.guest_host_max_seats, spec.bot_levels) == (2, 2, 2, ())
    assert spec.spectators and spec.code_length == 5 and spec.leave_interrupts
    assert spec.clean_settings({"level": "standard", "turns": "11"}, "en") == {"level": "standard", "turns": 11}
    assert spec.hidden_list({"level": "standard"}) == "claves-es-standard"
    with pytest.raises(Refusal):
        spec.clean_settings({"turns": 7}, "es")


# -- a turn -------------------------------------------------------------------------------------------


def test_a_turn_is_a_clue_by_the_giver_then_guesses_by_the_partner() -> None:
    state = new(1)
    giver, guesser = state.giver, state.guesser
    assert refused(state, guesser, {"type": "clue", "word": "mar", "number": 2}).code == "not_giver"
    assert refused(state, guesser, {"type": "guess", "cell": 0}).code == "no_clue_yet"
    assert refused(state, guesser, {"type": "end_turn"}).code == "no_clue_yet"
    assert refused(state, giver, {"type": "guess", "cell": 0}).code == "not_guesser"
    view = engine.view(state, giver)
    assert view["role"] == "giver" and view["can_clue"] and not view["can_guess"]
    assert engine.view(state, guesser)["role"] == "guesser" and not engine.view(state, guesser)["can_clue"]

    state, events = act(state, giver, {"type": "clue", "word": "  Océano ", "number": 2})
    assert events == [
        {
            "type": "clue_given",
            "seat": giver,
            "turn": 1,
            "word": "oceano",
            "shown": "océano",
            "number": 2,
            "turns_left": 8,
            "at": events[0]["at"],
        }
    ]
    assert state.turns_left == 8 and state.phase == engine.GUESS
    assert refused(state, giver, {"type": "clue", "word": "mar", "number": 1}).code == "clue_given"
    assert refused(state, giver, {"type": "end_turn"}).code == "not_guesser"
    for view in (engine.view(state, 0), engine.view(state, 1), engine.view(state, None)):
        assert view["clue"] == {"word": "océano", "number": 2, "giver": giver, "turn": 1, "guesses": 0}
        assert view["turns_left"] == 8 and view["turns_used"] == 1
    assert engine.view(state, guesser)["can_guess"] and engine.view(state, guesser)["can_end_turn"]
    assert not engine.view(state, giver)["can_guess"] and not engine.view(state, None)["can_guess"]

    # "Termino el turno" at any moment, even before touching a word; roles swap
    state = end_turn(state)
    assert state.phase == engine.CLUE and (state.giver, state.guesser) == (guesser, giver)
    assert state.history[-1].end == engine.TURN_ENDED and engine.view(state, None)["clue"] is None


def test_bad_actions_are_refused_with_stable_codes() -> None:
    state = clue(new(2))
    assert refused(state, 2, {"type": "end_turn"}).code == "not_a_seat"
    assert refused(state, True, {"type": "end_turn"}).code == "not_a_seat"
    assert refused(state, 0, {"type": "pass"}).code == "malformed"
    assert refused(state, 0, ["guess"]).code == "malformed"
    for cell in (25, -1, None, "x", True, 2.0):
        assert refused(state, state.guesser, {"type": "guess", "cell": cell}).code == "bad_cell"
    again = clue_free(state)
    assert refused(again, again.giver, {"type": "clue", "word": "dos palabras", "number": 1}).code == "not_one_word"


def clue_free(state: engine.State) -> engine.State:
    """The same game back in the clue phase (to test clue refusals on a given board)."""
    return end_turn(state)


def test_a_board_word_or_its_plural_is_refused_as_a_clue_and_spends_nothing() -> None:
    state = new(4)
    word = state.shown[0]
    error = refused(state, state.giver, {"type": "clue", "word": word.upper(), "number": 1})
    assert error.code == "board_word" and word in error.text
    error = refused(state, state.giver, {"type": "clue", "word": state.words[0] + "s", "number": 1})
    assert error.code == "board_variant"
    assert refused(state, state.giver, {"type": "clue", "word": "mar", "number": 10}).code == "bad_number"
    assert state.turns_left == 9 and not state.history


def test_the_runtime_passes_the_curated_list_so_a_noun_of_its_own_is_a_fine_clue() -> None:
    data = engine.to_json(new(4))
    data["words"][0], data["shown"][0] = "puerto", "puerto"
    state = engine.from_json(data)
    action = {"type": "clue", "word": "puerta", "number": 1}
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, state.giver, action, at(1))  # no list: the look-alike is refused
    assert caught.value.code == "board_variant"
    after, _events = engine.apply(state, state.giver, action, at(1), words=lexicon)
    assert after.history[-1].word == "puerta"
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, state.giver, {"type": "clue", "word": "puertos", "number": 1}, at(1), words=lexicon)
    assert caught.value.code == "board_variant"


def test_a_key_of_the_givers_map_is_uncovered_and_the_guesser_may_go_on_past_the_number() -> None:
    state = clue(new(5), number=1)
    keys = cells(state, KEY)
    state, events = guess(state, keys[0])
    assert events[0]["result"] == KEY and state.uncovered == [keys[0]] and state.phase == engine.GUESS
    state, _ = guess(state, keys[1])
    state, _ = guess(state, keys[2])  # three keys on a clue for one: allowed
    assert state.uncovered == keys[:3] and state.phase == engine.GUESS
    view = engine.view(state, None)
    assert view["keys_found"] == 3 and [c["uncovered"] for c in view["board"]].count(True) == 3
    assert view["clue"]["guesses"] == 3
    assert refused(state, state.guesser, {"type": "guess", "cell": keys[0]}).code == "already_uncovered"


def test_the_clue_givers_map_decides_not_the_guessers() -> None:
    state = clue(new(6))
    giver = state.giver
    # a key of the guesser's own map that is empty on the giver's: empty, the giver's colour mark
    (cell,) = cells(state, EMPTY, KEY)[:1]
    state, events = guess(state, cell)
    assert events[0]["result"] == EMPTY and events[0]["giver"] == giver
    assert state.marks[giver] == [cell] and state.marks[1 - giver] == [] and cell not in state.uncovered
    assert state.phase == engine.CLUE and state.giver == 1 - giver  # the turn ended, roles swapped
    assert engine.view(state, None)["board"][cell]["marks"] == [giver]

    # the guesser's trap that is a key of the giver's map: uncovered without fear
    state = clue(state)
    (cell,) = cells(state, KEY, TRAP)
    state, events = guess(state, cell)
    assert events[0]["result"] == KEY and cell in state.uncovered and state.phase == engine.GUESS

    # the guesser's trap that is empty on the giver's map: just an empty word
    (cell,) = cells(state, EMPTY, TRAP)
    state, events = guess(state, cell)
    assert events[0]["result"] == EMPTY and engine.outcome(state) is None


def test_a_word_marked_with_the_givers_colour_cannot_be_touched_while_that_person_gives() -> None:
    state = clue(new(7))
    first = state.giver
    marked = cells(state, EMPTY, EMPTY)[0]  # empty on both maps
    state, _ = guess(state, marked)
    assert state.marks[first] == [marked]

    # the partner gives now: the word may be touched again (the partner's map decides)
    state = clue(state)
    assert state.giver == 1 - first and state.touchable(marked)
    assert engine.view(state, None)["board"][marked]["touchable"]
    state, events = guess(state, marked)
    assert events[0]["result"] == EMPTY and state.marks == [[marked], [marked]]
    assert engine.view(state, 0)["board"][marked]["marks"] == [0, 1]  # both colours

    # the first giver gives again: their mark forbids the word
    state = clue(state)
    assert state.giver == first and not state.touchable(marked)
    assert not engine.view(state, state.guesser)["board"][marked]["touchable"]
    error = refused(state, state.guesser, {"type": "guess", "cell": marked})
    assert error.code == "marked_for_giver"


# -- the end --------------------------------------------------------------------------------------------


def uncover_all_keys_of_giver(state: engine.State) -> engine.State:
    for cell in cells(state, KEY):
        state, _ = guess(state, cell)
    return state


def test_uncovering_all_15_keys_wins_with_the_turns_left() -> None:
    state = clue(new(8))
    first = state.giver
    state = uncover_all_keys_of_giver(state)
    assert len(state.uncovered) == 9 and state.map_done(first) and state.phase == engine.GUESS
    state = end_turn(state)
    assert state.giver == 1 - first  # the partner's map is not done: they give
    state = clue(state)
    assert len(cells(state, KEY)) == 6  # the 3 shared keys are already green
    state, events = guess(state, cells(state, KEY)[0])
    state = uncover_all_keys_of_giver(state)
    assert state.phase == engine.FINISHED and len(state.uncovered) == 15
    result = engine.outcome(state)
    assert result.details["result"] == "won" and result.details["won"] and result.details["reason"] == "all_keys"
    assert (
        result.details["turns_left"] == 7 and result.details["turns_used"] == 2 and result.details["keys_found"] == 15
    )
    assert result.winners == (0, 1) and result.totals == (7, 7) and not result.draw
    assert state.history[-1].end == "all_keys"
    view = engine.view(state, None)
    assert view["outcome"] == result.to_json() and view["giver"] is None and view["role"] is None
    assert view["maps"] == state.maps  # shown to everyone once it is over
    for seat in (0, 1):
        assert refused(state, seat, {"type": "end_turn"}).code == "match_over"


def test_touching_a_trap_of_the_givers_map_loses_at_once() -> None:
    state = clue(new(9))
    (trap,) = cells(state, TRAP, EMPTY)
    state, events = guess(state, trap)
    assert events[0]["result"] == TRAP and events[-1]["type"] == "match_finished"
    assert state.phase == engine.FINISHED and state.trap_cell == trap
    result = engine.outcome(state)
    assert (result.details["result"], result.details["reason"], result.details["won"]) == ("lost", "trap", False)
    assert result.winners == () and result.details["trap_cell"] == trap and result.details["turns_left"] == 8
    view = engine.view(state, None)
    assert view["board"][trap]["trap"] and sum(c["trap"] for c in view["board"]) == 1
    assert view["maps"] == state.maps
    assert refused(state, state.guesser, {"type": "guess", "cell": 0}).code == "match_over"


def test_the_shared_trap_loses_whoever_gives() -> None:
    state = clue(new(10))
    (trap,) = cells(state, TRAP, TRAP)
    state, _ = guess(state, trap)
    assert engine.outcome(state).details["reason"] == "trap"


def test_running_out_of_turns_with_keys_left_loses() -> None:
    state = new(11)
    for turn in range(9):
        state = clue(state)
        if turn % 2:
            state, _ = guess(state, cells(state, KEY)[0])
        state = end_turn(state) if state.phase == engine.GUESS else state
    assert state.phase == engine.FINISHED and state.turns_left == 0
    result = engine.outcome(state)
    assert (result.details["result"], result.details["reason"]) == ("lost", "out_of_turns") and result.details[
        "keys_found"
    ] == 4
    assert engine.view(state, 0)["maps"] == state.maps


def test_the_last_turn_ended_by_an_empty_word_also_runs_out() -> None:
    state = new(12, turns=9)
    for _turn in range(8):
        state = end_turn(clue(state))
    state = clue(state)
    assert state.turns_left == 0 and engine.outcome(state) is None  # the last turn is played
    state, events = guess(state, cells(state, EMPTY)[0])
    assert [e["type"] for e in events] == ["guessed", "turn_ended", "match_finished"]
    assert engine.outcome(state).details["reason"] == "out_of_turns"


def test_a_win_on_the_last_turn_is_a_win() -> None:
    state = new(13)
    first = state.giver
    state = end_turn(uncover_all_keys_of_giver(clue(state)))
    for _turn in range(7):
        state = end_turn(clue(state))
    state = clue(state)
    assert state.turns_left == 0 and state.giver == 1 - first
    state = uncover_all_keys_of_giver(state)
    assert engine.outcome(state).details["result"] == "won" and engine.outcome(state).details["turns_left"] == 0


def test_once_a_map_is_done_the_partner_gives_every_remaining_clue() -> None:
    state = clue(new(14))
    done = state.giver
    state = end_turn(uncover_all_keys_of_giver(state))
    assert engine.view(state, None)["done"] == [done == 0, done == 1]
    for _turn in range(4):
        assert state.giver == 1 - done  # never the seat whose keys are all green
        state = end_turn(clue(state))
    assert state.giver == 1 - done
    assert engine.view(state, done)["role"] == "guesser"


def test_the_map_finished_by_the_partners_clues_also_switches() -> None:
    """Shared keys uncovered on the partner's clues count for both maps: a map is done by its keys."""
    state = clue(new(15))
    a = state.giver
    b = 1 - a
    # A's clue: uncover A's keys that are not B's (6), leave the 3 shared ones
    for cell in cells(state, KEY, EMPTY) + cells(state, KEY, TRAP):
        state, _ = guess(state, cell)
    state = end_turn(state)
    assert not state.map_done(a)
    # B's clue: the 3 shared keys -> A's map is done, B's is not
    state = clue(state)
    assert state.giver == b
    shared = cells(state, KEY, KEY)
    for cell in shared:
        state, _ = guess(state, cell)
    assert state.map_done(a) and not state.map_done(b)
    state = end_turn(state)
    assert state.giver == b  # A's keys are all green although A gave only one clue


def test_stop_and_interrupt_end_the_game_without_a_result() -> None:
    state = clue(new(16))
    stopped, events = engine.stop(state, at(5), engine.INTERRUPTED)
    assert events[0]["type"] == "match_finished" and events[0]["result"] == "stopped"
    result = engine.outcome(stopped)
    assert result.details["result"] == "stopped" and not result.details["won"] and result.stopped == "interrupted"
    assert result.winners == () and engine.view(stopped, None)["maps"] == stopped.maps
    assert engine.stop(stopped, at(6), "admin") == (stopped, [])  # already over: nothing happens
    assert refused(stopped, 0, {"type": "end_turn"}).code == "match_over"
    admin, _ = engine.stop(new(16), at(1), "admin")
    assert engine.outcome(admin).stopped == "admin"
    assert roundtrip(admin) == admin


def test_nothing_happens_by_itself() -> None:
    state = clue(new(17))
    later, events = engine.advance(state, at(10**7))
    assert events == [] and engine.to_json(later) == engine.to_json(state) and later is not state
    assert engine.next_deadline(state) is None
    with pytest.raises(ValueError):
        engine.advance(state, datetime(2025, 5, 1))


# -- views -----------------------------------------------------------------------------------------------


def secret_cells(state: engine.State, seat: int) -> list[int]:
    """Cells whose kind on `seat`'s map nobody else has seen: not uncovered, not marked with that seat's
    colour, not the trap that ended the game."""
    return [c for c in range(25) if c not in state.uncovered and c not in state.marks[seat] and c != state.trap_cell]


def reshuffled(state: engine.State, seat: int, rng: random.Random) -> engine.State:
    """The same game with `seat`'s map shuffled over its secret cells: what others see must not change."""
    other = engine.from_json(engine.to_json(state))
    hidden = secret_cells(state, seat)
    kinds = [state.maps[seat][c] for c in hidden]
    rng.shuffle(kinds)
    for cell, kind in zip(hidden, kinds, strict=True):
        other.maps[seat][cell] = kind
    return other


def random_game(seed: int, words: Any = None, level: str = "familiar") -> list[engine.State]:
    """A random legal game to its end (a clue of a made-up word, random touches, random stops)."""
    rng = random.Random(seed)
    state = engine.new_game({"level": level, "turns": rng.choice((9, 11))}, 2, rng, T0, words=words or source())
    states = [state]
    for _step in range(400):
        if state.phase == engine.FINISHED:
            return states
        if state.phase == engine.CLUE:
            action = {"type": "clue", "word": "zq" + "".join(rng.choices("aeiouñ", k=4)), "number": rng.randrange(10)}
            seat = state.giver
        elif rng.random() < 0.15:
            action, seat = {"type": "end_turn"}, state.guesser
        else:
            # mostly the giver's keys (a pair that understands each other), sometimes anything
            touchable = [c for c in range(25) if state.touchable(c)]
            keys = [c for c in touchable if state.maps[state.giver][c] == KEY]
            pool = keys if keys and rng.random() < 0.75 else touchable
            action, seat = {"type": "guess", "cell": rng.choice(pool)}, state.guesser
        state, _events = act(state, seat, action)
        states.append(state)
    raise AssertionError("a random game did not end in 400 actions")


def test_views_never_show_the_partners_map_nor_any_map_to_spectators_before_the_end() -> None:
    rng = random.Random(99)
    ends = Counter()
    for seed in range(60):
        states = random_game(seed)
        ends[engine.outcome(states[-1]).details["reason"]] += 1
        for state in states:
            playing = state.phase != engine.FINISHED
            for viewer in (0, 1, None):
                view = engine.view(state, viewer)
                text = json.dumps(view, sort_keys=True)
                if not playing:
                    assert view["maps"] == state.maps and view["map"] == (
                        None if viewer is None else state.maps[viewer]
                    )
                    continue
                assert view["maps"] is None
                if viewer is None:
                    assert view["map"] is None and all(c["mine"] is None for c in view["board"])
                    assert '"key"' not in text.replace('"result": "key"', "")  # no map words at all
                    hidden_seats = (0, 1)
                else:
                    assert view["map"] == state.maps[viewer]
                    assert [c["mine"] for c in view["board"]] == state.maps[viewer]
                    hidden_seats = (1 - viewer,)
                # the view is the same whatever the hidden maps hold on their secret cells
                other = state
                for seat in hidden_seats:
                    other = reshuffled(other, seat, rng)
                assert json.dumps(engine.view(other, viewer), sort_keys=True) == text
    assert set(ends) >= {"all_keys", "trap", "out_of_turns"}  # the random games reach every end


def test_a_partners_map_differs_from_the_viewers_somewhere_secret_so_the_search_can_fail() -> None:
    """Guards the test above: with the partner's map shuffled, the partner's own view does change."""
    state = clue(new(21))
    other = reshuffled(state, 1, random.Random(3))
    assert other.maps[1] != state.maps[1]
    assert engine.view(other, 1) != engine.view(state, 1)
    assert engine.view(other, 0) == engine.view(state, 0)


def test_random_games_on_the_real_lists_always_end_and_round_trip() -> None:
    for seed in range(40):
        level = engine.LEVELS[seed % 2]
        states = random_game(1000 + seed, words=lexicon, level=level)
        final = states[-1]
        result = engine.outcome(final)
        assert result.details["result"] in ("won", "lost") and result.details["level"] == level
        assert len(final.history) <= final.turns
        assert result.details["turns_left"] == final.turns - len(final.history)
        if result.details["won"]:
            assert result.details["keys_found"] == 15
        for state in states:
            assert roundtrip(state) == state
