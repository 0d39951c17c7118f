"""The rules of Wordgrid, pure (see games/kit/contract.py, docs/engine-interface.md, docs/wordgrid.md).

A 5x5 grid starts with SHEEP on its middle row (every game, and SHEEP is spent). Seat 0 moves first. A
move writes one letter in an empty cell next to a filled one and traces a word of 2+ letters through
side-adjacent cells, without reusing a cell, that includes the new letter, is in the list and has not
been played in this game; it scores its length. The game ends when the grid is full or the player to
move has no legal move (there is no pass): the higher score wins and a tie goes to the second player
(seat 1), so every game has a winner, unless both agree to a draw. Each player has 10 minutes for the
whole game, running only on their turn; whoever runs out loses, whatever the score. Either may resign.

Word lists: `words(LIST_SLUG)` decides membership (`word in list`); whether the player to move has a
legal move is answered by walking a word graph of the same list. The caller passes it as
`dawg=wordlists.lexicon.dawg` (a prebuilt file, loaded once per process); without it the engine builds
one from the list's words in memory (about a second for the real list, once per list object).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from games.kit.codec import state_codec, state_copier, stored_as
from games.kit.contract import Action, Event, Viewer
from games.kit.contract import gettext_noop as _
from games.kit.errors import IllegalMove, MalformedAction, Refusal
from games.kit.moments import encode_time, require_aware
from games.kit.outcome import Outcome, Progress, outcome_json
from games.kit.words import WordSource, list_version
from games.wordgrid import moves
from games.wordgrid.moves import ALPHABET, CELLS, EMPTY, NEIGHBOURS, SIZE, WordGraph

SLUG = "wordgrid"
SCHEMA = 1  # bump (and convert in from_json) when the stored state changes shape

LANGUAGE = "en"  # the one word language (its list below)
LIST_SLUG = "wordgrid-en-valid"
SEATS = 2
START_WORD = "sheep"
START_ROW = SIZE // 2
CLOCK_SECONDS = 10 * 60  # per player, for the whole game
FIRST, SECOND = 0, 1  # seat 0 moves first; a tie goes to seat 1

PLAYING = "playing"
FINISHED = "finished"

# Why a game ended (outcome["reason"]).
GRID_FULL = "grid_full"
NO_MOVES = "no_moves"  # the player to move had no legal move
TIMEOUT = "timeout"
RESIGN = "resign"
AGREED_DRAW = "agreed_draw"
STOPPED = "stopped"  # an admin (or the runtime) ended the game: decided by the score as it stands

# Graph source: a callable from a list slug to its word graph (production: wordlists.lexicon.dawg).
GraphSource = Callable[[str], WordGraph]


def start_grid() -> str:
    """The grid every game starts from: SHEEP across the middle row."""
    return EMPTY * (START_ROW * SIZE) + START_WORD + EMPTY * ((SIZE - START_ROW - 1) * SIZE)


# -- state ------------------------------------------------------------------------------------------


@dataclass
class Play:
    """One accepted move."""

    seat: int
    word: str
    cell: int  # row-major index of the new letter
    letter: str
    path: list[int]
    at: datetime

    @property
    def points(self) -> int:
        return len(self.word)


def _rows(grid: str) -> list[str]:
    """The grid as stored: five strings of five letters."""
    return [grid[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)]


@dataclass
class State:
    list_slug: str
    list_version: str | None  # the dictionary's version this game is played with (recorded for good)
    grid: str = field(metadata=stored_as(_rows, "".join, immutable=True))  # 25 letters by row, "." empty
    owners: list[int | None]  # who wrote each cell (None: empty or the start word)
    plays: list[Play]
    started_at: datetime
    turn: int  # the seat to move (the last one to move once finished)
    turn_started_at: datetime  # when the running clock started (or stopped, once finished)
    remaining_us: list[int]  # each clock's time left, in microseconds, as of turn_started_at
    draw_offer: int | None = None  # the seat whose draw offer is pending
    offered_at_play: list[int | None] = field(default_factory=lambda: [None, None])  # len(plays) then
    phase: str = PLAYING
    finished_at: datetime | None = None
    reason: str | None = None
    winner: int | None = None  # None only for an agreed draw
    stopped: str | None = None

    def scores(self) -> list[int]:
        totals = [0] * SEATS
        for play in self.plays:
            totals[play.seat] += play.points
        return totals

    def spent(self) -> set[str]:
        """Words nobody may play any more: the start word and every word played."""
        return {START_WORD, *(play.word for play in self.plays)}


# -- JSON -------------------------------------------------------------------------------------------


to_json, from_json = state_codec(State, slug=SLUG, schema=SCHEMA)
copy_state = state_copier(State)  # the rules change a copy, never the caller's state


# -- a new game -------------------------------------------------------------------------------------


def make_settings(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Wordgrid has no options: one list, one start word, 10 minutes each. Other keys are ignored
    (room options that are not rules, e.g. bot levels)."""
    return {}


