"""The game of Letras Cruzadas, pure (see games/kit/contract.py, docs/engine-interface.md, docs/cruzadas.md).

Two players take turns on a 15x15 board with racks of up to 7 tiles from a shuffled bag. The board rules
(placement, words, scoring) are games/cruzadas/rules.py, shared with the AI; this module keeps the state:
the bag's order (server-side only), the racks, scores, whose turn, the ★25 square, consecutive turns
without a word, the end. There is no clock in this game: `next_deadline` is always None.

Word lists: the game's dictionary is `cruzadas-<language>-valid`. In production it is served by its DAWG
(`dawg=wordlists.lexicon.dawg`, loaded once per process; `word in dawg(slug)`); without `dawg` the engine
asks `words(slug)` (tests pass small `WordSet`s).

Randomness: `new_game` takes the caller's rng (the bag's order, the star square, a seed). An exchange must
reshuffle the bag later, when no rng is passed: the state keeps a seed, and each exchange shuffles with
`random.Random(seed)` and stores the next seed drawn from it, so replays are exact.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from games.cruzadas import rules
from games.cruzadas.rules import BLANK, CELLS, PREMIUMS, RULESETS, SIZE, Board, Placement, Ruleset, Tile
from games.kit.codec import plain, state_codec, state_copier, stored_as
from games.kit.contract import Action, Event, Viewer
from games.kit.contract import gettext_noop as _
from games.kit.errors import IllegalMove, MalformedAction, Refusal
from games.kit.moments import encode_time, require_aware
from games.kit.outcome import Outcome, Progress, outcome_json
from games.kit.words import WordSource, list_version
from wordlists.alphabets import normalise

SLUG = "cruzadas"
SCHEMA = 1  # bump (and convert in from_json) when the stored state changes shape
SEATS = 2
FIRST = 0  # seat 0 moves first (the runtime decides who sits where)

LANGUAGES = ("tr",)  # word languages shipped (a ruleset and a list each)
DEFAULT_RULESET = {"tr": "tr-2"}

PLAYING = "playing"
FINISHED = "finished"

# Why a game ended (outcome["reason"]).
OUT = "out"  # the bag was empty and a player emptied their rack (rack values move to them)
PASSES = "passes"  # consecutive pass/exchange turns with the bag below the limit (no adjustment)
RESIGN = "resign"
LEFT = "left"  # the player left the table and the one who stayed claimed the win (games/runtime/abandon.py)
STOPPED = "stopped"  # an admin (or the runtime) ended the game: decided by the score as it stands

# Move kinds (an action's "type", and the history's "kind").
PLACE, PASS, EXCHANGE, RESIGN_ACTION = "place", "pass", "exchange", "resign"
# A resignation for a player who walked away, played by the runtime when the other claims the win: the same end
# as a resign, said as what happened ("left the table").
LEAVE_ACTION = "leave"
ACTION_TYPES = (PLACE, PASS, EXCHANGE, RESIGN_ACTION, LEAVE_ACTION)

# A word graph source: a callable from a list slug to something answering `word in graph`.
GraphSource = Callable[[str], Any]

_DEAL_ATTEMPTS = 10_000  # the Turkish bag passes in ~1.4 shuffles on average; a bag that cannot fails loudly


def list_slug(language: str) -> str:
    return f"cruzadas-{language}-valid"


# -- state ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """One finished turn, as everyone may see it (an exchange keeps no letters). Frozen: never changed once
    played, so copies of the state share it and it is written back as it was read (games.kit.codec)."""

    seat: int
    kind: str  # place | pass | exchange | resign
    at: datetime
    tiles: list[list[Any]] = field(default_factory=list)  # place: [index, letter, blank]
    words: list[str] = field(default_factory=list)
    points: int = 0
    breakdown: list[dict[str, Any]] = field(default_factory=list)
    count: int = 0  # exchange: how many tiles went back


def _board_json(board: Board) -> list[list[Any] | None]:
    """The board as stored: per cell None or [letter, blank]."""
    return [None if t is None else [t.letter, t.blank] for t in board]


def _board_from(data: list[list[Any] | None]) -> Board:
    return tuple(None if t is None else Tile(t[0], bool(t[1])) for t in data)


@dataclass
class State:
    ruleset: Ruleset = field(metadata=stored_as(Ruleset.to_json, Ruleset.from_json))  # fixed at the start, whole
    language: str
    list_slug: str
    list_version: str | None
    board: Board = field(metadata=stored_as(_board_json, _board_from, immutable=True))  # frozen tiles
    racks: list[list[str]]  # letters, BLANK for a blank; never leaves the server but for its owner
    bag: list[str]  # the next tile drawn is the LAST one; its order never leaves the server
    shuffle_seed: int  # the next exchange's reshuffle (see the module docstring)
    star_cell: int  # the ★25 square: a normal square chosen at the start
    star_spent: bool
    scores: list[int]
    turn: int  # the seat to move (the last one to move once finished)
    passes: int  # consecutive turns without a word (pass, exchange), both players
    history: list[Turn]
    started_at: datetime
    phase: str = PLAYING
    finished_at: datetime | None = None
    reason: str | None = None
    winner: int | None = None  # None for a draw
    adjustment: list[int] | None = None  # the end-of-game rack adjustment per seat (OUT only)
    stopped: str | None = None

    def tiles_on_board(self) -> int:
        return sum(cell is not None for cell in self.board)


# -- JSON -------------------------------------------------------------------------------------------


to_json, from_json = state_codec(State, slug=SLUG, schema=SCHEMA)
copy_state = state_copier(State)  # the rules change a copy, never the caller's state


# -- a new game -------------------------------------------------------------------------------------


def make_settings(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The word language ("tr", the one shipped) and the ruleset version ("tr-2"). Other keys are
    ignored (room options that are not rules), except `list_version`, which the room records."""
    language = raw.get("language", "tr")
    if language not in LANGUAGES:
        raise Refusal(
            "bad_language", _("Letras Cruzadas is played in: %(choices)s."), {"choices": ", ".join(LANGUAGES)}
        )
    ruleset = raw.get("ruleset", DEFAULT_RULESET[language])
    if ruleset not in RULESETS or RULESETS[ruleset].language != language:
        raise Refusal("bad_ruleset", _("There is no such ruleset for this word language."))
    clean = {"language": language, "ruleset": ruleset}
    if isinstance(raw.get("list_version"), str):
        clean["list_version"] = raw["list_version"]
    return clean


