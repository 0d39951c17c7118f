"""The Wordgrid engine (games/wordgrid/engine.py): path rules, spent words, scoring, end conditions, the
chess clock, resign and draw offers, views and JSON, without a database."""

from __future__ import annotations

import json
import random
import string
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kit.contract import Engine
from games.kit.errors import IllegalMove, Refusal
from games.kit.words import WordSet
from games.runtime.catalogue import spec_for
from games.runtime.registry import ENGINES
from games.wordgrid import engine, moves
from wordlists.lexicon import dawg, lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
SLUG = engine.LIST_SLUG
WORDS = ("ha", "ah", "he", "sheet", "sheets", "hah", "eh", "pet", "sheep", "tee", "es", "seep")
LISTS = {SLUG: WordSet(WORDS)}
EVERY_PAIR = WordSet(tuple(a + b for a in string.ascii_lowercase for b in string.ascii_lowercase))


def words(slug: str):
    return LISTS[slug]


def at(offset: float) -> datetime:
    return T0 + timedelta(seconds=offset)


def new(word_list: WordSet | None = None) -> engine.State:
    source = words if word_list is None else {SLUG: word_list}.__getitem__
    return engine.new_game({}, 2, random.Random(0), T0, words=source)


def move(row: int, col: int, letter: str, *path: tuple[int, int]) -> dict:
    return {"type": "move", "cell": [row, col], "letter": letter, "path": [list(p) for p in path]}


def act(
    state: engine.State, seat: int, action: dict, offset: float, word_list: WordSet | None = None
) -> tuple[engine.State, list[dict]]:
    source = words if word_list is None else {SLUG: word_list}.__getitem__
    return engine.apply(state, seat, action, at(offset), words=source)


def refused(state: engine.State, seat: int, action: dict, offset: float = 1) -> str:
    before = engine.to_json(state)
    with pytest.raises(IllegalMove) as caught:
        act(state, seat, action, offset)
    assert caught.value.text  # an English message with its parameters filled in
    assert engine.to_json(state) == before  # nothing changed, nothing spent
    return caught.value.code


def roundtrip(state: engine.State) -> engine.State:
    return engine.from_json(json.loads(json.dumps(engine.to_json(state))))


# Seat 0's opening "ha": an A above the H of SHEEP, traced H -> A.
HA = move(1, 1, "a", (2, 1), (1, 1))
# "sheet": a T below the second E, traced along SHEE then down.
SHEET = move(3, 3, "t", (2, 0), (2, 1), (2, 2), (2, 3), (3, 3))


# -- the start --------------------------------------------------------------------------------------


def test_every_game_starts_from_sheep_on_the_middle_row_with_seat_0_to_move() -> None:
    view = engine.view(new(), 0)
    assert view["grid"][2] == list("sheep")
    assert all(cell is None for r in (0, 1, 3, 4) for cell in view["grid"][r])
    assert view["turn"] == 0 and view["can_move"] and not engine.view(new(), 1)["can_move"]
    assert view["spent"] == ["sheep"] and view["played"] == [] and view["last_move"] is None
    assert [s["score"] for s in view["seats"]] == [0, 0]
    other = engine.new_game({}, 2, random.Random(99), at(0), words=words)
    assert engine.to_json(new()) == engine.to_json(other)


