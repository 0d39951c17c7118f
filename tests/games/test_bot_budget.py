"""Bots within a budget (issue 30): a hard bot's search asks its budget between steps and, once it is spent, plays
the best it weighed so far; the site gives each move a budget of its thread's CPU time (games.runtime.matches).
Without a budget (tools, tests) the same position and rng give the same move on any machine."""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime, timedelta

from games.duelo import bots as duelo_bots
from games.duelo import engine as duelo
from games.kit import wordle_bots
from games.kit.contract import UNLIMITED
from games.kit.words import WordSet
from games.runtime.matches import BOT_CPU_SECONDS, ThreadCpuBudget
from games.wordgrid import bots as wordgrid_bots
from games.wordgrid import engine as wordgrid
from wordlists.lexicon import lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


class Steps:
    """A budget of so many questions: spent once asked `allowed` times."""

    def __init__(self, allowed: int) -> None:
        self.allowed, self.asked = allowed, 0

    def spent(self) -> bool:
        self.asked += 1
        return self.asked > self.allowed


def test_a_spent_budget_makes_the_hard_wordle_bot_play_its_likeliest_candidate() -> None:
    rng_state = random.Random(4)
    state = duelo.new_game({"language": "en", "rounds": 1}, 2, rng_state, T0, words=lexicon)
    state, _ = duelo.advance(state, duelo.next_deadline(state))
    first = duelo_bots.bot_action(state, 0, "hard", random.Random(1), words=lexicon)
    state, _ = duelo.apply(state, 0, first, T0 + timedelta(seconds=9), words=lexicon)
    budgets = {"none": UNLIMITED, "one option": Steps(0), "three options": Steps(2)}
    chosen = {name: duelo_bots.bot_action(state, 0, "hard", random.Random(1), words=lexicon, budget=budget)
              for name, budget in budgets.items()}  # fmt: skip
    assert budgets["one option"].asked == 1 and budgets["three options"].asked == 3  # asked, then stopped
    # Out of time at once, it plays the first option it weighs (the likeliest candidate); a full search may
    # find a better one. Every answer is a word the engine accepts.
    for action in chosen.values():
        duelo.apply(state, 0, action, T0 + timedelta(seconds=20), words=lexicon)


def test_the_hard_wordle_solver_weighs_every_option_when_unhurried() -> None:
    words = WordSet(("crane", "slate", "trace", "crate", "react", "cater", "caret"))
    asked = Steps(10_000)
    word = wordle_bots.guess(
        "hard",
        [],
        language="en",
        length=5,
        words=lambda slug: words,
        valid_slug="v",
        hidden_slug="h",
        rng=random.Random(0),
        tactics=duelo_bots.TACTICS,
        may_be_careless=False,
        last_chance=False,
        budget=asked,
    )
    assert word in words.words and asked.asked > 1  # it went on weighing while time remained


def test_a_spent_budget_cuts_the_hard_wordgrid_search_to_its_first_group() -> None:
    # HE vs HES (tests/games/test_wordgrid_bots.py): the full search sees HES set up SHEETS and plays HE; weighing
    # only its most promising group (the longest word first) it plays HES, as medium would.
    lists = {wordgrid.LIST_SLUG: WordSet(("he", "hes", "pate", "sheets", "steep", "tea"))}
    state = wordgrid.new_game({}, 2, random.Random(0), T0, words=lists.__getitem__)
    played = {}
    for name, budget in (("unhurried", UNLIMITED), ("hurried", Steps(0))):
        action = wordgrid_bots.bot_action(state, 0, "hard", random.Random(3), words=lists.__getitem__, budget=budget)
        after, _ = wordgrid.apply(state, 0, action, T0 + timedelta(seconds=1), words=lists.__getitem__)
        played[name] = after.plays[-1].word
    assert played == {"unhurried": "he", "hurried": "hes"}


def test_the_sites_budget_is_the_calling_threads_cpu_time() -> None:
    budget = ThreadCpuBudget(0.05)
    assert not budget.spent()
    time.sleep(0.1)  # waiting is no thinking: a sleeping thread spends none of it
    assert not budget.spent()
    deadline = time.monotonic() + 10
    while not budget.spent() and time.monotonic() < deadline:
        sum(range(10_000))
    assert budget.spent()
    assert 0.1 <= BOT_CPU_SECONDS <= 1.0


def test_a_spent_budget_ends_the_best_play_search_with_a_play_it_found() -> None:
    from games.cruzadas import movegen, rules
    from tests.games.test_cruzadas_movegen_oracle import BAG, SLUG, TR, midgame
    from wordlists.lexicon import dawg

    rng = random.Random(5)
    board = midgame(rng, 8)
    rack = rng.sample(BAG, 5) + [rules.BLANK] * 2
    graph = dawg(SLUG)
    full = movegen.best(board, rack, graph, TR)
    asked = Steps(0)
    hurried = movegen.best(board, rack, graph, TR, spent=asked.spent)
    everything = movegen.generate(board, rack, graph, TR)
    assert full is not None and hurried is not None and hurried in everything  # a legal play, never none
    assert asked.asked >= 1 and hurried.score <= full.score
    # The search stopped at the first anchor after its first play: far fewer anchors than the full walk.
    counting = Steps(10**9)
    movegen.best(board, rack, graph, TR, spent=counting.spent)
    assert asked.asked < counting.asked
