"""The analysis of a finished Letras Cruzadas match (games/cruzadas/analysis.py): matches played through the
engine, replayed with games.kit.rerun, then analysed. The best score of each rack is checked against a
brute force that knows nothing of the move generator (every word of the list at every square, both ways, a
blank as each letter it could stand for, each placement applied by the engine and scored by it); the figures
add up; a move that scores as much as the best counts as found; points left are never negative; the output
names the best placement and nothing else of a rack."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from games.cruzadas import analysis, bots, engine, rules
from games.cruzadas.rules import BLANK, SIZE
from games.kit.errors import IllegalMove
from games.kit.rerun import ACT, Input, Step, rerun
from games.kit.words import WordSet
from wordlists.lexicon import dawg, lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
SLUG = "cruzadas-tr-valid"
SMALL = WordSet(
    (
        *("al", "la", "ak", "kal", "kale", "kalem", "alem", "elma", "el", "le", "me", "em", "ek", "mal"),
        *("ama", "kel", "ele", "ekim", "mi", "ki", "iki", "ile", "at", "ta", "ev", "tel", "tek", "et", "ne"),
        *("en", "kent", "ten", "kek", "lale", "elek", "kalk", "ılık", "ışık", "ağ", "kıl", "mat", "tam"),
    )
)


def source(word_list: WordSet = SMALL):
    return {SLUG: word_list}.__getitem__


def start(racks: list[str], bag: str, seed: int = 3) -> engine.State:
    """A new game with these racks and this bag (the next tile drawn is the bag's last letter)."""
    state = engine.new_game({}, 2, random.Random(seed), T0, words=source())
    state.racks = [list(rack) for rack in racks]
    state.bag = list(bag)
    return state


def placements(state: engine.State, seat: int, word_list: WordSet):
    """Every placement of a word of the list, at every square, across and down, whose new tiles the rack can
    make (a blank as any letter): the brute force's candidates, not yet checked by the rules."""
    rack = Counter(state.racks[seat])
    empty = rules.is_empty(state.board)

    def near(cell: int) -> bool:  # a tile on it or beside it: a later word must touch the board
        row, col = divmod(cell, SIZE)
        around = [(row, col), (row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
        return any(0 <= r < SIZE and 0 <= c < SIZE and state.board[r * SIZE + c] is not None for r, c in around)

    for word in word_list.words:
        for first, step in itertools.product(range(rules.CELLS), (1, SIZE)):
            row, col = divmod(first, SIZE)
            if (step == 1 and col + len(word) > SIZE) or (step == SIZE and row + len(word) > SIZE):
                continue
            cells = [first + k * step for k in range(len(word))]
            if any(
                state.board[c] is not None and state.board[c].letter != ch for c, ch in zip(cells, word, strict=True)
            ):
                continue
            new = [(c, ch) for c, ch in zip(cells, word, strict=True) if state.board[c] is None]
            if not new or (rules.CENTRE not in cells if empty else not any(near(c) for c in cells)):
                continue  # no new tile, or (a necessary condition of the rules) off the centre or the board
            for count in range(rack[BLANK] + 1):
                for blanks in itertools.combinations(range(len(new)), count):
                    need = Counter(ch for k, (_c, ch) in enumerate(new) if k not in blanks)
                    if any(rack[ch] < n for ch, n in need.items()):
                        continue
                    yield [{"cell": c, "letter": ch, "blank": k in blanks} for k, (c, ch) in enumerate(new)]


def brute_force(state: engine.State, seat: int, word_list: WordSet = SMALL) -> int | None:
    """The best score of `seat`'s rack on the board (None: no legal placement), each candidate applied by
    the engine in a try/except and scored by its `placed` event."""
    best = None
    for tiles in placements(state, seat, word_list):
        try:
            _after, events = engine.apply(state, seat, {"type": "place", "tiles": tiles}, T0, words=source(word_list))
        except IllegalMove:
            continue
        points = next(e for e in events if e["type"] == "placed")["points"]
        best = points if best is None else max(best, points)
    return best


def best_action(state: engine.State, seat: int, word_list: WordSet, pick: str) -> dict:
    """The brute force's best placement ("best"), its lowest-scoring one ("low"), a pass or an exchange."""
    if pick in ("pass", "exchange"):
        return {"type": pick}
    scored = []
    for tiles in placements(state, seat, word_list):
        try:
            _after, events = engine.apply(state, seat, {"type": "place", "tiles": tiles}, T0, words=source(word_list))
        except IllegalMove:
            continue
        scored.append((next(e for e in events if e["type"] == "placed")["points"], json.dumps(tiles), tiles))
    assert scored, "the fixed position has a placement"
    scored.sort(key=lambda item: item[:2])
    return {"type": "place", "tiles": (scored[-1] if pick == "best" else scored[0])[2]}


def play(state: engine.State, picks: list[str], word_list: WordSet = SMALL) -> tuple[list[Step], dict]:
    """The match from `state` with each turn's action picked as `picks` says ("resign": seat 1 resigns),
    replayed from its inputs (versions from 2) and analysed."""
    initial = engine.to_json(state)
    inputs = []
    for number, pick in enumerate(picks):
        if state.phase != engine.PLAYING:
            break
        now = T0 + timedelta(seconds=5 * (number + 1))
        seat = 1 if pick == "resign" else state.turn
        action = {"type": "resign"} if pick == "resign" else best_action(state, seat, word_list, pick)
        state, _events = engine.apply(state, seat, action, now, words=source(word_list))
        inputs.append(Input(number + 2, ACT, now, seat, action))
    steps = rerun(engine, initial, inputs, words=source(word_list), final=engine.to_json(state))
    return steps, analysis.analyse(steps, words=source(word_list))


# Three fixed positions: the opening with a blank on the rack, the reply to it, and a position three moves
# in; each the last move of its match, played as the brute force found best, low or not at all.
BAG = "ekaltmiaelkmneiatlkaemlkietanmle"
POSITIONS = {
    "opening, a blank on the rack": (["kalem?i", "tekneli"], ["low"]),
    "the reply": (["kalem?i", "tekneli"], ["best", "low"]),
    "three moves in, a pass": (["kalmeti", "aletkim"], ["best", "low", "best", "pass"]),
}


@pytest.mark.parametrize(("racks", "picks"), POSITIONS.values(), ids=POSITIONS.keys())
def test_the_best_score_of_three_fixed_positions_equals_a_brute_force_search(
    racks: list[str], picks: list[str]
) -> None:
    steps, result = play(start(racks, BAG), picks)
    assert len(steps) == len(picks)
    for step in steps:
        found = result["moves"][str(step.version)]
        best = brute_force(step.before, step.input.seat)
        assert best is not None and found["best"]["points"] == best
        assert found["left"] == max(0, best - found["played"]["points"])
        assert found["found"] is (found["played"]["points"] == best)
    last = result["moves"][str(steps[-1].version)]
    assert not last["found"] and last["left"] > 0  # a low move or a pass
    if picks[-1] == "pass":
        assert last["kind"] == "pass" and last["played"] == {"words": [], "points": 0}
        assert last["left"] == last["best"]["points"]


def test_a_move_that_scores_as_much_as_the_best_counts_as_found() -> None:
    steps, result = play(start(["kalem?i", "tekneli"], BAG), ["best", "best"])
    for step in steps:
        found = result["moves"][str(step.version)]
        assert found["found"] and found["left"] == 0
        assert found["played"]["points"] == found["best"]["points"] == step.after.history[-1].points
        assert found["notes"] == [
            {
                "text": analysis.FOUND,
                "params": {"word": analysis.shown(found["played"]["words"][0]), "points": found["played"]["points"]},
            }
        ]


def test_the_best_move_is_named_where_it_lies_and_replayed_it_scores_what_is_said() -> None:
    steps, result = play(start(["kalem?i", "tekneli"], BAG), ["best", "low"])
    step = steps[1]
    found = result["moves"][str(step.version)]
    best = found["best"]
    after, events = engine.apply(step.before, 1, {"type": "place", "tiles": best["tiles"]}, T0, words=source())
    placed = events[0]
    assert placed["points"] == best["points"] and placed["words"] == best["words"] and best["word"] == best["words"][0]
    row, col = best["start"]
    step_size = 1 if best["direction"] == "across" else SIZE
    assert (
        "".join(after.board[row * SIZE + col + k * step_size].letter for k in range(len(best["word"]))) == best["word"]
    )
    text = analysis.BEST_ACROSS if best["direction"] == "across" else analysis.BEST_DOWN
    assert found["notes"] == [
        {
            "text": text,
            "params": {
                "word": analysis.shown(best["word"]),
                "row": row + 1,
                "col": col + 1,
                "points": best["points"],
                "played": found["played"]["points"],
            },
        },
        {"text": analysis.LEFT, "params": {"points": found["left"]}},
    ]


def test_a_rack_with_no_placement_has_no_best_and_its_pass_loses_nothing() -> None:
    state = start(["kalemi?", "ççççççç"], BAG)  # no word of the list has a Ç
    steps, result = play(state, ["best", "pass"])
    passed = result["moves"]["3"]
    assert brute_force(steps[1].before, 1) is None
    assert passed["best"] is None and passed["found"] and passed["left"] == 0
    assert passed["notes"] == [{"text": analysis.NO_PLACEMENT, "params": {}}]


def assert_adds_up(result: dict, steps: list[Step]) -> None:
    for seat, tally in enumerate(result["summary"]["seats"]):
        mine = [m for m in result["moves"].values() if m["seat"] == seat]
        assert tally["seat"] == seat
        assert tally["moves"] == len(mine) == sum(1 for s in steps if analysis.is_move(s) and s.input.seat == seat)
        assert tally["found"] == sum(m["found"] for m in mine)
        assert tally["left"] == sum(m["left"] for m in mine) == tally["best_points"] - tally["played_points"]
        assert tally["notes"] == [
            {"text": analysis.FOUND_COUNT, "params": {"found": tally["found"], "moves": tally["moves"]}},
            {"text": analysis.LEFT_TOTAL, "params": {"points": tally["left"]}},
        ]
    for found in result["moves"].values():
        best = found["best"]["points"] if found["best"] else 0
        assert found["left"] >= 0 and found["left"] == max(0, best - found["played"]["points"])
        assert found["found"] is (found["played"]["points"] >= best)
        for item in found["notes"]:
            assert item["text"] % item["params"]  # every placeholder has its parameter


def test_summary_counts_add_up_and_a_resignation_is_no_move() -> None:
    steps, result = play(start(["kalmeti", "aletkim"], BAG), ["best", "low", "exchange", "best", "pass", "resign"])
    assert [step.input.action["type"] for step in steps] == ["place", "place", "exchange", "place", "pass", "resign"]
    assert sorted(result["moves"], key=int) == ["2", "3", "4", "5", "6"]
    assert result["moves"]["4"]["kind"] == "exchange" and result["moves"]["4"]["played"]["points"] == 0
    assert_adds_up(result, steps)
    assert [t["moves"] for t in result["summary"]["seats"]] == [3, 2]


def test_a_real_game_of_bots_on_the_real_list() -> None:
    """Twelve moves of the easy and hard bots on the Turkish list: the named best move is legal and scores
    what the analysis says, no move beats it, and the output shows no rack beyond the best move's tiles."""
    rng = random.Random(11)
    state = engine.new_game({}, 2, rng, T0, words=lexicon, dawg=dawg)
    initial, inputs, now = engine.to_json(state), [], T0
    while state.phase == engine.PLAYING and len(inputs) < 12:
        seat = state.turn
        action = bots.bot_action(state, seat, ("easy", "hard")[seat], rng, words=lexicon, dawg=dawg)
        now += timedelta(seconds=9)
        state, _events = engine.apply(state, seat, action, now, words=lexicon, dawg=dawg)
        inputs.append(Input(len(inputs) + 2, ACT, now, seat, action))
    steps = rerun(engine, initial, inputs, words=lexicon, final=engine.to_json(state), engine_kwargs={"dawg": dawg})
    result = analysis.analyse(steps, words=lexicon, dawg=dawg)
    assert json.loads(json.dumps(result)) == result
    assert len(result["moves"]) == len(steps)
    assert_adds_up(result, steps)
    for step in steps:
        found = result["moves"][str(step.version)]
        assert set(found) == {"seat", "kind", "played", "best", "left", "found", "notes"}  # no rack, no bag
        best = found["best"]
        assert best is not None
        action = {"type": "place", "tiles": best["tiles"]}
        _after, events = engine.apply(step.before, step.input.seat, action, step.input.at, words=lexicon, dawg=dawg)
        assert events[0]["points"] == best["points"]
        tiles = Counter(BLANK if t["blank"] else t["letter"] for t in best["tiles"])
        assert tiles <= Counter(step.before.racks[step.input.seat])
        history = step.after.history[-1]
        assert found["played"]["points"] == (history.points if history.kind == "place" else 0)
    easy, hard = result["summary"]["seats"]
    assert easy["left"] > 0  # easy plays from the lower-scoring half