def word_test(slug: str, words: WordSource, dawg: GraphSource | None) -> Callable[[str], bool]:
    """`is_word` for the game's list: its DAWG when the caller has one, else the word list."""
    source = dawg(slug) if dawg is not None else words(slug)
    return source.__contains__


def fair_deal(ruleset: Ruleset, seats: int, rng: random.Random) -> tuple[list[str], list[list[str]]]:
    """The bag's order and the first racks, each with min_vowels vowels and min_consonants consonants.

    A rule-respecting redraw: the whole bag is reshuffled and dealt again until every rack qualifies
    (blanks count as neither), which gives every qualifying deal the same chance as in a plain shuffle.
    """
    tiles = [letter for letter, count in ruleset.bag.items() for _n in range(count)]
    for _attempt in range(_DEAL_ATTEMPTS):
        bag = list(tiles)
        rng.shuffle(bag)
        racks = [[bag.pop() for _n in range(min(ruleset.rack_size, len(bag)))] for _seat in range(seats)]
        if all(_deal_ok(rack, ruleset) for rack in racks):
            return bag, racks
    raise ValueError(f"ruleset {ruleset.key}: no fair first deal found")


def _deal_ok(rack: list[str], ruleset: Ruleset) -> bool:
    vowels = sum(ruleset.is_vowel(t) for t in rack)
    consonants = sum(ruleset.is_consonant(t) for t in rack)
    return vowels >= ruleset.min_vowels and consonants >= ruleset.min_consonants


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
    """A game whose first turn (seat 0's) starts at `now`: the ★25 square, the shuffled bag and the
    first racks are drawn from `rng`. `avoid` and `banned` are taken for the common interface and unused
    (there is no hidden word). The ruleset, language and list version are recorded in the state.
    """
    now = require_aware(now)
    clean = make_settings(settings)
    if isinstance(seats, bool) or seats != SEATS:
        raise Refusal("bad_seats", _("A room has from %(min)d to %(max)d seats."), {"min": SEATS, "max": SEATS})
    ruleset = RULESETS[clean["ruleset"]]
    slug = list_slug(clean["language"])
    version = clean.get("list_version")
    if version is None:
        version = _version_of(slug, words, dawg)
    star_cell = rules.NORMAL_CELLS[rng.randrange(len(rules.NORMAL_CELLS))]
    shuffle_seed = rng.getrandbits(64)
    bag, racks = fair_deal(ruleset, seats, rng)
    return State(
        ruleset=ruleset,
        language=clean["language"],
        list_slug=slug,
        list_version=version,
        board=rules.empty_board(),
        racks=racks,
        bag=bag,
        shuffle_seed=shuffle_seed,
        star_cell=star_cell,
        star_spent=False,
        scores=[0] * seats,
        turn=FIRST,
        passes=0,
        history=[],
        started_at=now,
    )


