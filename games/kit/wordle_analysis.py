"""After the match: how each Wordle guess narrowed the answer, and what the hard bot would have played.
Shared by Duelo de Palabras and the Torneo (games/duelo/analysis.py, games/torneo/analysis.py say which rows
a guess was made on and who saw them); the archive's worker calls them (docs/replay.md). Pure: no Django,
no clock, no files, and the bot's randomness is a fixed seed, so one match always gets the same analysis.

For a guess: how many words of the hidden list could still be the answer given every row its board showed
before it (`before`) and with it (`after`), what the hard bot (`games.kit.wordle_bots`, the game's own tactics)
would have played from the same rows, and how many words that would have left. The answer itself always
counts as possible (it is revealed when the round ends), so a solving guess leaves exactly 1.

The output is public: it is shown on the replay with what a spectator saw. It carries counts, the bot's
words and each round's answer, never a word a player guessed (a Duelo spectator never sees a rival's
letters). Notes are English messages marked with `gettext_noop`, with their `params`; the page translates
them (`gettext(text) % params`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from games.kit import wordle, wordle_bots
from games.kit.contract import gettext_noop as _
from games.kit.words import WordSource
from wordlists import alphabets

SEED = "wordle-analysis"  # the bot's rng: the same for every position, so a position always gets one word
# The bot's words of positions already analysed, in this process (Analyser.bot): a few MB at most.
SEEN_LIMIT = 50_000
_SEEN: dict[tuple[Any, ...], tuple[Any, Any, str]] = {}

Note = dict[str, Any]
Marks = tuple[str, ...]


@dataclass(frozen=True)
class Board:
    """The grid a guess was made on: its language, word length, lists and answer (normalised)."""

    key: Hashable  # one per grid: Duelo (round, seat), Torneo (round, first seat of the duel)
    language: str
    length: int
    valid_slug: str
    hidden_slug: str
    hidden: str


@dataclass(frozen=True)
class Guess:
    """One guess as the analysis reads it: the rows its board showed before it (words and marks), its word
    and marks, and whether the bot would have been on its last chance there (it then plays a candidate)."""

    version: int
    round: int
    seat: int
    row: int  # its row on the board, from 1 (a Torneo board also has rows of skipped turns)
    board: Board
    seen: tuple[tuple[str, Marks], ...]
    word: str
    marks: Marks
    last_chance: bool

    @property
    def solved(self) -> bool:
        return wordle.is_solved(self.marks)


def note(text: str, **params: Any) -> Note:
    return {"text": text, "params": params}


class Analyser:
    """Counts and bot words for the guesses of one match; remembers positions already met (every board's
    first guess is the same position, and boards are read row after row)."""

    def __init__(self, words: WordSource, tactics: wordle_bots.Tactics) -> None:
        self.words = words
        self.tactics = tactics
        self._candidates: dict[tuple[Any, ...], list[int]] = {}
        self._bot: dict[tuple[Any, ...], str] = {}

    def _pool(self, board: Board) -> wordle_bots.Pool:
        return wordle_bots.pool(self.words(board.hidden_slug), board.language, board.length)

    def _letters(self, board: Board, word: str) -> tuple[str, ...]:
        return tuple(alphabets.letters(board.language, word))

    def candidates(self, board: Board, seen: Sequence[tuple[str, Marks]]) -> list[int]:
        """Indexes in the hidden list's pool of the words that fit every row of `seen`."""
        key = (board.hidden_slug, board.language, board.length, tuple(seen))
        found = self._candidates.get(key)
        if found is None:
            pool = self._pool(board)
            if not seen:
                found = list(range(len(pool.words)))
            else:
                word, marks = seen[-1]
                letters, code = self._letters(board, word), wordle.pattern_of(marks)
                pattern = wordle.pattern
                found = [i for i in self.candidates(board, seen[:-1]) if pattern(letters, pool.letters[i]) == code]
            self._candidates[key] = found
        return found

    def count(self, board: Board, seen: Sequence[tuple[str, Marks]]) -> int:
        """How many words could still be the answer: the hidden list's that fit, and the answer itself if the
        list lacks it (a word fixed for a test or a replay)."""
        return len(self.candidates(board, seen)) + (0 if board.hidden in self.words(board.hidden_slug) else 1)

    def bot(self, board: Board, seen: Sequence[tuple[str, Marks]], last_chance: bool) -> str:
        """The hard bot's word (normalised) from the rows of `seen`.

        Remembered beyond this match too (`_SEEN`, per process): the bot's word for a position depends on the
        position, the lists and the tactics only (its rng has a fixed seed), and a position recurs across
        matches and tasks: every board's opening (a third of a Duelo round's analysis), and each round again
        when the match's archive is analysed after the round-end cards were (issue 30: the batch lane's work)."""
        valid, hidden = self.words(board.valid_slug), self.words(board.hidden_slug)
        key = (id(valid), id(hidden), board.language, board.length, tuple(seen), last_chance, self.tactics)
        shared = _SEEN.get(key)
        if shared is not None and shared[0] is valid and shared[1] is hidden:
            return shared[2]
        found = self._bot.get(key)
        if found is None:
            found = wordle_bots.guess(
                wordle_bots.HARD,
                [(word, list(marks)) for word, marks in seen],
                language=board.language,
                length=board.length,
                words=self.words,
                valid_slug=board.valid_slug,
                hidden_slug=board.hidden_slug,
                rng=random.Random(SEED),
                tactics=self.tactics,
                may_be_careless=False,
                last_chance=last_chance,
            )
            self._bot[key] = found
            if len(_SEEN) >= SEEN_LIMIT:
                _SEEN.clear()
            _SEEN[key] = (valid, hidden, found)  # the lists kept alive beside their ids: an id is never reused
        return found

    def move(self, guess: Guess) -> dict[str, Any]:
        """The analysis of one guess, JSON-ready, without its word."""
        board = guess.board
        before = self.count(board, guess.seen)
        after = self.count(board, (*guess.seen, (guess.word, guess.marks)))
        bot = self.bot(board, guess.seen, guess.last_chance)
        bot_marks = wordle.feedback(self._letters(board, bot), self._letters(board, board.hidden))
        bot_after = self.count(board, (*guess.seen, (bot, bot_marks)))
        shown = self.words(board.valid_slug).display(bot)
        return {
            "seat": guess.seat,
            "round": guess.round,
            "row": guess.row,
            "before": before,
            "after": after,
            "solved": guess.solved,
            "bot": shown,
            "bot_after": bot_after,
            "bot_solves": wordle.is_solved(bot_marks),
            "notes": [
                _count_note(before, after, guess.solved),
                _bot_note(shown, bot_after, wordle.is_solved(bot_marks)),
            ],
        }


