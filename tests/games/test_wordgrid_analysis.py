"""The analysis of a finished Wordgrid match (games/wordgrid/analysis.py): matches played through the engine,
replayed with games.kit.rerun, then analysed. The longest word of each position, and whether a move could
have ended the game with a win, are checked against a brute force that knows nothing of the word graph
(moves.brute_force_moves: every cell, letter and path, the word asked of the list; each move applied by the
engine); the figures add up; a move as long as the best counts as found; points left are never negative."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta

import pytest

from games.kit.errors import IllegalMove
from games.kit.rerun import ACT, Input, Step, rerun
from games.kit.words import WordSet, common_words
from games.wordgrid import analysis, bots, engine, moves
from wordlists.lexicon import dawg, lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
SLUG = engine.LIST_SLUG
# The move generator's test list (tests/games/test_wordgrid_moves.py): words around SHEEP's letters.
SMALL = WordSet(
    (
        *("he", "eh", "sh", "hes", "she", "sheet", "sheets", "ah", "ha", "hah", "pe", "pet", "pets", "ep", "es"),
        *("see", "seep", "peh", "eel", "heel", "tee", "tees", "set", "pest", "step", "steep", "heap", "heat"),
        *("hate", "eat", "tea", "teas", "sea", "seat", "pa", "pat", "tap", "apt", "spa", "spat", "past", "paste"),
        *("haste", "aha", "thee", "these", "sheath"),
    )
)
# A four-move game on this list: seat 1's TA at (1, 3) opens SHEETS for seat 0, where TA at (0, 4) would
# have left seat 0 with no move at 2-2 (a tie goes to seat 1); seat 1's last move leaves seat 0 with no move,
# behind (8-6).
FOUR = WordSet(("pa", "ta", "sheets", "hate"))


def move(cell: tuple[int, int], letter: str, *path: tuple[int, int]) -> dict:
    return {"type": "move", "cell": list(cell), "letter": letter, "path": [list(p) for p in path]}


FOUR_MOVES = [
    move((1, 4), "a", (2, 4), (1, 4)),  # PA
    move((1, 3), "t", (1, 3), (1, 4)),  # TA
    move((0, 3), "s", (2, 0), (2, 1), (2, 2), (2, 3), (1, 3), (0, 3)),  # SHEETS
    move((0, 4), "h", (0, 4), (1, 4), (1, 3), (2, 3)),  # HATE
]


def source(word_list: WordSet):
    return {SLUG: word_list}.__getitem__


def play(word_list: WordSet, actions: list[dict]) -> tuple[list[Step], dict]:
    """The match of `actions` (seat 0 first, turns alternating, versions from 2), replayed and analysed."""
    words = source(word_list)
    state = engine.new_game({}, 2, random.Random(0), T0, words=words)
    initial = engine.to_json(state)
    inputs = []
    for number, action in enumerate(actions):
        now = T0 + timedelta(seconds=5 * (number + 1))
        seat = state.turn
        state, _events = engine.apply(state, seat, action, now, words=words)
        inputs.append(Input(number + 2, ACT, now, seat, action))
    steps = rerun(engine, initial, inputs, words=words, final=engine.to_json(state))
    return steps, analysis.analyse(steps, words=words)


def chosen(state: engine.State, word_list: WordSet, pick: str) -> dict:
    """A move of the position: the longest ("best"), the shortest ("short") or the first found ("any")."""
    legal = moves.legal_moves(state.grid, state.spent(), moves.derived_index(word_list))
    if pick == "best":
        legal.sort(key=lambda m: (-len(m.word), m.word, m.cell, m.letter, m.path))
    elif pick == "short":
        legal.sort(key=lambda m: (len(m.word), m.word, m.cell, m.letter, m.path))
    return legal[0].action()


def scripted(word_list: WordSet, picks: list[str]) -> tuple[list[Step], dict]:
    """A match where each move is picked from the legal ones as `picks` says (fixed: no randomness)."""
    words = source(word_list)
    state = engine.new_game({}, 2, random.Random(0), T0, words=words)
    actions = []
    for pick in picks:
        if state.phase != engine.PLAYING:
            break
        action = chosen(state, word_list, pick)
        actions.append(action)
        state, _events = engine.apply(state, state.turn, action, T0, words=words)
    return play(word_list, actions)


def brute_force(state: engine.State, seat: int, word_list: WordSet) -> tuple[int, int | None]:
    """The longest word of the position and the longest one that ends the game with a win for `seat` (None:
    none), by plain enumeration, each move applied by the engine."""
    longest = max(len(word) for word in word_list.words)  # no path longer than that spells a word
    found = moves.brute_force_moves(state.grid, state.spent(), word_list.__contains__, max_length=longest)
    best, winning = 0, None
    for cell, letter, path in found:
        grid = state.grid[:cell] + letter + state.grid[cell + 1 :]
        word = "".join(grid[i] for i in path)
        best = max(best, len(word))
        action = moves.Move(cell, letter, path, word).action()
        after, _events = engine.apply(state, seat, action, state.turn_started_at, words=source(word_list))
        if after.phase == engine.FINISHED and after.winner == seat:
            winning = max(winning or 0, len(word))
    return best, winning


def check_against_brute_force(steps: list[Step], result: dict, word_list: WordSet) -> int:
    checked = 0
    for step in steps:
        if not analysis.is_move(step):
            continue
        found = result["moves"][str(step.version)]
        best, winning = brute_force(step.before, step.input.seat, word_list)
        assert found["best"]["points"] == best
        assert found["left"] == max(0, best - found["played"]["points"])
        if not analysis._ended_with_win(step, step.input.seat):
            assert (found["winning_end"] or {}).get("points") == winning
        checked += 1
    return checked


# Three fixed positions: the opening, and two later ones reached by fixed choices.
POSITIONS = {
    "opening": ["short"],
    "after three moves": ["best", "short", "best", "short"],
    "after six moves": ["short", "best", "short", "best", "short", "best", "best"],
}


@pytest.mark.parametrize("picks", POSITIONS.values(), ids=POSITIONS.keys())
def test_the_longest_word_of_three_fixed_positions_equals_a_brute_force_search(picks: list[str]) -> None:
    steps, result = scripted(SMALL, picks)
    last = steps[-1]
    found = result["moves"][str(last.version)]
    best, _winning = brute_force(last.before, last.input.seat, SMALL)
    assert found["best"]["points"] == best and len(found["best"]["word"]) == best
    assert found["played"]["points"] == len(found["played"]["word"])
    assert found["found"] is (found["played"]["points"] == best)
    assert check_against_brute_force(steps, result, SMALL) == len(picks)


def test_a_word_as_long_as_the_best_counts_as_found_and_a_shorter_one_leaves_points() -> None:
    steps, result = scripted(SMALL, ["best", "short"])
    first, second = (result["moves"][str(step.version)] for step in steps)
    assert first["found"] and first["left"] == 0
    assert first["notes"][0]["text"] == analysis.FOUND
    assert first["notes"][0]["params"] == {"word": first["played"]["word"].upper(), "points": first["best"]["points"]}
    assert not second["found"] and second["left"] == second["best"]["points"] - second["played"]["points"] > 0
    assert [n["text"] for n in second["notes"][:2]] == [analysis.BEST, analysis.LEFT]
    assert second["notes"][1]["params"] == {"points": second["left"]}


def test_a_missed_winning_end_and_the_move_that_left_the_opponent_with_no_move() -> None:
    steps, result = play(FOUR, FOUR_MOVES)
    assert [step.after.reason for step in steps][-1] == engine.NO_MOVES and steps[-1].after.winner == 0
    pa, ta, sheets, hate = (result["moves"][str(v)] for v in (2, 3, 4, 5))
    assert ta["winning_end"] == {"word": "ta", "points": 2, "cell": [0, 4], "letter": "t", "path": [[0, 4], [1, 4]]}
    assert ta["found"] and ta["left"] == 0  # as long as the best, and yet the game was there to win
    assert ta["notes"][-1] == {
        "text": analysis.MISSED_WIN,
        "params": {"word": "TA", "letter": "T", "row": 1, "col": 5},
    }
    assert pa["winning_end"] is None and sheets["winning_end"] is None
    assert hate["opponent_stuck"] and not any(m["opponent_stuck"] for m in (pa, ta, sheets))
    assert {"text": analysis.STUCK, "params": {}} in hate["notes"]
    one, two = result["summary"]["seats"]
    assert (one["opponent_stuck"], two["opponent_stuck"], one["missed_wins"], two["missed_wins"]) == (0, 1, 0, 1)
    assert {"text": analysis.STUCK_COUNT, "params": {"count": 1}} in two["notes"]
    assert {"text": analysis.MISSED_COUNT, "params": {"count": 1}} in two["notes"]
    assert check_against_brute_force(steps, result, FOUR) == 4


def test_a_move_that_wins_by_leaving_the_opponent_stuck_is_no_missed_win() -> None:
    # TA at (0, 4) this time: seat 0 has no move at 2-2 and the tie goes to seat 1.
    steps, result = play(FOUR, [FOUR_MOVES[0], move((0, 4), "t", (0, 4), (1, 4))])
    ta = result["moves"]["3"]
    assert steps[-1].after.reason == engine.NO_MOVES and steps[-1].after.winner == 1
    assert ta["opponent_stuck"] and ta["winning_end"] is None and ta["found"]


def assert_adds_up(result: dict, steps: list[Step]) -> None:
    for seat, tally in enumerate(result["summary"]["seats"]):
        mine = [m for m in result["moves"].values() if m["seat"] == seat]
        assert tally["seat"] == seat
        assert tally["moves"] == len(mine) == sum(1 for s in steps if analysis.is_move(s) and s.input.seat == seat)
        assert tally["found"] == sum(m["found"] for m in mine)
        assert tally["left"] == sum(m["left"] for m in mine) == tally["best_points"] - tally["played_points"]
        assert tally["played_points"] == sum(m["played"]["points"] for m in mine)
        assert tally["opponent_stuck"] == sum(m["opponent_stuck"] for m in mine)
        assert tally["missed_wins"] == sum(m["winning_end"] is not None for m in mine)
        assert tally["notes"][:2] == [
            {"text": analysis.FOUND_COUNT, "params": {"found": tally["found"], "moves": tally["moves"]}},
            {"text": analysis.LEFT_TOTAL, "params": {"points": tally["left"]}},
        ]
    for found in result["moves"].values():
        assert found["left"] >= 0
        assert found["found"] is (found["left"] == 0) is (found["played"]["points"] >= found["best"]["points"])
        for item in found["notes"]:
            assert item["text"] % item["params"]  # every placeholder has its parameter


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_small_games_add_up_and_agree_with_the_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    picks = [rng.choice(["best", "short", "any"]) for _ in range(20)]
    steps, result = scripted(SMALL, picks)
    assert_adds_up(result, steps)
    assert check_against_brute_force(steps, result, SMALL) == len(result["moves"])


def test_a_real_game_with_resign_and_draw_offers_skipped_is_json_ready() -> None:
    """Bots on the real list; a draw offer and a resignation are no moves."""
    rng = random.Random(5)
    state = engine.new_game({}, 2, rng, T0, words=lexicon, dawg=dawg)
    initial, inputs, now = engine.to_json(state), [], T0
    for number in range(8):
        seat = state.turn
        action = bots.bot_action(state, seat, ("medium", "easy")[seat], rng, words=lexicon, dawg=dawg)
        if number == 3:
            action = {"type": "offer_draw"}
        now += timedelta(seconds=7)
        state, _events = engine.apply(state, seat, action, now, words=lexicon, dawg=dawg)
        inputs.append(Input(len(inputs) + 2, ACT, now, seat, action))
    now += timedelta(seconds=7)
    state, _events = engine.apply(state, 1, {"type": "resign"}, now, words=lexicon, dawg=dawg)
    inputs.append(Input(len(inputs) + 2, ACT, now, 1, {"type": "resign"}))
    steps = rerun(engine, initial, inputs, words=lexicon, final=engine.to_json(state), engine_kwargs={"dawg": dawg})
    result = analysis.analyse(steps, words=lexicon, dawg=dawg)
    assert json.loads(json.dumps(result)) == result
    assert set(result["moves"]) == {str(s.version) for s in steps if s.input.action["type"] == "move"}
    assert len(result["moves"]) == 7
    assert_adds_up(result, steps)
    medium = [m for m in result["moves"].values() if m["seat"] == 0]
    # Medium plays the longest word it knows (issue 21): a longest word of the grid whenever that one is common.
    known = common_words(lexicon, engine.LIST_SLUG, bots.MEDIUM_WORDS)
    assert known is not None
    for move in medium:
        assert move["found"] == (move["played"]["points"] == move["best"]["points"])
        assert move["found"] or move["best"]["word"] not in known
    for step in steps:
        if analysis.is_move(step):
            best = result["moves"][str(step.version)]["best"]
            action = {"type": "move", "cell": best["cell"], "letter": best["letter"], "path": best["path"]}
            try:  # the named best move is one the engine accepts, scoring its length
                engine.apply(step.before, step.input.seat, action, step.input.at, words=lexicon, dawg=dawg)
            except IllegalMove as error:  # pragma: no cover - the assertion below says which
                pytest.fail(f"the best move of version {step.version} is refused: {error}")