def _version_of(slug: str, words: WordSource, dawg: GraphSource | None) -> str | None:
    for source in (dawg, words):
        if source is None:
            continue
        try:
            version = list_version(source(slug))
        except LookupError:  # the crossword list is served by its DAWG only
            continue
        if version is not None:
            return version
    return None


# -- no clock ---------------------------------------------------------------------------------------


def next_deadline(state: State) -> datetime | None:
    """Letras Cruzadas has no clock: nothing ever happens by itself."""
    return None


def advance(state: State, now: datetime) -> tuple[State, list[Event]]:
    require_aware(now)
    return copy_state(state), []


# -- the end ----------------------------------------------------------------------------------------


def _finish(state: State, at: datetime, reason: str, winner: int | None, events: list[Event]) -> None:
    state.phase = FINISHED
    state.finished_at = at
    state.reason = reason
    state.winner = winner
    result = outcome(state)
    assert result is not None  # the phase is FINISHED
    events.append(
        {
            "type": "match_finished",
            "at": encode_time(at),
            "reason": reason,
            "winner": winner,
            "scores": list(state.scores),
            "draw": result.draw,
            "adjustment": state.adjustment,
            "ruleset": state.ruleset.key,
            "list_version": state.list_version,
            "stopped": state.stopped,
        }
    )


def winner_by_score(scores: list[int]) -> int | None:
    """The higher score wins; equal scores are a draw (None)."""
    if scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


def stop(state: State, now: datetime, reason: str) -> tuple[State, list[Event]]:
    """End the game now (an admin ending a stuck game): decided by the score as it stands."""
    now = require_aware(now)
    state = copy_state(state)
    events: list[Event] = []
    if state.phase == FINISHED:
        return state, events
    state.stopped = reason
    _finish(state, now, STOPPED, winner_by_score(state.scores), events)
    return state, events


# -- moves ------------------------------------------------------------------------------------------


def _letter(ruleset: Ruleset, value: Any) -> str | None:
    """A typed letter in the game's normalised form (Turkish I -> ı, İ -> i), or None."""
    if not isinstance(value, str):
        return None
    letter = normalise(ruleset.language, value.strip())
    return letter if letter is not None and letter in ruleset.letters else None


def parse_tiles(ruleset: Ruleset, raw: Any) -> Placement:
    """An action's "tiles" as a placement, or IllegalMove. A cell is an index 0-224 (or [row, col])."""
    if not isinstance(raw, list | tuple) or not raw:
        raise IllegalMove("empty", _("Place at least one tile."))
    placement = []
    for item in raw:
        if not isinstance(item, Mapping):
            raise MalformedAction(_("A tile is a square, a letter and whether it is a blank."))
        cell = item.get("cell")
        if (
            isinstance(cell, list | tuple)
            and len(cell) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < SIZE for v in cell)
        ):
            cell = cell[0] * SIZE + cell[1]
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < CELLS:
            raise IllegalMove("bad_cell", _("That square is not on the board."))
        blank = item.get("blank", False)
        if not isinstance(blank, bool):
            raise MalformedAction(_("A tile is a square, a letter and whether it is a blank."))
        letter = _letter(ruleset, item.get("letter"))
        if letter is None:
            if blank:
                raise IllegalMove("blank_letter", _("Choose the letter your blank stands for."))
            raise IllegalMove(
                "bad_letter", _("“%(letter)s” is not a letter of this game."), {"letter": str(item.get("letter"))}
            )
        placement.append((cell, letter, blank))
    return tuple(placement)


