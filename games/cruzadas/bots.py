"""Letras Cruzadas AI at three levels. Pure: the caller passes the word lists (and, in production, the prebuilt
word graph, `dawg=wordlists.lexicon.dawg`), a seeded rng, and applies the action through the same service as
a person's (`engine.apply` checks it like any other move), after `think_seconds`.

A bot sees what its seat may see: the board, its own rack, the scores, the bag's size and the ★25 square
(never the bag's order or the rival's rack). Every level chooses among the same plays, every legal placement
of its rack (games.cruzadas.movegen); difficulty changes only which one it plays, never the rules. Easy and
medium choose from the list of them (`movegen.generate`); hard's choice is found without the list
(`movegen.best`, which skips the branches that cannot beat the best so far: the same play):

Easy and medium play only words they know (issue 21): the EASY_WORDS and MEDIUM_WORDS commonest words of the
list (its `common` sibling, ranked by the build's frequency data), judged by the move's main word; hard knows
the whole list. A level that knows no word the rack allows plays from every placement rather than pass.

- easy: a move of its words from the lower-scoring half, keeping its blanks.
- medium: a random move of its words from their best-scoring fifth: good, not the best.
- hard: the best by score plus the value of the tiles it keeps (the leave): a blank kept is worth
  BLANK_KEEP points, so a blank goes only for a big gain; vowels and consonants kept in balance; no pairs of
  one letter; with the bag empty, tiles left on the rack count against it and going out counts for it.

With no placement at all, every level exchanges its whole rack when the bag allows it, else passes.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.cruzadas import engine, movegen
from games.cruzadas.engine import GraphSource, State
from games.cruzadas.movegen import Play
from games.cruzadas.rules import BLANK
from games.kit.contract import UNLIMITED, Action, Budget, think_time
from games.kit.words import WordSource, common_words
from wordlists.alphabets import alphabet
from wordlists.dawg import Dawg

EASY, MEDIUM, HARD = "easy", "medium", "hard"
LEVELS = (EASY, MEDIUM, HARD)

# Human-like think time per move, in seconds (uniform range). There is no clock in this game.
THINK_SECONDS = {EASY: (6.0, 14.0), MEDIUM: (5.0, 11.0), HARD: (4.0, 9.0)}
think_seconds = think_time(THINK_SECONDS)

# How many of the list's commonest words easy and medium know (hard knows every word).
EASY_WORDS = 5000
MEDIUM_WORDS = 20000
VOCABULARY = {EASY: EASY_WORDS, MEDIUM: MEDIUM_WORDS}
MEDIUM_TOP = 0.2  # medium picks among this share of its moves, best first

# Hard's leave, in points of score: what the tiles kept are worth to the next moves.
BLANK_KEEP = 12  # each blank kept
IMBALANCE = 3  # per vowel or consonant beyond a one-tile difference between them
DUPLICATE = 2  # per extra copy of a letter kept
ENDGAME_TILE = 2  # with the bag empty: each point left on the rack counts this many times against


def bot_turn(state: State, seat: int) -> str | None:
    """A token for the move this seat owes now (None: not its turn, or the game is over).

    The runtime schedules at most one bot task per token and a task whose token has passed does
    nothing, so a repeated or late task can never make a bot move twice in one turn.
    """
    return engine.turn_of(state, seat)  # a bot owes exactly the turn a person in its seat would


_DERIVED: dict[int, tuple[Any, Dawg]] = {}


def graph_for(state: State, words: WordSource, dawg: GraphSource | None = None) -> Any:
    """The word graph of the game's list: the caller's prebuilt one, or one built from the list (small
    lists in tests and tools; cached per list object)."""
    if dawg is not None:
        return dawg(state.list_slug)
    word_list = words(state.list_slug)
    cached = _DERIVED.get(id(word_list))
    if cached is None or cached[0] is not word_list:
        letters = set(alphabet(state.language))
        graph = Dawg.build((w for w in word_list.words if set(w) <= letters), alphabet(state.language))
        if len(_DERIVED) > 8:
            _DERIVED.clear()
        cached = (word_list, graph)
        _DERIVED[id(word_list)] = cached
    return cached[1]


def legal_plays(state: State, seat: int, graph: Any) -> list[Play]:
    """Every placement `seat` can make now, scored (what every level chooses from)."""
    return movegen.generate(state.board, state.racks[seat], graph, state.ruleset, state.star_cell, state.star_spent)


def bot_action(
    state: State,
    seat: int,
    level: str,
    rng: random.Random,
    *,
    words: WordSource,
    dawg: GraphSource | None = None,
    budget: Budget = UNLIMITED,
) -> Action | None:
    """The bot's action for `seat`, or None when it has none to make (not its turn, game over).

    A bot never resigns.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    if bot_turn(state, seat) is None:
        return None
    graph = graph_for(state, words, dawg)
    if level == HARD:
        # The play _hard would choose among every play, found without making the others (movegen.best).
        best = movegen.best(
            state.board,
            state.racks[seat],
            graph,
            state.ruleset,
            state.star_cell,
            state.star_spent,
            leave=lambda kept: leave_value(state, seat, kept),
            spent=budget.spent,
        )
        return _no_play(state, seat) if best is None else place_action(best)
    plays = legal_plays(state, seat, graph)
    if not plays:
        return _no_play(state, seat)
    # A fixed order first, so that the same position and rng give the same move on any machine.
    plays.sort(key=lambda p: (-p.score, p.placement))
    plays = known_plays(plays, common_words(words, state.list_slug, VOCABULARY[level]))
    play = _easy(plays, rng) if level == EASY else _medium(plays, rng)
    return place_action(play)