# -- path rules (table) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (move(0, 0, "a", (0, 0), (1, 0)), "not_adjacent"),  # nothing filled next to it
        (move(1, 0, "a", (1, 0), (2, 1)), "path_not_connected"),  # diagonal step
        (move(1, 1, "a", (2, 1), (2, 3), (1, 1)), "path_not_connected"),  # a jump
        (move(1, 1, "a", (1, 1), (2, 1), (1, 1)), "cell_reused"),
        (move(1, 1, "h", (2, 1), (1, 1), (2, 1)), "cell_reused"),
        (move(1, 1, "a", (2, 1), (2, 2)), "missing_new_cell"),  # "he" is there, but without the new A
        (move(1, 1, "a", (1, 1)), "too_short"),
        (move(1, 1, "a", (2, 1), (1, 1), (1, 2)), "path_through_empty"),
        (move(2, 1, "a", (2, 1), (1, 1)), "cell_taken"),
        (move(1, 1, "z", (2, 1), (1, 1)), "not_in_dictionary"),  # "hz"
        (move(3, 3, "p", (2, 0), (2, 1), (2, 2), (2, 3), (3, 3)), "already_played"),  # SHEEP is spent
        (move(1, 1, "ä", (2, 1), (1, 1)), "bad_letter"),
        (move(1, 1, "ab", (2, 1), (1, 1)), "bad_letter"),
        (move(5, 1, "a", (2, 1), (5, 1)), "malformed"),  # off the grid
        (move(1, 1, "a", (2, 1), (1, 1), (9, 9)), "malformed"),
        ({"type": "move", "cell": [1, 1], "letter": "a"}, "malformed"),
        ({"type": "move", "cell": [True, 1], "letter": "a", "path": [[2, 1], [1, 1]]}, "malformed"),
        ({"type": "pass"}, "malformed"),  # there is no pass
        ("resign", "malformed"),
    ],
)
def test_a_refused_move_says_why_and_changes_nothing(action: dict, code: str) -> None:
    assert refused(new(), 0, action) == code


def test_a_legal_move_scores_its_length_and_passes_the_turn() -> None:
    state, events = act(new(), 0, SHEET, 3)
    view = engine.view(state, 1)
    assert view["grid"][3][3] == "t" and view["owners"][3][3] == 0 and view["owners"][2][0] is None
    assert [s["score"] for s in view["seats"]] == [5, 0]
    assert view["turn"] == 1 and view["can_move"]
    assert view["last_move"] == {
        "seat": 0,
        "word": "sheet",
        "points": 5,
        "cell": [3, 3],
        "letter": "t",
        "path": [[2, 0], [2, 1], [2, 2], [2, 3], [3, 3]],
        "at": at(3).isoformat(),
    }
    assert view["seats"][0]["words"] == [{"word": "sheet", "points": 5}]
    assert [e["type"] for e in events] == ["word_played"] and events[0]["scores"] == [5, 0]


def test_two_letter_words_count_and_letters_are_case_blind() -> None:
    state, _ = act(new(), 0, {**HA, "letter": "A"}, 1)
    assert state.scores() == [2, 0] and state.grid[6] == "a"


def test_only_the_player_to_move_may_move() -> None:
    assert refused(new(), 1, HA) == "not_your_turn"
    assert refused(new(), 2, HA) == "not_a_seat"


def test_a_word_played_is_spent_for_both_players() -> None:
    state, _ = act(new(), 0, HA, 1)
    # Seat 1 makes HA again with an A below the H: spent.
    assert refused(state, 1, move(3, 1, "a", (2, 1), (3, 1))) == "already_played"
    state, _ = act(state, 1, move(3, 1, "a", (3, 1), (2, 1)), 2)  # "ah" is fresh
    assert engine.view(state, None)["spent"] == ["sheep", "ha", "ah"]


def test_the_new_letter_may_sit_anywhere_on_the_path() -> None:
    # With seat 0's A above the H, seat 1 writes an H beside the A and traces H-A-H: the new cell last.
    state, _ = act(new(), 0, HA, 1)
    state, _ = act(state, 1, move(1, 0, "h", (2, 1), (1, 1), (1, 0)), 2)
    assert state.scores() == [2, 3]


# -- the end ----------------------------------------------------------------------------------------