def apply(
    state: State, seat: int, action: Action, now: datetime, *, words: WordSource, dawg: GraphSource | None = None
) -> tuple[State, list[Event]]:
    """A seat's action. Raises IllegalMove, changing nothing.

    `{"type": "place", "tiles": [{"cell": 112, "letter": "a", "blank": false}, ...]}` (a blank names its
    letter), `{"type": "pass"}`, `{"type": "exchange"}` (the whole rack), `{"type": "resign"}` (also
    while waiting for one's turn), `{"type": "leave"}` (a resign for a player who walked away: the runtime's
    claim).
    """
    now = require_aware(now)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
        raise IllegalMove("not_a_seat", _("That seat is not in this match."))
    if not isinstance(action, Mapping) or action.get("type") not in ACTION_TYPES:
        raise MalformedAction(_("That is not a Letras Cruzadas action."))
    if state.phase == FINISHED:
        raise IllegalMove("match_over", _("The match is over."))
    state = copy_state(state)
    events: list[Event] = []
    kind = action["type"]
    if kind in (RESIGN_ACTION, LEAVE_ACTION):
        state.history.append(Turn(seat=seat, kind=kind, at=now))
        events.append({"type": "resigned" if kind == RESIGN_ACTION else "left", "seat": seat, "at": encode_time(now)})
        _finish(state, now, RESIGN if kind == RESIGN_ACTION else LEFT, 1 - seat, events)
        return state, events
    if seat != state.turn:
        raise IllegalMove("not_your_turn", _("It is not your turn."))
    if kind == PLACE:
        _place(state, seat, action, now, word_test(state.list_slug, words, dawg), events)
    elif kind == PASS:
        state.history.append(Turn(seat=seat, kind=PASS, at=now))
        events.append({"type": "passed", "seat": seat, "at": encode_time(now)})
        _no_word_turn(state, seat, now, events)
    else:
        _exchange(state, seat, now, events)
    return state, events


def _place(
    state: State,
    seat: int,
    action: Mapping[str, Any],
    now: datetime,
    is_word: Callable[[str], bool],
    events: list[Event],
) -> None:
    ruleset = state.ruleset
    placement = parse_tiles(ruleset, action.get("tiles"))
    rack = state.racks[seat]
    found = rules.check_placement(state.board, placement, is_word, rack, letters=ruleset.letters)
    points, breakdown = rules.score_move(state.board, placement, ruleset, state.star_cell, state.star_spent)
    state.board = rules.place(state.board, placement)
    if any(index == state.star_cell for index, _letter, _blank in placement):
        state.star_spent = True
    for _index, letter, blank in placement:
        rack.remove(BLANK if blank else letter)
    drawn = _draw(state, seat)
    state.scores[seat] += points
    state.passes = 0
    tiles = [[index, letter, blank] for index, letter, blank in placement]
    # The turn keeps its words' points, not their letters: the last move's view rebuilds those from the board
    # (_turn_view), and every earlier turn rides in every frame and every save (issue 16). The event keeps all.
    kept = [{key: value for key, value in line.items() if key != "letters"} for line in breakdown]
    state.history.append(Turn(seat=seat, kind=PLACE, at=now, tiles=tiles, words=found, points=points, breakdown=kept))
    events.append(
        {
            "type": "placed",
            "seat": seat,
            "tiles": tiles,
            "words": found,
            "points": points,
            "breakdown": breakdown,
            "drew": drawn,
            "scores": list(state.scores),
            "at": encode_time(now),
        }
    )
    if not rack and not state.bag:
        _go_out(state, seat, now, events)
    else:
        state.turn = 1 - seat


def _draw(state: State, seat: int) -> int:
    """Refills the seat's rack from the bag (as far as it goes); returns how many tiles it took."""
    rack = state.racks[seat]
    taken = 0
    while len(rack) < state.ruleset.rack_size and state.bag:
        rack.append(state.bag.pop())
        taken += 1
    return taken


