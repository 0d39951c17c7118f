"""Wordgrid bots at three levels. Pure: the caller passes the word lists (and optionally the prebuilt word
graph, `dawg=wordlists.lexicon.dawg`), a seeded rng, and applies the move through the same service as a
person's, after `think_seconds`.

Wordgrid has no secrets, so every level sees the whole position; they differ in what they do with it.
Each level starts from every legal move of the position (games.wordgrid.moves), grouped by the grid it
leaves (new cell and letter) with that group's words.

Easy and medium play only words they know (issue 21): the EASY_WORDS and MEDIUM_WORDS commonest words of
the list (its `common` sibling, ranked by the build's frequency data); hard knows the whole list. A level
that knows no word the position allows plays from the whole list rather than lose its turn.

- easy: a random short word (2-3 letters) of its words when it has one, now and then any of its words.
- medium: greedy: the longest of its words it can play now (random among equals).
- hard: looks one reply ahead. For its most promising (cell, letter) groups it computes the opponent's
  best reply on the grid the move leaves, and plays the move that maximises its word's length minus that
  reply; a move that ends the game counts as a sure win or loss. Its work is bounded by a count of
  groups (the same position and rng give the same move on any machine), and on the site by a CPU budget too
  (issue 30: `budget`, which tools and tests leave unlimited).
"""

from __future__ import annotations

import random
from typing import Any

from games.kit.contract import UNLIMITED, Action, Budget, think_time
from games.kit.words import WordSource, common_words
from games.wordgrid import engine, moves
from games.wordgrid.moves import EMPTY, Move

EASY, MEDIUM, HARD = "easy", "medium", "hard"
LEVELS = (EASY, MEDIUM, HARD)

# Human-like think time per move, in seconds (uniform range); the clock runs meanwhile (10 min each for
# about ten moves leaves plenty).
THINK_SECONDS = {EASY: (6.0, 14.0), MEDIUM: (5.0, 11.0), HARD: (4.0, 9.0)}
think_seconds = think_time(THINK_SECONDS)
EASY_SHORT = 3  # easy's words are at most this long ...
EASY_ANY = 0.2  # ... except this often, when it plays any random word
# How many of the list's commonest words easy and medium know (hard knows every word).
EASY_WORDS = 5000
MEDIUM_WORDS = 20000
VOCABULARY = {EASY: EASY_WORDS, MEDIUM: MEDIUM_WORDS}
# Hard: how many (cell, letter) groups it weighs (the best ones by its own longest word there).
HARD_GROUPS = 24
# What a move that ends the game is worth to hard (more than any word).
DECISIVE = 100


def bot_turn(state: engine.State, seat: int) -> str | None:
    """A token for the move this seat owes now (None: not its turn, or the game is over).

    The runtime schedules at most one bot task per token and a task whose token has passed does
    nothing, so a repeated or late task can never make a bot move twice in one turn.
    """
    return engine.turn_of(state, seat)  # a bot owes exactly the turn a person in its seat would


def bot_action(
    state: engine.State,
    seat: int,
    level: str,
    rng: random.Random,
    *,
    words: WordSource,
    dawg: engine.GraphSource | None = None,
    budget: Budget = UNLIMITED,
) -> Action | None:
    """The bot's move for `seat`, or None when it has none to make (not its turn, game over). Hard weighs its
    groups until `budget` is spent, then plays the best weighed (at least one).

    A bot never resigns and never offers a draw; a pending draw offer from its opponent lapses with
    its move. (The service may answer offers made to a bot with `decline_draw`.)
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    if bot_turn(state, seat) is None:
        return None
    graph = engine.graph_for(state, words, dawg)
    spent = state.spent()
    groups = moves.best_plays(state.grid, spent, graph)
    if not groups:
        return None  # cannot happen in a running game: it would have ended with no_moves
    if level in VOCABULARY:
        groups = known_groups(groups, common_words(words, state.list_slug, VOCABULARY[level]))
    if level == EASY:
        cell, letter, word = _easy(groups, rng)
    elif level == MEDIUM:
        cell, letter, word = _medium(groups, rng)
    else:
        cell, letter, word = _hard(state, seat, groups, spent, graph, rng, budget)
    path = moves.path_for(state.grid, cell, letter, word, graph)
    assert path is not None  # the word came from the same search
    return Move(cell, letter, path, word).action()


Choice = tuple[int, str, str]  # (cell, letter, word)


def known_groups(
    groups: dict[tuple[int, str], list[str]], known: frozenset[str] | None
) -> dict[tuple[int, str], list[str]]:
    """The groups with only the words a bot knows (all of them when it knows none of these, or every word)."""
    if known is None:
        return groups
    kept = {key: [word for word in found if word in known] for key, found in groups.items()}
    kept = {key: found for key, found in kept.items() if found}
    return kept or groups


def _options(groups: dict[tuple[int, str], list[str]]) -> list[Choice]:
    return sorted((cell, letter, word) for (cell, letter), found in groups.items() for word in found)


def _easy(groups: dict[tuple[int, str], list[str]], rng: random.Random) -> Choice:
    options = _options(groups)
    short = [option for option in options if len(option[2]) <= EASY_SHORT]
    if short and rng.random() >= EASY_ANY:
        return rng.choice(short)
    return rng.choice(options)


def _medium(groups: dict[tuple[int, str], list[str]], rng: random.Random) -> Choice:
    best = max(len(found[0]) for found in groups.values())
    longest = [option for option in _options(groups) if len(option[2]) == best]
    return rng.choice(longest)


def _reply(grid: str, spent: set[str], graph: Any) -> list[str]:
    """The opponent's two best distinct words on `grid` (longest first; fewer if it has fewer)."""
    best: list[str] = []
    for move in moves.generate(grid, spent, graph):
        word = move.word
        if word in best:
            continue
        if len(best) < 2:
            best.append(word)
            best.sort(key=len, reverse=True)
        elif len(word) > len(best[1]):
            best[1] = word
            best.sort(key=len, reverse=True)
    return best


def _hard(
    state: engine.State,
    seat: int,
    groups: dict[tuple[int, str], list[str]],
    spent: set[str],
    graph: Any,
    rng: random.Random,
    budget: Budget = UNLIMITED,
) -> Choice:
    scores = state.scores()
    mine, theirs = scores[seat], scores[1 - seat]
    # The most promising groups first (by the longest word there), a random order among equals.
    keys = sorted(groups)
    rng.shuffle(keys)
    keys.sort(key=lambda key: -len(groups[key][0]))
    best: tuple[float, Choice] | None = None
    for weighed, (cell, letter) in enumerate(keys[:HARD_GROUPS]):
        if weighed and budget.spent():  # the most promising groups come first: the best weighed stands
            break
        grid = state.grid[:cell] + letter + state.grid[cell + 1 :]
        found = groups[(cell, letter)]
        replies = _reply(grid, spent, graph) if EMPTY in grid else []
        for word in found[:3]:  # its longest words there; shorter ones only lose points
            left = [reply for reply in replies if reply != word]
            gain = len(word)
            if not left:
                # The game ends after this move (grid full, or the opponent is stuck): a sure result.
                after = mine + gain
                won = after > theirs if seat == engine.FIRST else after >= theirs
                value = (DECISIVE if won else -DECISIVE) + gain
            else:
                value = gain - len(left[0])
            if best is None or value > best[0]:
                best = (value, (cell, letter, word))
    assert best is not None
    return best[1]
