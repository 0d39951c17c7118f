"""The Letras Cruzadas AI (games/cruzadas/bots.py): every action it takes passes the engine's validator (the one
a person's move goes through) over whole self-play games on the real list; each level chooses as documented;
it exchanges or passes when it has no word; it moves only on its own turn."""

from __future__ import annotations

import copy
import random
import statistics
from datetime import UTC, datetime, timedelta

import pytest

from games.cruzadas import bots, engine, movegen, rules
from games.kit.words import WordSet, common_words
from games.runtime.registry import BOTS
from wordlists.lexicon import dawg, lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
SLUG = engine.list_slug("tr")


def play(levels: tuple[str, str], rng: random.Random, words, graphs=None, max_turns: int = 400) -> engine.State:
    """A game between two bots; every action goes through engine.apply (an IllegalMove would fail the test)."""
    state = engine.new_game({}, 2, rng, T0, words=words, dawg=graphs)
    now = T0
    for _turn in range(max_turns):
        if state.phase != engine.PLAYING:
            break
        seat = state.turn
        assert bots.bot_action(state, 1 - seat, levels[1 - seat], rng, words=words, dawg=graphs) is None
        action = bots.bot_action(state, seat, levels[seat], rng, words=words, dawg=graphs)
        now += timedelta(seconds=bots.think_seconds(levels[seat], rng))
        state, _events = engine.apply(state, seat, action, now, words=words, dawg=graphs)
    return state


def tiles_total(state: engine.State) -> int:
    return len(state.bag) + sum(len(r) for r in state.racks) + sum(t is not None for t in state.board)


@pytest.mark.parametrize("levels", [(a, b) for a in bots.LEVELS for b in bots.LEVELS])
def test_self_play_on_the_real_list_makes_only_legal_moves_to_the_end(levels: tuple[str, str]) -> None:
    state = play(levels, random.Random(len(levels[0]) * 7 + len(levels[1])), lexicon, dawg)
    result = engine.outcome(state)
    assert result is not None and result.details["reason"] in (engine.OUT, engine.PASSES)
    graph = dawg(SLUG)
    placed = [turn for turn in state.history if turn.kind == engine.PLACE]
    assert len(placed) >= 10
    assert all(word in graph for turn in placed for word in turn.words)
    assert tiles_total(state) == 100


def test_the_levels_score_in_order_over_self_play() -> None:
    """Hard beats medium beats easy on average (each in games against the other two, seats alternating)."""
    rng = random.Random(3)
    points: dict[str, list[int]] = {level: [] for level in bots.LEVELS}
    for number, (a, b) in enumerate([(bots.EASY, bots.MEDIUM), (bots.MEDIUM, bots.HARD), (bots.HARD, bots.EASY)]):
        order = (a, b) if number % 2 == 0 else (b, a)
        result = engine.outcome(play(order, rng, lexicon, dawg))
        for seat, level in enumerate(order):
            points[level].append(result.details["scores"][seat])
    assert (
        statistics.mean(points[bots.EASY]) < statistics.mean(points[bots.MEDIUM]) < statistics.mean(points[bots.HARD])
    )


@pytest.mark.parametrize("seed", range(3))
def test_bots_on_a_small_hand_made_list_only_make_legal_moves(seed: int) -> None:
    rng = random.Random(seed)
    pool = (
        "al",
        "el",
        "ak",
        "at",
        "ek",
        "et",
        "ev",
        "ne",
        "de",
        "da",
        "ve",
        "ki",
        "ile",
        "kal",
        "kel",
        "tek",
        "tel",
        "ara",
        "ana",
        "ata",
        "kar",
        "kır",
        "kan",
        "kat",
        "kaya",
        "elma",
        "kalem",
        "masa",
        "ses",
        "su",
        "on",
        "ön",
        "ün",
        "üç",
        "iç",
        "aç",
        "at",
        "ad",
        "an",
        "in",
        "un",
        "ol",
        "öl",
        "yol",
        "yıl",
        "göl",
        "gün",
    )
    lists = {SLUG: WordSet(pool)}
    levels = (bots.LEVELS[seed % 3], bots.LEVELS[(seed + 1) % 3])
    state = play(levels, rng, lists.__getitem__, max_turns=150)  # no prebuilt graph: the bots derive one
    assert any(turn.kind == engine.PLACE for turn in state.history)
    assert tiles_total(state) == 100


def position(rng: random.Random, moves: int) -> engine.State:
    """A real game after `moves` turns of hard against itself."""
    state = engine.new_game({}, 2, rng, T0, words=lexicon, dawg=dawg)
    for _move in range(moves):
        action = bots.bot_action(state, state.turn, bots.HARD, rng, words=lexicon, dawg=dawg)
        state, _events = engine.apply(state, state.turn, action, T0, words=lexicon, dawg=dawg)
    return state


def chosen(state: engine.State, level: str, rng: random.Random) -> movegen.Play:
    action = bots.bot_action(state, state.turn, level, rng, words=lexicon, dawg=dawg)
    placement = tuple((t["cell"], t["letter"], t["blank"]) for t in action["tiles"])
    return next(p for p in bots.legal_plays(state, state.turn, dawg(SLUG)) if p.placement == placement)


def known_scores(state: engine.State, level: str) -> list[int]:
    """The scores of the plays a bot of `level` knows the main word of, best first."""
    plays = bots.legal_plays(state, state.turn, dawg(SLUG))
    known = common_words(lexicon, SLUG, bots.VOCABULARY[level]) if level in bots.VOCABULARY else None
    return sorted((p.score for p in bots.known_plays(plays, known)), reverse=True)