def graph_for(state: State, words: WordSource, dawg: GraphSource | None = None) -> WordGraph:
    """The word graph of the game's list: the caller's prebuilt one, or one built from the list."""
    if dawg is not None:
        return dawg(state.list_slug)
    return moves.derived_index(words(state.list_slug))


def new_game(
    settings: Mapping[str, Any],
    seats: int,
    rng: random.Random,
    now: datetime,
    *,
    words: WordSource,
    dawg: GraphSource | None = None,
    avoid: Iterable[str] = (),
    banned: Iterable[str] = (),
) -> State:
    """A game whose first turn (seat 0's clock) starts at `now`.

    `rng`, `avoid` and `banned` are taken for the common interface and unused: every game starts from
    the same grid. The list's version is recorded in the state.
    """
    now = require_aware(now)
    make_settings(settings)
    if isinstance(seats, bool) or seats != SEATS:
        raise Refusal("bad_seats", _("A room has from %(min)d to %(max)d seats."), {"min": SEATS, "max": SEATS})
    word_list = words(LIST_SLUG)
    state = State(
        list_slug=LIST_SLUG,
        list_version=list_version(word_list),
        grid=start_grid(),
        owners=[None] * CELLS,
        plays=[],
        started_at=now,
        turn=FIRST,
        turn_started_at=now,
        remaining_us=[CLOCK_SECONDS * 1_000_000] * SEATS,
    )
    # A hand-made list may leave the first player nothing to play: the game is over at once.
    _end_if_stuck(state, now, graph_for(state, words, dawg), [])
    return state


# -- the clock --------------------------------------------------------------------------------------


def remaining(state: State, seat: int, now: datetime) -> timedelta:
    """Time left on `seat`'s clock at `now` (never negative)."""
    left = timedelta(microseconds=state.remaining_us[seat])
    if state.phase == PLAYING and seat == state.turn:
        left -= require_aware(now) - state.turn_started_at
    return max(left, timedelta(0))


def next_deadline(state: State) -> datetime | None:
    """When the player to move runs out of time (None once the game is over)."""
    if state.phase != PLAYING:
        return None
    return state.turn_started_at + timedelta(microseconds=state.remaining_us[state.turn])


def advance(state: State, now: datetime) -> tuple[State, list[Event]]:
    """What the clock did by `now`: the player to move loses if their time ran out (at the deadline)."""
    now = require_aware(now)
    state = copy_state(state)
    events: list[Event] = []
    deadline = next_deadline(state)
    if deadline is not None and deadline <= now:
        loser = state.turn
        _charge_clock(state, deadline)
        events.append({"type": "timed_out", "seat": loser, "at": encode_time(deadline)})
        _finish(state, deadline, TIMEOUT, 1 - loser, events)
    return state, events


def _charge_clock(state: State, at: datetime) -> None:
    """Stops the running clock at `at`: the mover's time left drops by what the turn has taken."""
    used = at - state.turn_started_at
    used_us = (used.days * 86_400 + used.seconds) * 1_000_000 + used.microseconds
    state.remaining_us[state.turn] = max(0, state.remaining_us[state.turn] - used_us)
    state.turn_started_at = at


