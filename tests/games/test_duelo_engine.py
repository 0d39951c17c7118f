"""The Duelo engine (games/duelo/engine.py): rules, clock, scoring, views and JSON, without a database."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.duelo import engine
from games.kit.contract import Engine
from games.kit.errors import IllegalMove, Refusal
from games.kit.wordle import AMBER, GREEN, GREY
from games.kit.words import WordSet
from games.runtime.registry import ENGINES
from wordlists.lexicon import lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
OPEN = engine.START_CARD_SECONDS  # seconds after T0 when round 1 opens

HIDDEN = ("abaco", "perro", "gatos", "mundo", "torre")
EXTRA = (
    "bollo",
    "barco",
    "casas",
    "arbol",
    "nubes",
    "lapiz",
    "raton",
    "queso",
    "baños",
    "perra",
    "gatas",
    "torta",
    "abeto",
    "banos",
)
SHOWN = {"abaco": "ábaco", "arbol": "árbol", "lapiz": "lápiz", "raton": "ratón"}
LISTS = {
    "duelo-es-5-valid": WordSet(HIDDEN + EXTRA, SHOWN),
    "duelo-es-5-hidden": WordSet(HIDDEN, SHOWN),
    "duelo-tr-5-valid": WordSet(("kırık", "kirik", "kalem", "ılıkı")),
    "duelo-tr-5-hidden": WordSet(("kırık",)),
}
WRONG_GUESSES = [w for w in EXTRA if w not in ("banos", "baños")]


def words(slug: str):
    return LISTS[slug]


def at(offset: float) -> datetime:
    return T0 + timedelta(seconds=offset)


def new(seats: int = 2, hidden: tuple[str, ...] = ("ÁBACO",), seconds: int = 90, **extra) -> engine.State:
    chosen = {"language": "es", "rounds": len(hidden), "round_seconds": seconds, "hidden_words": list(hidden)}
    return engine.new_game({**chosen, **extra}, seats, random.Random(1), T0, words=words)


def guess(state: engine.State, seat: int, word: str, offset: float) -> tuple[engine.State, list[dict]]:
    return engine.apply(state, seat, {"type": "guess", "word": word}, at(offset), words=words)


def play(state: engine.State, moves: list[tuple[int, str, float]]) -> engine.State:
    for seat, word, offset in moves:
        state, _events = guess(state, seat, word, offset)
    return state


def roundtrip(state: engine.State) -> engine.State:
    return engine.from_json(json.loads(json.dumps(engine.to_json(state))))


# -- guesses ----------------------------------------------------------------------------------------


def test_the_rules_example_abaco_bollo_through_the_engine() -> None:
    state, events = guess(new(), 0, "BOLLO", OPEN + 1)
    mine = engine.view(state, 0)["grid"]
    assert mine["rows"] == [
        {"letters": list("bollo"), "shown": "bollo", "marks": [AMBER, GREY, GREY, GREY, GREEN]},
    ]
    assert mine["keyboard"] == {"b": AMBER, "o": GREEN, "l": GREY}
    assert [e["type"] for e in events] == ["round_opened", "guessed"]


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("xyzzy", "not_in_list"),
        ("abac", "wrong_length"),
        ("abacos", "wrong_length"),
        ("ab4co", "not_letters"),
        ("", "not_letters"),
        ("a" * 10_000, "wrong_length"),
    ],
)
def test_a_rejected_guess_spends_nothing(typed: str, code: str) -> None:
    state = new()
    before = engine.to_json(state)
    with pytest.raises(IllegalMove) as caught:
        guess(state, 0, typed, OPEN + 1)
    assert caught.value.code == code and caught.value.text
    assert engine.to_json(state) == before  # the caller's state is untouched
    state, _ = guess(state, 0, "bollo", OPEN + 2)
    assert engine.view(state, 0)["grid"]["guesses_left"] == 5


def test_the_same_word_twice_in_a_round_is_rejected_free_but_a_rival_may_play_it() -> None:
    state = play(new(), [(0, "bollo", OPEN + 1)])
    with pytest.raises(IllegalMove) as caught:
        guess(state, 0, "BOLLO", OPEN + 2)
    assert caught.value.code == "already_played"
    state = play(state, [(1, "bollo", OPEN + 3)])
    assert engine.view(state, 0)["grid"]["guesses_left"] == 5


def test_accents_fold_but_enie_is_its_own_letter() -> None:
    state = play(new(hidden=("baños",)), [(0, "BANOS", OPEN + 1)])
    assert engine.view(state, 0)["grid"]["rows"][0]["marks"] == [GREEN, GREEN, GREY, GREEN, GREEN]
    state = play(state, [(0, "Baños", OPEN + 2)])
    assert engine.view(state, 0)["seats"][0]["solved"]
    state = play(new(), [(1, "ábaco", OPEN + 1)])
    assert engine.view(state, 1)["seats"][1]["solved"]


def test_turkish_dotless_and_dotted_i_are_different_letters() -> None:
    state = engine.new_game({"language": "tr", "rounds": 1}, 2, random.Random(0), T0, words=words)
    state, _ = engine.apply(state, 0, {"type": "guess", "word": "KİRİK"}, at(OPEN + 1), words=words)
    assert engine.view(state, 0)["grid"]["rows"][0]["marks"] == [GREEN, GREY, GREEN, GREY, GREEN]
    state, _ = engine.apply(state, 0, {"type": "guess", "word": "KIRIK"}, at(OPEN + 2), words=words)
    assert engine.view(state, 0)["seats"][0]["solved"]


def test_korean_is_typed_in_jamo_or_syllables_against_the_real_list() -> None:
    chosen = {"language": "ko", "rounds": 1, "hidden_words": ["사람"]}
    state = engine.new_game(chosen, 2, random.Random(0), T0, words=lexicon)
    state, _ = engine.apply(state, 0, {"type": "guess", "word": "사랑"}, at(OPEN + 1), words=lexicon)
    row = engine.view(state, 0)["grid"]["rows"][0]
    assert row["letters"] == ["ㅅ", "ㅏ", "ㄹ", "ㅏ", "ㅇ"] and row["shown"] == "사랑"
    assert row["marks"] == [GREEN, GREEN, GREEN, GREEN, GREY]
    state, _ = engine.apply(state, 1, {"type": "guess", "word": "ㅅㅏㄹㅏㅁ"}, at(OPEN + 2), words=lexicon)
    assert engine.view(state, 1)["seats"][1]["solved"]


def test_no_guessing_on_the_start_card_nor_from_an_unknown_seat() -> None:
    state = new()
    with pytest.raises(IllegalMove) as caught:
        guess(state, 0, "bollo", OPEN - 0.1)
    assert caught.value.code == "round_not_open"
    with pytest.raises(IllegalMove) as caught:
        guess(state, 2, "bollo", OPEN + 1)
    assert caught.value.code == "not_a_seat"
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, 0, {"type": "resign"}, at(OPEN + 1), words=words)
    assert caught.value.code == "malformed"
    state, _ = guess(state, 0, "bollo", OPEN)  # the clock opens exactly at the end of the card
    assert engine.view(state, 0)["phase"] == engine.PLAYING


def test_no_hard_mode_a_probe_ignoring_every_hint_is_allowed() -> None:
    state = play(new(), [(0, "barco", OPEN + 1), (0, "nubes", OPEN + 2)])  # drops the known A, C, O
    assert len(engine.view(state, 0)["grid"]["rows"]) == 2


def test_naive_datetimes_are_refused() -> None:
    with pytest.raises(ValueError):
        engine.advance(new(), datetime(2025, 3, 1, 12, 0))  # noqa: DTZ001 (the point of the test)


# -- scoring ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("guesses", "order", "points"),
    [
        (1, 1, 75),
        (1, 2, 70),
        (1, 3, 65),
        (1, 4, 60),
        (2, 4, 50),
        (3, 4, 40),
        (4, 4, 30),
        (5, 4, 20),
        (6, 4, 10),
        (6, 1, 25),
        (3, 2, 50),
        (5, 1, 35),
        (6, None, 0),
        (3, None, 0),
    ],
)
def test_scoring_table(guesses: int, order: int | None, points: int) -> None:
    assert engine.score(guesses, order) == points


def test_fewer_guesses_beat_a_faster_finish() -> None:
    # The rules' example: 3 guesses second to solve (40 + 10) beats 5 guesses first (20 + 15).
    state = play(
        new(hidden=("ÁBACO",)),
        [
            (1, "bollo", OPEN + 1),
            (1, "barco", OPEN + 2),
            (1, "casas", OPEN + 3),
            (1, "arbol", OPEN + 4),
            (0, "bollo", OPEN + 4.5),
            (0, "barco", OPEN + 4.6),
            (1, "abaco", OPEN + 5),
            (0, "abaco", OPEN + 6),
        ],
    )
    seats = engine.view(state, None)["seats"]
    assert (seats[1]["solve_order"], seats[1]["round_points"]) == (1, 35)
    assert (seats[0]["solve_order"], seats[0]["round_points"]) == (2, 50)


def test_bonus_follows_solve_order_and_only_the_first_three_get_one() -> None:
    state = play(new(seats=5), [(s, "abaco", OPEN + 1 + s) for s in range(4)])
    seats = engine.view(state, None)["seats"]
    assert [s["round_points"] for s in seats] == [75, 70, 65, 60, 0]


def test_an_unsolved_round_scores_nothing_even_with_six_rows() -> None:
    state = play(new(), [(0, w, OPEN + 1 + i) for i, w in enumerate(WRONG_GUESSES[:6])])
    me = engine.view(state, 0)
    assert me["seats"][0]["done"] and not me["seats"][0]["solved"] and me["seats"][0]["round_points"] == 0
    with pytest.raises(IllegalMove) as caught:
        guess(state, 0, WRONG_GUESSES[6], OPEN + 8)
    assert caught.value.code == "no_guesses_left"
    state = play(state, [(1, "abaco", OPEN + 9)])
    with pytest.raises(IllegalMove) as caught:
        guess(state, 1, "barco", OPEN + 9.5)
    assert caught.value.code in ("already_solved", "round_not_open")


def test_totals_add_up_over_rounds() -> None:
    state = new(hidden=("abaco", "perro", "gatos"))
    for number, word in enumerate(("abaco", "perro", "gatos")):
        state, _ = engine.advance(state, engine.next_deadline(state))  # the start card ends
        opened = (engine.next_deadline(state) - T0).total_seconds() - 90
        state = play(state, [(0, word, opened + 1), (1, "bollo", opened + 2), (1, word, opened + 3)])
        assert state.phase == engine.ENDING, number  # everyone solved: the round ended at once
        state, _ = engine.advance(state, engine.next_deadline(state))  # the end card ends
    assert state.phase == engine.FINISHED
    result = engine.outcome(state)
    assert result.totals == (225, 180)
    assert result.winners == (0,) and result.draw is False and result.places == (1, 2)
    assert [r["guesses"] for r in result.seat_rounds[1]] == [2, 2, 2]


# -- the clock --------------------------------------------------------------------------------------


def test_the_round_clock_ends_a_round_nobody_solves() -> None:
    state = play(new(seconds=60), [(0, "bollo", OPEN + 1)])
    assert engine.next_deadline(state) == at(OPEN + 60)
    state, events = engine.advance(state, at(OPEN + 59.9))
    assert events == [] and state.phase == engine.PLAYING
    state, events = engine.advance(state, at(OPEN + 60))
    assert state.phase == engine.ENDING and events[-1]["reason"] == engine.CLOCK
    with pytest.raises(IllegalMove) as caught:
        guess(state, 1, "abaco", OPEN + 61)
    assert caught.value.code == "round_not_open"
    assert engine.next_deadline(state) == at(OPEN + 60 + engine.END_CARD_SECONDS)


def test_the_first_solve_opens_a_twenty_second_closing_countdown() -> None:
    state, events = guess(new(seats=3), 0, "abaco", OPEN + 10)
    assert {
        "type": "closing_started",
        "round": 1,
        "closing_ends_at": at(OPEN + 30).isoformat(),
        "shortens": True,
    } in events
    assert engine.next_deadline(state) == at(OPEN + 30)
    state = play(state, [(1, "abaco", OPEN + 25)])  # a second solve does not move it
    assert engine.next_deadline(state) == at(OPEN + 30)
    state, events = engine.advance(state, at(OPEN + 30))
    assert state.phase == engine.ENDING and events[-1]["reason"] == engine.CLOSING
    assert engine.view(state, 2)["seats"][2]["round_points"] == 0


def test_the_closing_countdown_only_shortens_a_round() -> None:
    state = play(new(seconds=60), [(0, "abaco", OPEN + 50)])  # 10 s left on the clock
    assert engine.next_deadline(state) == at(OPEN + 60)
    state, events = engine.advance(state, at(OPEN + 60))
    assert events[-1]["reason"] == engine.CLOCK


def test_a_round_ends_as_soon_as_every_seat_solved_or_ran_out() -> None:
    moves = [(0, w, OPEN + 1 + i) for i, w in enumerate(WRONG_GUESSES[:6])]
    state = play(new(hidden=("abaco", "perro", "gatos")), [*moves[:5], (1, "abaco", OPEN + 5.5)])
    assert state.phase == engine.PLAYING  # seat 0 still has a guess
    state, events = guess(state, 0, WRONG_GUESSES[5], OPEN + 7)
    assert state.phase == engine.ENDING and events[-1]["reason"] == engine.ALL_DONE
    view = engine.view(state, 0)
    assert view["hidden"] == {"word": "abaco", "shown": "ábaco", "letters": list("abaco")}
    assert view["history"][0]["results"][1] == {"seat": 1, "solved": True, "guesses": 1, "solve_order": 1, "points": 75}
    # End card, then the next round's start card, then its clock.
    card_end = OPEN + 7 + engine.END_CARD_SECONDS
    assert engine.next_deadline(state) == at(card_end)
    state, events = engine.advance(state, at(card_end + engine.START_CARD_SECONDS))
    assert [e["type"] for e in events] == ["round_starting", "round_opened"]
    assert state.phase == engine.PLAYING and engine.view(state, 0)["round"] == 2
    assert engine.view(state, 0)["grid"]["rows"] == [] and engine.view(state, 0)["hidden"] is None


def test_a_late_timer_gives_the_same_match_as_a_punctual_one() -> None:
    start = play(new(hidden=("abaco", "perro", "gatos")), [(0, "abaco", OPEN + 5)])
    punctual = start
    while engine.next_deadline(punctual) is not None:
        punctual, _ = engine.advance(punctual, engine.next_deadline(punctual))
    late, events = engine.advance(start, at(3600))
    assert engine.to_json(late) == engine.to_json(punctual)
    assert late.phase == engine.FINISHED and events[-1]["type"] == "match_finished"
    assert engine.next_deadline(late) is None


def test_a_finished_match_takes_no_guess() -> None:
    state, _ = engine.advance(new(), at(3600))
    with pytest.raises(IllegalMove) as caught:
        guess(state, 0, "abaco", 3601)
    assert caught.value.code == "match_over"


# -- outcome ----------------------------------------------------------------------------------------


def _play_round(state: engine.State, moves: list[tuple[int, str, float]]) -> engine.State:
    """Plays the current round (offsets from its opening) and runs the clock to the next start card."""
    if state.phase == engine.STARTING:
        state, _ = engine.advance(state, state.current.opens_at)
    opened = (state.current.opens_at - T0).total_seconds()
    state = play(state, [(seat, word, opened + offset) for seat, word, offset in moves])
    state, _ = engine.advance(state, state.current.play_ends_at)  # the clock or the countdown
    state, _ = engine.advance(state, engine.next_deadline(state))  # the end card
    return state


def test_players_tied_at_the_top_share_the_victory() -> None:
    state = new(seats=3, hidden=("abaco", "perro", "gatos"))
    # Round 1: seat 0 first in 1 guess (75), seat 1 second in 2 (60). Round 2 the other way round.
    # Round 3: nobody finds it.
    state = _play_round(state, [(0, "abaco", 1), (1, "bollo", 2), (1, "abaco", 3)])
    state = _play_round(state, [(1, "perro", 1), (0, "perra", 2), (0, "perro", 3)])
    state = _play_round(state, [(0, "bollo", 1), (1, "torre", 2)])
    assert state.phase == engine.FINISHED
    result = engine.outcome(state)
    assert result.totals == (135, 135, 0)
    assert result.winners == (0, 1) and result.draw is False and result.places == (1, 1, 3)


def test_the_highest_total_wins_alone() -> None:
    state = _play_round(new(seats=3), [(0, "bollo", 1), (1, "abaco", 2), (0, "abaco", 3)])
    result = engine.outcome(state)
    assert result.totals == (60, 75, 0) and result.winners == (1,) and result.places == (2, 1, 3)


def test_a_draw_only_when_every_total_is_equal() -> None:
    nobody, _ = engine.advance(new(seats=4), at(3600))
    result = engine.outcome(nobody)
    assert (result.totals, result.winners, result.draw, result.places) == ((0, 0, 0, 0), (), True, (1, 1, 1, 1))
    assert engine.outcome(new()) is None


def test_an_admin_can_stop_a_stuck_match_and_the_points_so_far_stand() -> None:
    state = play(new(hidden=("abaco", "perro", "gatos")), [(0, "abaco", OPEN + 1)])
    stopped, events = engine.stop(state, at(OPEN + 2), "admin")
    assert stopped.phase == engine.FINISHED and engine.next_deadline(stopped) is None
    assert [e["type"] for e in events] == ["round_ended", "match_finished"]
    result = engine.outcome(stopped)
    assert result.stopped == "admin" and result.totals == (75, 0) and result.winners == (0,)
    again, events = engine.stop(stopped, at(OPEN + 3), "admin")
    assert events == [] and engine.to_json(again) == engine.to_json(stopped)


def test_a_match_stopped_on_its_first_start_card_ends_with_a_round_to_show() -> None:
    stopped, events = engine.stop(new(), at(1), "admin")
    assert stopped.phase == engine.FINISHED and engine.next_deadline(stopped) is None
    assert engine.outcome(stopped).draw is True
    for viewer in (0, 1, None):
        assert engine.view(roundtrip(stopped), viewer)["phase"] == engine.FINISHED


# -- settings and hidden words ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chosen", "seats", "code"),
    [
        ({"language": "es", "rounds": 2}, 2, "bad_rounds"),
        ({"language": "es", "round_seconds": 45}, 2, "bad_round_seconds"),
        ({"language": "de"}, 2, "bad_language"),
        ({}, 2, "bad_language"),
        ({"language": "es"}, 1, "bad_seats"),
        ({"language": "es"}, 7, "bad_seats"),
    ],
)
def test_room_options_are_checked(chosen: dict, seats: int, code: str) -> None:
    with pytest.raises(Refusal) as caught:
        engine.new_game(chosen, seats, random.Random(0), T0, words=words)
    assert caught.value.code == code


def test_defaults_are_three_rounds_of_ninety_seconds() -> None:
    state = engine.new_game({"language": "es", "bots": ["easy"]}, 6, random.Random(0), T0, words=words)
    view = engine.view(state, 5)
    assert (view["rounds"], view["round_seconds"], len(view["seats"])) == (3, 90, 6)
    assert engine.next_deadline(state) == at(OPEN)


@pytest.mark.parametrize("seed", range(30))
def test_no_hidden_word_repeats_within_a_match(seed: int) -> None:
    state = engine.new_game({"language": "es", "rounds": 5}, 2, random.Random(seed), T0, words=words)
    assert sorted(state.hidden_words) == sorted(HIDDEN)
    avoided = engine.new_game(
        {"language": "es", "rounds": 3}, 2, random.Random(seed), T0, words=words, avoid={"abaco", "perro"}
    )
    assert set(avoided.hidden_words) == {"gatos", "mundo", "torre"}


def test_hidden_words_come_from_the_real_list_with_their_spelling() -> None:
    state = engine.new_game({"language": "es", "rounds": 5}, 2, random.Random(3), T0, words=lexicon)
    hidden = lexicon("duelo-es-5-hidden")
    assert len(set(state.hidden_words)) == 5 and all(w in hidden for w in state.hidden_words)
    assert state.hidden_shown == [hidden.display(w) for w in state.hidden_words]
    assert state.list_versions["duelo-es-5-valid"] == lexicon("duelo-es-5-valid").info.version


# -- JSON and the interface -------------------------------------------------------------------------


def test_state_round_trips_through_json_in_every_phase() -> None:
    state = play(new(hidden=("abaco", "perro", "gatos")), [(0, "bollo", OPEN + 1), (0, "abaco", OPEN + 2)])
    for offset in (0, OPEN + 3, OPEN + 30, OPEN + 24, 3600):
        later, _ = engine.advance(state, at(max(offset, OPEN + 2)))
        assert roundtrip(later) == later
        assert engine.to_json(roundtrip(later)) == engine.to_json(later)


def test_the_registry_serves_the_duelo_engine() -> None:
    assert ENGINES["duelo"] is engine
    assert isinstance(engine, Engine)


# -- random games (hypothesis) ----------------------------------------------------------------------

TYPED = [*HIDDEN, *EXTRA, "ÁBACO", "Perro", "xxxxx", "abc", "ab1co"]


def _secrets_ok(state: engine.State, viewer: int | None) -> None:
    view = engine.view(state, viewer)
    text = json.dumps(view, ensure_ascii=False)
    current = state.current
    own = set() if viewer is None else {row.word for row in current.seats[viewer].rows}
    # Earlier rounds' words are public once their end card showed: a rival may guess one again.
    own |= {r.hidden for r in state.rounds[:-1]}
    revealed = state.phase in (engine.ENDING, engine.FINISHED)
    if revealed:
        own.add(current.hidden)
    for seat, grid in enumerate(current.seats):
        if seat == viewer:
            continue
        for row in grid.rows:
            if row.word not in own:
                assert row.word not in text and row.shown not in text
        assert set(view["seats"][seat]) == {
            "seat",
            "rows",
            "guesses",
            "solved",
            "solve_order",
            "done",
            "round_points",
            "total",
        }
        assert all(set(row) == {"marks"} for row in view["seats"][seat]["rows"])
    if not revealed and current.hidden not in own:
        assert current.hidden not in text and current.shown not in text
        assert view["hidden"] is None
    for later in state.hidden_words[current.number :]:
        if later not in own:
            assert later not in text
    if viewer is None:
        assert view["grid"] is None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(2, 6),
    rounds=st.sampled_from([1, 3, 5]),
    seconds=st.sampled_from([60, 90, 120]),
)
def test_a_random_game_ends_round_trips_and_keeps_its_secrets(seed: int, seats: int, rounds: int, seconds: int) -> None:
    rng = random.Random(seed)
    state = engine.new_game({"language": "es", "rounds": rounds, "round_seconds": seconds}, seats, rng, T0, words=words)
    now = T0
    for _step in range(3000):
        if state.phase == engine.FINISHED:
            break
        if rng.random() < 0.08:
            now = max(now, engine.next_deadline(state))
            state, _ = engine.advance(state, now)
        else:
            now += timedelta(seconds=rng.uniform(0, 3))
            before = engine.to_json(state)
            try:
                state, _ = guess(state, rng.randrange(seats), rng.choice(TYPED), (now - T0).total_seconds())
            except IllegalMove:
                assert engine.to_json(state) == before
        assert roundtrip(state) == state
        for viewer in [None, *range(seats)]:
            _secrets_ok(state, viewer)
        totals = state.totals()
        assert all(0 <= total <= 75 * rounds for total in totals)
    assert state.phase == engine.FINISHED
    result = engine.outcome(state)
    assert len(result.seats) == seats and len(result.seat_rounds[0]) == rounds
    assert result.draw == (len(set(result.totals)) == 1)
    assert all(result.totals[w] == max(result.totals) for w in result.winners)