def test_medium_plays_from_the_best_fifth_of_its_words_and_easy_from_the_lower_half() -> None:
    rng = random.Random(5)
    for moves in (0, 3, 6, 9):
        state = position(rng, moves)
        medium, easy, every = (known_scores(state, level) for level in (bots.MEDIUM, bots.EASY, bots.HARD))
        fifth = medium[max(1, round(len(medium) * bots.MEDIUM_TOP)) - 1]
        median = easy[len(easy) // 2]
        for _try in range(3):
            assert chosen(state, bots.MEDIUM, rng).score >= fifth
            assert chosen(state, bots.EASY, rng).score <= median
        assert chosen(state, bots.HARD, rng).score >= every[max(1, round(len(every) * bots.MEDIUM_TOP)) - 1]


def test_easy_and_medium_play_common_words_only_and_hard_any_word() -> None:
    """Issue 21: on the shipped list, every main word easy and medium play is among their commonest words."""
    rng = random.Random(11)
    for moves in (0, 4, 8):
        state = position(rng, moves)
        for level in (bots.EASY, bots.MEDIUM):
            known = common_words(lexicon, SLUG, bots.VOCABULARY[level])
            assert known is not None
            for _try in range(3):
                assert chosen(state, level, rng).word in known


def test_hard_plays_a_word_easy_does_not_know() -> None:
    state, lists = small_state(("al", "ala", "kala"), "alkaprt")
    lists["cruzadas-tr-common"] = WordSet(("al",))
    words = lists.__getitem__
    played = {}
    for level in bots.LEVELS:
        action = bots.bot_action(state, 0, level, random.Random(0), words=words)
        played[level] = "".join(tile["letter"] for tile in action["tiles"])
    assert played[bots.EASY] == "al" and played[bots.MEDIUM] == "al"
    assert played[bots.HARD] == "kala"


def small_state(words: tuple[str, ...], rack: str, bag: int = 86) -> tuple[engine.State, dict]:
    lists = {SLUG: WordSet(words)}
    state = engine.new_game({}, 2, random.Random(0), T0, words=lists.__getitem__)
    state = copy.deepcopy(state)
    state.racks[0] = list(rack)
    state.bag = state.bag[:bag]
    return state, lists


def test_hard_keeps_a_blank_for_a_small_gain_and_spends_it_on_a_bingo() -> None:
    state, lists = small_state(("al", "ala"), "al?kkkk")
    action = bots.bot_action(state, 0, bots.HARD, random.Random(0), words=lists.__getitem__)
    assert all(not tile["blank"] for tile in action["tiles"])  # "al" for 4, not "ala" with the blank
    state, lists = small_state(("al", "kalemli"), "kalem?i")
    action = bots.bot_action(state, 0, bots.HARD, random.Random(0), words=lists.__getitem__)
    assert len(action["tiles"]) == 7 and sum(tile["blank"] for tile in action["tiles"]) == 1


def test_with_no_word_to_play_a_bot_exchanges_or_passes_when_the_bag_is_too_small() -> None:
    for level in bots.LEVELS:
        state, lists = small_state(("jj",), "aaeekkl")
        action = bots.bot_action(state, 0, level, random.Random(0), words=lists.__getitem__)
        assert action == {"type": "exchange"}
        engine.apply(state, 0, action, T0, words=lists.__getitem__)  # accepted
        state, lists = small_state(("jj",), "aaeekkl", bag=6)
        action = bots.bot_action(state, 0, level, random.Random(0), words=lists.__getitem__)
        assert action == {"type": "pass"}
        engine.apply(state, 0, action, T0, words=lists.__getitem__)


def test_bot_turn_gives_one_token_per_turn_and_none_off_turn_or_after_the_end() -> None:
    lists = {SLUG: WordSet(("al", "la", "el", "le", "ak", "ka"))}
    state = engine.new_game({}, 2, random.Random(1), T0, words=lists.__getitem__)
    token = bots.bot_turn(state, 0)
    assert token is not None and token == bots.bot_turn(state, 0)
    assert bots.bot_turn(state, 1) is None
    action = bots.bot_action(state, 0, bots.EASY, random.Random(1), words=lists.__getitem__)
    state, _events = engine.apply(state, 0, action, T0, words=lists.__getitem__)
    assert bots.bot_turn(state, 0) is None and bots.bot_turn(state, 1) not in (None, token)
    state, _events = engine.apply(state, 0, {"type": "resign"}, T0, words=lists.__getitem__)
    assert bots.bot_turn(state, 1) is None
    assert bots.bot_action(state, 1, bots.HARD, random.Random(1), words=lists.__getitem__) is None


def test_the_runtime_finds_the_cruzadas_bots_and_rejects_unknown_levels() -> None:
    assert BOTS["cruzadas"] is bots
    state, lists = small_state(("al",), "alkkkkk")
    with pytest.raises(ValueError):
        bots.bot_action(state, 0, "genius", random.Random(0), words=lists.__getitem__)
    assert 6.0 <= bots.think_seconds(bots.EASY, random.Random(0)) <= 14.0


def test_bot_choices_only_change_the_move_never_the_rules() -> None:
    """Every level's placement is one the generator lists, scored by the same rules as a person's."""
    rng = random.Random(11)
    state = position(rng, 4)
    graph = dawg(SLUG)
    for level in bots.LEVELS:
        play_ = chosen(state, level, rng)
        after, events = engine.apply(state, state.turn, bots.place_action(play_), T0, words=lexicon, dawg=dawg)
        assert (
            events[0]["points"]
            == play_.score
            == rules.score_move(state.board, play_.placement, state.ruleset, state.star_cell, state.star_spent)[0]
        )
        assert all(word in graph for word in events[0]["words"])
