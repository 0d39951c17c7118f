"""Torneo's daily (issue 35, games/kit/daily.py): the day's duel, on a shared board against the hard bot, one life.

One duel of the tournament, as a round plays it: one hidden word of 4, 5 or 6 letters (drawn like a duel's, from
Torneo's hidden list of the variant's word language), both sides guessing in turns on one board where each reads
the other's marks, up to 6 turns each. The player always plays first and the hard bot answers at once (a daily has
no clock, so no turn is ever skipped). The duel ends as a tournament's does (engine.duel_end): the first to solve
wins, twelve rows without a solve are a draw. One life: the daily is won only when the player solves first.

Everyone meets the same bot: its reply depends only on the puzzle's bot seed and the board so far (its rng is
seeded from both), so two players who type the same guesses see the same replies. The seed is part of the puzzle,
never of a view, and is drawn from the day's committed seed, so the commitment covers it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.kit import wordle
from games.kit.contract import gettext_noop as _
from games.kit.daily import DailyRefused, PlayState, Puzzle
from games.kit.errors import IllegalMove
from games.kit.share import squares
from games.kit.words import WordSource
from games.torneo import bots, engine
from wordlists import alphabets

SLUG = engine.SLUG
YOU, BOT = 0, 1  # the seats of the board: the player always plays first
BOT_LEVEL = bots.HARD
TURNS_EACH = engine.TURNS_EACH
# Before normalising, a typed word longer than this is refused outright (the longest word has 6 letters; an
# Uzbek letter may take a few characters).
LONGEST_TYPED = 4 * max(engine.WORD_LENGTHS)
# The result card tells the two sides' rows apart by these marks (never a letter).
SIDE_MARKS = {YOU: "\U0001f9d1", BOT: "\U0001f916"}


def variants() -> Sequence[str]:
    """One duel a day per word language Torneo offers."""
    return engine.LANGUAGES


def make_puzzle(rng: random.Random, variant: str, *, words: WordSource, **sources: Any) -> Puzzle | None:
    if variant not in engine.LANGUAGES:
        raise ValueError(f"Torneo has no word language {variant!r}")
    length = rng.choice(engine.WORD_LENGTHS)  # 4, 5 or 6 letters, equally likely, as a tournament's duel
    valid_slug, hidden_slug = engine.list_slugs(variant, length)
    hidden_list = words(hidden_slug)
    word = hidden_list.choose(rng)
    bot_seed = f"{rng.getrandbits(64):016x}"
    # A hidden word one cannot type would be unwinnable: the maker then tries the next candidate.
    if word not in words(valid_slug) or alphabets.length(variant, word) != length:
        return None
    return {"language": variant, "length": length, "word": word, "shown": hidden_list.display(word), "bot": bot_seed}


def answers(puzzle: Puzzle) -> dict[str, Any]:
    """The hidden word. (The bot's seed comes from the committed seed, so the commitment covers it too; leaving it
    out keeps "an answer seen before" meaning the same word.)"""
    return {"word": puzzle["word"]}


def start(puzzle: Puzzle, options: Mapping[str, Any]) -> PlayState:
    if not isinstance(options, Mapping) or options:
        raise DailyRefused("unknown_option", _("That is not an option of this puzzle."))
    return {"rows": []}


def _end(state: PlayState) -> str | None:
    rows = state["rows"]
    return engine.duel_end(len(rows), rows[-1]["marks"]) if rows else None


def _winner(state: PlayState) -> int | None:
    return state["rows"][-1]["seat"] if _end(state) == engine.SOLVED else None


def finished(puzzle: Puzzle, state: PlayState) -> bool:
    return _end(state) is not None


def _turns_used(state: PlayState, seat: int) -> int:
    return sum(1 for row in state["rows"] if row["seat"] == seat)


def _row(puzzle: Puzzle, seat: int, typed: str, words: WordSource) -> dict[str, Any]:
    norm, shown, marks = engine.judge_guess(puzzle["language"], puzzle["length"], puzzle["word"], typed, words)
    return {"seat": seat, "word": norm, "shown": shown, "marks": marks}


def bot_reply(puzzle: Puzzle, rows: list[dict[str, Any]], *, words: WordSource) -> str:
    """The hard bot's word on this board: a function of the puzzle and the rows only, the same for everyone."""
    rng = random.Random(f"{puzzle['bot']}:{len(rows)}")
    return bots.duel_guess(
        BOT_LEVEL,
        [(row["word"], row["marks"]) for row in rows],
        TURNS_EACH - sum(1 for row in rows if row["seat"] == BOT),
        language=puzzle["language"],
        length=puzzle["length"],
        rng=rng,
        words=words,
    )