def test_no_legal_move_ends_the_game_and_a_tie_goes_to_the_second_player() -> None:
    pairs = WordSet(("ha", "ah"))
    state, _ = act(new(pairs), 0, HA, 1, pairs)
    state, events = act(state, 1, move(3, 1, "a", (3, 1), (2, 1)), 2, pairs)
    assert state.phase == engine.FINISHED and engine.next_deadline(state) is None
    result = engine.outcome(state)
    assert (result.details["scores"], result.details["reason"], result.details["winner"]) == ([2, 2], "no_moves", 1)
    assert result.draw is False
    assert result.winners == (1,) and result.places == (2, 1)
    assert events[-1]["type"] == "match_finished" and events[-1]["winner"] == 1
    assert refused(state, 0, move(3, 2, "a", (3, 2), (2, 1))) == "match_over"


def test_the_higher_score_wins() -> None:
    two = WordSet(("sheet", "ha"))
    state, _ = act(new(two), 0, SHEET, 1, two)
    state, _ = act(state, 1, HA, 2, two)
    result = engine.outcome(state)
    assert (result.details["scores"], result.details["reason"], result.details["winner"]) == ([5, 2], "no_moves", 0)


def test_a_list_with_no_opening_ends_the_game_at_once_for_the_second_player() -> None:
    state = new(WordSet(("zz",)))
    assert engine.outcome(state).details["reason"] == "no_moves" and engine.outcome(state).details["winner"] == 1


def test_a_full_grid_ends_the_game() -> None:
    graph = moves.derived_index(EVERY_PAIR)
    state = new(EVERY_PAIR)
    for number in range(20):
        assert state.phase == engine.PLAYING, number
        found = moves.legal_moves(state.grid, state.spent(), graph)
        state, events = act(state, state.turn, found[0].action(), number + 1, EVERY_PAIR)
    assert "." not in state.grid
    result = engine.outcome(state)
    assert result.details["reason"] == "grid_full" and result.details["moves"] == 20
    assert sum(result.details["scores"]) == sum(len(p.word) for p in state.plays)
    assert result.details["winner"] == engine.winner_by_score(result.details["scores"])


def test_the_outcome_records_the_dictionary_version_of_the_real_list() -> None:
    state = engine.new_game({}, 2, random.Random(0), T0, words=lexicon, dawg=dawg)
    assert state.list_version == lexicon(SLUG).info.version
    state, _ = engine.apply(state, 0, {"type": "resign"}, at(5), words=lexicon, dawg=dawg)
    assert engine.outcome(state).details["list_version"] == lexicon(SLUG).info.version
    assert engine.view(state, None)["list_version"] == lexicon(SLUG).info.version


# -- the clock --------------------------------------------------------------------------------------


def test_each_clock_runs_only_on_its_players_turn() -> None:
    state, _ = act(new(), 0, SHEET, 30)
    view = engine.view(state, 0)
    assert view["seats"][0]["clock"] == {"remaining_ms": 570_000, "running": False, "turn_started_at": None}
    assert view["seats"][1]["clock"] == {
        "remaining_ms": 600_000,
        "running": True,
        "turn_started_at": at(30).isoformat(),
    }
    assert engine.next_deadline(state) == at(630)
    assert engine.remaining(state, 1, at(100)) == timedelta(seconds=530)
    assert engine.remaining(state, 0, at(100)) == timedelta(seconds=570)


def test_running_out_of_time_loses_even_with_a_lead() -> None:
    state, _ = act(new(), 0, SHEET, 10)  # 5 - 0, seat 0 has 590 s left
    state, _ = act(state, 1, HA, 20)  # 5 - 2
    assert engine.next_deadline(state) == at(610)
    same, events = engine.advance(state, at(609.999))
    assert events == [] and same.phase == engine.PLAYING
    state, events = engine.advance(state, at(700))
    assert [e["type"] for e in events] == ["timed_out", "match_finished"]
    assert events[0] == {"type": "timed_out", "seat": 0, "at": at(610).isoformat()}
    result = engine.outcome(state)
    assert (result.details["reason"], result.details["winner"], result.details["scores"]) == ("timeout", 1, [5, 2])
    assert state.finished_at == at(610) and engine.view(state, 0)["seats"][0]["clock"]["remaining_ms"] == 0