def _count_note(before: int, after: int, solved: bool) -> Note:
    if before == 1:
        if solved:
            return note(_("Only one word was possible, and this guess found it."))
        return note(_("Only one word was possible, but this guess was another."))
    if solved:
        return note(_("%(before)s words were possible: this guess found the word."), before=before)
    if after == before:
        return note(_("%(before)s words were possible; this guess ruled none out."), before=before)
    if after == 1:
        return note(_("%(before)s words were possible; after this guess only one was left."), before=before)
    return note(_("%(before)s words were possible, %(after)s after this guess."), before=before, after=after)


def _bot_note(shown: str, left: int, solves: bool) -> Note:
    if solves:
        return note(_("The hard bot would have played %(word)s and found the word."), word=shown)
    if left == 1:
        return note(_("The hard bot would have played %(word)s, leaving only one word."), word=shown)
    return note(_("The hard bot would have played %(word)s, leaving %(count)s words."), word=shown, count=left)


def tally(moves: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Figures over some analysed moves: guesses, solves, how much a guess ruled out on average (percent of
    the words possible before it) and how often the hard bot's word would have left fewer."""
    moves = list(moves)
    ruled_out = [(m["before"] - m["after"]) / m["before"] for m in moves]
    return {
        "guesses": len(moves),
        "percent": round(100 * sum(ruled_out) / len(ruled_out)) if ruled_out else None,
        "bot_better": sum(1 for m in moves if _bot_better(m)),
    }


def _bot_better(move: dict[str, Any]) -> bool:
    """Whether the hard bot's word would have left fewer words, or found the word where the guess did not."""
    return move["bot_after"] < move["after"] or (move["bot_solves"] and not move["solved"])


def figures_notes(figures: dict[str, Any]) -> list[Note]:
    """The notes that `tally`'s figures make (none without a guess)."""
    if not figures["guesses"]:
        return []
    notes = [note(_("On average a guess ruled out %(percent)s%% of the possible words."), percent=figures["percent"])]
    if figures["bot_better"]:
        notes.append(
            note(
                _("The hard bot would have left fewer words on %(count)s of %(total)s guesses."),
                count=figures["bot_better"],
                total=figures["guesses"],
            )
        )
    else:
        notes.append(note(_("No guess left more words than the hard bot's would have.")))
    return notes


def round_seat_notes(guesses: int, solved: bool) -> list[Note]:
    """How a seat's round went, in words."""
    if solved:
        if guesses == 1:
            return [note(_("Solved at the first guess."))]
        return [note(_("Solved in %(count)s guesses."), count=guesses)]
    if guesses == 0:
        return [note(_("No guess this round."))]
    return [note(_("Not solved, after %(count)s guesses."), count=guesses)]


def analyse_guesses(
    guesses: Iterable[Guess], *, words: WordSource, tactics: wordle_bots.Tactics
) -> dict[str, dict[str, Any]]:
    """Every guess's analysis by its version (as a string: JSON keys)."""
    analyser = Analyser(words, tactics)
    return {str(guess.version): analyser.move(guess) for guess in guesses}


def seat_summary(seat: int, moves: Iterable[dict[str, Any]], *, rounds: int, solved: int) -> dict[str, Any]:
    """A seat's whole match: its rounds, solves and figures, with notes."""
    figures = tally(moves)
    notes = [
        note(
            _("Solved %(solved)s of %(rounds)s rounds in %(guesses)s guesses."),
            solved=solved,
            rounds=rounds,
            guesses=figures["guesses"],
        )
    ]
    return {"seat": seat, "rounds": rounds, "solved": solved, **figures, "notes": notes + figures_notes(figures)}


def moves_of(moves: dict[str, dict[str, Any]], seat: int, round: int | None = None) -> list[dict[str, Any]]:
    """A seat's analysed moves (in one round, or all), in version order."""
    return [
        moves[v]
        for v in sorted(moves, key=int)
        if moves[v]["seat"] == seat and (round is None or moves[v]["round"] == round)
    ]
