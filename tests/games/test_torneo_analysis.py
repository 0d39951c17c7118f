"""The Torneo analysis (games/torneo/analysis.py): a real tournament played with the engine on the Spanish
lists (a skipped turn, an admin's stop), its inputs played again (games.kit.rerun), analysed, and the
figures checked by brute force on the duels' shared boards."""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, datetime, timedelta

import pytest

from games.kit import wordle
from games.kit.rerun import ACT, CLOCK, STOP, Input, Step, rerun
from games.torneo import analysis, engine
from wordlists import alphabets
from wordlists.lexicon import lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
SEATS = 4
# One block of words per round, one word per duel; the third round is never played.
DUEL_WORDS = [["pelo", "cuerpo"], ["sopa", "cantar"], ["queso", "perro"]]
NEVER_PLAYED = ("queso", "perro")
# Per round, the duel (by its word) and the word its player to move guesses; None: the turn runs out.
SCRIPT = [
    [
        ("pelo", "casa"),
        ("pelo", "mesa"),
        ("pelo", "lobo"),
        ("pelo", "pelo"),  # solved at the board's fourth row
        ("cuerpo", "camino"),
        ("cuerpo", "puerta"),
        ("cuerpo", None),
        ("cuerpo", "madera"),
        ("cuerpo", "tierra"),
        ("cuerpo", "cuerpo"),
    ],
    [
        ("sopa", "rosa"),
        ("sopa", "vino"),
        ("sopa", "luna"),
        ("cantar", "verano"),
        ("cantar", "bodega"),
    ],
]


def play() -> tuple[dict, list[Input], engine.State]:
    """The tournament as the service would play it: (first state's JSON, the inputs, the last state)."""
    state = engine.new_game({"language": "es", "duel_words": DUEL_WORDS}, SEATS, random.Random(7), T0, words=lexicon)
    initial = engine.to_json(state)
    inputs: list[Input] = []
    now = T0
    for number, moves in enumerate(SCRIPT, start=1):
        assert state.current.number == number
        now = max(now, state.current.opens_at)
        for hidden, word in moves:
            duel = next(d for d in state.current.duels if d.hidden == hidden)
            if word is None:
                now = duel.turn_ends_at
                state, _events = engine.advance(state, now)
                inputs.append(Input(version=len(inputs) + 2, kind=CLOCK, at=now))
                continue
            now += timedelta(seconds=1)
            action = {"type": "guess", "word": word}
            state, _events = engine.apply(state, duel.to_play, action, now, words=lexicon)
            inputs.append(Input(version=len(inputs) + 2, kind=ACT, at=now, seat=duel.to_play, action=action))
    now += timedelta(seconds=1)
    state, _events = engine.stop(state, now, "admin")
    inputs.append(Input(version=len(inputs) + 2, kind=STOP, at=now, reason="admin"))
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


def duel_of(final: engine.State, hidden: str) -> tuple[int, engine.Duel]:
    for current in final.rounds:
        for duel in current.duels:
            if duel.hidden == hidden:
                return current.number, duel
    raise LookupError(hidden)


def board_rows(duel: engine.Duel, upto: int) -> list[tuple[str, list[str]]]:
    """The guesses among the board's first `upto` rows (a skipped turn shows no letters), both players'."""
    return [(r.word, list(r.marks)) for r in duel.rows[:upto] if r.word is not None and r.marks is not None]


def brute_force(length: int, rows: list[tuple[str, list[str]]]) -> int:
    """How many words of the hidden list of that length give every row its marks."""
    count = 0
    for candidate in lexicon(engine.list_slugs("es", length)[1]).words:
        target = alphabets.letters("es", candidate)
        if all(list(wordle.feedback(alphabets.letters("es", word), target)) == marks for word, marks in rows):
            count += 1
    return count


def moves_on(result: dict, number: int, duel: engine.Duel) -> list[dict]:
    """The analysed moves on a duel's board, row by row."""
    found = [m for m in result["moves"].values() if m["round"] == number and m["seat"] in duel.seats]
    return sorted(found, key=lambda m: m["row"])


def test_every_guess_is_analysed_and_a_skipped_turn_is_not(match, result) -> None:
    steps, _final = match
    guessed = {str(s.version) for s in steps for e in s.events if e["type"] == "guessed"}
    skipped = [s for s in steps if any(e["type"] == "turn_skipped" for e in s.events)]
    assert set(result["moves"]) == guessed
    assert len(guessed) == sum(1 for moves in SCRIPT for _hidden, word in moves if word is not None)
    assert skipped and all(str(s.version) not in result["moves"] for s in skipped)