def test_a_move_after_the_flag_fell_finds_the_game_over() -> None:
    assert refused(new(), 0, HA, 600) == "match_over"
    state, _ = act(new(), 0, HA, 599.999)
    assert state.scores() == [2, 0]


def test_a_late_advance_gives_the_same_game_as_a_punctual_one() -> None:
    state, _ = act(new(), 0, HA, 10)
    punctual, _ = engine.advance(state, engine.next_deadline(state))
    late, _ = engine.advance(state, at(5000))
    assert engine.to_json(late) == engine.to_json(punctual)
    again, events = engine.advance(late, at(6000))
    assert events == [] and engine.to_json(again) == engine.to_json(late)


def test_naive_datetimes_are_refused() -> None:
    with pytest.raises(ValueError):
        engine.advance(new(), datetime(2025, 3, 1, 12, 0))  # noqa: DTZ001 (the point of the test)


# -- resign and draws -------------------------------------------------------------------------------


def test_resigning_loses_whatever_the_score_and_at_any_time() -> None:
    state, _ = act(new(), 0, SHEET, 10)
    done, events = act(state, 0, {"type": "resign"}, 15)  # seat 0 leads and resigns on seat 1's turn
    result = engine.outcome(done)
    assert (result.details["reason"], result.details["winner"], result.details["scores"]) == ("resign", 1, [5, 0])
    assert [e["type"] for e in events] == ["resigned", "match_finished"]
    # The clock of the player to move stops where it was.
    assert engine.view(done, 0)["seats"][1]["clock"]["remaining_ms"] == 595_000
    assert refused(done, 1, {"type": "resign"}) == "match_over"


def test_a_draw_offer_accepted_is_the_only_game_without_a_winner() -> None:
    state, events = act(new(), 1, {"type": "offer_draw"}, 5)  # on the opponent's turn
    assert events == [{"type": "draw_offered", "seat": 1, "at": at(5).isoformat()}]
    assert engine.view(state, 0)["draw_offer"] == 1 and engine.view(state, 0)["can_answer_draw"]
    assert not engine.view(state, 1)["can_answer_draw"]
    assert refused(state, 1, {"type": "accept_draw"}) == "no_draw_offer"  # not one's own offer
    assert refused(state, 1, {"type": "offer_draw"}) == "draw_already_offered"
    state, events = act(state, 0, {"type": "accept_draw"}, 8)
    result = engine.outcome(state)
    assert (result.details["reason"], result.details["winner"], result.winners, result.draw) == (
        "agreed_draw",
        None,
        (),
        True,
    )
    assert result.places == (1, 1) and [e["type"] for e in events] == ["draw_accepted", "match_finished"]


def test_a_draw_offer_declined_or_answered_by_a_move_lapses() -> None:
    state, _ = act(new(), 0, {"type": "offer_draw"}, 1)  # on one's own turn: it stands through the move
    state, events = act(state, 0, HA, 2)
    assert state.draw_offer == 0 and "draw_lapsed" not in [e["type"] for e in events]
    assert refused(state, 0, {"type": "offer_draw"}) == "draw_already_offered"
    state, events = act(state, 1, move(3, 1, "a", (3, 1), (2, 1)), 3)  # seat 1 plays on: it lapses
    assert state.draw_offer is None
    assert events[-1] == {"type": "draw_lapsed", "seat": 0, "at": at(3).isoformat()}
    state, _ = act(state, 1, {"type": "offer_draw"}, 4)
    state, events = act(state, 0, {"type": "decline_draw"}, 5)
    assert state.draw_offer is None
    assert events == [{"type": "draw_declined", "seat": 0, "at": at(5).isoformat()}]
    assert refused(state, 0, {"type": "decline_draw"}) == "no_draw_offer"
    # No pestering: a declined offer may be made again only after the next move.
    assert refused(state, 1, {"type": "offer_draw"}) == "draw_offer_repeated"
    assert not engine.view(state, 1)["can_offer_draw"]
    state, _ = act(state, 0, SHEET, 6)
    state, _ = act(state, 1, {"type": "offer_draw"}, 7)
    assert state.draw_offer == 1 and state.phase == engine.PLAYING


