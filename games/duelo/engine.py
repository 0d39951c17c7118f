"""The rules of Duelo de Palabras, pure (see games/kit/contract.py and docs/engine-interface.md).

A match is a list of rounds. Each round: a start card (no typing), then the round clock; the first solve
opens a closing countdown that can only shorten the round; the round ends on the clock, on the
countdown, or as soon as every seat has solved or used its six guesses; then an end card shows the word
and what everyone needed and earned. After the last end card the match is finished.

Every hidden word is chosen in `new_game` (distinct within the match), so the clock needs no
randomness and `advance` is a plain function of the state and the time. Deadlines chain from the
previous deadline, not from when a timer happened to fire: a late timer or the sweeper gives the same
match as a punctual one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from games.kit import wordle
from games.kit.codec import state_codec, state_copier
from games.kit.contract import Action, Event, Viewer
from games.kit.contract import gettext_noop as _
from games.kit.errors import IllegalMove, MalformedAction, Refusal
from games.kit.moments import encode_time, require_aware, seconds
from games.kit.outcome import Outcome, Progress, outcome_json
from games.kit.words import WordSource, list_version
from wordlists import alphabets

SLUG = "duelo"
SCHEMA = 1  # bump (and convert in from_json) when the stored state changes shape

LANGUAGES = ("tr", "en", "fr", "es", "ru", "ko")
ROUND_CHOICES = (1, 3, 5)
DEFAULT_ROUNDS = 3
SECONDS_CHOICES = (60, 90, 120)
DEFAULT_ROUND_SECONDS = 90
MIN_SEATS, MAX_SEATS = 2, 6
WORD_LENGTH = 5
MAX_GUESSES = 6

START_CARD_SECONDS = 2.6
END_CARD_SECONDS = 6.5
CLOSING_SECONDS = 20

# Points by the number of guesses a solve took; bonus by solve order (first, second, third).
POINTS = {1: 60, 2: 50, 3: 40, 4: 30, 5: 20, 6: 10}
SOLVE_ORDER_BONUS = (15, 10, 5)

# Phases of the current round (FINISHED: the match is over).
STARTING = "starting"  # start card: nobody can type
PLAYING = "playing"
ENDING = "ending"  # end card: the word is shown
FINISHED = "finished"

# Why a round ended.
ALL_DONE = "all_done"  # every seat solved or used its six guesses
CLOCK = "clock"  # the round clock ran out
CLOSING = "closing"  # the closing countdown after the first solve ran out
STOPPED = "stopped"  # an admin (or the runtime) ended the match


# -- state ------------------------------------------------------------------------------------------


@dataclass
class Settings:
    """The host's choices for a room."""

    language: str
    rounds: int = DEFAULT_ROUNDS
    round_seconds: int = DEFAULT_ROUND_SECONDS


@dataclass(frozen=True)
class Row:
    """One accepted guess: the normalised word, its display spelling, and its marks. Frozen: never changed once
    made, so copies of the state share it and it is written back as it was read (games.kit.codec)."""

    word: str
    shown: str
    marks: list[str]


@dataclass
class SeatRound:
    """One seat's grid in one round."""

    rows: list[Row] = field(default_factory=list)
    solve_order: int | None = None  # 1 for the first seat to solve this round
    solved_at: datetime | None = None
    points: int = 0

    @property
    def solved(self) -> bool:
        return self.solve_order is not None

    @property
    def done(self) -> bool:
        return self.solved or len(self.rows) >= MAX_GUESSES


@dataclass
class Round:
    number: int  # 1-based
    hidden: str  # normalised
    shown: str  # as players read it (ÁBACO, 사람)
    card_at: datetime  # the start card appears
    opens_at: datetime  # typing starts and the round clock runs
    clock_ends_at: datetime
    seats: list[SeatRound]
    closing_ends_at: datetime | None = None  # first solve + 20 s (may lie after the clock's end)
    ended_at: datetime | None = None
    end_reason: str | None = None

    @property
    def play_ends_at(self) -> datetime:
        """When the round ends by time: the clock, or the closing countdown if that comes first."""
        if self.closing_ends_at is not None and self.closing_ends_at < self.clock_ends_at:
            return self.closing_ends_at
        return self.clock_ends_at


@dataclass
class State:
    settings: Settings
    seat_count: int
    valid_list: str  # the slug of the list of valid guesses
    hidden_list: str  # the slug the hidden words came from
    list_versions: dict[str, str | None]
    hidden_words: list[str]  # one per round, chosen up front, all distinct (never in a view early)
    hidden_shown: list[str]  # their display spellings, same order
    rounds: list[Round]  # the rounds begun so far; the last one is the current one
    phase: str
    stopped: str | None = None

    @property
    def current(self) -> Round:
        return self.rounds[-1]

    def totals(self) -> list[int]:
        return [sum(r.seats[s].points for r in self.rounds) for s in range(self.seat_count)]