def apply(puzzle: Puzzle, state: PlayState, action: Mapping[str, Any], *, words: WordSource) -> PlayState:
    """The player's guess, checked as a duel checks it, and the bot's reply at once unless the duel is over."""
    if not isinstance(action, Mapping) or action.get("type") != "guess" or not isinstance(action.get("word"), str):
        raise DailyRefused("malformed", _("A move is a guess with a word."))
    if finished(puzzle, state):
        raise DailyRefused("daily_over", _("You have finished this puzzle."))
    typed = action["word"].strip()
    if len(typed) > LONGEST_TYPED:
        raise DailyRefused("wrong_length", _("The word has %(length)d letters."), {"length": puzzle["length"]})
    try:
        row = _row(puzzle, YOU, typed, words)
    except IllegalMove as refused:
        raise DailyRefused(refused.code, refused.message, refused.params) from None
    rows = [*state["rows"], row]
    if engine.duel_end(len(rows), row["marks"]) is None:
        # The bot's word goes through the same check: one it could not type is a bug, and fails loudly.
        rows.append(_row(puzzle, BOT, bot_reply(puzzle, rows, words=words), words))
    return {**state, "rows": rows}


def view(puzzle: Puzzle, state: PlayState) -> dict[str, Any]:
    """The shared board as a duel shows it (both sides' rows and marks, the keyboard both read), whose turn, and
    the hidden word only once the duel is over."""
    language = puzzle["language"]
    rows = state["rows"]
    end = _end(state)
    played = [(alphabets.letters(language, row["word"]), row["marks"]) for row in rows]
    return {
        "game": SLUG,
        "language": language,
        "alphabet": alphabets.alphabet(language),
        "length": puzzle["length"],
        "seats": [YOU, BOT],
        "you": YOU,
        "bot": BOT,
        "bot_level": BOT_LEVEL,
        "turns_each": TURNS_EACH,
        "rows": [engine.row_view(language, row["seat"], row["word"], row["shown"], row["marks"]) for row in rows],
        "keyboard": wordle.keyboard(played),
        "to_play": None if end else YOU,  # the bot answers within the player's move
        "turns_left": {str(seat): TURNS_EACH - _turns_used(state, seat) for seat in (YOU, BOT)},
        "finished": end is not None,
        "end": end,
        "winner": _winner(state),
        "won": _winner(state) == YOU,
        "hidden": None if end is None else _hidden(puzzle),
    }


def _hidden(puzzle: Puzzle) -> dict[str, Any]:
    return {"shown": puzzle["shown"], "letters": alphabets.letters(puzzle["language"], puzzle["word"])}


def result(puzzle: Puzzle, state: PlayState) -> dict[str, Any]:
    """Won when the player solved first; the score is Duelo's scale, the player's turns left counting the solving
    one (6 for a first-guess solve), 0 for a loss or a draw."""
    won = _winner(state) == YOU
    guesses = _turns_used(state, YOU)
    return {"won": won, "score": TURNS_EACH + 1 - guesses if won else 0, "best": TURNS_EACH, "steps": guesses}


def share_score(puzzle: Puzzle, state: PlayState) -> str:
    """The player's guesses to a win, or X, out of six (Wordle's)."""
    return f"{_turns_used(state, YOU) if _winner(state) == YOU else 'X'}/{TURNS_EACH}"


def share_rows(puzzle: Puzzle, state: PlayState) -> list[str]:
    """Every row of the board in order, each side's marked with its own sign (a person or a robot)."""
    return [f"{SIDE_MARKS[row['seat']]} {squares(row['marks'])}" for row in state["rows"]]