def test_offering_back_a_pending_offer_accepts_it() -> None:
    state, _ = act(new(), 0, {"type": "offer_draw"}, 1)
    state, _ = act(state, 1, {"type": "offer_draw"}, 2)
    assert engine.outcome(state).details["reason"] == "agreed_draw"


def test_an_admin_stop_decides_by_the_score_as_it_stands() -> None:
    state, _ = act(new(), 0, HA, 1)
    stopped, events = engine.stop(state, at(2), "admin")
    result = engine.outcome(stopped)
    assert (result.details["reason"], result.stopped, result.details["winner"]) == ("stopped", "admin", 0)
    again, events = engine.stop(stopped, at(3), "admin")
    assert events == [] and engine.to_json(again) == engine.to_json(stopped)


# -- views, JSON, the registry ----------------------------------------------------------------------


PERSONAL = ("you", "can_move", "can_offer_draw", "can_answer_draw")


def test_views_are_the_same_game_for_everyone_and_json_ready() -> None:
    state, _ = act(new(), 0, SHEET, 3)
    views = {viewer: engine.view(state, viewer) for viewer in (None, 0, 1)}
    for viewer, view in views.items():
        assert view["you"] == viewer
        json.dumps(view)
        assert {k: v for k, v in view.items() if k not in PERSONAL} == {
            k: v for k, v in views[None].items() if k not in PERSONAL
        }
    assert not views[None]["can_move"] and not views[None]["can_offer_draw"]
    with pytest.raises(ValueError):
        engine.view(state, 2)


def test_settings_and_seats() -> None:
    with pytest.raises(Refusal) as caught:
        engine.new_game({}, 3, random.Random(0), T0, words=words)
    assert caught.value.code == "bad_seats"
    spec = spec_for("wordgrid")
    assert spec.clean_settings({"language": "es", "rounds": 5}, "es") == {}
    assert spec.seat_limit(host_is_guest=True) == spec.seat_limit(host_is_guest=False) == 2
    assert spec.bot_levels == ("easy", "medium", "hard")
    # The runtime passes its usual extras (avoid, banned): accepted and unused.
    state = engine.new_game({"bots": ["hard"]}, 2, random.Random(0), T0, words=words, avoid={"x"}, banned=())
    assert state.phase == engine.PLAYING


def test_the_registry_serves_the_wordgrid_engine() -> None:
    assert ENGINES["wordgrid"] is engine
    assert isinstance(engine, Engine)


# -- random games (hypothesis) ----------------------------------------------------------------------

POOL = (
    "ha",
    "ah",
    "he",
    "eh",
    "sh",
    "hes",
    "she",
    "sheet",
    "sheets",
    "hah",
    "pe",
    "pet",
    "pets",
    "ep",
    "es",
    "see",
    "seep",
    "eel",
    "heel",
    "tee",
    "tees",
    "set",
    "pest",
    "step",
    "steep",
    "heap",
    "heat",
    "hate",
    "eat",
    "tea",
    "teas",
    "sea",
    "seat",
    "pa",
    "pat",
    "tap",
    "apt",
    "spa",
    "spat",
    "past",
    "paste",
    "at",
    "ta",
    "ae",
    "ea",
    "tat",
    "teat",
    "state",
    "taste",
    "sate",
    "east",
    "seta",
    "peat",
    "tape",
    "pate",
)