# -- JSON -------------------------------------------------------------------------------------------


to_json, from_json = state_codec(State, slug=SLUG, schema=SCHEMA)
copy_state = state_copier(State)  # the rules change a copy, never the caller's state


# -- settings and a new match -----------------------------------------------------------------------


def list_slugs(language: str) -> tuple[str, str]:
    """(valid, hidden) slugs of the committed lists for a word language (see wordlists/data)."""
    return f"duelo-{language}-{WORD_LENGTH}-valid", f"duelo-{language}-{WORD_LENGTH}-hidden"


def make_settings(raw: Mapping[str, Any]) -> Settings:
    """The host's choices, checked; missing rounds/clock take the defaults (3 rounds of 90 s)."""
    language = raw.get("language")
    if language not in LANGUAGES:
        raise Refusal("bad_language", _("Choose a word language: %(choices)s."), {"choices": ", ".join(LANGUAGES)})
    rounds = raw.get("rounds", DEFAULT_ROUNDS)
    if rounds not in ROUND_CHOICES or isinstance(rounds, bool):
        raise Refusal("bad_rounds", _("A match has 1, 3 or 5 rounds."))
    round_seconds = raw.get("round_seconds", DEFAULT_ROUND_SECONDS)
    if round_seconds not in SECONDS_CHOICES or isinstance(round_seconds, bool):
        raise Refusal("bad_round_seconds", _("A round lasts 60, 90 or 120 seconds."))
    return Settings(language=language, rounds=int(rounds), round_seconds=int(round_seconds))


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
    """A match whose first start card shows at `now`.

    `settings`: language (required), rounds, round_seconds; other keys are ignored (room options that
    are not rules). `settings["hidden_words"]`, if given, fixes the hidden word of each round (tests,
    replays); otherwise they are drawn with `rng` from the language's hidden list, avoiding `avoid`
    (e.g. words this room played recently) when the list allows, and never one of `banned` (words an
    admin took off hidden-word duty).
    """
    now = require_aware(now)
    chosen = make_settings(settings)
    if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise Refusal("bad_seats", _("A room has from %(min)d to %(max)d seats."), {"min": MIN_SEATS, "max": MAX_SEATS})
    valid_slug, hidden_slug = list_slugs(chosen.language)
    valid, hidden_list = words(valid_slug), words(hidden_slug)
    if "hidden_words" in settings:
        hidden = _fixed_hidden_words(chosen, settings["hidden_words"], valid)
        shown = [valid.display(word) for word in hidden]
    else:
        hidden = _draw_hidden_words(chosen.rounds, hidden_list, rng, set(avoid), set(banned))
        shown = [hidden_list.display(word) for word in hidden]
    state = State(
        settings=chosen,
        seat_count=seats,
        valid_list=valid_slug,
        hidden_list=hidden_slug,
        list_versions={valid_slug: list_version(valid), hidden_slug: list_version(hidden_list)},
        hidden_words=hidden,
        hidden_shown=shown,
        rounds=[],
        phase=STARTING,
    )
    _begin_round(state, now)
    return state


def _draw_hidden_words(
    rounds: int, hidden_list: Any, rng: random.Random, avoid: set[str], banned: set[str]
) -> list[str]:
    picked: list[str] = []
    for _round in range(rounds):
        try:
            word = hidden_list.choose(rng, exclude=avoid | banned | set(picked))
        except LookupError:
            # The room has played through the list: repeats across matches are allowed, never within,
            # and a banned word never.
            word = hidden_list.choose(rng, exclude=banned | set(picked))
        picked.append(word)
    return picked


def _fixed_hidden_words(settings: Settings, given: Any, valid: Any) -> list[str]:
    if not isinstance(given, list | tuple) or len(given) != settings.rounds:
        raise ValueError("hidden_words needs one word per round")
    fixed = wordle.fixed_words(
        settings.language,
        given,
        (WORD_LENGTH,),
        lambda _length: valid,
        what="hidden word",
        repeated="hidden words repeat within a match",
    )
    return [norm for _length, norm in fixed]