def _no_play(state: State, seat: int) -> Action:
    """With no placement: exchange the whole rack when the bag allows it, else pass."""
    rack = state.racks[seat]
    if rack and len(state.bag) >= len(rack):
        return {"type": engine.EXCHANGE}
    return {"type": engine.PASS}


def place_action(play: Play) -> Action:
    """The placement as a client sends it to the engine."""
    return {
        "type": engine.PLACE,
        "tiles": [{"cell": index, "letter": letter, "blank": blank} for index, letter, blank in play.placement],
    }


def known_plays(plays: list[Play], known: frozenset[str] | None) -> list[Play]:
    """The plays whose main word a bot knows (all of them when it knows none, or every word)."""
    if known is None:
        return plays
    return [play for play in plays if play.word in known] or plays


def _easy(plays: list[Play], rng: random.Random) -> Play:
    low = plays[len(plays) // 2 :]  # the lower-scoring half (all of them when there is one)
    no_blank = [p for p in low if not any(blank for _i, _l, blank in p.placement)]
    return rng.choice(no_blank or low)


def _medium(plays: list[Play], rng: random.Random) -> Play:
    top = max(1, round(len(plays) * MEDIUM_TOP))
    return rng.choice(plays[:top])


def leave_value(state: State, seat: int, leave: list[str]) -> float:
    """What keeping `leave` is worth to hard, in points (see the module docstring)."""
    ruleset = state.ruleset
    if not state.bag:
        if not leave:
            # Going out: the rival's rack (all the unseen tiles now) moves to us, counted twice.
            rival = sum(ruleset.value(t) * n for t, n in engine.unseen(state, seat).items())
            return 2 * rival
        return -ENDGAME_TILE * sum(ruleset.value(t) for t in leave)
    value = BLANK_KEEP * leave.count(BLANK)
    letters = [t for t in leave if t != BLANK]
    vowels = sum(ruleset.is_vowel(t) for t in letters)
    consonants = len(letters) - vowels
    value -= IMBALANCE * max(0, abs(vowels - consonants) - 1)
    value -= DUPLICATE * sum(n - 1 for n in Counter(letters).values())
    return value
