"""The rules of the Torneo (Wordle Tournament), pure (see games/kit/contract.py, docs/engine-interface.md).

A tournament is a list of rounds. Each round: a 6 s intro shows the pairings (nobody types), then every
duel of the round is played at once. A duel: two players guess the same hidden word on one shared board,
taking turns (who starts is drawn), up to 6 turns each (12 rows), 30 s per turn; a turn that runs out is
skipped, counts as used and passes the turn. The first to solve wins; twelve rows without a solve is a
draw. The loser loses a life, both do on a draw. The round ends when its last duel ends, and the next
intro starts then. At 0 lives a player is out; places are fixed at the end of the round they fell in,
shared by everyone who fell in that round (leavers below them); the last player standing wins, and if
everyone left falls in one round they share the place and the round is not replayed.

`advance` takes no randomness and no word lists, yet pairings depend on results. So `new_game` draws with
the caller's rng a seed for the pairings (each round's draw is `random.Random` seeded from it and the round
number: a pure function of the state) and every duel word the tournament can need, one block per round
(distinct within a block, and across the tournament while the lists allow).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from games.kit import wordle
from games.kit.codec import state_codec, state_copier, stored_as
from games.kit.contract import Action, Event, Viewer
from games.kit.contract import gettext_noop as _
from games.kit.errors import IllegalMove, MalformedAction, Refusal
from games.kit.moments import encode_time, require_aware, seconds
from games.kit.outcome import Outcome, Progress, outcome_json
from games.kit.words import WordSource, list_version
from games.torneo.pairing import pair_round
from wordlists import alphabets

SLUG = "torneo"
SCHEMA = 1

LANGUAGES = ("en", "id", "de", "es", "fr", "it", "nl", "uz", "pl", "pt", "kk", "ru", "uk")
WORD_LENGTHS = (4, 5, 6)
SEATS = 8
MIN_SEATS = 2  # the room always has 8; fewer only for tests and tools
LIVES = 3
TURNS_EACH = 6
INTRO_SECONDS = 6
TURN_SECONDS = 30

INTRO = "intro"  # the pairings are shown; nobody types
PLAYING = "playing"
FINISHED = "finished"

# How a duel ended.
SOLVED = "solved"
DRAW = "draw"  # twelve rows, nobody solved
FORFEIT = "forfeit"  # a player left
STOPPED = "stopped"


# -- state ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """A turn of a duel (a guess, or a skip). Frozen: never changed once played, so copies of the state share
    it and it is written back as it was read (games.kit.codec)."""

    seat: int
    word: str | None  # None: a skipped (timed-out) turn
    shown: str | None
    marks: list[str] | None
    at: datetime


@dataclass
class Duel:
    seats: list[int]  # [first to play, second]
    length: int
    hidden: str
    shown: str
    turn_started_at: datetime
    rows: list[Row] = field(default_factory=list)
    winner: int | None = None
    end: str | None = None  # SOLVED, DRAW, FORFEIT, STOPPED; None while playing
    ended_at: datetime | None = None

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def to_play(self) -> int:
        return self.seats[len(self.rows) % 2]

    @property
    def turn_ends_at(self) -> datetime:
        return self.turn_started_at + seconds(TURN_SECONDS)

    def losers(self) -> list[int]:
        if self.end == DRAW:
            return list(self.seats)
        return [seat for seat in self.seats if seat != self.winner]


@dataclass
class Round:
    number: int
    intro_at: datetime
    opens_at: datetime
    duels: list[Duel]
    bye: int | None
    ended_at: datetime | None = None


Words = tuple[tuple[tuple[Any, ...], ...], ...]


def _words_json(words: Words) -> list[list[list[Any]]]:
    return [[list(duel) for duel in block] for block in words]


def _words_from(data: Any) -> Words:
    return tuple(tuple(tuple(duel) for duel in block) for block in data)


@dataclass
class State:
    language: str
    seat_count: int
    seed: int  # pairings: random.Random(f"{seed}:{round}")
    # Per round a block of (length, hidden, shown), drawn at the start and only read after: shared by the copies
    # the rules change (it was most of what a move copied, issue 16), stored as lists.
    words: Words = field(metadata=stored_as(_words_json, _words_from, immutable=True))
    list_versions: dict[str, str | None]
    lives: list[int]
    left: list[bool]  # left (or abandoned) after the start
    places: list[int | None]  # fixed when the round a player fell in ends
    out_round: list[int | None]  # the round a player fell in
    rounds: list[Round]
    phase: str
    finished_at: datetime | None = None
    stopped: str | None = None

    @property
    def current(self) -> Round:
        return self.rounds[-1]

    def still_in(self) -> list[int]:
        return [seat for seat in range(self.seat_count) if self.out_round[seat] is None]


# -- JSON -------------------------------------------------------------------------------------------


to_json, from_json = state_codec(State, slug=SLUG, schema=SCHEMA)
copy_state = state_copier(State)  # the rules change a copy, never the caller's state


# -- a new tournament -------------------------------------------------------------------------------


def list_slugs(language: str, length: int) -> tuple[str, str]:
    """(valid, hidden) slugs of the committed lists for a word language and length."""
    return f"torneo-{language}-{length}-valid", f"torneo-{language}-{length}-hidden"


def max_rounds(seats: int) -> int:
    """A bound on the rounds: every round costs at least one life, and the 3 * seats lives run out."""
    return LIVES * seats


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
    """A tournament whose first intro shows at `now`.

    `settings["language"]`: one of LANGUAGES (the service defaults it to the interface language).
    `settings["duel_words"]`, if given, fixes the words instead of drawing them (tests): a list of rounds,
    each a list of words, one per duel of that round, used in order; their length is the word's.
    Drawn words are never one of `banned` (admins' bans) and avoid `avoid` (the room's recent words) while
    the lists allow. Other settings keys (rated, group) are the room's, not the rules'.
    """
    now = require_aware(now)
    language = settings.get("language")
    if language not in LANGUAGES:
        raise Refusal("bad_language", _("Choose a word language: %(choices)s."), {"choices": ", ".join(LANGUAGES)})
    if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_SEATS <= seats <= SEATS:
        raise Refusal("bad_seats", _("A tournament has %(max)d seats."), {"max": SEATS})
    versions: dict[str, str | None] = {}
    for length in WORD_LENGTHS:
        for slug in list_slugs(language, length):
            try:
                versions[slug] = list_version(words(slug))
            except LookupError:
                versions[slug] = None
    if "duel_words" in settings:
        blocks = _fixed_words(language, settings["duel_words"], words)
    else:
        blocks = _draw_words(language, seats, rng, words, set(avoid), set(banned))
    state = State(
        language=language,
        seat_count=seats,
        seed=rng.getrandbits(63),
        words=_words_from(blocks),
        list_versions=versions,
        lives=[LIVES] * seats,
        left=[False] * seats,
        places=[None] * seats,
        out_round=[None] * seats,
        rounds=[],
        phase=INTRO,
    )
    _begin_round(state, now, [])
    return state


def _draw_words(
    language: str, seats: int, rng: random.Random, words: WordSource, avoid: set[str], banned: set[str]
) -> list[list[list[Any]]]:
    used: set[str] = set(avoid)
    blocks = []
    for _round in range(max_rounds(seats)):
        block: list[list[Any]] = []
        for _duel in range(seats // 2):
            length = rng.choice(WORD_LENGTHS)  # 4, 5 or 6 letters, equally likely
            hidden_list = words(list_slugs(language, length)[1])
            in_block = {entry[1] for entry in block}
            try:
                word = hidden_list.choose(rng, exclude=used | in_block | banned)
            except LookupError:
                # The list is spent for this tournament: a word may come back, never twice in a round,
                # and a banned word never.
                word = hidden_list.choose(rng, exclude=in_block | banned)
            used.add(word)
            block.append([length, word, hidden_list.display(word)])
        blocks.append(block)
    return blocks


def _fixed_words(language: str, given: Any, words: WordSource) -> list[list[list[Any]]]:
    def valid(length: int) -> Any:
        return words(list_slugs(language, length)[0])

    blocks = []
    for block in given:
        fixed = wordle.fixed_words(
            language,
            block,
            WORD_LENGTHS,
            valid,
            what="duel word",
            repeated="each pair of a round gets a different word",
        )
        blocks.append([[length, norm, valid(length).display(norm)] for length, norm in fixed])
    return blocks


def _begin_round(state: State, at: datetime, events: list[Event]) -> Round:
    number = len(state.rounds) + 1
    previous = state.rounds[-1] if state.rounds else None
    last_opponents: dict[int, int | None] = {}
    if previous is not None:
        for duel in previous.duels:
            first, second = duel.seats
            last_opponents[first], last_opponents[second] = second, first
    rng = random.Random(f"{state.seed}:{number}")
    pairing = pair_round(
        state.still_in(), rng, last_opponents=last_opponents, last_bye=None if previous is None else previous.bye
    )
    block = state.words[number - 1] if number - 1 < len(state.words) else []
    if len(block) < len(pairing.duels):
        raise ValueError("no duel words left for this round")
    opens_at = at + seconds(INTRO_SECONDS)
    duels = []
    for (a, b), (length, hidden, shown) in zip(pairing.duels, block, strict=False):
        order = [a, b] if rng.random() < 0.5 else [b, a]  # who starts is drawn
        duels.append(Duel(seats=order, length=length, hidden=hidden, shown=shown, turn_started_at=opens_at))
    current = Round(number=number, intro_at=at, opens_at=opens_at, duels=duels, bye=pairing.bye)
    state.rounds.append(current)
    state.phase = INTRO
    events.append(
        {
            "type": "round_starting",
            "round": number,
            "at": encode_time(at),
            "opens_at": encode_time(opens_at),
            "bye": pairing.bye,
            "duels": [list(d.seats) for d in duels],
        }
    )
    return current


# -- the clock --------------------------------------------------------------------------------------


def next_deadline(state: State) -> datetime | None:
    if state.phase == FINISHED:
        return None
    current = state.current
    if state.phase == INTRO:
        return current.opens_at
    pending = [duel.turn_ends_at for duel in current.duels if not duel.over]
    return min(pending) if pending else None


def advance(state: State, now: datetime) -> tuple[State, list[Event]]:
    """Everything the clock did by `now`, in order (any number of steps)."""
    now = require_aware(now)
    state = copy_state(state)
    events: list[Event] = []
    _catch_up(state, now, events)
    return state, events


def _catch_up(state: State, now: datetime, events: list[Event]) -> None:
    while (deadline := next_deadline(state)) is not None and deadline <= now:
        current = state.current
        if state.phase == INTRO:
            state.phase = PLAYING
            events.append({"type": "round_opened", "round": current.number, "at": encode_time(deadline)})
            _settle_round(state, deadline, events)  # a round whose duels were all forfeited in the intro
            continue
        for duel in current.duels:
            if not duel.over and duel.turn_ends_at == deadline:
                _add_row(state, duel, duel.to_play, None, None, None, deadline, events)
        _settle_round(state, deadline, events)


def _add_row(
    state: State,
    duel: Duel,
    seat: int,
    word: str | None,
    shown: str | None,
    marks: list[str] | None,
    at: datetime,
    events: list[Event],
) -> None:
    duel.rows.append(Row(seat=seat, word=word, shown=shown, marks=marks, at=at))
    events.append(
        {
            "type": "guessed" if word is not None else "turn_skipped",
            "round": state.current.number,
            "seat": seat,
            "row": len(duel.rows),
            "word": word,
            "marks": marks,
            "at": encode_time(at),
        }
    )
    end = duel_end(len(duel.rows), marks)
    if end == SOLVED:
        _end_duel(state, duel, SOLVED, seat, at, events)
    elif end == DRAW:
        _end_duel(state, duel, DRAW, None, at, events)
    else:
        duel.turn_started_at = at  # the other player's 30 s start now


def duel_end(rows: int, marks: Sequence[str] | None) -> str | None:
    """How a duel stands once its `rows`-th row is played with `marks` (None: a skipped turn): SOLVED by that
    row's player, a DRAW when the board is full without a solve, or None while it goes on. (The daily's duel,
    games/torneo/daily.py, ends by the same rule.)"""
    if marks is not None and wordle.is_solved(marks):
        return SOLVED
    if rows >= 2 * TURNS_EACH:
        return DRAW
    return None


def _end_duel(state: State, duel: Duel, end: str, winner: int | None, at: datetime, events: list[Event]) -> None:
    duel.end, duel.winner, duel.ended_at = end, winner, at
    for seat in duel.losers():
        if state.lives[seat] > 0:
            state.lives[seat] -= 1
        if state.lives[seat] == 0 and state.out_round[seat] is None:
            state.out_round[seat] = state.current.number
    events.append(
        {
            "type": "duel_ended",
            "round": state.current.number,
            "seats": list(duel.seats),
            "end": end,
            "winner": winner,
            "hidden": duel.hidden,
            "at": encode_time(at),
            "lives": {str(seat): state.lives[seat] for seat in duel.seats},
        }
    )


def _settle_round(state: State, at: datetime, events: list[Event]) -> None:
    """Once every duel of the round is over: fix the places of who fell, then finish or start the next."""
    current = state.current
    if state.phase != PLAYING or any(not duel.over for duel in current.duels):
        return
    current.ended_at = at
    fallen = [
        seat
        for seat in range(state.seat_count)
        if state.out_round[seat] == current.number and state.places[seat] is None
    ]
    standing = state.still_in()
    stayed = [seat for seat in fallen if not state.left[seat]]
    gone = [seat for seat in fallen if state.left[seat]]  # leavers go below the others who fell
    for group, place in ((stayed, len(standing) + 1), (gone, len(standing) + len(stayed) + 1)):
        for seat in group:
            state.places[seat] = place
    events.append(
        {
            "type": "round_ended",
            "round": current.number,
            "at": encode_time(at),
            "lives": list(state.lives),
            "placed": [{"seat": seat, "place": state.places[seat]} for seat in fallen],
        }
    )
    if len(standing) <= 1:
        for seat in standing:
            state.places[seat] = 1
        _finish(state, at, events)
    else:
        _begin_round(state, at, events)


def _finish(state: State, at: datetime, events: list[Event]) -> None:
    state.phase = FINISHED
    state.finished_at = at
    result = outcome(state)
    assert result is not None  # the phase is FINISHED
    events.append(
        {
            "type": "match_finished",
            "at": encode_time(at),
            "places": list(result.places),
            "winners": list(result.winners),
            "stopped": state.stopped,
        }
    )


# -- moves ------------------------------------------------------------------------------------------


def _duel_of(state: State, seat: int) -> Duel | None:
    for duel in state.current.duels:
        if seat in duel.seats:
            return duel
    return None


def apply(
    state: State, seat: int, action: Action, now: datetime, *, words: WordSource | None = None
) -> tuple[State, list[Event]]:
    """A seat's move: `{"type": "guess", "word": ...}` or `{"type": "leave"}` (also for an abandon).

    An invalid guess raises `IllegalMove`: the turn and its clock keep running.
    """
    now = require_aware(now)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.seat_count:
        raise IllegalMove("not_a_seat", _("You are not in this tournament."))
    kind = action.get("type") if isinstance(action, Mapping) else None
    if kind not in ("guess", "leave") or (kind == "guess" and not isinstance(action.get("word"), str)):
        raise MalformedAction(_("That move makes no sense here."))
    state, events = advance(state, now)
    if state.phase == FINISHED:
        raise IllegalMove("match_over", _("The tournament is over."))
    if kind == "leave":
        _leave(state, seat, now, events)
        return state, events
    if state.out_round[seat] is not None:
        raise IllegalMove("eliminated", _("You are out of the tournament."))
    if state.phase != PLAYING:
        raise IllegalMove("round_not_open", _("The duel has not started yet."))
    duel = _duel_of(state, seat)
    if duel is None or duel.over:
        raise IllegalMove("no_duel", _("You have no duel to play now."))
    if duel.to_play != seat:
        raise IllegalMove("not_your_turn", _("It is your rival's turn."))
    if words is None:
        raise ValueError("apply needs words= to check a guess")
    norm, shown, marks = judge_guess(state.language, duel.length, duel.hidden, action["word"], words)
    _add_row(state, duel, seat, norm, shown, marks, now, events)
    _settle_round(state, now, events)
    return state, events


def judge_guess(language: str, length: int, hidden: str, typed: str, words: WordSource) -> tuple[str, str, list[str]]:
    """A typed guess checked as a duel checks it (letters of the language, the duel's length, in the valid list)
    and marked against `hidden`: (normalised word, its display spelling, marks). Raises IllegalMove otherwise.
    (The daily's duel, games/torneo/daily.py, checks its guesses and its bot's with it.)"""
    norm = alphabets.normalise(language, typed)
    if norm is None:
        raise IllegalMove("not_letters", _("Use only the letters of the game."))
    if alphabets.length(language, norm) != length:
        raise IllegalMove("wrong_length", _("The word has %(length)d letters."), {"length": length})
    valid = words(list_slugs(language, length)[0])
    if norm not in valid:
        raise IllegalMove("not_in_list", _("That word is not in the list."))
    marks = list(wordle.feedback(alphabets.letters(language, norm), alphabets.letters(language, hidden)))
    return norm, valid.display(norm), marks


def _leave(state: State, seat: int, now: datetime, events: list[Event]) -> None:
    """Leaving after the start: the current duel is lost and the player is out, placed below the others
    who fall this round."""
    if state.out_round[seat] is not None:
        return  # out already (or left before): leaving the screen changes nothing, nor the place
    state.left[seat] = True
    events.append({"type": "left", "seat": seat, "at": encode_time(now), "round": state.current.number})
    duel = _duel_of(state, seat)
    if duel is not None and not duel.over:
        rival = next(other for other in duel.seats if other != seat)
        _end_duel(state, duel, FORFEIT, None if state.left[rival] else rival, now, events)
    state.lives[seat] = 0
    state.out_round[seat] = state.current.number
    _settle_round(state, now, events)


def stop(state: State, now: datetime, reason: str) -> tuple[State, list[Event]]:
    """End the tournament now (an admin ending a stuck one): the players still in share the best place left."""
    now = require_aware(now)
    state, events = advance(state, now)
    if state.phase == FINISHED:
        return state, events
    state.stopped = reason
    for duel in state.current.duels:
        if not duel.over:
            duel.end, duel.ended_at = STOPPED, now
    state.current.ended_at = now
    standing = state.still_in()
    fallen = [seat for seat in range(state.seat_count) if state.places[seat] is None and seat not in standing]
    # Who fell in the round being stopped still sits below who is standing.
    for seat in standing:
        state.places[seat] = 1
    for seat in fallen:
        state.places[seat] = len(standing) + 1
    _finish(state, now, events)
    return state, events


# -- views and the result ---------------------------------------------------------------------------


def fixed_places(state: State) -> list[int | None]:
    """The places fixed so far (None: still in); everyone has one once the tournament is over."""
    return list(state.places)


def seat_active(state: State, seat: int) -> bool:
    """Whether the seat still plays (so an abandon still changes something)."""
    return state.phase != FINISHED and state.out_round[seat] is None


def outcome(state: State) -> Outcome | None:
    if state.phase != FINISHED:
        return None
    places = tuple(place if place is not None else 1 for place in state.places)
    return Outcome(
        winners=tuple(seat for seat in range(state.seat_count) if places[seat] == 1),
        places=places,
        stopped=state.stopped,
        details={
            "lives": list(state.lives),
            "out_round": list(state.out_round),
            "left": list(state.left),
            "rounds": len(state.rounds),
        },
    )


def row_view(language: str, seat: int, word: str | None, shown: str | None, marks: list[str] | None) -> dict[str, Any]:
    """A row of a duel's board as every viewer sees it (the daily's duel shows its rows the same way)."""
    return {
        "seat": seat,
        "shown": shown,
        "marks": marks,
        "skipped": word is None,
        "letters": None if word is None else alphabets.letters(language, word),
    }


def _duel_view(language: str, duel: Duel) -> dict[str, Any]:
    """A duel as everyone sees it; `yours` (whether the viewer plays in it) is added per viewer."""
    played = [
        (alphabets.letters(language, r.word), r.marks) for r in duel.rows if r.word is not None and r.marks is not None
    ]
    return {
        "seats": list(duel.seats),
        "length": duel.length,
        "rows": [row_view(language, r.seat, r.word, r.shown, r.marks) for r in duel.rows],
        "keyboard": wordle.keyboard(played),
        "to_play": None if duel.over else duel.to_play,
        "turn_ends_at": None if duel.over else encode_time(duel.turn_ends_at),
        "turns_left": {str(s): TURNS_EACH - sum(1 for r in duel.rows if r.seat == s) for s in duel.seats},
        "over": duel.over,
        "end": duel.end,
        "winner": duel.winner,
        # The word is never in a view while the duel is played.
        "hidden": {"word": duel.hidden, "shown": duel.shown} if duel.over else None,
    }


# Leaving belongs to no turn: a player may leave the tournament at any moment.
TURN_FREE_ACTIONS = frozenset({"leave"})


def opens_at(state: State) -> datetime:
    """When the current round's duels opened or will open (a bot scheduled before then thinks from that moment)."""
    return state.current.opens_at