def _begin_round(state: State, at: datetime) -> Round:
    number = len(state.rounds) + 1
    hidden, shown = state.hidden_words[number - 1], state.hidden_shown[number - 1]
    opens_at = at + seconds(START_CARD_SECONDS)
    current = Round(
        number=number,
        hidden=hidden,
        shown=shown,
        card_at=at,
        opens_at=opens_at,
        clock_ends_at=opens_at + seconds(state.settings.round_seconds),
        seats=[SeatRound() for _seat in range(state.seat_count)],
    )
    state.rounds.append(current)
    state.phase = STARTING
    return current


# -- the clock --------------------------------------------------------------------------------------


def next_deadline(state: State) -> datetime | None:
    """When `advance` next has something to do (None once the match is finished)."""
    if state.phase == FINISHED:
        return None
    current = state.current
    if state.phase == STARTING:
        return current.opens_at
    if state.phase == PLAYING:
        return current.play_ends_at
    if state.phase == ENDING and current.ended_at is not None:  # set as the round ended
        return current.ended_at + seconds(END_CARD_SECONDS)
    return None


def advance(state: State, now: datetime) -> tuple[State, list[Event]]:
    """Everything the clock has done by `now`, in order (any number of steps; none if nothing is due)."""
    now = require_aware(now)
    state = copy_state(state)
    events: list[Event] = []
    while (deadline := next_deadline(state)) is not None and deadline <= now:
        _step(state, deadline, events)
    return state, events


def _step(state: State, at: datetime, events: list[Event]) -> None:
    current = state.current
    if state.phase == STARTING:
        state.phase = PLAYING
        events.append(
            {
                "type": "round_opened",
                "round": current.number,
                "at": encode_time(at),
                "clock_ends_at": encode_time(current.clock_ends_at),
            }
        )
    elif state.phase == PLAYING:
        reason = CLOCK if at >= current.clock_ends_at else CLOSING
        _end_round(state, at, reason, events)
    elif state.phase == ENDING:
        if current.number < state.settings.rounds:
            upcoming = _begin_round(state, at)
            events.append(
                {
                    "type": "round_starting",
                    "round": upcoming.number,
                    "at": encode_time(at),
                    "opens_at": encode_time(upcoming.opens_at),
                }
            )
        else:
            _finish(state, at, events)


def _end_round(state: State, at: datetime, reason: str, events: list[Event]) -> None:
    current = state.current
    current.ended_at = at
    current.end_reason = reason
    state.phase = ENDING
    events.append(
        {
            "type": "round_ended",
            "round": current.number,
            "at": encode_time(at),
            "reason": reason,
            "hidden": current.hidden,
            "results": _round_results(current),
        }
    )


def _finish(state: State, at: datetime, events: list[Event]) -> None:
    state.phase = FINISHED
    result = outcome(state)
    assert result is not None and result.totals is not None  # the phase is FINISHED; the game has points
    events.append(
        {
            "type": "match_finished",
            "at": encode_time(at),
            "totals": list(result.totals),
            "winners": list(result.winners),
            "draw": result.draw,
            "stopped": state.stopped,
        }
    )


def _round_results(current: Round) -> list[dict[str, Any]]:
    return [
        {
            "seat": i,
            "solved": seat.solved,
            "guesses": len(seat.rows),
            "solve_order": seat.solve_order,
            "points": seat.points,
        }
        for i, seat in enumerate(current.seats)
    ]


def stop(state: State, now: datetime, reason: str) -> tuple[State, list[Event]]:
    """End the match now (an admin ending a stuck match): points scored so far stand.

    A round still on its start card never counted and is dropped; a round in play ends here.
    """
    now = require_aware(now)
    state, events = advance(state, now)
    if state.phase == FINISHED:
        return state, events
    state.stopped = reason
    if state.phase == STARTING and len(state.rounds) > 1:
        state.rounds.pop()
    elif state.phase in (STARTING, PLAYING):
        # A first round stopped on its start card ends with nobody having played it: views and
        # results always have a round to show.
        _end_round(state, now, STOPPED, events)
    _finish(state, now, events)
    return state, events