def _random_action(rng: random.Random) -> dict:
    cells = [[rng.randrange(-1, 6), rng.randrange(-1, 6)] for _ in range(rng.randint(0, 5))]
    return {
        "type": "move",
        "cell": [rng.randrange(5), rng.randrange(5)],
        "letter": rng.choice("aehpstz"),
        "path": cells,
    }


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), size=st.integers(3, len(POOL)))
def test_random_play_never_crashes_always_ends_and_round_trips(seed: int, size: int) -> None:
    rng = random.Random(seed)
    word_list = WordSet(tuple(rng.sample(POOL, size)))
    source = {SLUG: word_list}.__getitem__
    graph = moves.derived_index(word_list)
    state = engine.new_game({}, 2, rng, T0, words=source)
    now = T0
    for _step in range(400):
        if state.phase == engine.FINISHED:
            break
        roll = rng.random()
        seat = rng.randrange(2)
        if roll < 0.03:
            now = engine.next_deadline(state)  # a flag falls
            state, _ = engine.advance(state, now)
            continue
        now += timedelta(seconds=rng.uniform(0, 40))
        if roll < 0.55:
            found = moves.legal_moves(state.grid, state.spent(), graph)
            assert found  # a running game always has a move for the player to move
            action, seat = rng.choice(found).action(), state.turn
        elif roll < 0.65:
            action = {"type": rng.choice(["offer_draw", "decline_draw", "accept_draw", "resign"])}
            if action["type"] in ("accept_draw", "resign") and rng.random() < 0.8:
                action = {"type": "decline_draw"}
        else:
            action = _random_action(rng)
        before = engine.to_json(state)
        try:
            state, events = engine.apply(state, seat, action, now, words=source)
        except IllegalMove:
            assert engine.to_json(state) == before
        assert roundtrip(state) == state
        for viewer in (None, 0, 1):
            json.dumps(engine.view(state, viewer))
        scores = state.scores()
        assert scores == [sum(len(p.word) for p in state.plays if p.seat == s) for s in (0, 1)]
        played = [p.word for p in state.plays]
        assert len(set(played)) == len(played) and "sheep" not in played
    if state.phase != engine.FINISHED:  # only draw chatter was left: the clocks end it
        state, _ = engine.advance(state, at(10_000))
    result = engine.outcome(state)
    assert result.details["reason"] in ("grid_full", "no_moves", "timeout", "resign", "agreed_draw")
    assert (result.details["winner"] is None) == (result.details["reason"] == "agreed_draw")
    if result.details["reason"] in ("grid_full", "no_moves"):
        assert result.details["winner"] == engine.winner_by_score(result.details["scores"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), played=st.integers(0, 8))
def test_apply_accepts_exactly_the_generated_moves(seed: int, played: int) -> None:
    rng = random.Random(seed)
    word_list = WordSet(tuple(rng.sample(POOL, 30)))
    source = {SLUG: word_list}.__getitem__
    graph = moves.derived_index(word_list)
    state = engine.new_game({}, 2, rng, T0, words=source)
    for number in range(played):
        if state.phase != engine.PLAYING:
            return
        found = moves.legal_moves(state.grid, state.spent(), graph)
        state, _ = engine.apply(state, state.turn, rng.choice(found).action(), at(number + 1), words=source)
    if state.phase != engine.PLAYING:
        return
    found = moves.legal_moves(state.grid, state.spent(), graph)
    generated = {(m.cell, m.letter, m.path) for m in found}
    for chosen in rng.sample(found, min(len(found), 25)):
        engine.apply(state, state.turn, chosen.action(), at(100), words=source)  # never IllegalMove
    # Moves built from pieces of legal ones (another letter, a shortened, reversed or extended path).
    for _attempt in range(60):
        base = rng.choice(found)
        path = list(base.path)
        letter = base.letter
        change = rng.randrange(4)
        if change == 0:
            letter = rng.choice("aehpst")
        elif change == 1:
            path = path[: rng.randint(1, len(path))]
        elif change == 2:
            path.reverse()
        else:
            path.append(rng.randrange(25))
        candidate = moves.Move(base.cell, letter, tuple(path), "")
        try:
            engine.apply(state, state.turn, candidate.action(), at(100), words=source)
            accepted = True
        except IllegalMove:
            accepted = False
        assert accepted == ((candidate.cell, candidate.letter, candidate.path) in generated)
