"""What a game's daily puzzle is (issue 35, "The Daily Five"): the interface each `games/<game>/daily.py` offers.

A daily is a small puzzle of one game, the same for everyone on a date, played alone in a few minutes. Like an
engine it is pure: no database, no clock, no language. The daily app (daily/) makes each date's puzzle ahead with
`make_puzzle`, keeps one player's `state` per puzzle, passes each of the player's actions through `apply` (under a
row lock, one service path, as a match's moves) and sends the page only `view` of that state: nothing of the
answer before `finished`.

A module is a daily when it defines these names (it satisfies `Daily` structurally):

- `SLUG`: the game's slug (its GameSpec's).
- `variants()`: the puzzles a date has for this game: Duelo one per word language ("es", "en", ...); a game
  with one puzzle a day returns ("",).
- `make_puzzle(rng, variant, *, words, **sources)`: the puzzle a seeded generator gives, as JSON-able data, or
  None when that candidate fails the game's quality check (the maker then tries the generator's next one). The
  same rng state and lists always give the same puzzle. `sources` carries what a maker may mine (positions of
  real finished games, by the daily app): a maker that needs none ignores it.
- `answers(puzzle)`: the hidden part, what the day's commitment covers (daily/commitment.py) and what
  no browser sees before its player has finished.
- `start(puzzle, options)`: a new player's state (JSON-able); `options` are the player's choices before the
  first action (Duelo: {"hard": true}); an unknown option is refused with DailyRefused.
- `apply(puzzle, state, action, *, words)`: the state after one action, or DailyRefused (the state unchanged).
- `finished(puzzle, state)`: the player is done (solved, out of tries, or the one answer given).
- `view(puzzle, state)`: what the player's page shows; the answer only once `finished`.
- `result(puzzle, state)`: once finished, {"won": bool, "score": int, "best": int, "steps": int}: won as the
  game says (Duelo: solved), score and best on the game's own scale (Duelo: 7 - guesses when solved, 0 else;
  Cruzadas: the points played and the best move's), steps the player's actions. Statistics and streaks read it.
- `share_score(puzzle, state)`: the result in a few characters for the card's first line, spoiler-free
  (Duelo: "4/6", "X/6", "4/6*" in hard mode; Cruzadas: "82 %").
- `share_rows(puzzle, state)`: the result card's lines, spoiler-free (coloured squares, never a letter).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from games.kit.errors import GameError
from games.kit.words import WordSource

Puzzle = dict[str, Any]
PlayState = dict[str, Any]


class DailyRefused(GameError):
    """An action the daily does not take (a word not in the list, a guess after the end, a move off the board):
    the player is told why and the state is unchanged."""


@runtime_checkable
class Daily(Protocol):
    SLUG: str

    def variants(self) -> Sequence[str]: ...

    def make_puzzle(self, rng: random.Random, variant: str, *, words: WordSource, **sources: Any) -> Puzzle | None: ...

    def answers(self, puzzle: Puzzle) -> dict[str, Any]: ...

    def start(self, puzzle: Puzzle, options: Mapping[str, Any]) -> PlayState: ...

    def apply(self, puzzle: Puzzle, state: PlayState, action: Mapping[str, Any], *, words: WordSource) -> PlayState: ...

    def finished(self, puzzle: Puzzle, state: PlayState) -> bool: ...

    def view(self, puzzle: Puzzle, state: PlayState) -> dict[str, Any]: ...

    def result(self, puzzle: Puzzle, state: PlayState) -> dict[str, Any]: ...

    def share_score(self, puzzle: Puzzle, state: PlayState) -> str: ...

    def share_rows(self, puzzle: Puzzle, state: PlayState) -> list[str]: ...