# -- moves ------------------------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action, now: datetime, *, words: WordSource) -> tuple[State, list[Event]]:
    """A seat's guess, `{"type": "guess", "word": "bollo"}` (as typed: any case, accents, jamo or syllables).

    Catches up with the clock first (a guess typed after the deadline finds the round over). Raises
    IllegalMove, spending nothing, for a word that is not five letters, not in the list, or already
    played by this seat this round, and for a guess outside the round's play time.
    """
    now = require_aware(now)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.seat_count:
        raise IllegalMove("not_a_seat", _("That seat is not in this match."))
    if not isinstance(action, Mapping) or action.get("type") != "guess" or not isinstance(action.get("word"), str):
        raise MalformedAction(_("A move is a guess with a word."))
    state, events = advance(state, now)
    if state.phase == FINISHED:
        raise IllegalMove("match_over", _("The match is over."))
    if state.phase != PLAYING:
        raise IllegalMove("round_not_open", _("Wait for the round to start."))
    current = state.current
    grid = current.seats[seat]
    if grid.solved:
        raise IllegalMove("already_solved", _("You already found the word."))
    if len(grid.rows) >= MAX_GUESSES:
        raise IllegalMove("no_guesses_left", _("You have used your six guesses."))

    language = state.settings.language
    typed = action["word"].strip()
    if len(typed) > 4 * WORD_LENGTH:  # not a word of any list: refuse before normalising a long string
        raise IllegalMove("wrong_length", _("A guess has exactly %(count)d letters."), {"count": WORD_LENGTH})
    norm = alphabets.normalise(language, typed)
    if norm is None:
        raise IllegalMove("not_letters", _("Use only letters of the word language."))
    letters = alphabets.letters(language, norm)
    if len(letters) != WORD_LENGTH:
        raise IllegalMove("wrong_length", _("A guess has exactly %(count)d letters."), {"count": WORD_LENGTH})
    valid = words(state.valid_list)
    if norm not in valid:
        raise IllegalMove("not_in_list", _("Not in the word list."))
    if any(row.word == norm for row in grid.rows):
        raise IllegalMove("already_played", _("You already played that word this round."))

    marks = list(wordle.feedback(letters, alphabets.letters(language, current.hidden)))
    grid.rows.append(Row(word=norm, shown=valid.display(norm), marks=marks))
    solved = wordle.is_solved(marks)
    events.append(
        {
            "type": "guessed",
            "round": current.number,
            "seat": seat,
            "row": len(grid.rows),
            "word": norm,
            "marks": marks,
            "solved": solved,
            "at": encode_time(now),
        }
    )
    if solved:
        _solve(current, grid, seat, now, events)
    if all(s.done for s in current.seats):
        _end_round(state, now, ALL_DONE, events)
    return state, events


def _solve(current: Round, grid: SeatRound, seat: int, now: datetime, events: list[Event]) -> None:
    order = 1 + sum(1 for s in current.seats if s.solved)
    grid.solve_order = order
    grid.solved_at = now
    grid.points = score(len(grid.rows), order)
    events.append(
        {
            "type": "solved",
            "round": current.number,
            "seat": seat,
            "guesses": len(grid.rows),
            "solve_order": order,
            "points": grid.points,
            "at": encode_time(now),
        }
    )
    if order == 1:
        current.closing_ends_at = now + seconds(CLOSING_SECONDS)
        events.append(
            {
                "type": "closing_started",
                "round": current.number,
                "closing_ends_at": encode_time(current.closing_ends_at),
                "shortens": current.closing_ends_at < current.clock_ends_at,
            }
        )


def score(guesses: int, solve_order: int | None) -> int:
    """Points for one round: by guesses used, plus the solve-order bonus; 0 if unsolved (order None)."""
    if solve_order is None:
        return 0
    bonus = SOLVE_ORDER_BONUS[solve_order - 1] if solve_order <= len(SOLVE_ORDER_BONUS) else 0
    return POINTS[guesses] + bonus


# -- what leaves the server -------------------------------------------------------------------------


TURN_FREE_ACTIONS: frozenset[str] = frozenset()


def opens_at(state: State) -> datetime:
    """When the current round opened or will open (a bot scheduled before then thinks from that moment)."""
    return state.current.opens_at


def turn_of(state: State, seat: int) -> str | None:
    """The round `seat` plays now ("round:<n>", from its start card to its end card), or None. Guesses are
    simultaneous, so several may be on their way for one round; one made for a round that has ended is stale."""
    if state.phase == FINISHED or not state.rounds:
        return None
    return f"round:{state.current.number}"


def word_lists(state: State) -> list[tuple[str, str | None]]:
    """Every list this match is played with, by slug, with the version it recorded for good (the replay says them)."""
    return sorted(state.list_versions.items())


def drawn_words(state: State) -> list[str]:
    """The hidden words drawn for this match, one per round (the room avoids them in its next matches)."""
    return state.hidden_words


