"""The Duelo analysis (games/duelo/analysis.py): a real match played with the engine on the Spanish lists,
its inputs played again (games.kit.rerun), analysed, and the figures checked by brute force."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta

import pytest

from games.duelo import analysis, engine
from games.kit import wordle
from games.kit.rerun import ACT, CLOCK, Input, Step, rerun
from wordlists import alphabets
from wordlists.lexicon import lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
HIDDEN = ("perro", "lápiz", "mundo")
# Per round, the guesses in the order they were typed: (seat, word).
SCRIPT = [
    [
        (0, "suelo"),
        (1, "nubes"),
        (2, "plaza"),
        (0, "cielo"),
        (1, "marco"),
        (2, "perro"),  # solved at the second guess
        (0, "torta"),
        (1, "verde"),
        (0, "perro"),  # solved at the fourth
        (1, "fuego"),
        (1, "huevo"),
        (1, "dulce"),  # six guesses, not solved
    ],
    [
        (0, "campo"),
        (1, "rueda"),
        (2, "gatos"),
        (0, "pinta"),
        (1, "llave"),
        (2, "cosas"),
        (0, "lapiz"),  # solved at the third
        (1, "nieve"),
        (2, "abeto"),
        (1, "lapiz"),
        (2, "tigre"),
    ],
    [
        (2, "mundo"),  # solved at the first guess
        (0, "queso"),
        (1, "barco"),
        (0, "mundo"),
        (1, "campo"),
    ],
]
SEATS = 3
VALID, HIDDEN_LIST = engine.list_slugs("es")


def play() -> tuple[dict, list[Input], engine.State]:
    """The match as the service would play it: (first state's JSON, the inputs recorded, the last state)."""
    state = engine.new_game(
        {"language": "es", "rounds": len(HIDDEN), "round_seconds": 90, "hidden_words": list(HIDDEN)},
        SEATS,
        random.Random(1),
        T0,
        words=lexicon,
    )
    initial = engine.to_json(state)
    inputs: list[Input] = []
    now = T0
    for number, guesses in enumerate(SCRIPT, start=1):
        while True:  # wait for the round's typing to open
            ahead, _events = engine.advance(state, now)
            if ahead.phase == engine.PLAYING and ahead.current.number == number:
                break
            deadline = engine.next_deadline(ahead)
            assert deadline is not None
            now = deadline
        for seat, word in guesses:
            now += timedelta(seconds=2)
            action = {"type": "guess", "word": word}
            state, _events = engine.apply(state, seat, action, now, words=lexicon)
            inputs.append(Input(version=len(inputs) + 2, kind=ACT, at=now, seat=seat, action=action))
    while (deadline := engine.next_deadline(state)) is not None:  # the clock ends the last round and the match
        state, _events = engine.advance(state, deadline)
        inputs.append(Input(version=len(inputs) + 2, kind=CLOCK, at=deadline))
    assert state.phase == engine.FINISHED
    return initial, inputs, state


@pytest.fixture(scope="module")
def match() -> tuple[list[Step], engine.State]:
    initial, inputs, final = play()
    steps = rerun(engine, initial, inputs, words=lexicon, final=engine.to_json(final))
    return steps, final


@pytest.fixture(scope="module")
def result(match) -> dict:
    steps, _final = match
    return analysis.analyse(steps, words=lexicon)


def rows_of(final: engine.State, number: int, seat: int) -> list[tuple[str, list[str]]]:
    return [(row.word, list(row.marks)) for row in final.rounds[number - 1].seats[seat].rows]


def brute_force(rows: list[tuple[str, list[str]]]) -> int:
    """How many words of the hidden list give every row its marks, each compared letter by letter."""
    count = 0
    for candidate in lexicon(HIDDEN_LIST).words:
        target = alphabets.letters("es", candidate)
        if all(list(wordle.feedback(alphabets.letters("es", word), target)) == marks for word, marks in rows):
            count += 1
    return count


def move(result: dict, number: int, seat: int, row: int) -> dict:
    found = [m for m in result["moves"].values() if (m["round"], m["seat"], m["row"]) == (number, seat, row)]
    assert len(found) == 1
    return found[0]


def test_every_guess_of_the_match_is_analysed_under_its_version(match, result) -> None:
    steps, _final = match
    guessed = {
        str(step.version): (event["round"], event["seat"], event["row"])
        for step in steps
        for event in step.events
        if event["type"] == "guessed"
    }
    assert len(guessed) == sum(len(guesses) for guesses in SCRIPT)
    assert {v: (m["round"], m["seat"], m["row"]) for v, m in result["moves"].items()} == guessed


@pytest.mark.parametrize(("number", "seat", "row"), [(1, 0, 2), (1, 1, 5), (2, 2, 3)])
def test_three_positions_match_a_brute_force_search(match, result, number: int, seat: int, row: int) -> None:
    _steps, final = match
    rows = rows_of(final, number, seat)
    hidden = final.rounds[number - 1].hidden
    assert hidden in lexicon(HIDDEN_LIST)  # so the answer is counted once, as one of the list's words
    found = move(result, number, seat, row)
    assert found["before"] == brute_force(rows[: row - 1])
    assert found["after"] == brute_force(rows[:row])
    assert found["before"] >= found["after"] >= 1
    # The bot's word, scored against the answer, leaves what a brute force says too.
    bot = alphabets.normalise("es", found["bot"])
    assert bot in lexicon(VALID)
    bot_marks = list(wordle.feedback(alphabets.letters("es", bot), alphabets.letters("es", hidden)))
    assert found["bot_after"] == brute_force([*rows[: row - 1], (bot, bot_marks)])
    assert found["notes"][1]["params"]["word"] == found["bot"]


def test_the_first_guess_of_a_round_starts_from_the_whole_hidden_list(result) -> None:
    for seat in range(SEATS):
        first = move(result, 1, seat, 1)
        assert first["before"] == len(lexicon(HIDDEN_LIST).words)
        assert first["notes"][0] == {
            "text": "%(before)s words were possible, %(after)s after this guess.",
            "params": {"before": first["before"], "after": first["after"]},
        }


def test_counts_only_shrink_along_a_grid_and_a_solving_guess_leaves_one(match, result) -> None:
    _steps, final = match
    for current in final.rounds:
        for seat, grid in enumerate(current.seats):
            moves = [move(result, current.number, seat, row) for row in range(1, len(grid.rows) + 1)]
            for earlier, later in zip(moves, moves[1:], strict=False):
                assert later["before"] == earlier["after"]  # a seat's own grid, never a rival's rows
            for found in moves:
                assert found["after"] <= found["before"]
                assert found["solved"] == (found is moves[-1] and grid.solved)
                if found["solved"]:
                    assert found["after"] == 1


def test_on_its_last_row_the_bot_plays_a_word_that_can_still_be_the_answer(match, result) -> None:
    _steps, final = match
    rows = rows_of(final, 1, 1)
    assert len(rows) == engine.MAX_GUESSES
    last = move(result, 1, 1, engine.MAX_GUESSES)
    bot = alphabets.normalise("es", last["bot"])
    assert all(list(wordle.feedback(word, bot)) == marks for word, marks in rows[:-1])  # it fits every row
    assert bot not in {word for word, _marks in rows[:-1]}


def test_no_guessed_word_is_in_the_analysis(match, result) -> None:
    """A spectator never sees a rival's letters: only the revealed answers and the bot's words are words."""
    _steps, final = match
    text = json.dumps(result, ensure_ascii=False)
    bots_words = {alphabets.normalise("es", m["bot"]) for m in result["moves"].values()}
    checked = 0
    for current in final.rounds:
        for grid in current.seats:
            for row in grid.rows:
                if row.word in (current.hidden, *bots_words):
                    continue
                assert row.word not in text and row.shown not in text
                checked += 1
    assert checked >= 15


def test_the_round_words_show_once_the_rounds_are_over_and_a_running_round_is_left_out(match) -> None:
    steps, final = match
    whole = analysis.analyse(steps, words=lexicon)
    assert [r["word"] for r in whole["rounds"]] == ["perro", "lápiz", "mundo"]
    # The same match cut while its second round is played: nothing of that round yet.
    running = next(i for i, step in enumerate(steps) if step.after.current.number == 2 and step.events)
    cut = analysis.analyse(steps[: running + 1], words=lexicon)
    assert steps[running].after.current.ended_at is None
    assert {m["round"] for m in cut["moves"].values()} == {1}
    assert [r["round"] for r in cut["rounds"]] == [1]
    assert "lápiz" not in json.dumps(cut, ensure_ascii=False) and "lapiz" not in json.dumps(cut)


def test_each_seat_gets_a_round_by_round_and_a_whole_match_summary(result) -> None:
    first = {s["seat"]: s for s in result["rounds"][0]["seats"]}
    assert (first[0]["solved"], first[0]["guesses"]) == (True, 4)
    assert first[0]["notes"][0] == {"text": "Solved in %(count)s guesses.", "params": {"count": 4}}
    assert (first[1]["solved"], first[1]["guesses"]) == (False, 6)
    assert first[1]["notes"][0] == {"text": "Not solved, after %(count)s guesses.", "params": {"count": 6}}
    assert first[2]["solve_order"] == 1 and first[0]["solve_order"] == 2
    for entry in first.values():
        assert 0 <= entry["percent"] <= 100
        assert 0 <= entry["bot_better"] <= entry["guesses"]
    seats = {s["seat"]: s for s in result["summary"]["seats"]}
    assert [(seats[s]["solved"], seats[s]["guesses"]) for s in range(SEATS)] == [(3, 9), (1, 12), (2, 7)]
    third = {s["seat"]: s for s in result["rounds"][2]["seats"]}
    assert third[2]["notes"][0] == {"text": "Solved at the first guess.", "params": {}}
    assert seats[0]["notes"][0] == {
        "text": "Solved %(solved)s of %(rounds)s rounds in %(guesses)s guesses.",
        "params": {"solved": 3, "rounds": 3, "guesses": 9},
    }


def test_the_analysis_is_json_and_the_same_every_time(match, result) -> None:
    steps, _final = match
    assert json.loads(json.dumps(result)) == result  # string keys, lists, plain numbers
    assert analysis.analyse(steps, words=lexicon) == result
    for found in result["moves"].values():
        for entry in found["notes"]:
            assert entry["text"] % entry["params"]  # every placeholder has its value


def test_nothing_to_analyse_without_steps() -> None:
    assert analysis.analyse([], words=lexicon) == {"moves": {}, "rounds": [], "summary": {"seats": []}}


def test_a_rounds_card_made_from_its_guesses_alone_is_the_whole_analysis_round(match) -> None:
    """The round-end card analyses only its own round (not every earlier one again), and says the same as the
    whole match's analysis of that round; a round still being played has no card."""
    steps, final = match
    whole = analysis.analyse(steps, words=lexicon)
    for number in range(1, len(HIDDEN) + 1):
        entry = next(r for r in whole["rounds"] if r["round"] == number)
        assert analysis.analyse_round(steps, number, words=lexicon) == entry
    running = next(i for i, s in enumerate(steps) if any(e["type"] == "guessed" and e["round"] == 3 for e in s.events))
    assert analysis.analyse_round(steps[: running + 1], 3, words=lexicon) is None
    assert analysis.analyse_round(steps[: running + 1], 2, words=lexicon)["word"] == final.rounds[1].shown
    assert analysis.analyse_round(steps, 9, words=lexicon) is None