def _go_out(state: State, seat: int, now: datetime, events: list[Event]) -> None:
    """The bag is empty and `seat` emptied its rack: the rival's rack value moves to `seat`."""
    rival = 1 - seat
    left = rules.rack_value(state.racks[rival], state.ruleset)
    state.adjustment = [0] * SEATS
    state.adjustment[seat], state.adjustment[rival] = left, -left
    state.scores[seat] += left
    state.scores[rival] -= left
    _finish(state, now, OUT, winner_by_score(state.scores), events)


def _exchange(state: State, seat: int, now: datetime, events: list[Event]) -> None:
    """The whole rack: new tiles are drawn first, then the old ones go back and the bag is reshuffled."""
    old = state.racks[seat]
    if len(state.bag) < len(old):
        raise IllegalMove(
            "bag_too_small",
            _("You can exchange only while the bag holds at least as many tiles as your rack (%(count)d)."),
            {"count": len(old)},
        )
    state.racks[seat] = []
    _draw(state, seat)
    state.bag.extend(old)
    shuffler = random.Random(state.shuffle_seed)
    shuffler.shuffle(state.bag)
    state.shuffle_seed = shuffler.getrandbits(64)
    state.history.append(Turn(seat=seat, kind=EXCHANGE, at=now, count=len(old)))
    events.append({"type": "exchanged", "seat": seat, "count": len(old), "at": encode_time(now)})
    _no_word_turn(state, seat, now, events)


def _no_word_turn(state: State, seat: int, now: datetime, events: list[Event]) -> None:
    """A pass or an exchange: one more turn without a word; enough of them with a low bag end the game."""
    state.passes += 1
    ruleset = state.ruleset
    if state.passes >= ruleset.pass_limit and len(state.bag) < ruleset.pass_limit_bag_below:
        _finish(state, now, PASSES, winner_by_score(state.scores), events)
    else:
        state.turn = 1 - seat


# -- what leaves the server -------------------------------------------------------------------------


def _turn_view(turn: Turn, state: State | None = None) -> dict[str, Any]:
    """A finished turn as everyone sees it. With `state` (the last move: the board holds its tiles and nothing
    placed after them), each word of its breakdown also gets its letters with their premiums."""
    breakdown = plain(turn.breakdown)
    if state is not None and turn.kind == PLACE:
        new = {index for index, _letter, _blank in turn.tiles}
        for line in breakdown:
            if line.get("kind") == "word" and "cells" in line:
                line["letters"] = rules.word_letters(state.board.__getitem__, new, line["cells"], state.ruleset)
    return {
        "seat": turn.seat,
        "kind": turn.kind,
        "at": encode_time(turn.at),
        "tiles": [{"cell": i, "letter": letter, "blank": blank} for i, letter, blank in turn.tiles],
        "words": list(turn.words),
        "points": turn.points,
        "breakdown": breakdown,
        "count": turn.count,
    }


def unseen(state: State, viewer: Viewer) -> dict[str, int]:
    """The tiles `viewer` cannot see, by letter (BLANK for blanks): the bag plus the rival's rack (a
    spectator: plus both racks). Counts only: no order, no split between bag and rack."""
    hidden = Counter(state.bag)
    for seat, rack in enumerate(state.racks):
        if seat != viewer:
            hidden.update(rack)
    order = [*state.ruleset.letters, BLANK]
    return {letter: hidden[letter] for letter in order if hidden[letter]}


# Actions that belong to no particular turn: a player may resign at any moment.
TURN_FREE_ACTIONS = frozenset({RESIGN_ACTION, LEAVE_ACTION})


def turn_of(state: State, seat: int) -> str | None:
    """The turn `seat` owes a move in now ("move:<n>"), or None. A move made for another turn is stale."""
    if state.phase != PLAYING or state.turn != seat:
        return None
    return f"move:{len(state.history)}"


def progress(state: State) -> Progress:
    """The move being played and the scores (the lobby's live list)."""
    return Progress(
        _("Move %(move)s · %(scores)s"),
        {"move": len(state.history) + 1, "scores": " – ".join(str(score) for score in state.scores)},
    )


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """What `viewer` (a seat, or None for a spectator) sees: the board, scores, the turn, the viewer's
    own rack only, the bag's count (never its order) and the unseen-tile tally; once the game is over,
    both racks as they were left (`final_racks`)."""
    return views(state, [viewer])[0]


