"""Wordgrid bots (games/wordgrid/bots.py): every move they make passes the same validator as a person's,
they keep to their level's style, hard looks one reply ahead, and they only move on their own turn."""

from __future__ import annotations

import random
import statistics
from datetime import UTC, datetime, timedelta

import pytest

from games.kit.words import WordSet, common_words
from games.runtime.registry import BOTS
from games.wordgrid import bots, engine, moves
from wordlists.lexicon import dawg, lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
SLUG = engine.LIST_SLUG


def play(levels: tuple[str, str], rng: random.Random, words, graphs=None) -> engine.State:
    """A whole game between two bots; every action goes through engine.apply (IllegalMove would fail)."""
    state = engine.new_game({}, 2, rng, T0, words=words, dawg=graphs)
    now = T0
    while state.phase == engine.PLAYING:
        seat = state.turn
        assert bots.bot_action(state, 1 - seat, levels[1 - seat], rng, words=words, dawg=graphs) is None
        action = bots.bot_action(state, seat, levels[seat], rng, words=words, dawg=graphs)
        now += timedelta(seconds=bots.think_seconds(levels[seat], rng))
        state, _events = engine.apply(state, seat, action, now, words=words, dawg=graphs)
    return state


@pytest.mark.parametrize("levels", [(a, b) for a in bots.LEVELS for b in bots.LEVELS])
def test_bots_play_whole_games_on_the_real_list_with_legal_moves_only(levels: tuple[str, str]) -> None:
    state = play(levels, random.Random(7), lexicon, dawg)
    result = engine.outcome(state)
    assert result.details["reason"] in ("grid_full", "no_moves") and result.details["winner"] in (0, 1)
    valid = lexicon(SLUG)
    assert all(p.word in valid and len(p.word) >= 2 for p in state.plays)