def _finish(state: State, at: datetime, reason: str, winner: int | None, events: list[Event]) -> None:
    state.phase = FINISHED
    state.finished_at = at
    state.reason = reason
    state.winner = winner
    state.draw_offer = None
    result = outcome(state)
    assert result is not None and result.totals is not None  # the phase is FINISHED; the game has points
    events.append(
        {
            "type": "match_finished",
            "at": encode_time(at),
            "reason": reason,
            "winner": winner,
            "scores": list(result.totals),
            "draw": result.draw,
            "list_version": state.list_version,
            "stopped": state.stopped,
        }
    )


def winner_by_score(scores: list[int]) -> int:
    """The higher score wins; a tie goes to the second player (a rule, not a tie-break: no draws)."""
    return FIRST if scores[FIRST] > scores[SECOND] else SECOND


def _end_if_stuck(state: State, at: datetime, graph: WordGraph, events: list[Event]) -> None:
    """Ends the game when the grid is full or the player to move has no legal move."""
    if EMPTY not in state.grid:
        _finish(state, at, GRID_FULL, winner_by_score(state.scores()), events)
    elif not moves.has_legal_move(state.grid, state.spent(), graph):
        _finish(state, at, NO_MOVES, winner_by_score(state.scores()), events)


def stop(state: State, now: datetime, reason: str) -> tuple[State, list[Event]]:
    """End the game now (an admin ending a stuck game): decided by the score as it stands, a tie to the
    second player, as when nobody can move."""
    now = require_aware(now)
    state, events = advance(state, now)
    if state.phase == FINISHED:
        return state, events
    state.stopped = reason
    _charge_clock(state, now)
    _finish(state, now, STOPPED, winner_by_score(state.scores()), events)
    return state, events


# -- moves ------------------------------------------------------------------------------------------

MOVE, RESIGN_ACTION, OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW = (
    "move",
    "resign",
    "offer_draw",
    "accept_draw",
    "decline_draw",
)
ACTION_TYPES = (MOVE, RESIGN_ACTION, OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW)