@pytest.mark.parametrize(("hidden", "row"), [("pelo", 3), ("cuerpo", 4), ("sopa", 2)])
def test_three_positions_match_a_brute_force_search_on_the_shared_board(match, result, hidden: str, row: int) -> None:
    _steps, final = match
    number, duel = duel_of(final, hidden)
    assert hidden in lexicon(engine.list_slugs("es", duel.length)[1])
    found = next(m for m in moves_on(result, number, duel) if m["row"] == row)
    assert found["seat"] == duel.rows[row - 1].seat
    before = board_rows(duel, row - 1)  # the rival's rows count: the board is shared
    assert set(duel.seats) == {r.seat for r in duel.rows[: row - 1]} | {found["seat"]}
    assert found["before"] == brute_force(duel.length, before)
    assert found["after"] == brute_force(duel.length, board_rows(duel, row))
    assert found["before"] >= found["after"] >= 1
    bot = alphabets.normalise("es", found["bot"])
    assert bot in lexicon(engine.list_slugs("es", duel.length)[0])
    bot_marks = list(wordle.feedback(alphabets.letters("es", bot), alphabets.letters("es", duel.hidden)))
    assert found["bot_after"] == brute_force(duel.length, [*before, (bot, bot_marks)])


def test_along_a_board_each_guess_starts_where_the_rivals_left_it(match, result) -> None:
    _steps, final = match
    for current in final.rounds:
        for duel in current.duels:
            moves = moves_on(result, current.number, duel)
            assert moves and moves[0]["before"] == len(lexicon(engine.list_slugs("es", duel.length)[1]).words)
            for earlier, later in zip(moves, moves[1:], strict=False):
                assert later["before"] == earlier["after"]  # across players, and across a skipped turn
            for found in moves:
                assert found["after"] <= found["before"]
                if found["solved"]:
                    assert found["after"] == 1 and found is moves[-1]


def test_no_guessed_word_and_no_unplayed_word_is_in_the_analysis(match, result) -> None:
    _steps, final = match
    tokens = set(re.findall(r"\w+", json.dumps(result, ensure_ascii=False)))
    bots_words = {alphabets.normalise("es", m["bot"]) for m in result["moves"].values()}
    checked = 0
    for current in final.rounds:
        for duel in current.duels:
            for row in duel.rows:
                if row.word is None or row.word in (duel.hidden, *bots_words):
                    continue
                assert row.word not in tokens and row.shown not in tokens
                checked += 1
    assert checked >= 10
    for word in NEVER_PLAYED:
        assert word not in tokens


def test_each_round_shows_its_duels_words_and_each_players_figures(match, result) -> None:
    _steps, final = match
    assert [[d["word"] for d in r["duels"]] for r in result["rounds"]] == [["pelo", "cuerpo"], ["sopa", "cantar"]]
    _number, pelo = duel_of(final, "pelo")
    winner, loser = pelo.winner, next(seat for seat in pelo.seats if seat != pelo.winner)
    first = {entry["seat"]: entry for entry in result["rounds"][0]["seats"]}
    assert first[winner]["solved"] and first[winner]["rival"] == loser and first[winner]["guesses"] == 2
    assert first[winner]["notes"][0] == {"text": "Solved in %(count)s guesses.", "params": {"count": 2}}
    assert {"text": "The rival found the word first.", "params": {}} in first[loser]["notes"]
    _number, cuerpo = duel_of(final, "cuerpo")
    skipper = cuerpo.rows[2].seat
    assert first[skipper]["skipped"] == 1
    assert {"text": "Turns that ran out: %(count)s.", "params": {"count": 1}} in first[skipper]["notes"]
    # The second round was stopped: its duels end unsolved.
    assert [d["end"] for d in result["rounds"][1]["duels"]] == [engine.STOPPED, engine.STOPPED]
    summary = {entry["seat"]: entry for entry in result["summary"]["seats"]}
    assert sorted(summary) == list(range(SEATS))
    assert all(entry["rounds"] == 2 for entry in summary.values())
    assert summary[winner]["solved"] == 1 + int(cuerpo.winner == winner)


def test_the_analysis_is_json_and_the_same_every_time(match, result) -> None:
    steps, _final = match
    assert json.loads(json.dumps(result)) == result
    assert analysis.analyse(steps, words=lexicon) == result
    for found in result["moves"].values():
        for entry in found["notes"]:
            assert entry["text"] % entry["params"]


def test_a_duel_still_played_is_left_out(match) -> None:
    steps, _final = match
    running = next(i for i, s in enumerate(steps) if any(e["type"] == "guessed" and e["round"] == 2 for e in s.events))
    cut = analysis.analyse(steps[: running + 1], words=lexicon)
    assert {m["round"] for m in cut["moves"].values()} == {1}
    tokens = set(re.findall(r"\w+", json.dumps(cut, ensure_ascii=False)))
    assert "sopa" not in tokens and "cantar" not in tokens


def test_a_rounds_card_made_from_its_guesses_alone_is_the_whole_analysis_round(match, result) -> None:
    """The round-end card analyses only its own round's duels, and says the same as the whole tournament's
    analysis of that round."""
    steps, final = match
    assert result["rounds"]
    for entry in result["rounds"]:
        assert analysis.analyse_round(steps, entry["round"], words=lexicon) == entry
    assert analysis.analyse_round(steps, len(final.rounds) + 1, words=lexicon) is None