def turn_of(state: State, seat: int) -> str | None:
    """The turn `seat` owes a guess in its duel ("<round>:<rows>"), or None (intro, over, out, a bye, the
    rival's turn). A guess typed for a turn that has passed (the clock skipped it) is stale."""
    if state.phase != PLAYING or not 0 <= seat < state.seat_count or state.out_round[seat] is not None:
        return None
    for duel in state.current.duels:
        if seat in duel.seats:
            return None if duel.over or duel.to_play != seat else f"{state.current.number}:{len(duel.rows)}"
    return None


def word_lists(state: State) -> list[tuple[str, str | None]]:
    """Every list this match is played with, by slug, with the version it recorded for good (the replay says them)."""
    return sorted(state.list_versions.items())


def drawn_words(state: State) -> list[str]:
    """Every duel's word drawn for this tournament, played or not (the room avoids them in its next ones)."""
    return [word for block in state.words for _length, word, _shown in block]


def progress(state: State) -> Progress:
    """The round, how many are still in, and the duels still being played (the lobby's live list)."""
    return Progress(
        _("Round %(round)s · %(count)s still in"),
        {"round": max(1, len(state.rounds)), "count": len(state.still_in())},
        tables=tuple(
            tuple(duel.seats) for duel in (state.rounds[-1].duels if state.rounds else []) if duel.end is None
        ),
    )


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """What a seat (or a spectator) sees. The board is shared: both players and watchers see its letters."""
    return views(state, [viewer])[0]


