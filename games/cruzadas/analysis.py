"""The analysis of a finished Letras Cruzadas match, pure: for every move, the best placement the rack allowed.

Reads the steps of a match played again (games.kit.rerun: each step's input, the state before it, the
state after it and the engine's events). For each turn a seat took (a placement, a pass or an exchange; a
resignation is no move), the move generator (games.cruzadas.movegen, the AI's, which finds every legal
placement and scores it as the rules do) runs on the board as it was with that seat's rack as it was, and
the best score is set against what the player scored (the `placed` event's points; 0 for a pass or an
exchange). Points left on the table are the difference, never negative; a move that scored as much as the
best counts as the best found.

Privacy: the racks stay secret even after the game, but the analysis of a move names the best placement of
that rack (as post-game analysis does elsewhere), so the output holds that placement's tiles and nothing
else of the rack or the bag.

The output is JSON data (string keys, lists), texts as English msgids with their parameters, translated by
the page (`gettext(text) % params`):

    {"moves": {"<version>": {"seat", "kind" (place | pass | exchange),
                             "played": {"words", "points"},
                             "best": null | {"word", "words", "start" [row, col], "direction", "points",
                                             "tiles" [{"cell", "letter", "blank"}]},
                             "left", "found", "notes" [{"text", "params"}]}},
     "summary": {"seats": [{"seat", "moves", "found", "left", "played_points", "best_points", "notes"}]}}

Rows and columns are 0-based in the data (as the view's), 1-based in the notes (as the board reads them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cruzadas import bots, movegen, rules
from games.cruzadas.engine import EXCHANGE, PASS, PLACE, PLAYING, SEATS, GraphSource, State
from games.kit.contract import gettext_noop as _
from games.kit.rerun import ACT, Step
from games.kit.words import WordSource

ANALYSED = (PLACE, PASS, EXCHANGE)  # the turns a seat takes; a resignation is no move

# Notes on a move.
BEST_ACROSS = _(
    "Best move: %(word)s across from row %(row)s, column %(col)s, for %(points)s points (played: %(played)s)."
)
BEST_DOWN = _("Best move: %(word)s down from row %(row)s, column %(col)s, for %(points)s points (played: %(played)s).")
FOUND = _("Best move played: %(word)s for %(points)s points.")
LEFT = _("Points left on the table: %(points)s.")
NO_PLACEMENT = _("No word could be made with this rack.")
# Notes on a seat's game.
FOUND_COUNT = _("Best move found: %(found)s of %(moves)s.")
LEFT_TOTAL = _("Points left on the table in all: %(points)s.")


def shown(word: str) -> str:
    """A word as the board shows it: Turkish capitals (i -> İ, ı -> I; Python's upper() would make i an I)."""
    return "".join("İ" if ch == "i" else "I" if ch == "ı" else ch.upper() for ch in word)


def note(text: str, **params: Any) -> dict[str, Any]:
    return {"text": text, "params": params}


def best_play(state: State, seat: int, graph: Any) -> movegen.Play | None:
    """The highest-scoring placement of `seat`'s rack on the board of `state` (None: there is none). Among
    equal scores the first placement in board order, so the same position always names the same move
    (`movegen.best`: the play `min(generate(...), key=lambda play: (-play.score, play.placement))` names)."""
    return movegen.best(state.board, state.racks[seat], graph, state.ruleset, state.star_cell, state.star_spent)


def describe(state: State, play: movegen.Play) -> dict[str, Any]:
    """A placement as the analysis shows it: its main word and the crosswords, where the main word starts,
    which way it reads, its points and its new tiles (nothing else of the rack)."""
    formed = rules.words_formed(state.board, play.placement)
    words = [rules.word_text(state.board, play.placement, cells) for cells in formed]
    direction, line = rules.placement_line(state.board, play.placement)
    start = line[0]
    return {
        "word": words[0] if words else play.word,
        "words": words,
        "start": [start // rules.SIZE, start % rules.SIZE],
        "direction": direction,
        "points": play.score,
        "tiles": [{"cell": cell, "letter": letter, "blank": blank} for cell, letter, blank in play.placement],
    }


def _played(step: Step, seat: int) -> dict[str, Any]:
    """What the move scored: the `placed` event's words and points (a pass or an exchange: none); a step
    without the event (an old log) falls back on the last turn of the state after it."""
    placed = next((e for e in step.events if e.get("type") == "placed" and e.get("seat") == seat), None)
    if placed is not None:
        return {"words": list(placed["words"]), "points": int(placed["points"])}
    history = getattr(step.after, "history", None)
    if history and history[-1].seat == seat and history[-1].kind == PLACE:
        return {"words": list(history[-1].words), "points": history[-1].points}
    return {"words": [], "points": 0}


def _move_notes(best: dict[str, Any] | None, played: dict[str, Any], found: bool, left: int) -> list[dict[str, Any]]:
    if best is None:
        return [note(NO_PLACEMENT)]
    if found and played["words"]:
        return [note(FOUND, word=shown(played["words"][0]), points=played["points"])]
    row, col = best["start"]
    text = BEST_ACROSS if best["direction"] == rules.ACROSS else BEST_DOWN
    params = {"word": shown(best["word"]), "row": row + 1, "col": col + 1, "points": best["points"]}
    notes = [note(text, **params, played=played["points"])]
    if left:
        notes.append(note(LEFT, points=left))
    return notes


def is_move(step: Step) -> bool:
    """Whether the step is a turn a seat took (place, pass or exchange) in a running game."""
    made = step.input
    return (
        made.kind == ACT
        and isinstance(made.seat, int)
        and isinstance(made.action, Mapping)
        and made.action.get("type") in ANALYSED
        and getattr(step.before, "phase", None) == PLAYING
    )


def analyse(steps: Sequence[Step], *, words: WordSource, dawg: GraphSource | None = None, **_other: Any) -> dict:
    """The analysis of a match's steps (see the module docstring). `words` and `dawg` are the engine's
    word sources (`dawg` the prebuilt graph in production); other engine kwargs are ignored."""
    moves: dict[str, Any] = {}
    tallies = [
        {"seat": seat, "moves": 0, "found": 0, "left": 0, "played_points": 0, "best_points": 0} for seat in range(SEATS)
    ]
    graph: Any = None
    for step in steps:
        if not is_move(step):
            continue
        before: State = step.before
        seat = step.input.seat
        assert isinstance(seat, int) and isinstance(step.input.action, Mapping)
        if graph is None:
            graph = bots.graph_for(before, words, dawg)
        play = best_play(before, seat, graph)
        best = None if play is None else describe(before, play)
        played = _played(step, seat)
        best_points = 0 if best is None else best["points"]
        left = max(0, best_points - played["points"])
        found = played["points"] >= best_points
        moves[str(step.version)] = {
            "seat": seat,
            "kind": step.input.action["type"],
            "played": played,
            "best": best,
            "left": left,
            "found": found,
            "notes": _move_notes(best, played, found, left),
        }
        tally = tallies[seat]
        tally["moves"] += 1
        tally["found"] += int(found)
        tally["left"] += left
        tally["played_points"] += played["points"]
        tally["best_points"] += best_points
    seats = [
        {
            **tally,
            "notes": [
                note(FOUND_COUNT, found=tally["found"], moves=tally["moves"]),
                note(LEFT_TOTAL, points=tally["left"]),
            ],
        }
        for tally in tallies
    ]
    return {"moves": moves, "summary": {"seats": seats}}