def progress(state: State) -> Progress:
    """The round being played, of how many (the lobby's live list)."""
    return Progress(
        _("Round %(round)s of %(rounds)s"), {"round": max(1, len(state.rounds)), "rounds": state.settings.rounds}
    )


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """What `viewer` (a seat, or None for a spectator) may see, and nothing else.

    Their own grid with letters and colours and the keyboard hints; rivals' grids as colours only;
    the hidden word only once the round is over (end card, or the match finished). Other rounds'
    hidden words appear once their own round is over; later ones never.
    """
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < state.seat_count):
        raise ValueError(f"seat {viewer!r} is not in this match")
    current = state.current
    revealed = state.phase in (ENDING, FINISHED)
    language = state.settings.language
    totals = state.totals()
    seats = []
    for i, grid in enumerate(current.seats):
        seats.append(
            {
                "seat": i,
                "rows": [{"marks": list(row.marks)} for row in grid.rows],
                "guesses": len(grid.rows),
                "solved": grid.solved,
                "solve_order": grid.solve_order,
                "done": grid.done,
                "round_points": grid.points,
                "total": totals[i],
            }
        )
    mine = None
    if viewer is not None:
        grid = current.seats[viewer]
        rows = [(alphabets.letters(language, row.word), row.marks) for row in grid.rows]
        mine = {
            "rows": [
                {"letters": letters, "shown": row.shown, "marks": list(row.marks)}
                for (letters, _marks), row in zip(rows, grid.rows, strict=True)
            ],
            "keyboard": wordle.keyboard(rows),
            "guesses_left": MAX_GUESSES - len(grid.rows),
            "can_guess": state.phase == PLAYING and not grid.done,
        }
    history = [
        {"round": r.number, "shown": r.shown, "reason": r.end_reason, "results": _round_results(r)}
        for r in state.rounds
        if r.ended_at is not None and (r is not current or revealed)
    ]
    return {
        "game": SLUG,
        "phase": state.phase,
        "language": language,
        "alphabet": alphabets.alphabet(language),
        "word_length": WORD_LENGTH,
        "max_guesses": MAX_GUESSES,
        "rounds": state.settings.rounds,
        "round_seconds": state.settings.round_seconds,
        "round": current.number,
        "deadline": encode_time(next_deadline(state)),
        "opens_at": encode_time(current.opens_at),
        "clock_ends_at": encode_time(current.clock_ends_at),
        "closing_ends_at": encode_time(current.closing_ends_at),
        "ends_at": encode_time(current.ended_at or current.play_ends_at),
        "you": viewer,
        "seats": seats,
        "grid": mine,
        "hidden": (
            {"word": current.hidden, "shown": current.shown, "letters": alphabets.letters(language, current.hidden)}
            if revealed
            else None
        ),
        "history": history,
        "stopped": state.stopped,
        "outcome": outcome_json(outcome(state)),
    }


def replay_view(view: dict[str, Any], final: State) -> dict[str, Any]:
    """A finished match's replay frame: the spectator's `view` of one moment, each seat's rows with their letters
    (read from the `final` state: the end of the match reveals every guess), where live they were colours only.
    Only the finished match's replay calls it (games/replay_views.py): nothing of a match still played."""
    if final.phase != FINISHED or not 1 <= view["round"] <= len(final.rounds):
        return view
    language = final.settings.language
    played = final.rounds[view["round"] - 1].seats
    seats = [
        {
            **seat,
            "rows": [
                {**row, "letters": alphabets.letters(language, word.word), "shown": word.shown}
                for row, word in zip(seat["rows"], played[seat["seat"]].rows, strict=False)
            ],
        }
        for seat in view["seats"]
    ]
    return {**view, "seats": seats}


def outcome(state: State) -> Outcome | None:
    """None while the match runs; then totals, winners (all seats tied at the top share the victory)
    and draw (only when every seat has the same total; a draw has no winners), places (1 = best,
    ties share a place) and each seat's rounds (for the stored results)."""
    if state.phase != FINISHED:
        return None
    totals = state.totals()
    top = max(totals)
    draw = len(set(totals)) == 1
    winners = [] if draw else [i for i, total in enumerate(totals) if total == top]
    places = [1 + sum(1 for other in totals if other > total) for total in totals]
    return Outcome(
        winners=tuple(winners),
        places=tuple(places),
        stopped=state.stopped,
        draw=draw,
        totals=tuple(totals),
        seats=tuple({"seat": i, "total": totals[i], "place": places[i]} for i in range(state.seat_count)),
        seat_rounds=tuple(
            tuple(
                {
                    "round": r.number,
                    "solved": r.seats[i].solved,
                    "guesses": len(r.seats[i].rows),
                    "solve_order": r.seats[i].solve_order,
                    "points": r.seats[i].points,
                }
                for r in state.rounds
            )
            for i in range(state.seat_count)
        ),
    )
