"""The Torneo engine (games/torneo/engine.py): duels, turns, clock, lives, places, leaving, JSON, views."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kit.errors import IllegalMove, Refusal
from games.kit.words import WordSet
from games.torneo import engine

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
OPEN = engine.INTRO_SECONDS

HIDDEN = {
    4: ("casa", "pelo", "mesa", "lobo", "gato", "pato"),
    5: ("perro", "gatos", "mundo", "torre", "barco", "queso"),
    6: ("camino", "puerta", "ciudad", "paloma", "cuerpo", "planta"),
}
EXTRA = {4: ("rosa", "sopa"), 5: ("nubes", "casas"), 6: ("bodega", "cantar")}
LISTS = {}
for _n in (4, 5, 6):
    LISTS[f"torneo-es-{_n}-hidden"] = WordSet(HIDDEN[_n])
    LISTS[f"torneo-es-{_n}-valid"] = WordSet(HIDDEN[_n] + EXTRA[_n])


def words(slug):
    return LISTS[slug]


def at(offset: float) -> datetime:
    return T0 + timedelta(seconds=offset)


ROUND_WORDS = [
    ["casa", "perro", "camino", "mesa"],
    ["lobo", "gatos", "puerta", "mundo"],
    ["gato", "torre", "ciudad", "pato"],
    ["barco", "queso", "paloma", "cuerpo"],
] * 6


def fresh(seats: int = 8, seed: int = 1, **extra) -> engine.State:
    return engine.new_game(
        {"language": "es", "duel_words": ROUND_WORDS, **extra}, seats, random.Random(seed), T0, words=words
    )


def roundtrip(state: engine.State) -> engine.State:
    again = engine.from_json(json.loads(json.dumps(engine.to_json(state))))
    assert engine.to_json(again) == engine.to_json(state)
    return again


def wrong_word(duel: engine.Duel) -> str:
    return next(w for w in LISTS[f"torneo-es-{duel.length}-valid"].words if w != duel.hidden)


def test_a_new_tournament_shows_the_pairings_for_six_seconds():
    state = fresh()
    assert state.phase == engine.INTRO
    assert state.lives == [3] * 8
    duels = state.current.duels
    assert len(duels) == 4 and state.current.bye is None
    assert sorted(seat for d in duels for seat in d.seats) == list(range(8))
    assert len({d.hidden for d in duels}) == 4  # each pair its own word
    assert engine.next_deadline(state) == at(OPEN)
    first = duels[0].seats[0]
    with pytest.raises(IllegalMove) as error:
        engine.apply(state, first, {"type": "guess", "word": wrong_word(duels[0])}, at(5.9), words=words)
    assert error.value.code == "round_not_open"
    state, events = engine.advance(state, at(OPEN))
    assert state.phase == engine.PLAYING
    assert events[0]["type"] == "round_opened"


def test_who_starts_each_duel_is_drawn():
    starters = set()
    for seed in range(30):
        duel = fresh(seats=2, seed=seed).current.duels[0]
        starters.add(duel.seats[0])
    assert starters == {0, 1}


def test_turns_alternate_and_only_the_player_to_move_may_guess():
    state, _ = engine.advance(fresh(), at(OPEN))
    duel = state.current.duels[0]
    first, second = duel.seats
    with pytest.raises(IllegalMove) as error:
        engine.apply(state, second, {"type": "guess", "word": wrong_word(duel)}, at(OPEN + 1), words=words)
    assert error.value.code == "not_your_turn"
    state, events = engine.apply(state, first, {"type": "guess", "word": wrong_word(duel)}, at(OPEN + 4), words=words)
    duel = state.current.duels[0]
    assert [e["type"] for e in events] == ["guessed"]
    assert duel.to_play == second
    assert duel.turn_ends_at == at(OPEN + 4 + engine.TURN_SECONDS)  # the rival's 30 s start at the guess
    roundtrip(state)


@pytest.mark.parametrize(("typed", "code"), [("ca", "wrong_length"), ("zzzz", "not_in_list"), ("ca5a", "not_letters")])
def test_an_invalid_guess_is_refused_and_the_turn_keeps_running(typed, code):
    state, _ = engine.advance(fresh(), at(OPEN))
    duel = next(d for d in state.current.duels if d.length == 4)
    before = engine.to_json(state)
    with pytest.raises(IllegalMove) as error:
        engine.apply(state, duel.to_play, {"type": "guess", "word": typed}, at(OPEN + 10), words=words)
    assert error.value.code == code
    assert engine.to_json(state) == before
    assert engine.next_deadline(state) == at(OPEN + engine.TURN_SECONDS)  # the clock was not reset


def test_a_timed_out_turn_is_skipped_counts_and_passes():
    state, _ = engine.advance(fresh(), at(OPEN))
    first, second = state.current.duels[0].seats
    state, events = engine.advance(state, at(OPEN + 30))
    duel = state.current.duels[0]
    assert len(duel.rows) == 1 and duel.rows[0].word is None and duel.rows[0].seat == first
    assert duel.to_play == second
    assert {e["type"] for e in events} == {"turn_skipped"}
    assert engine.view(state, first)["duels"][0]["turns_left"] == {str(first): 5, str(second): 6}


def test_solving_wins_and_the_loser_loses_a_life():
    state, _ = engine.advance(fresh(), at(OPEN))
    duel = state.current.duels[0]
    first, second = duel.seats
    state, _ = engine.apply(state, first, {"type": "guess", "word": wrong_word(duel)}, at(OPEN + 3), words=words)
    state, events = engine.apply(
        state, second, {"type": "guess", "word": duel.hidden.upper()}, at(OPEN + 5), words=words
    )
    duel = state.current.duels[0]
    assert duel.end == engine.SOLVED and duel.winner == second
    assert state.lives[first] == 2 and state.lives[second] == 3
    ended = next(e for e in events if e["type"] == "duel_ended")
    assert ended["winner"] == second and ended["hidden"] == duel.hidden
    with pytest.raises(IllegalMove) as error:
        engine.apply(state, first, {"type": "guess", "word": duel.hidden}, at(OPEN + 6), words=words)
    assert error.value.code == "no_duel"


def test_twelve_rows_without_a_solve_is_a_draw_and_both_lose_a_life():
    state, _ = engine.advance(fresh(seats=2), at(OPEN))
    duel = state.current.duels[0]
    t = OPEN
    for _turn in range(11):
        t += 2
        state, _ = engine.apply(
            state, state.current.duels[0].to_play, {"type": "guess", "word": wrong_word(duel)}, at(t), words=words
        )
    # The twelfth turn runs out: still a used turn, and the duel is drawn.
    state, events = engine.advance(state, at(t + 30))
    assert state.rounds[0].duels[0].end == engine.DRAW
    assert state.lives == [2, 2]
    assert any(e["type"] == "round_starting" and e["round"] == 2 for e in events)
    # The next round starts its intro when the last duel ended.
    assert state.current.intro_at == at(t + 30)


def test_the_clock_catches_up_in_one_call_exactly_as_punctual_timers_would():
    late, _ = engine.advance(fresh(), at(10_000))
    punctual = fresh()
    while (deadline := engine.next_deadline(punctual)) is not None and deadline <= at(10_000):
        punctual, _ = engine.advance(punctual, deadline)
    assert engine.to_json(late) == engine.to_json(punctual)


def test_when_everyone_falls_in_one_round_they_share_the_place_and_the_round_is_not_replayed():
    # Nobody ever plays: every duel is a draw, so all 8 lose a life each round and all fall in round 3.
    state, events = engine.advance(fresh(), at(100_000))
    assert state.phase == engine.FINISHED
    assert len(state.rounds) == 3
    result = engine.outcome(state)
    assert result.places == (1,) * 8
    assert result.winners == tuple(range(8))
    assert events[-1]["type"] == "match_finished"
    assert engine.next_deadline(state) is None


def _solve_for(state, seats_to_win, t):
    """In every open duel, the seat in `seats_to_win` (or else whoever moves) solves at time t."""
    events = []
    for index in range(len(state.current.duels)):
        duel = state.current.duels[index]
        if duel.over:
            continue
        winner = next((s for s in duel.seats if s in seats_to_win), duel.seats[0])
        if duel.to_play != winner:
            state, more = engine.apply(
                state, duel.to_play, {"type": "guess", "word": wrong_word(duel)}, at(t), words=words
            )
            events += more
            t += 1
        state, more = engine.apply(state, winner, {"type": "guess", "word": duel.hidden}, at(t), words=words)
        events += more
        t += 1
    return state, events, t


def test_places_are_fixed_when_players_fall_and_the_last_standing_wins():
    state, _ = engine.advance(fresh(seats=4), at(OPEN))
    t = OPEN + 1
    history = []
    while state.phase != engine.FINISHED:
        # Seat 0 always wins; among the others the lower seat wins.
        state, events, t = _solve_for(state, {0, 1}, t)
        history += events
        state = roundtrip(state)
        if state.phase == engine.INTRO:
            t += OPEN
            state, _ = engine.advance(state, at(t))
        assert len(state.rounds) < 20
    result = engine.outcome(state)
    assert result.places[0] == 1
    assert result.winners == (0,)
    assert all(life >= 0 for life in state.lives)
    # Everyone placed got their place in a round_ended event at the end of the round they fell in.
    placed = {p["seat"]: p["place"] for e in history if e["type"] == "round_ended" for p in e["placed"]}
    for seat in (1, 2, 3):
        assert placed[seat] == result.places[seat]


def test_players_falling_in_the_same_round_share_the_place():
    # Four players, two duels a round; seats 0 and 1 win every duel they play, the others lose.
    state = fresh(seats=4, seed=5)
    t = 0
    while state.phase != engine.FINISHED:
        t += OPEN
        state, _ = engine.advance(state, at(t))
        if state.phase != engine.PLAYING:
            continue
        state, _, t = _solve_for(state, {0, 1}, t)
    result = engine.outcome(state)
    losers = [seat for seat in range(4) if result.places[seat] != 1]
    # Whoever fell in the same round has the same place.
    for a in losers:
        for b in losers:
            if result.details["out_round"][a] == result.details["out_round"][b]:
                assert result.places[a] == result.places[b]


def test_leaving_loses_the_duel_and_places_the_leaver_below_the_others_who_fall_that_round():
    state = fresh(seats=4, seed=2)
    # Round 1 and 2: draws by timeout, so everyone is on 1 life.
    state, _ = engine.advance(state, at(OPEN))
    for _round in range(2):
        deadline = state.current.opens_at + timedelta(seconds=12 * engine.TURN_SECONDS)
        state, _ = engine.advance(state, deadline)
    assert state.lives == [1, 1, 1, 1] and state.current.number == 3
    state, _ = engine.advance(state, state.current.opens_at)
    leaver_duel, other_duel = state.current.duels
    leaver, rival = leaver_duel.seats
    state, events = engine.apply(state, leaver, {"type": "leave"}, state.current.opens_at + timedelta(seconds=3))
    ended = next(e for e in events if e["type"] == "duel_ended")
    assert ended["winner"] == rival and ended["end"] == engine.FORFEIT
    assert state.lives[rival] == 1 and state.lives[leaver] == 0
    # The other duel ends in a draw: both fall this round, above the leaver; the rival wins.
    state, _ = engine.advance(state, at(100_000))
    result = engine.outcome(state)
    assert result.winners == (rival,)
    a, b = other_duel.seats
    assert result.places[a] == result.places[b] == 2
    assert result.places[leaver] == 4
    with pytest.raises(IllegalMove) as error:
        engine.apply(state, leaver, {"type": "guess", "word": "casa"}, at(100_001), words=words)
    assert error.value.code == "match_over"


def test_an_odd_number_left_gives_a_bye_that_costs_no_life():
    state = fresh(seats=3, seed=4)
    assert state.current.bye is not None
    bye = state.current.bye
    state, _ = engine.advance(state, state.current.opens_at + timedelta(seconds=12 * engine.TURN_SECONDS))
    assert state.lives[bye] == 3
    assert state.current.number == 2 and state.current.bye != bye  # never two byes running
    with pytest.raises(IllegalMove) as error:
        engine.apply(state, state.current.bye, {"type": "guess", "word": "casa"}, state.current.opens_at, words=words)
    assert error.value.code == "no_duel"


def test_the_hidden_word_never_shows_while_its_duel_is_played():
    state, _ = engine.advance(fresh(), at(OPEN))
    for viewer in [*range(8), None]:
        text = json.dumps(engine.view(state, viewer))
        for duel in state.current.duels:
            assert f'"{duel.hidden}"' not in text


def test_stop_ends_it_with_the_standing_players_sharing_first():
    state, _ = engine.advance(fresh(seats=2), at(OPEN))
    state, events = engine.stop(state, at(OPEN + 5), "admin")
    assert engine.outcome(state).places == (1, 1)
    assert engine.outcome(state).stopped == "admin"
    assert events[-1]["type"] == "match_finished"


def test_bad_settings_are_refused():
    with pytest.raises(Refusal) as error:
        engine.new_game({"language": "tr"}, 8, random.Random(0), T0, words=words)
    assert error.value.code == "bad_language"
    with pytest.raises(Refusal) as error:
        engine.new_game({"language": "es"}, 9, random.Random(0), T0, words=words)
    assert error.value.code == "bad_seats"


def test_drawn_words_are_4_5_or_6_letters_and_differ_within_a_round():
    state = engine.new_game({"language": "es"}, 8, random.Random(3), T0, words=words)
    lengths = [entry[0] for block in state.words for entry in block]
    assert set(lengths) == {4, 5, 6}
    for block in state.words:
        assert len({entry[1] for entry in block}) == len(block)
        for length, word, _shown in block:
            assert word in LISTS[f"torneo-es-{length}-hidden"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=2, max_value=8))
def test_random_tournaments_end_with_consistent_places(seed, seats):
    """Random play (guesses, timeouts, an occasional leaver) always finishes with consistent standings."""
    rng = random.Random(seed)
    state = engine.new_game({"language": "es"}, seats, random.Random(seed), T0, words=words)
    t = 0.0
    for _step in range(2000):
        if state.phase == engine.FINISHED:
            break
        t += rng.choice((1, 5, 31))
        state, _ = engine.advance(state, at(t))
        if state.phase == engine.PLAYING:
            duel = rng.choice(state.current.duels)
            if not duel.over:
                pool = LISTS[f"torneo-es-{duel.length}-valid"].words
                action = {"type": "guess", "word": rng.choice(pool)}
                if rng.random() < 0.01:
                    action = {"type": "leave"}
                state, _ = engine.apply(state, duel.to_play, action, at(t), words=words)
        assert all(0 <= life <= engine.LIVES for life in state.lives)
        if rng.random() < 0.1:
            state = roundtrip(state)
    assert state.phase == engine.FINISHED
    result = engine.outcome(state)
    places = result.places
    assert min(places) == 1 and len(result.winners) >= 1
    # A place is 1 + the number of players who finished strictly ahead.
    for seat in range(seats):
        assert places[seat] == 1 + sum(1 for other in places if other < places[seat])
    # Someone who fell in an earlier round is never ahead of someone who fell later.
    rounds_out = [r if r is not None else 10_000 for r in result.details["out_round"]]
    for a in range(seats):
        for b in range(seats):
            if rounds_out[a] < rounds_out[b]:
                assert places[a] > places[b]


def test_leaving_during_the_intro_forfeits_the_coming_duel():
    state = fresh(seats=2)
    state, _ = engine.apply(state, 0, {"type": "leave"}, at(2))
    assert state.current.duels[0].winner == 1
    state, events = engine.advance(state, at(OPEN))
    assert engine.outcome(state).places == (2, 1)
    assert events[-1]["type"] == "match_finished"


def test_an_eliminated_player_leaving_keeps_their_shared_place():
    state = fresh(seats=4, seed=2)
    state, _ = engine.advance(state, at(OPEN))
    for _round in range(2):  # two rounds of draws by timeout: everyone on 1 life
        state, _ = engine.advance(state, state.current.opens_at + timedelta(seconds=12 * engine.TURN_SECONDS))
    state, _ = engine.advance(state, state.current.opens_at)
    solved, drawn = state.current.duels
    t = state.current.opens_at
    state, _ = engine.apply(state, solved.to_play, {"type": "guess", "word": solved.hidden}, t, words=words)
    loser = next(s for s in solved.seats if s != solved.to_play)
    assert state.lives[loser] == 0
    # Out already, the loser leaves the screen while the other duel goes on (and ends in a draw).
    state, _ = engine.apply(state, loser, {"type": "leave"}, t + timedelta(seconds=1))
    state, _ = engine.advance(state, t + timedelta(seconds=12 * engine.TURN_SECONDS))
    places = engine.outcome(state).places
    assert places[solved.to_play] == 1
    assert places[loser] == places[drawn.seats[0]] == places[drawn.seats[1]] == 2


def test_the_intro_shows_how_the_round_before_ended_words_included():
    state, _ = engine.advance(fresh(), at(OPEN))
    assert engine.view(state, 0)["previous_duels"] == []
    state, _, t = _solve_for(state, {0, 1, 2, 3}, OPEN + 1)
    assert state.phase == engine.INTRO and state.current.number == 2  # the last duel began the next intro
    finished = state.rounds[0].duels
    for viewer in (0, None):
        previous = engine.view(state, viewer)["previous_duels"]
        assert [d["hidden"]["word"] for d in previous] == [d.hidden for d in finished]
        assert all(d["over"] and d["end"] == engine.SOLVED for d in previous)
        assert [d["yours"] for d in previous] == [viewer in d.seats for d in finished]
    state, _ = engine.advance(state, state.current.opens_at)
    assert engine.view(state, 0)["previous_duels"] == []  # once the round opens, only its own duels
