"""The game of Claves a Dúo, pure (see games/kit/contract.py, docs/engine-interface.md, docs/claves.md).

A pair plays together against the board: 25 words, two secret maps (one per seat), a number of turns.
Each turn one partner gives a clue (one word and a number) and the other touches words; the clue
giver's map decides what a touched word is. This module keeps the state: the board, both maps
(server-side; a map leaves the server only to its owner until the game is over), what is uncovered and
marked, whose role, the turns left, and the end. There is no clock: `next_deadline` is always None and
`advance` changes nothing.

Word lists: the board is drawn from `claves-es-<level>` (`familiar` or `standard`) through `words(slug)`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from games.claves import clues
from games.kit.codec import state_codec, state_copier, stored_as
from games.kit.contract import Action, Event, Viewer
from games.kit.contract import gettext_noop as _
from games.kit.errors import IllegalMove, MalformedAction, Refusal
from games.kit.moments import encode_time, require_aware
from games.kit.outcome import Outcome, Progress, outcome_json
from games.kit.words import WordList, WordSource, list_version
from wordlists.alphabets import normalise

SLUG = "claves"
SCHEMA = 1  # bump (and convert in from_json) when the stored state changes shape
SEATS = 2
BOARD_SIZE = 25
COLUMNS = 5

LEVELS = ("familiar", "standard")
TURN_CHOICES = (9, 11)
DEFAULT_LEVEL = "familiar"
DEFAULT_TURNS = 9

# What a word is on one map.
KEY, TRAP, EMPTY = "key", "trap", "empty"

# The exact overlap of the two maps (docs/rules/claves.md), as (seat 0's map, seat 1's map) -> count.
# Each map: 9 keys, 3 traps, 13 empties; 3 keys shared; of each seat's traps one is the partner's trap,
# one the partner's key, one the partner's empty; of each seat's 6 other keys, 1 is the partner's trap
# and 5 the partner's empties. Distinct keys: 3 + 6 + 6 = 15.
LAYOUT: tuple[tuple[str, str, int], ...] = (
    (KEY, KEY, 3),
    (TRAP, TRAP, 1),
    (TRAP, KEY, 1),
    (KEY, TRAP, 1),
    (TRAP, EMPTY, 1),
    (EMPTY, TRAP, 1),
    (KEY, EMPTY, 5),
    (EMPTY, KEY, 5),
    (EMPTY, EMPTY, 7),
)
TOTAL_KEYS = 15

# Phases.
CLUE = "clue"  # the giver writes a clue
GUESS = "guess"  # the guesser touches words
FINISHED = "finished"

# Results and why a game ended (outcome["result"], outcome["reason"]).
WON, LOST, STOPPED = "won", "lost", "stopped"
ALL_KEYS = "all_keys"  # the 15 keys are uncovered
TRAP_TOUCHED = "trap"  # the guesser touched a trap of the giver's map
OUT_OF_TURNS = "out_of_turns"  # the last turn ended with keys left
INTERRUPTED = "interrupted"  # someone left mid-game (a reason `stop` may be given)

# Why a turn ended (history).
TURN_EMPTY = "empty"  # the guesser touched an empty word of the giver's map
TURN_ENDED = "ended"  # the guesser pressed "Termino el turno"

# Each partner's colour for their marks (rules §6: naranja o azul).
COLOURS = ("orange", "blue")

ACTION_TYPES = ("clue", "guess", "end_turn")


LANGUAGE = "es"  # the one word language: the lists below are Spanish


def list_slug(level: str) -> str:
    return f"claves-{LANGUAGE}-{level}"


# Every curated noun of the game (familiar is a subset): a clue that is one of them is a word in its own
# right, refused only as a plural of a board word ("puerta" is fine with "puerto"; see clues.py).
NOUNS_LIST = list_slug("standard")


# -- state ------------------------------------------------------------------------------------------


@dataclass
class Guess:
    cell: int
    result: str  # key | empty | trap: what the giver's map says


def _guess_pairs(guesses: list[Guess]) -> list[list[Any]]:
    """Guesses as stored: [cell, result] each."""
    return [[g.cell, g.result] for g in guesses]


def _guesses_from(data: list[list[Any]]) -> list[Guess]:
    return [Guess(cell, result) for cell, result in data]


@dataclass
class Turn:
    """One clue and what followed it; the last one is the current turn while guessing."""

    number: int  # 1-based: which turn circle it spent
    giver: int
    word: str  # normalised clue
    shown: str  # as typed (lowercased, accents kept)
    count: int  # the clue's number, 0-9
    at: datetime
    guesses: list[Guess] = field(default_factory=list, metadata=stored_as(_guess_pairs, _guesses_from))
    end: str | None = None  # empty | ended | trap | all_keys | stopped (None while guessing)


@dataclass
class State:
    level: str
    turns: int  # turn circles at the start (9 or 11)
    list_slug: str
    list_version: str | None
    words: list[str]  # the 25 board words, normalised, in board order
    shown: list[str]  # their display spellings
    maps: list[list[str]]  # per seat, 25 of key/trap/empty; never in a view but its owner's (until the end)
    first_giver: int
    giver: int  # who gives the clue this turn (the last giver once finished)
    phase: str  # clue | guess | finished
    turns_left: int
    uncovered: list[int]  # cells uncovered green, in order
    marks: list[list[int]]  # per seat, cells marked with that seat's colour (empty on that seat's map)
    history: list[Turn]
    started_at: datetime
    finished_at: datetime | None = None
    result: str | None = None  # won | lost | stopped
    reason: str | None = None  # all_keys | trap | out_of_turns | stopped
    trap_cell: int | None = None  # the trap that ended the game
    stopped: str | None = None  # why the runtime stopped it (e.g. "interrupted")

    @property
    def guesser(self) -> int:
        return 1 - self.giver

    def keys_of(self, seat: int) -> list[int]:
        return [cell for cell, kind in enumerate(self.maps[seat]) if kind == KEY]

    def map_done(self, seat: int) -> bool:
        """Every key of this seat's map is uncovered: this seat gives no more clues."""
        found = set(self.uncovered)
        return all(cell in found for cell in self.keys_of(seat))

    def all_keys_found(self) -> bool:
        return self.map_done(0) and self.map_done(1)

    def touchable(self, cell: int) -> bool:
        """Whether the guesser may touch `cell` now: not uncovered, not marked with the giver's colour."""
        return cell not in self.uncovered and cell not in self.marks[self.giver]


