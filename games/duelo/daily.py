"""Duelo's daily (issue 35, games/kit/daily.py): the day's word in each of Duelo's languages, six guesses, alone,
with Wordle's optional hard mode. The word comes from Duelo's hidden list of the language, as a match's would; a
guess is checked as Duelo checks it (five letters of the language, in the valid list)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.duelo import engine
from games.kit import wordle
from games.kit.contract import gettext_noop as _
from games.kit.daily import DailyRefused, PlayState, Puzzle
from games.kit.share import squares
from games.kit.words import WordSource
from wordlists import alphabets

SLUG = engine.SLUG
WORD_LENGTH, MAX_GUESSES = engine.WORD_LENGTH, engine.MAX_GUESSES
OPTIONS = frozenset({"hard"})


def variants() -> Sequence[str]:
    return engine.LANGUAGES


def make_puzzle(rng: random.Random, variant: str, *, words: WordSource, **sources: Any) -> Puzzle | None:
    if variant not in engine.LANGUAGES:
        raise ValueError(f"Duelo has no word language {variant!r}")
    valid_slug, hidden_slug = engine.list_slugs(variant)
    word = words(hidden_slug).choose(rng)
    # A hidden word one cannot type as a guess would be unwinnable: the hidden lists are within the valid ones,
    # and a list built otherwise gives the maker the next word instead.
    if word not in words(valid_slug) or len(alphabets.letters(variant, word)) != WORD_LENGTH:
        return None
    return {"language": variant, "word": word, "shown": words(valid_slug).display(word)}


def answers(puzzle: Puzzle) -> dict[str, Any]:
    return {"word": puzzle["word"]}


def start(puzzle: Puzzle, options: Mapping[str, Any]) -> PlayState:
    if not isinstance(options, Mapping) or set(options) - OPTIONS:
        raise DailyRefused("unknown_option", _("That is not an option of this puzzle."))
    hard = options.get("hard", False)
    if not isinstance(hard, bool):
        raise DailyRefused("unknown_option", _("That is not an option of this puzzle."))
    return {"hard": hard, "rows": []}


def _rows(puzzle: Puzzle, state: PlayState) -> list[tuple[list[str], list[str]]]:
    language = puzzle["language"]
    return [(alphabets.letters(language, row["word"]), row["marks"]) for row in state["rows"]]


def _solved(state: PlayState) -> bool:
    return bool(state["rows"]) and wordle.is_solved(state["rows"][-1]["marks"])


def finished(puzzle: Puzzle, state: PlayState) -> bool:
    return _solved(state) or len(state["rows"]) >= MAX_GUESSES


def apply(puzzle: Puzzle, state: PlayState, action: Mapping[str, Any], *, words: WordSource) -> PlayState:
    if not isinstance(action, Mapping) or action.get("type") != "guess" or not isinstance(action.get("word"), str):
        raise DailyRefused("malformed", _("A move is a guess with a word."))
    if finished(puzzle, state):
        raise DailyRefused("daily_over", _("You have finished this puzzle."))
    language = puzzle["language"]
    typed = action["word"].strip()
    if len(typed) > 4 * WORD_LENGTH:
        raise DailyRefused("wrong_length", _("A guess has exactly %(count)d letters."), {"count": WORD_LENGTH})
    norm = alphabets.normalise(language, typed)
    if norm is None:
        raise DailyRefused("not_letters", _("Use only letters of the word language."))
    letters = alphabets.letters(language, norm)
    if len(letters) != WORD_LENGTH:
        raise DailyRefused("wrong_length", _("A guess has exactly %(count)d letters."), {"count": WORD_LENGTH})
    valid = words(engine.list_slugs(language)[0])
    if norm not in valid:
        raise DailyRefused("not_in_list", _("Not in the word list."))
    if state["hard"]:
        mark, position, letter = wordle.hard_mode_miss(letters, _rows(puzzle, state))
        shown = valid.display(letter) if letter else ""
        if mark == wordle.GREEN:
            raise DailyRefused(
                "hard_mode",
                _("Hard mode: letter %(position)d must be %(letter)s."),
                {"position": position + 1, "letter": shown.upper()},
            )
        if mark == wordle.AMBER:
            raise DailyRefused(
                "hard_mode", _("Hard mode: the guess must contain %(letter)s."), {"letter": shown.upper()}
            )
    marks = list(wordle.feedback(letters, alphabets.letters(language, puzzle["word"])))
    return {**state, "rows": [*state["rows"], {"word": norm, "shown": valid.display(norm), "marks": marks}]}


def view(puzzle: Puzzle, state: PlayState) -> dict[str, Any]:
    """The player's rows, the keyboard's hints, and the word only once they have finished."""
    language = puzzle["language"]
    rows = _rows(puzzle, state)
    done = finished(puzzle, state)
    return {
        "game": SLUG,
        "language": language,
        "alphabet": alphabets.alphabet(language),
        "word_length": WORD_LENGTH,
        "max_guesses": MAX_GUESSES,
        "hard": state["hard"],
        "rows": [
            {"letters": letters, "shown": row["shown"], "marks": row["marks"]}
            for (letters, _marks), row in zip(rows, state["rows"], strict=True)
        ],
        "keyboard": wordle.keyboard(rows),
        "finished": done,
        "solved": _solved(state),
        "hidden": (
            {"shown": puzzle["shown"], "letters": alphabets.letters(language, puzzle["word"])} if done else None
        ),
    }


def result(puzzle: Puzzle, state: PlayState) -> dict[str, Any]:
    solved = _solved(state)
    guesses = len(state["rows"])
    return {"won": solved, "score": MAX_GUESSES + 1 - guesses if solved else 0, "best": MAX_GUESSES, "steps": guesses}


def share_score(puzzle: Puzzle, state: PlayState) -> str:
    """Wordle's: the guesses of a solve or X, out of six, and a star in hard mode."""
    guesses = str(len(state["rows"])) if _solved(state) else "X"
    return f"{guesses}/{MAX_GUESSES}{'*' if state['hard'] else ''}"


def share_rows(puzzle: Puzzle, state: PlayState) -> list[str]:
    return [squares(row["marks"]) for row in state["rows"]]