@pytest.mark.parametrize("seed", range(12))
def test_bots_on_small_hand_made_lists_end_their_games(seed: int) -> None:
    rng = random.Random(seed)
    pool = (
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
        "es",
        "see",
        "seep",
        "tee",
        "tees",
        "set",
        "pest",
        "step",
        "steep",
        "heat",
        "hate",
        "eat",
        "tea",
        "sea",
        "seat",
        "pa",
        "pat",
        "tap",
        "spa",
        "spat",
        "past",
        "paste",
        "at",
        "ta",
        "tat",
        "state",
        "taste",
    )
    lists = {SLUG: WordSet(tuple(rng.sample(pool, rng.randint(3, len(pool)))))}
    levels = (bots.LEVELS[seed % 3], bots.LEVELS[(seed // 3) % 3])
    state = play(levels, rng, lists.__getitem__)  # no prebuilt graph: the engine derives one
    assert engine.outcome(state) is not None


def test_medium_plays_the_longest_word_it_knows_and_easy_mostly_short_ones() -> None:
    graph = dawg(SLUG)
    state = engine.new_game({}, 2, random.Random(0), T0, words=lexicon, dawg=dawg)
    known = common_words(lexicon, SLUG, bots.MEDIUM_WORDS)
    assert known is not None
    groups = moves.best_plays(state.grid, state.spent(), graph)
    longest = max(len(word) for found in groups.values() for word in found if word in known)
    lengths = {bots.EASY: [], bots.MEDIUM: []}
    for seed in range(30):
        for level in lengths:
            action = bots.bot_action(state, 0, level, random.Random(seed), words=lexicon, dawg=dawg)
            after, _ = engine.apply(state, 0, action, T0 + timedelta(seconds=1), words=lexicon, dawg=dawg)
            lengths[level].append(len(after.plays[-1].word))
    assert set(lengths[bots.MEDIUM]) == {longest}
    assert statistics.mean(lengths[bots.EASY]) < 4 and sum(n <= 3 for n in lengths[bots.EASY]) >= 20


def test_hard_does_not_set_up_the_opponents_long_reply() -> None:
    # From SHEEP, the longest opening is HES (an S above or below the first E). But that S lets the
    # opponent write a T next to it and trace S-H-E-E-T-S (6). HE (2) leaves only HES (3): 2 - 3 beats
    # 3 - 6. Medium grabs HES; hard plays HE.
    lists = {SLUG: WordSet(("he", "hes", "pate", "sheets", "steep", "tea"))}
    state = engine.new_game({}, 2, random.Random(0), T0, words=lists.__getitem__)
    for seed in range(10):
        chosen = {}
        for level in (bots.MEDIUM, bots.HARD):
            action = bots.bot_action(state, 0, level, random.Random(seed), words=lists.__getitem__)
            after, _ = engine.apply(state, 0, action, T0 + timedelta(seconds=1), words=lists.__getitem__)
            chosen[level] = after.plays[-1].word
        assert chosen == {bots.MEDIUM: "hes", bots.HARD: "he"}


def test_hard_takes_a_move_that_ends_the_game_in_its_favour() -> None:
    # Seat 0 opened PE (a P below the second E). Seat 1 could play SHEET (5, a T above that E), or EP
    # with a P in that very cell: it blocks SHEET, leaves nothing to play, and the game ends 2 - 2, which
    # the second player wins. Medium grabs SHEET; hard, in seat 1, takes the sure win.
    lists = {SLUG: WordSet(("ep", "pe", "sheet"))}
    words = lists.__getitem__
    state = engine.new_game({}, 2, random.Random(0), T0, words=words)
    opening = {"type": "move", "cell": [3, 3], "letter": "p", "path": [[3, 3], [2, 3]]}
    state, _ = engine.apply(state, 0, opening, T0 + timedelta(seconds=1), words=words)
    medium = bots.bot_action(state, 1, bots.MEDIUM, random.Random(0), words=words)
    assert medium["cell"] == [1, 3] and medium["letter"] == "t"
    for seed in range(5):
        action = bots.bot_action(state, 1, bots.HARD, random.Random(seed), words=words)
        assert (action["cell"], action["letter"]) == ([1, 3], "p")
        after, _ = engine.apply(state, 1, action, T0 + timedelta(seconds=2), words=words)
        assert engine.outcome(after).details["winner"] == 1 and engine.outcome(after).details["reason"] == "no_moves"


def test_a_bot_owes_a_move_only_on_its_turn_and_tokens_change_with_every_move() -> None:
    lists = {SLUG: WordSet(("ha", "ah", "sheet"))}
    state = engine.new_game({}, 2, random.Random(0), T0, words=lists.__getitem__)
    assert bots.bot_turn(state, 0) == "move:0" and bots.bot_turn(state, 1) is None
    action = bots.bot_action(state, 0, bots.EASY, random.Random(0), words=lists.__getitem__)
    state, _ = engine.apply(state, 0, action, T0 + timedelta(seconds=1), words=lists.__getitem__)
    assert bots.bot_turn(state, 0) is None and bots.bot_turn(state, 1) == "move:1"
    state, _ = engine.apply(state, 1, {"type": "resign"}, T0 + timedelta(seconds=2), words=lists.__getitem__)
    assert bots.bot_turn(state, 0) is None and bots.bot_turn(state, 1) is None
    assert bots.bot_action(state, 0, bots.HARD, random.Random(0), words=lists.__getitem__) is None
    with pytest.raises(ValueError):
        bots.bot_action(state, 0, "expert", random.Random(0), words=lists.__getitem__)


def test_the_same_position_and_seed_give_the_same_move() -> None:
    state = play((bots.MEDIUM, bots.MEDIUM), random.Random(3), lexicon, dawg)
    # Replay its first moves to a midgame position and ask hard twice.
    midgame = engine.new_game({}, 2, random.Random(0), T0, words=lexicon, dawg=dawg)
    for number, p in enumerate(state.plays[:8]):
        action = moves.Move(p.cell, p.letter, tuple(p.path), p.word).action()
        midgame, _ = engine.apply(midgame, p.seat, action, T0 + timedelta(seconds=number + 1), words=lexicon, dawg=dawg)
    first = bots.bot_action(midgame, midgame.turn, bots.HARD, random.Random(5), words=lexicon, dawg=dawg)
    again = bots.bot_action(midgame, midgame.turn, bots.HARD, random.Random(5), words=lexicon, dawg=dawg)
    assert first == again


def test_think_times_are_human_and_well_within_the_clock() -> None:
    rng = random.Random(0)
    for level in bots.LEVELS:
        times = [bots.think_seconds(level, rng) for _ in range(300)]
        assert min(times) > 2 and max(times) < 20
        # About ten moves each: even the slowest thinker keeps most of its 10 minutes.
        assert 10 * max(times) < engine.CLOCK_SECONDS / 2


def test_the_bot_registry_serves_wordgrid_bots() -> None:
    assert BOTS["wordgrid"] is bots


def test_easy_and_medium_play_only_common_words_and_hard_any_word() -> None:
    # From SHEEP, "hes" and "she" score more than "he", but when the list's common words are "he" and "tea",
    # only a hard bot knows them (issue 21: a newcomer's bot plays words a person knows).
    lists = {
        SLUG: WordSet(("he", "hes", "she", "sheets", "steep", "tea")),
        "wordgrid-en-common": WordSet(("he", "tea")),
    }
    words = lists.__getitem__
    state = engine.new_game({}, 2, random.Random(0), T0, words=words)
    played = {level: set() for level in bots.LEVELS}
    for seed in range(20):
        for level in bots.LEVELS:
            action = bots.bot_action(state, 0, level, random.Random(seed), words=words)
            after, _ = engine.apply(state, 0, action, T0 + timedelta(seconds=1), words=words)
            played[level].add(after.plays[-1].word)
    assert played[bots.EASY] == {"he"} and played[bots.MEDIUM] == {"he"}
    assert played[bots.HARD] - {"he", "tea"}


def test_a_bot_that_knows_no_playable_word_plays_from_the_whole_list() -> None:
    lists = {SLUG: WordSet(("he", "hes")), "wordgrid-en-common": WordSet(("tea",))}
    words = lists.__getitem__
    state = engine.new_game({}, 2, random.Random(0), T0, words=words)
    action = bots.bot_action(state, 0, bots.EASY, random.Random(0), words=words)
    after, _ = engine.apply(state, 0, action, T0 + timedelta(seconds=1), words=words)
    assert after.plays[-1].word in {"he", "hes"}


def test_on_the_real_list_easy_and_medium_never_play_a_rare_word() -> None:
    """Whole games on the shipped list: every word easy and medium play is among their commonest words."""
    for levels in ((bots.EASY, bots.MEDIUM), (bots.MEDIUM, bots.EASY)):
        state = play(levels, random.Random(3), lexicon, dawg)
        for play_ in state.plays:
            level = levels[play_.seat]
            known = common_words(lexicon, SLUG, bots.VOCABULARY[level])
            assert known is not None and play_.word in known, (level, play_.word)