# -- JSON -------------------------------------------------------------------------------------------


_to_json, from_json = state_codec(State, slug=SLUG, schema=SCHEMA)
copy_state = state_copier(State)  # the rules change a copy, never the caller's state


def to_json(state: State) -> dict[str, Any]:
    """The state as plain JSON data (what the match row stores; both maps included). It has kept a copy of the
    board's words under "hidden_words" since before the runtime asked `drawn_words`: stored states hold it,
    and a replay checks that its steps lead to the stored state, so it stays."""
    return {**_to_json(state), "hidden_words": list(state.words)}


# -- a new game -------------------------------------------------------------------------------------


def make_settings(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The host's choices: the word level (familiar, standard) and the turns (9 or 11). Other keys are
    ignored (room options that are not rules)."""
    level = raw.get("level") or DEFAULT_LEVEL
    if level not in LEVELS:
        raise Refusal("bad_level", _("Choose the words: familiar or standard."))
    turns = raw.get("turns", DEFAULT_TURNS)
    if isinstance(turns, str) and turns.strip().isdigit():
        turns = int(turns)
    if isinstance(turns, bool) or turns not in TURN_CHOICES:
        raise Refusal("bad_turns", _("A game has 9 or 11 turns."))
    return {"level": level, "turns": turns}


def draw_maps(rng: random.Random) -> list[list[str]]:
    """The two maps, with exactly the overlap of LAYOUT, on randomly chosen cells."""
    pairs = [(mine, theirs) for mine, theirs, count in LAYOUT for _n in range(count)]
    rng.shuffle(pairs)
    return [[pair[0] for pair in pairs], [pair[1] for pair in pairs]]


def draw_board(
    word_list: WordList, rng: random.Random, avoid: Iterable[str] = (), banned: Iterable[str] = ()
) -> list[str]:
    """25 distinct words: unused ones (not in `avoid`, the room's earlier boards) while the list has
    them, then reused ones, the least recently used first: `avoid` in the order the room drew them,
    oldest first, and the reused words are drawn from its older half (at least as many as are needed),
    so a new cycle does not bring back the last boards. Words admins banned are drawn only if the list
    has nothing else."""
    earlier = list(dict.fromkeys(avoid))
    banned = set(banned)
    chosen: list[str] = []

    def fill(exclude: set[str]) -> None:
        while len(chosen) < BOARD_SIZE:
            try:
                chosen.append(word_list.choose(rng, exclude | set(chosen)))
            except LookupError:
                break

    fill(set(earlier) | banned)
    if len(chosen) < BOARD_SIZE:
        reusable = [word for word in earlier if word in word_list and word not in banned and word not in chosen]
        needed = BOARD_SIZE - len(chosen)
        oldest = reusable[: max(needed, len(reusable) // 2)]
        chosen.extend(rng.sample(oldest, min(needed, len(oldest))))
    fill(banned)
    fill(set())
    if len(chosen) < BOARD_SIZE:
        raise ValueError(f"a Claves board needs {BOARD_SIZE} words; the list has {len(chosen)}")
    return chosen


def fixed_board(given_board: Any, given_maps: Any, word_list: WordList) -> tuple[list[str], list[list[str]]]:
    """A board and maps given by the caller, checked: 25 distinct words of `word_list` (normalised as the list
    keeps them) and two maps of 25 cells each whose overlap is exactly LAYOUT's. ValueError otherwise."""
    if not isinstance(given_board, list | tuple) or len(given_board) != BOARD_SIZE:
        raise ValueError(f"a fixed board needs {BOARD_SIZE} words")
    board = []
    for word in given_board:
        norm = normalise(LANGUAGE, word) if isinstance(word, str) else None
        if norm is None or norm not in word_list:
            raise ValueError(f"{word!r} cannot be a board word")
        board.append(norm)
    if len(set(board)) != BOARD_SIZE:
        raise ValueError("a board word repeats")
    if (
        not isinstance(given_maps, list | tuple)
        or len(given_maps) != SEATS
        or any(not isinstance(one, list | tuple) or len(one) != BOARD_SIZE for one in given_maps)
    ):
        raise ValueError(f"fixed maps are {SEATS} lists of {BOARD_SIZE} cells")
    maps = [list(one) for one in given_maps]
    overlap = Counter(zip(*maps, strict=True))
    if overlap != Counter({(mine, theirs): count for mine, theirs, count in LAYOUT}):
        raise ValueError("the fixed maps do not overlap as the rules say")
    return board, maps


def new_game(
    settings: Mapping[str, Any],
    seats: int,
    rng: random.Random,
    now: datetime,
    *,
    words: WordSource,
    avoid: Iterable[str] = (),
    banned: Iterable[str] = (),
) -> State:
    """A game whose first turn starts at `now`: the board, both maps and the first clue giver are
    drawn from `rng`. `avoid`: the room's earlier board words of this level's current cycle, oldest first
    (games.runtime.matches: Room.used_words); `banned`: words admins took out.

    `settings["board"]` (25 words of the level's list) with `settings["maps"]` (two maps of LAYOUT's overlap), if
    given, fix the board and the maps instead (the day's board of Claves' daily, games/claves/daily.py; tests);
    the first giver is still drawn. A fixed board that breaks those rules is the caller's mistake: ValueError.
    They come with the match's start (never in the room's settings, which every viewer of the room is sent)."""
    now = require_aware(now)
    clean = make_settings(settings)
    if isinstance(seats, bool) or seats != SEATS:
        raise Refusal("bad_seats", _("A room has from %(min)d to %(max)d seats."), {"min": SEATS, "max": SEATS})
    slug = list_slug(clean["level"])
    word_list = words(slug)
    if "board" in settings or "maps" in settings:
        board, maps = fixed_board(settings.get("board"), settings.get("maps"), word_list)
    else:
        board = draw_board(word_list, rng, avoid, banned)
        maps = draw_maps(rng)
    first = rng.randrange(SEATS)
    return State(
        level=clean["level"],
        turns=clean["turns"],
        list_slug=slug,
        list_version=list_version(word_list),
        words=board,
        shown=[word_list.display(w) for w in board],
        maps=maps,
        first_giver=first,
        giver=first,
        phase=CLUE,
        turns_left=clean["turns"],
        uncovered=[],
        marks=[[], []],
        history=[],
        started_at=now,
    )


# -- no clock ---------------------------------------------------------------------------------------


def next_deadline(state: State) -> datetime | None:
    """Claves a Dúo has no clock: nothing ever happens by itself."""
    return None


def advance(state: State, now: datetime) -> tuple[State, list[Event]]:
    require_aware(now)
    return copy_state(state), []


# -- the end ----------------------------------------------------------------------------------------


def _finish(state: State, at: datetime, result: str, reason: str, events: list[Event]) -> None:
    state.phase = FINISHED
    state.finished_at = at
    state.result = result
    state.reason = reason
    if state.history and state.history[-1].end is None:
        state.history[-1].end = reason
    events.append(
        {
            "type": "match_finished",
            "at": encode_time(at),
            "result": result,
            "reason": reason,
            "turns_left": state.turns_left,
            "keys_found": len(state.uncovered),
            "trap_cell": state.trap_cell,
            "stopped": state.stopped,
        }
    )


def stop(state: State, now: datetime, reason: str) -> tuple[State, list[Event]]:
    """End the game now, neither won nor lost (someone left, an admin ended a stuck game)."""
    now = require_aware(now)
    state = copy_state(state)
    events: list[Event] = []
    if state.phase == FINISHED:
        return state, events
    state.stopped = reason
    _finish(state, now, STOPPED, STOPPED, events)
    return state, events


# -- moves ------------------------------------------------------------------------------------------


def apply(
    state: State, seat: int, action: Action, now: datetime, *, words: WordSource | None = None
) -> tuple[State, list[Event]]:
    """A seat's action. Raises IllegalMove, changing nothing.

    `{"type": "clue", "word": "mar", "number": 2}` by the giver, `{"type": "guess", "cell": 7}` (0-24,
    row * 5 + column) and `{"type": "end_turn"}` by the guesser. `words` gives the curated noun list
    (NOUNS_LIST) that tells a noun of its own from a variant of a board word; without it, every
    gender swap and diminutive of a board word is refused.
    """
    now = require_aware(now)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
        raise IllegalMove("not_a_seat", _("That seat is not in this match."))
    if not isinstance(action, Mapping) or action.get("type") not in ACTION_TYPES:
        raise MalformedAction(_("That is not a Claves a Dúo action."))
    if state.phase == FINISHED:
        raise IllegalMove("match_over", _("The match is over."))
    kind = action["type"]
    state = copy_state(state)
    events: list[Event] = []
    if kind == "clue":
        _clue(state, seat, action, now, events, _nouns(words))
    elif kind == "guess":
        _guess(state, seat, action, now, events)
    else:
        _end_turn_action(state, seat, now, events)
    return state, events


def _nouns(words: WordSource | None) -> Container[str]:
    if words is None:
        return frozenset()
    try:
        return words(NOUNS_LIST)
    except LookupError:
        return frozenset()


def _clue(
    state: State, seat: int, action: Mapping[str, Any], now: datetime, events: list[Event], nouns: Container[str]
) -> None:
    if seat != state.giver:
        raise IllegalMove("not_giver", _("Your partner gives the clue this turn."))
    if state.phase != CLUE:
        raise IllegalMove("clue_given", _("The clue for this turn is already given."))
    clue = clues.check_clue(action.get("word"), action.get("number"), state.words, state.shown, nouns)
    state.turns_left -= 1
    number = state.turns - state.turns_left
    state.history.append(Turn(number=number, giver=seat, word=clue.word, shown=clue.shown, count=clue.number, at=now))
    state.phase = GUESS
    events.append(
        {
            "type": "clue_given",
            "seat": seat,
            "turn": number,
            "word": clue.word,
            "shown": clue.shown,
            "number": clue.number,
            "turns_left": state.turns_left,
            "at": encode_time(now),
        }
    )


def _parse_cell(raw: Any) -> int:
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw.strip())
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw < BOARD_SIZE:
        raise IllegalMove("bad_cell", _("That word is not on the board."))
    return raw


def _guess(state: State, seat: int, action: Mapping[str, Any], now: datetime, events: list[Event]) -> None:
    if seat != state.guesser:
        raise IllegalMove("not_guesser", _("You give the clue this turn: your partner touches the words."))
    if state.phase != GUESS:
        raise IllegalMove("no_clue_yet", _("Wait for your partner's clue."))
    cell = _parse_cell(action.get("cell"))
    if cell in state.uncovered:
        raise IllegalMove("already_uncovered", _("That word is already uncovered."))
    if cell in state.marks[state.giver]:
        raise IllegalMove(
            "marked_for_giver",
            _("That word is empty on your partner's map: it cannot be touched while they give the clue."),
        )
    turn = state.history[-1]
    result = state.maps[state.giver][cell]  # the clue giver's map decides, never the guesser's
    turn.guesses.append(Guess(cell, result))
    events.append(
        {
            "type": "guessed",
            "seat": seat,
            "giver": state.giver,
            "cell": cell,
            "word": state.words[cell],
            "result": result,
            "at": encode_time(now),
        }
    )
    if result == KEY:
        state.uncovered.append(cell)
        if state.all_keys_found():
            turn.end = ALL_KEYS
            _finish(state, now, WON, ALL_KEYS, events)
    elif result == EMPTY:
        state.marks[state.giver].append(cell)
        _end_turn(state, TURN_EMPTY, now, events)
    else:
        state.trap_cell = cell
        turn.end = TRAP_TOUCHED
        _finish(state, now, LOST, TRAP_TOUCHED, events)


def _end_turn_action(state: State, seat: int, now: datetime, events: list[Event]) -> None:
    if seat != state.guesser:
        raise IllegalMove("not_guesser", _("You give the clue this turn: your partner touches the words."))
    if state.phase != GUESS:
        raise IllegalMove("no_clue_yet", _("Wait for your partner's clue."))
    _end_turn(state, TURN_ENDED, now, events)


def next_giver(state: State) -> int:
    """Roles swap each turn, except that a seat whose keys are all uncovered gives no more clues."""
    candidate = state.guesser
    return state.giver if state.map_done(candidate) else candidate


def _end_turn(state: State, why: str, now: datetime, events: list[Event]) -> None:
    state.history[-1].end = why
    if state.turns_left <= 0:
        events.append({"type": "turn_ended", "why": why, "next_giver": None, "turns_left": 0, "at": encode_time(now)})
        _finish(state, now, LOST, OUT_OF_TURNS, events)
        return
    state.giver = next_giver(state)
    state.phase = CLUE
    events.append(
        {
            "type": "turn_ended",
            "why": why,
            "next_giver": state.giver,
            "turns_left": state.turns_left,
            "at": encode_time(now),
        }
    )


# -- what leaves the server -------------------------------------------------------------------------


def _turn_view(turn: Turn) -> dict[str, Any]:
    return {
        "number": turn.number,
        "giver": turn.giver,
        "word": turn.shown,
        "count": turn.count,
        "at": encode_time(turn.at),
        "guesses": [{"cell": g.cell, "result": g.result} for g in turn.guesses],
        "end": turn.end,
    }


def _check_viewer(viewer: Viewer) -> None:
    if viewer is not None and not (isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < SEATS):
        raise ValueError(f"seat {viewer!r} is not in this match")


TURN_FREE_ACTIONS: frozenset[str] = frozenset()


def turn_of(state: State, seat: int) -> str | None:
    """What `seat` owes now: the clue of turn n ("clue:<n>") as giver, the guesses of turn n ("guess:<n>") as
    guesser, or None. A touch made for a turn that has ended (or a clue for one already given) is stale."""
    if state.phase == CLUE and seat == state.giver:
        return f"clue:{len(state.history)}"
    if state.phase == GUESS and seat != state.giver:
        return f"guess:{len(state.history)}"
    return None


def word_lists(state: State) -> list[tuple[str, str | None]]:
    """The list this match is played with, with the version it recorded for good (the replay says it)."""
    return [(state.list_slug, state.list_version)]


def drawn_words(state: State) -> list[str]:
    """The board's words (the room remembers them and avoids them until its cycle of the list is spent)."""
    return state.words


def progress(state: State) -> Progress:
    """The turn being played, of how many (the lobby's live list)."""
    used = state.turns - state.turns_left
    return Progress(_("Turn %(turn)s of %(turns)s"), {"turn": min(state.turns, used + 1), "turns": state.turns})


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """What `viewer` (a seat, or None for a spectator) sees. While the game runs: the board, what is
    uncovered and marked, the clue, turns, roles, and the viewer's OWN map only (a spectator: none).
    Once the game is over: both maps, for everyone."""
    _check_viewer(viewer)
    playing = state.phase != FINISHED
    guessing = state.phase == GUESS
    current = state.history[-1] if state.history and guessing else None
    own_map = list(state.maps[viewer]) if viewer is not None else None
    uncovered = set(state.uncovered)
    board = []
    for cell in range(len(state.words)):
        board.append(
            {
                "cell": cell,
                "row": cell // COLUMNS,
                "col": cell % COLUMNS,
                "word": state.shown[cell],
                "uncovered": cell in uncovered,
                "marks": [seat for seat in range(SEATS) if cell in state.marks[seat]],
                "trap": cell == state.trap_cell,
                "touchable": guessing and state.touchable(cell),
                "mine": own_map[cell] if own_map is not None else None,
            }
        )
    role = None
    if viewer is not None and playing:
        role = "giver" if viewer == state.giver else "guesser"
    return {
        "game": SLUG,
        "phase": state.phase,
        "level": state.level,
        "list": state.list_slug,
        "list_version": state.list_version,
        "you": viewer,
        "role": role,
        "colours": list(COLOURS),
        "giver": state.giver if playing else None,
        "guesser": state.guesser if playing else None,
        "turns": state.turns,
        "turns_left": state.turns_left,
        "turns_used": state.turns - state.turns_left,
        "keys_total": TOTAL_KEYS,
        "keys_found": len(state.uncovered),
        "done": [state.map_done(seat) for seat in range(SEATS)],
        "deadline": None,
        "columns": COLUMNS,
        "board": board,
        "map": own_map,
        "maps": [list(m) for m in state.maps] if not playing else None,
        "clue": None
        if current is None
        else {
            "word": current.shown,
            "number": current.count,
            "giver": current.giver,
            "turn": current.number,
            "guesses": len(current.guesses),
        },
        "history": [_turn_view(t) for t in state.history],
        "can_clue": viewer is not None and state.phase == CLUE and viewer == state.giver,
        "can_guess": viewer is not None and guessing and viewer == state.guesser,
        "can_end_turn": viewer is not None and guessing and viewer == state.guesser,
        "stopped": state.stopped,
        "outcome": outcome_json(outcome(state)),
    }


def outcome(state: State) -> Outcome | None:
    """None while the game runs; then won/lost (or stopped), why, the turns left and the keys found. A win
    is both seats' (the pair plays together), with the turns left as the score; a loss or a stop has no
    winner and no draw."""
    if state.phase != FINISHED:
        return None
    won = state.result == WON
    score = state.turns_left if won else 0
    return Outcome(
        winners=tuple(range(SEATS)) if won else (),
        places=(1, 1) if won else (2, 2),
        stopped=state.stopped,
        draw=False,
        totals=(score, score),
        seats=tuple(
            {"seat": seat, "clues": sum(t.giver == seat for t in state.history), "map_done": state.map_done(seat)}
            for seat in range(SEATS)
        ),
        details={
            "result": state.result,
            "won": won,
            "reason": state.reason,
            "turns": state.turns,
            "turns_left": state.turns_left,
            "turns_used": state.turns - state.turns_left,
            "keys_found": len(state.uncovered),
            "keys_total": TOTAL_KEYS,
            "trap_cell": state.trap_cell,
            "level": state.level,
            "list": state.list_slug,
            "list_version": state.list_version,
            "first_giver": state.first_giver,
        },
    )