def views(state: State, viewers: Sequence[Viewer]) -> list[dict[str, Any]]:
    """`view` for each of `viewers`: every duel built once, each viewer told which one is theirs (after a
    move the service builds all nine views of a tournament: issue 16)."""
    current = state.current
    duels = [_duel_view(state.language, duel) for duel in current.duels]
    # During an intro, how the round before ended (all its duels are over, so their words may show):
    # the last duel of a round starts the next intro at once, and its players would otherwise never
    # see their duel's word and result.
    previous = state.rounds[-2].duels if state.phase == INTRO and len(state.rounds) > 1 else []
    previous_views = [_duel_view(state.language, duel) for duel in previous]
    shared = {
        "game": SLUG,
        "phase": state.phase,
        "language": state.language,
        "alphabet": alphabets.alphabet(state.language),
        "round": current.number,
        "opens_at": encode_time(current.opens_at),
        "lives": list(state.lives),
        "places": list(state.places),
        "left": list(state.left),
        "bye": current.bye,
        "stopped": state.stopped,
        "outcome": outcome_json(outcome(state)),
    }
    return [
        {
            **shared,
            "you": viewer,
            "duels": _theirs(duels, current.duels, viewer),
            "previous_duels": _theirs(previous_views, previous, viewer),
        }
        for viewer in viewers
    ]


def _theirs(seen: list[dict[str, Any]], duels: Sequence[Duel], viewer: Viewer) -> list[dict[str, Any]]:
    """The duels' views as `viewer` sees them: each says whether the viewer plays in it."""
    return [{**view_, "yours": viewer in duel.seats} for view_, duel in zip(seen, duels, strict=True)]