def views(state: State, viewers: Sequence[Viewer]) -> list[dict[str, Any]]:
    """`view` for each of `viewers`: the board, history and scores built once and shared, the rack and what
    follows from it per viewer (after a move the service builds all of them: issue 16)."""
    for viewer in viewers:
        seated = isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < SEATS
        if viewer is not None and not seated:
            raise ValueError(f"seat {viewer!r} is not in this match")
    shared = _shared_view(state)
    return [{**shared, **_own_view(state, viewer)} for viewer in viewers]


def _shared_view(state: State) -> dict[str, Any]:
    """What every viewer of the match sees alike."""
    ruleset = state.ruleset
    playing = state.phase == PLAYING
    last = state.history[-1] if state.history else None
    return {
        "game": SLUG,
        "phase": state.phase,
        "size": SIZE,
        "language": state.language,
        "ruleset": {
            "key": ruleset.key,
            "values": dict(ruleset.values),
            "rack_size": ruleset.rack_size,
            "bingo": ruleset.bingo,
            "star_bonus": ruleset.star_bonus,
            "pass_limit": ruleset.pass_limit,
            "pass_limit_bag_below": ruleset.pass_limit_bag_below,
            "tiles": ruleset.tile_count,
        },
        "list": state.list_slug,
        "list_version": state.list_version,
        "turn": state.turn if playing else None,
        "deadline": None,
        "board": [
            [
                None if (t := state.board[r * SIZE + c]) is None else {"letter": t.letter, "blank": t.blank}
                for c in range(SIZE)
            ]
            for r in range(SIZE)
        ],
        "premiums": [[PREMIUMS.get(r * SIZE + c) for c in range(SIZE)] for r in range(SIZE)],
        "centre": [rules.CENTRE // SIZE, rules.CENTRE % SIZE],
        "star": {
            "cell": [state.star_cell // SIZE, state.star_cell % SIZE],
            "index": state.star_cell,
            "spent": state.star_spent,
        },
        "rack_counts": [len(r) for r in state.racks],
        # What the end reveals: both racks as they were left, for everyone (spectators too), once finished only.
        "final_racks": None if playing else [list(rack) for rack in state.racks],
        "bag_count": len(state.bag),
        "scores": list(state.scores),
        "passes": state.passes,
        "last_move": None if last is None else _turn_view(last, state),
        "history": [_turn_view(t) for t in state.history],
        "stopped": state.stopped,
        "outcome": outcome_json(outcome(state)),
    }


def _own_view(state: State, viewer: Viewer) -> dict[str, Any]:
    """What depends on who looks: their rack (nobody else's), the tiles they cannot see, what they may do."""
    playing = state.phase == PLAYING
    rack = list(state.racks[viewer]) if viewer is not None else None
    mine = viewer is not None and playing and viewer == state.turn
    return {
        "you": viewer,
        "rack": rack,
        "unseen": unseen(state, viewer),
        "can_move": mine,
        "can_exchange": mine and rack is not None and len(state.bag) >= len(rack),
        "can_resign": viewer is not None and playing,
    }


def outcome(state: State) -> Outcome | None:
    """None while the game runs; then the winner (None for a draw), the final scores, why it ended, the
    end-of-game rack adjustment (OUT only), the ruleset and the dictionary's version. `winner` and `scores`
    (the board reads them) are `winners[0]` and `totals` under the names the game has always stored."""
    if state.phase != FINISHED:
        return None
    return Outcome.duel(
        winner=state.winner,
        scores=list(state.scores),
        words=[
            [w for t in state.history if t.seat == seat and t.kind == PLACE for w in t.words[:1]]
            for seat in range(SEATS)
        ],
        stopped=state.stopped,
        details={
            "reason": state.reason,
            "adjustment": None if state.adjustment is None else list(state.adjustment),
            "ruleset": state.ruleset.key,
            "language": state.language,
            "list": state.list_slug,
            "list_version": state.list_version,
            "moves": len(state.history),
        },
    )


def word_lists(state: State) -> list[tuple[str, str | None]]:
    """The list this match is played with, with the version it recorded for good (the replay says it)."""
    return [(state.list_slug, state.list_version)]
