"""The analysis of a finished Wordgrid match, pure: for every move, the longest word the grid allowed.

Reads the steps of a match played again (games.kit.rerun: each step's input, the state before it, the
state after it and the engine's events). A Wordgrid word scores its length, so the best move of a position
is its longest legal word (games.wordgrid.moves, the bots' search over the word graph: every empty cell next
to a filled one, every letter, every path, the words already spent left out). For each move a seat made
(resigning and the draw offers are no moves) the analysis sets that best against the word played: its
length, the points left on the table (never negative), and whether the player found a longest word.

It also marks the moments a move left the opponent with no legal move (the game ends there, `no_moves`), and
the moves where such an end was within reach and would have won the game (a word after which the opponent
could not move, or the grid was full, with the mover ahead once it was counted; a tie goes to the second
player), when the player did not end it that way.

The output is JSON data (string keys, lists), texts as English msgids with their parameters, translated by
the page (`gettext(text) % params`):

    {"moves": {"<version>": {"seat",
                             "played": {"word", "points", "cell" [row, col], "letter", "path"},
                             "best": {"word", "points", "cell" [row, col], "letter", "path"},
                             "words": how many distinct words the position allowed,
                             "left", "found", "opponent_stuck", "winning_end": null | {... as "best"},
                             "notes" [{"text", "params"}]}},
     "summary": {"seats": [{"seat", "moves", "found", "left", "played_points", "best_points",
                            "opponent_stuck", "missed_wins", "notes"}]}}

Rows and columns are 0-based in the data (as the view's), 1-based in the notes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.kit.contract import gettext_noop as _
from games.kit.rerun import ACT, Step
from games.kit.words import WordSource
from games.wordgrid import engine, moves
from games.wordgrid.engine import FIRST, MOVE, NO_MOVES, PLAYING, SEATS, SIZE, GraphSource, State
from games.wordgrid.moves import EMPTY, Move, WordGraph

# Notes on a move.
BEST = _(
    "Longest word: %(word)s, with %(letter)s at row %(row)s, column %(col)s, for %(points)s points "
    "(played: %(played)s)."
)
FOUND = _("Longest word played: %(word)s for %(points)s points.")
LEFT = _("Points left on the table: %(points)s.")
STUCK = _("The opponent was left with no move: the game ended there.")
MISSED_WIN = _("%(word)s, with %(letter)s at row %(row)s, column %(col)s, would have ended the game with a win.")
# Notes on a seat's game.
FOUND_COUNT = _("Longest word found: %(found)s of %(moves)s.")
LEFT_TOTAL = _("Points left on the table in all: %(points)s.")
STUCK_COUNT = _("Moves that left the opponent with no move: %(count)s.")
MISSED_COUNT = _("Winning ends missed: %(count)s.")


def note(text: str, **params: Any) -> dict[str, Any]:
    return {"text": text, "params": params}


def _order(move: Move) -> tuple[Any, ...]:
    """Longest first, then a fixed order (word, cell, letter, path): the same position names the same move."""
    return (-len(move.word), move.word, move.cell, move.letter, move.path)


def _describe(move: Move) -> dict[str, Any]:
    return {
        "word": move.word,
        "points": len(move.word),
        "cell": list(divmod(move.cell, SIZE)),
        "letter": move.letter,
        "path": [list(divmod(index, SIZE)) for index in move.path],
    }


def _wins(seat: int, scores: Sequence[int], gain: int) -> bool:
    """Whether `seat` wins a game that ends with its move of `gain` points (a tie goes to the second player)."""
    mine, theirs = scores[seat] + gain, scores[1 - seat]
    return mine > theirs if seat == FIRST else mine >= theirs


def _replies(grid: str, spent: set[str], graph: WordGraph) -> list[str]:
    """Up to two distinct words the opponent could play on `grid` (the search stops at the second)."""
    found: list[str] = []
    for move in moves.generate(grid, spent, graph):
        if move.word not in found:
            found.append(move.word)
            if len(found) == 2:
                break
    return found


def winning_end(state: State, seat: int, legal: Sequence[Move], graph: WordGraph) -> Move | None:
    """The longest move of `legal` that ends the game with a win for `seat`: the grid full after it, or the
    opponent left without a legal move (their only words, if any, would be the one just spent), and `seat`
    ahead once it is counted. None when there is none."""
    spent = state.spent()
    scores = state.scores()
    by_grid: dict[tuple[int, str], list[Move]] = {}
    for move in legal:
        by_grid.setdefault((move.cell, move.letter), []).append(move)
    best: Move | None = None
    for (cell, letter), group in by_grid.items():
        group = sorted(group, key=_order)
        if best is not None and _order(group[0]) >= _order(best):
            continue  # nothing here can beat the one found
        if not _wins(seat, scores, len(group[0].word)):
            continue  # not even its longest word wins
        grid = state.grid[:cell] + letter + state.grid[cell + 1 :]
        replies = [] if EMPTY not in grid else _replies(grid, spent, graph)
        if len(replies) >= 2:
            continue  # one word spent leaves the other
        for move in group:  # longest first
            if replies and move.word != replies[0]:
                continue  # the opponent's only word stays playable
            if _wins(seat, scores, len(move.word)) and (best is None or _order(move) < _order(best)):
                best = move
            break
    return best


def _played(step: Step, seat: int) -> dict[str, Any]:
    """The move as played: the `word_played` event (or, failing it, the last play of the state after it)."""
    event = next((e for e in step.events if e.get("type") == "word_played" and e.get("seat") == seat), None)
    if event is not None:
        return {
            "word": event["word"],
            "points": int(event["points"]),
            "cell": list(event["cell"]),
            "letter": event["letter"],
            "path": [list(square) for square in event["path"]],
        }
    play = step.after.plays[-1]
    return {
        "word": play.word,
        "points": play.points,
        "cell": list(divmod(play.cell, SIZE)),
        "letter": play.letter,
        "path": [list(divmod(index, SIZE)) for index in play.path],
    }


def is_move(step: Step) -> bool:
    """Whether the step is a word a seat played in a running game (not a resignation nor a draw offer)."""
    made = step.input
    return (
        made.kind == ACT
        and isinstance(made.seat, int)
        and isinstance(made.action, Mapping)
        and made.action.get("type") == MOVE
        and getattr(step.before, "phase", None) == PLAYING
    )


def _ended_with_win(step: Step, seat: int) -> bool:
    after: State = step.after
    return after.phase != PLAYING and after.reason in (NO_MOVES, engine.GRID_FULL) and after.winner == seat


def analyse(steps: Sequence[Step], *, words: WordSource, dawg: GraphSource | None = None, **_other: Any) -> dict:
    """The analysis of a match's steps (see the module docstring). `words` and `dawg` are the engine's
    word sources (`dawg` the prebuilt graph in production); other engine kwargs are ignored."""
    analysed: dict[str, Any] = {}
    tallies = [
        {
            "seat": seat,
            "moves": 0,
            "found": 0,
            "left": 0,
            "played_points": 0,
            "best_points": 0,
            "opponent_stuck": 0,
            "missed_wins": 0,
        }
        for seat in range(SEATS)
    ]
    graph: WordGraph | None = None
    for step in steps:
        if not is_move(step):
            continue
        before: State = step.before
        seat = step.input.seat
        assert isinstance(seat, int)
        if graph is None:
            graph = engine.graph_for(before, words, dawg)
        legal = moves.legal_moves(before.grid, before.spent(), graph)
        played = _played(step, seat)
        top = min(legal, key=_order, default=None)  # the player's own move is legal: there is one
        best = _describe(top) if top is not None else None
        best_points = 0 if best is None else best["points"]
        left = max(0, best_points - played["points"])
        found = played["points"] >= best_points
        after: State = step.after
        stuck = after.phase != PLAYING and after.reason == NO_MOVES and after.turn == 1 - seat
        missed = None
        if not _ended_with_win(step, seat):
            end = winning_end(before, seat, legal, graph)
            missed = None if end is None else _describe(end)
        notes = []
        if best is not None and found:
            notes.append(note(FOUND, word=played["word"].upper(), points=played["points"]))
        elif best is not None:
            row, col = best["cell"]
            notes.append(
                note(
                    BEST,
                    word=best["word"].upper(),
                    letter=best["letter"].upper(),
                    row=row + 1,
                    col=col + 1,
                    points=best_points,
                    played=played["points"],
                )
            )
            notes.append(note(LEFT, points=left))
        if stuck:
            notes.append(note(STUCK))
        if missed is not None:
            row, col = missed["cell"]
            notes.append(
                note(MISSED_WIN, word=missed["word"].upper(), letter=missed["letter"].upper(), row=row + 1, col=col + 1)
            )
        analysed[str(step.version)] = {
            "seat": seat,
            "played": played,
            "best": best,
            "words": len({move.word for move in legal}),
            "left": left,
            "found": found,
            "opponent_stuck": stuck,
            "winning_end": missed,
            "notes": notes,
        }
        tally = tallies[seat]
        tally["moves"] += 1
        tally["found"] += int(found)
        tally["left"] += left
        tally["played_points"] += played["points"]
        tally["best_points"] += best_points
        tally["opponent_stuck"] += int(stuck)
        tally["missed_wins"] += int(missed is not None)
    seats = []
    for tally in tallies:
        notes = [
            note(FOUND_COUNT, found=tally["found"], moves=tally["moves"]),
            note(LEFT_TOTAL, points=tally["left"]),
        ]
        if tally["opponent_stuck"]:
            notes.append(note(STUCK_COUNT, count=tally["opponent_stuck"]))
        if tally["missed_wins"]:
            notes.append(note(MISSED_COUNT, count=tally["missed_wins"]))
        seats.append({**tally, "notes": notes})
    return {"moves": analysed, "summary": {"seats": seats}}