def _cell(value: Any) -> int | None:
    """A [row, col] pair on the grid as a cell index, or None."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    row, col = value
    if any(isinstance(v, bool) or not isinstance(v, int) for v in (row, col)):
        return None
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        return None
    return row * SIZE + col


def apply(
    state: State, seat: int, action: Action, now: datetime, *, words: WordSource, dawg: GraphSource | None = None
) -> tuple[State, list[Event]]:
    """A seat's action (catching up with the clock first). Raises IllegalMove, changing nothing.

    `{"type": "move", "cell": [r, c], "letter": "a", "path": [[r, c], ...]}`, `{"type": "resign"}`,
    `{"type": "offer_draw"}`, `{"type": "accept_draw"}`, `{"type": "decline_draw"}`.
    """
    now = require_aware(now)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
        raise IllegalMove("not_a_seat", _("That seat is not in this match."))
    if not isinstance(action, Mapping) or action.get("type") not in ACTION_TYPES:
        raise MalformedAction(_("That is not a Wordgrid action."))
    state, events = advance(state, now)
    if state.phase == FINISHED:
        raise IllegalMove("match_over", _("The match is over."))
    kind = action["type"]
    if kind == MOVE:
        _move(state, seat, action, now, words, dawg, events)
    elif kind == RESIGN_ACTION:
        _charge_clock(state, now)
        events.append({"type": "resigned", "seat": seat, "at": encode_time(now)})
        _finish(state, now, RESIGN, 1 - seat, events)
    elif kind == OFFER_DRAW:
        _offer_draw(state, seat, now, events)
    elif kind == ACCEPT_DRAW:
        if state.draw_offer != 1 - seat:
            raise IllegalMove("no_draw_offer", _("There is no draw offer to answer."))
        _agree_draw(state, seat, now, events)
    else:
        if state.draw_offer != 1 - seat:
            raise IllegalMove("no_draw_offer", _("There is no draw offer to answer."))
        state.draw_offer = None
        events.append({"type": "draw_declined", "seat": seat, "at": encode_time(now)})
    return state, events


def _offer_draw(state: State, seat: int, now: datetime, events: list[Event]) -> None:
    if state.draw_offer == seat:
        raise IllegalMove("draw_already_offered", _("You have already offered a draw."))
    if state.draw_offer == 1 - seat:
        # Both want a draw: offering back is accepting.
        _agree_draw(state, seat, now, events)
        return
    if state.offered_at_play[seat] == len(state.plays):
        raise IllegalMove("draw_offer_repeated", _("You can offer a draw again after the next move."))
    state.draw_offer = seat
    state.offered_at_play[seat] = len(state.plays)
    events.append({"type": "draw_offered", "seat": seat, "at": encode_time(now)})


def _agree_draw(state: State, seat: int, now: datetime, events: list[Event]) -> None:
    _charge_clock(state, now)
    events.append({"type": "draw_accepted", "seat": seat, "at": encode_time(now)})
    _finish(state, now, AGREED_DRAW, None, events)


def check_move(
    grid: str, spent: set[str], action: Mapping[str, Any], is_word: Callable[[str], bool]
) -> tuple[int, str, list[int], str]:
    """The cell, letter, path and word of a move on `grid`, or IllegalMove with the first broken rule."""
    cell = _cell(action.get("cell"))
    letter = action.get("letter")
    path_in = action.get("path")
    if cell is None or not isinstance(letter, str) or not isinstance(path_in, list | tuple):
        raise MalformedAction(_("A move is a cell, a letter and a path."))
    letter = letter.strip().lower()
    if len(letter) != 1 or letter not in ALPHABET:
        raise IllegalMove("bad_letter", _("Write one letter from A to Z."))
    if grid[cell] != EMPTY:
        raise IllegalMove("cell_taken", _("That cell already has a letter."))
    if not any(grid[n] != EMPTY for n in NEIGHBOURS[cell]):
        raise IllegalMove("not_adjacent", _("Write your letter next to a filled cell (not diagonally)."))
    cells = [_cell(step) for step in path_in]
    path = [step for step in cells if step is not None]
    if len(path) != len(cells):
        raise MalformedAction(_("A move is a cell, a letter and a path."))
    if cell not in path:
        raise IllegalMove("missing_new_cell", _("Your word must use the letter you wrote."))
    if len(path) < moves.MIN_WORD:
        raise IllegalMove("too_short", _("A word has at least %(count)d letters."), {"count": moves.MIN_WORD})
    if len(set(path)) != len(path):
        raise IllegalMove("cell_reused", _("A word cannot use the same cell twice."))
    if any(b not in NEIGHBOURS[a] for a, b in zip(path, path[1:], strict=False)):
        raise IllegalMove("path_not_connected", _("Each letter of the word must touch the next one by a side."))
    letters = grid[:cell] + letter + grid[cell + 1 :]
    if any(letters[i] == EMPTY for i in path):
        raise IllegalMove("path_through_empty", _("A word can only go through filled cells."))
    word = "".join(letters[i] for i in path)
    if not is_word(word):
        raise IllegalMove("not_in_dictionary", _("%(word)s is not in the dictionary."), {"word": word.upper()})
    if word in spent:
        raise IllegalMove("already_played", _("%(word)s has already been played in this game."), {"word": word.upper()})
    return cell, letter, path, word


def _move(
    state: State,
    seat: int,
    action: Mapping[str, Any],
    now: datetime,
    words: WordSource,
    dawg: GraphSource | None,
    events: list[Event],
) -> None:
    if seat != state.turn:
        raise IllegalMove("not_your_turn", _("It is not your turn."))
    word_list = words(state.list_slug)
    cell, letter, path, word = check_move(state.grid, state.spent(), action, word_list.__contains__)
    _charge_clock(state, now)
    state.grid = state.grid[:cell] + letter + state.grid[cell + 1 :]
    state.owners[cell] = seat
    state.plays.append(Play(seat=seat, word=word, cell=cell, letter=letter, path=path, at=now))
    scores = state.scores()
    events.append(
        {
            "type": "word_played",
            "seat": seat,
            "cell": list(divmod(cell, SIZE)),
            "letter": letter,
            "path": [list(divmod(i, SIZE)) for i in path],
            "word": word,
            "points": len(word),
            "scores": scores,
            "at": encode_time(now),
        }
    )
    if state.draw_offer == 1 - seat:
        # Playing on answers the opponent's offer: it lapses (the mover's own offer stands).
        state.draw_offer = None
        events.append({"type": "draw_lapsed", "seat": 1 - seat, "at": encode_time(now)})
    state.turn = 1 - seat
    _end_if_stuck(state, now, graph_for(state, words, dawg), events)


# -- what leaves the server -------------------------------------------------------------------------


def _play_json(play: Play) -> dict[str, Any]:
    return {
        "seat": play.seat,
        "word": play.word,
        "points": play.points,
        "cell": list(divmod(play.cell, SIZE)),
        "letter": play.letter,
        "path": [list(divmod(i, SIZE)) for i in play.path],
        "at": encode_time(play.at),
    }


# Actions that belong to no particular turn: a player may resign or talk about a draw at any moment.
TURN_FREE_ACTIONS = frozenset({RESIGN_ACTION, OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW})


def turn_of(state: State, seat: int) -> str | None:
    """The turn `seat` owes a move in now ("move:<n>"), or None. A move made for another turn is stale."""
    if state.phase != PLAYING or state.turn != seat:
        return None
    return f"move:{len(state.plays)}"


def progress(state: State) -> Progress:
    """How many words have been played (the lobby's live list)."""
    return Progress(_("%(count)s words played"), {"count": len(state.plays)})


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """What `viewer` (a seat, or None for a spectator) sees. Wordgrid has no secrets: everyone sees the
    same game; `you`, `can_move` and the draw buttons depend on the viewer.

    Clocks: `remaining_ms` is the time left when `turn_started_at` began; the running clock (one at a
    time) counts down from there, so a client shows `remaining_ms - (now - turn_started_at)`.
    """
    if viewer is not None and not (isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < SEATS):
        raise ValueError(f"seat {viewer!r} is not in this match")
    playing = state.phase == PLAYING
    scores = state.scores()
    seats = []
    for seat in range(SEATS):
        running = playing and seat == state.turn
        seats.append(
            {
                "seat": seat,
                "score": scores[seat],
                "words": [{"word": p.word, "points": p.points} for p in state.plays if p.seat == seat],
                "clock": {
                    "remaining_ms": state.remaining_us[seat] // 1000,
                    "running": running,
                    "turn_started_at": encode_time(state.turn_started_at) if running else None,
                },
            }
        )
    mine = viewer is not None and playing
    return {
        "game": SLUG,
        "phase": state.phase,
        "size": SIZE,
        "start_word": START_WORD,
        "list": state.list_slug,
        "list_version": state.list_version,
        "you": viewer,
        "turn": state.turn if playing else None,
        "deadline": encode_time(next_deadline(state)),
        "clock_seconds": CLOCK_SECONDS,
        "grid": [[None if ch == EMPTY else ch for ch in state.grid[r * SIZE : (r + 1) * SIZE]] for r in range(SIZE)],
        "owners": [state.owners[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)],
        "seats": seats,
        "played": [_play_json(p) for p in state.plays],
        "spent": [START_WORD, *(p.word for p in state.plays)],
        "last_move": _play_json(state.plays[-1]) if state.plays else None,
        "draw_offer": state.draw_offer,
        "can_move": mine and viewer == state.turn,
        "can_offer_draw": mine
        and viewer is not None
        and state.draw_offer is None
        and state.offered_at_play[viewer] != len(state.plays),
        "can_answer_draw": mine and viewer is not None and state.draw_offer == 1 - viewer,
        "stopped": state.stopped,
        "outcome": outcome_json(outcome(state)),
    }


def outcome(state: State) -> Outcome | None:
    """None while the game runs; then the winner (None only for an agreed draw), the scores, why it
    ended and the dictionary's version. `winner` and `scores` (the board reads them) are `winners[0]` and
    `totals` under the names the game has always stored."""
    if state.phase != FINISHED:
        return None
    return Outcome.duel(
        winner=state.winner,
        scores=state.scores(),
        words=[[p.word for p in state.plays if p.seat == seat] for seat in range(SEATS)],
        stopped=state.stopped,
        details={
            "reason": state.reason,
            "list": state.list_slug,
            "list_version": state.list_version,
            "moves": len(state.plays),
        },
    )


def word_lists(state: State) -> list[tuple[str, str | None]]:
    """The list this match is played with, with the version it recorded for good (the replay says it)."""
    return [(state.list_slug, state.list_version)]
