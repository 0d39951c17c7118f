"""Matches: the one service path that writes game state, for people, bots, timers and admins alike.

Every change: lock the match row, let the engine catch up with the clock, apply, save the new state
with version + 1, append the events, and on commit announce the version to the room and arm the next
deadline and the bots (DESIGN.md, "the flow of one move").
"""

from __future__ import annotations

import functools
import random
import secrets
import time
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import Player
from games.kit.contract import Action, gettext_noop
from games.kit.outcome import Outcome
from games.kit.rerun import ACT, CLOCK, STOP, Input
from games.models import Match, MatchEvent, MatchResult, Room
from games.runtime import archive, broadcast, match_rows, rated, scheduling, signals
from games.runtime.archive import round_games
from games.runtime.errors import MalformedAction, room_error
from games.runtime.registry import Game, game_for
from games.runtime.rooms import room_status_set
from games.runtime.views import match_frames
from observe import metrics
from observe import streams as observe
from wallet.services import escrow_cancel, escrow_hold, escrow_refund, escrow_settle
from wordlists.lexicon import lexicon
from wordlists.selectors import banned_hidden_words

# How many of a room's earlier matches' hidden words a new match avoids ("never repeated": within a match the
# engine guarantees it; across matches of one room we avoid them while the list allows). Games whose spec
# remembers words (Claves a Dúo) avoid every word of the room's current cycle instead (Room.used_words).
AVOID_RECENT_MATCHES = 20


def _now(now: datetime | None) -> datetime:
    return now or timezone.now()


def _recent_states(room: Room, game: Game) -> list[Any]:
    """The states of the room's last AVOID_RECENT_MATCHES matches that began, newest first (a match still
    awaiting its players has no state yet)."""
    engine = game.engine
    stored = room.matches.exclude(state={}).order_by("-number").values_list("state", flat=True)
    states = []
    for data in stored[:AVOID_RECENT_MATCHES]:
        try:
            states.append(engine.from_json(data))
        except ValueError:  # a state of an older schema: its words are only a preference to avoid
            continue
    return states


def _recent_hidden_words(room: Room, game: Game) -> set[str]:
    """The hidden words the room's recent matches drew, as each game tells them (the engine's `drawn_words`)."""
    return {word for state in _recent_states(room, game) for word in game.engine.drawn_words(state)}


def _remembered_list(game: Game, settings: dict[str, Any]) -> str | None:
    """The hidden list whose words the room remembers for this game (GameSpec.remembers_words), or None."""
    spec = game.spec
    slug = spec.hidden_list(settings) if spec.remembers_words and spec.hidden_list else None
    return slug if isinstance(slug, str) else None


def _used_words(room: Room, game: Game, slug: str) -> list[str]:
    """The words of `slug` the room drew in its current cycle, oldest first. A room that has no record yet
    (it played before rooms kept one) starts from its last AVOID_RECENT_MATCHES boards."""
    if slug in room.used_words:
        return list(room.used_words[slug])
    states = _recent_states(room, game)
    return list(dict.fromkeys(word for state in reversed(states) for word in game.engine.drawn_words(state)))


def _remember_words(room: Room, slug: str, used: list[str], drawn: list[str]) -> None:
    """Note the new game's words in the room's current cycle of `slug`. The engine reuses a word of the cycle
    only when the list has too few others left (the least recently used first): such a board starts a new
    cycle, made of its own words. Saved in the caller's transaction, so a game that is not created leaves
    no trace."""
    cycle = list(drawn) if set(drawn) & set(used) else used + list(drawn)
    room.used_words = {**room.used_words, slug: cycle}
    room.save(update_fields=["used_words"])


def _banned_words(game: Game, settings: dict[str, Any]) -> set[str]:
    """Words admins took off hidden-word duty for this game's hidden list (wordlists.BannedWord)."""
    spec = game.spec
    slugs = spec.hidden_list(settings) if spec.hidden_list else ()
    banned: set[str] = set()
    for slug in (slugs,) if isinstance(slugs, str) else slugs:
        banned.update(banned_hidden_words(slug))
    return banned


def match_start(
    *,
    room: Room,
    by: Player | None,
    now: datetime | None = None,
    settings_override: dict[str, Any] | None = None,
    stake: int = 0,
) -> Match:
    """Start a match in a waiting room whose seats are all taken (by people or bots).

    `by` is the host, or None when the site starts it (a quick match, an accepted stake offer).
    With a `stake`, every seat's stake goes into the match's escrow in the same transaction: if one
    player cannot pay, WalletError is raised and no match exists.

    A game with a join grace (two-player clock games) seating two or more people starts ARRIVING: the
    engine's game, and so every clock, begins only when all of them have opened the room (match_arrive).
    """
    now = _now(now)
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        game = game_for(room.game)
        if by is not None and room.host_id != by.pk:
            raise room_error("not_host")
        if by is not None and not game.spec.host_starts:
            raise room_error("starts_by_itself")
        if room.status != Room.WAITING:
            raise room_error("room_playing" if room.status == Room.PLAYING else "room_closed")
        seats = list(room.seats.select_related("player").order_by("index"))
        if any(seat.is_empty for seat in seats):
            raise room_error("seats_not_filled")
        # What the apps above add (a daily room: the day's board and maps) wins over the caller's: it is the site's.
        seated = [seat.player for seat in seats if seat.player is not None]
        settings = {**room.settings, **(settings_override or {}), **signals.starting_settings(room, seated)}
        number = (room.matches.order_by("-number").values_list("number", flat=True).first() or 0) + 1
        lineup = rated.lineup_for(room, seats)
        grace = game.spec.join_grace_seconds
        people = [seat for seat, sitter in enumerate(lineup) if sitter.get("player") is not None]
        if grace is not None and len(people) >= 2:
            join_by = now + timedelta(seconds=grace)
            match = Match.objects.create(
                room=room,
                game=room.game,
                number=number,
                state={},
                version=1,
                lineup=lineup,
                status=Match.ARRIVING,
                deadline=join_by,
                arrival={"awaiting": people, "join_by": join_by.isoformat(), "settings": settings},
            )
        else:
            state = _new_state(room, game, settings, len(seats), now)
            match = Match.objects.create(
                room=room,
                game=room.game,
                number=number,
                state=game.engine.to_json(state),
                version=1,
                lineup=lineup,
                deadline=game.engine.next_deadline(state),
            )
        started = [{"type": "match_started", "settings": settings, "lineup": match.lineup, "stake": stake}]
        if match.status == Match.PLAYING:
            started.append(first_state(match.state))
        MatchEvent.objects.bulk_create(
            [MatchEvent(match=match, version=1, kind=event["type"], data=event) for event in started]
        )
        if stake:
            match.stake = stake
            match.save(update_fields=["stake"])
            escrow_hold(
                match_ref=match.match_ref,
                stake=stake,
                key=f"hold:{match.match_ref}",
                # Stakes are between people: a bot's seat has no player, so the wallet refuses (bad_seats).
                players=[seat.player for seat in seats if seat.player is not None],
            )
        room_status_set(room, Room.PLAYING)
        _after_commit(match)
        return match


def first_state(state: dict[str, Any]) -> dict[str, Any]:
    """The event that keeps the game's first state (its JSON), where the replay starts (games.kit.rerun)."""
    return {"type": FIRST_STATE, "state": state}


FIRST_STATE = "first_state"


def _new_state(room: Room, game: Game, settings: dict[str, Any], seats: int, now: datetime) -> Any:
    """The engine's new game, its clocks starting at `now`."""
    rng = random.Random(secrets.randbits(64))
    engine = game.engine
    remembered = _remembered_list(game, settings)
    used = _used_words(room, game, remembered) if remembered else []
    state = engine.new_game(
        settings,
        seats,
        rng,
        now,
        words=lexicon,
        avoid=used if remembered else _recent_hidden_words(room, game),
        banned=_banned_words(game, settings),
        **game.engine_kwargs(),
    )
    if remembered:
        _remember_words(room, remembered, used, list(engine.drawn_words(state)))
    return state


def match_arrive(*, match_id: int, player: Player, now: datetime | None = None) -> bool:
    """`player` opened the room of an ARRIVING match (their room socket connected, or was there when the
    match was announced). When the last awaited person arrives, the game begins: the engine's new game
    is made now, so the first clock starts now. Returns whether anything changed."""
    now = _now(now)
    with transaction.atomic():
        match = match_rows.lock(match_id)
        if match is None or match.status != Match.ARRIVING:
            return False
        seat = match.seat_of(player.pk)
        awaiting = [waiting for waiting in match.arrival["awaiting"] if waiting != seat]
        if len(awaiting) == len(match.arrival["awaiting"]):
            return False
        match.arrival = {**match.arrival, "awaiting": awaiting}
        match.version += 1
        events: list[dict[str, Any]] = [{"type": "arrived", "seat": seat, "at": now.isoformat()}]
        if not awaiting:
            room = Room.objects.get(pk=match.room_id)
            game = game_for(match.game)
            state = _new_state(room, game, match.arrival["settings"], len(match.lineup), now)
            match.status, match.state = Match.PLAYING, game.engine.to_json(state)
            match.deadline = game.engine.next_deadline(state)
            match.arrival["began_at"] = now.isoformat()
            events += [{"type": "match_began", "at": now.isoformat()}, first_state(match.state)]
        MatchEvent.objects.bulk_create(
            [MatchEvent(match=match, version=match.version, kind=event["type"], data=event) for event in events]
        )
        match.save()
        if awaiting:
            _after_commit(match)
        else:
            _after_commit(match, game=game, state=state)
        return True


def _abort(match: Match, now: datetime, reason: str) -> None:
    """An ARRIVING match ends without a game: nobody wins or loses, stakes go back (exactly once, by the
    wallet's key), no result is recorded. `absent`: the seats that never opened the room."""
    absent = list(match.arrival["awaiting"])
    due = match.deadline
    match.status, match.finished_at, match.deadline = Match.FINISHED, now, None
    aborted = {"aborted": True, "reason": reason, "absent": absent}
    match.outcome = Outcome(winners=(), places=(), stopped="aborted", draw=False, details=aborted).to_json()
    match.version += 1
    MatchEvent.objects.create(
        match=match,
        version=match.version,
        kind="match_aborted",
        data={"reason": reason, "absent": absent, "refunded": match.stake},
    )
    if match.stake:
        # Called off before its first move: the ledger says so (the same key as a refund: only one ever runs).
        escrow_cancel(match_ref=match.match_ref, key=f"refund:{match.match_ref}")
    applied = due if due is not None and due <= now else None
    room_status_set(Room.objects.select_for_update().get(pk=match.room_id), Room.WAITING)
    match.save()
    _after_commit(
        match, applied=None if applied is None else (applied, LATE_LANES[CLOCK if reason == "no_show" else STOP])
    )


def seat_for(match: Match, player: Player) -> int:
    seat = match.seat_of(player.pk)
    if seat is None:
        raise room_error("not_seated")
    return seat


# `turn` of a move whose caller does not say which turn it was made for (services, admin, tests); the
# room socket always says (docs/protocol.md).
ANY_TURN: Any = object()


def match_act(
    *,
    match_id: int,
    player: Player,
    action: Action,
    turn: Any = ANY_TURN,
    now: datetime | None = None,
    room_id: int | None = None,
) -> int:
    """A person's move. Returns the new version; raises IllegalMove (the engine: against the rules, or a
    MalformedAction) or a Refusal (no match, not seated, not begun, stale) and nothing changes otherwise.

    `turn` is the turn the player saw when they made the move (the `turn` of their last match frame):
    a move bound to a turn that is no longer theirs is refused as stale, so nothing typed during a
    stalled connection lands on a later turn (or a later round, in simultaneous games).

    `room_id`: the room the move was made in (the room socket's); a match of another room is no_match."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        # Before anything reads it: `{"type": []}` closed the socket with 1011 (issue 31).
        raise MalformedAction(gettext_noop("An action is an object whose type is a word."))
    now = _now(now)
    with transaction.atomic():
        match = _locked_playing(match_id, room_id)
        seat = seat_for(match, player)
        game = game_for(match.game)
        engine = game.engine
        state = engine.from_json(match.state)
        # The turn the move was made for, after what the clock did (it may have moved the turn already).
        bound = turn is not ANY_TURN and _bound_to_turn(engine, action)
        if bound and engine.turn_of(_caught_up(engine, state, now), seat) != turn:
            raise room_error("stale_turn")
        return _apply(match, game, seat, action, now, state)


def _caught_up(engine: Any, state: Any, now: datetime) -> Any:
    """The state as the clock leaves it at `now`. Before its next deadline `advance` changes nothing (that is
    what the deadline means; tests/games/test_stored_states.py checks it), so it runs, copying the whole
    state, only once a deadline has passed: most moves come before one (issue 16)."""
    deadline = engine.next_deadline(state)
    if deadline is None or now < deadline:
        return state
    return engine.advance(state, now)[0]


def _bound_to_turn(engine: Any, action: Action) -> bool:
    return not (isinstance(action, dict) and action.get("type") in engine.TURN_FREE_ACTIONS)


def match_abandon(*, match_id: int, seat: int, now: datetime | None = None, action: Action | None = None) -> bool:
    """A seat whose player left (the leave button, away too long, or a claim of the one who stayed:
    games.runtime.abandon) plays the game's leave (`action`: `{"type": "leave"}` unless the game leaves another
    way, as Cruzadas resigns) through the same path. Returns False when it changes nothing (already out, match
    over)."""
    with transaction.atomic():
        match = match_rows.lock(match_id)
        if match is None or match.status != Match.PLAYING or match.lineup[seat].get("player") is None:
            return False
        game = game_for(match.game)
        state, _events = game.engine.advance(game.engine.from_json(match.state), _now(now))
        if not game.engine.seat_active(state, seat):
            return False
        _apply(match, game, seat, action or {"type": "leave"}, _now(now))
        return True


def match_bot_move(*, match_id: int, seat: int, turn: str, now: datetime | None = None) -> bool:
    """A bot's move, computed outside the lock (it may take a few hundred ms) and applied through
    the same path as a person's, if the bot still owes that very move (`turn`)."""
    match = Match.objects.get(pk=match_id)
    level = match.lineup[seat]["bot"]
    if match.status != Match.PLAYING or not level:
        return False
    game = game_for(match.game)
    engine, bots = game.engine, game.bots
    if bots is None:
        return False  # a game without bots: no level ever sits there
    now = _now(now)
    state, _events = engine.advance(engine.from_json(match.state), now)
    if bots.bot_turn(state, seat) != turn:
        return False
    action = bots.bot_action(
        state,
        seat,
        level,
        random.Random(secrets.randbits(64)),
        words=lexicon,
        budget=ThreadCpuBudget(BOT_CPU_SECONDS),
        **game.engine_kwargs(),
    )
    if action is None:
        return False
    with transaction.atomic():
        match = _locked_playing(match_id)
        fresh, _events = engine.advance(engine.from_json(match.state), now)
        if bots.bot_turn(fresh, seat) != turn:
            return False  # someone (a repeated task) already moved for this turn
        _apply(match, game, seat, action, now)
        return True


# A bot's move thinks at most this long (CPU seconds of its own thread, so other threads of the worker do not count
# against it): its search then plays the best it found so far (issue 30; docs/bots.md, `make bench`).
BOT_CPU_SECONDS = 0.3


class ThreadCpuBudget:
    """A Budget (games.kit.contract) of CPU time of the calling thread."""

    def __init__(self, seconds: float) -> None:
        self.until = time.thread_time() + seconds

    def spent(self) -> bool:
        return time.thread_time() >= self.until


def match_advance(
    *, match_id: int, deadline: datetime | None = None, now: datetime | None = None, skip_locked: bool = False
) -> bool:
    """What the clock does by itself. The clock (games.runtime.clock) passes the deadline it found: if the
    match's deadline is another one by the time the row is locked (a move came first and moved it), it does
    nothing. With `skip_locked` a match whose row another transaction holds is left alone (False): that move
    applies what is overdue on its way, and the clock looks again at its next tick. Returns whether anything
    changed."""
    now = _now(now)
    with transaction.atomic():
        if skip_locked:
            found = match_rows.lock(match_id, skip_locked=True)
            if found is None:
                return False
            match = found
        else:
            match = _locked(match_id)
        if match.status == Match.FINISHED or (deadline is not None and deadline != match.deadline):
            return False
        if match.status == Match.ARRIVING:
            if match.deadline is None or now < match.deadline:
                return False
            _abort(match, now, "no_show")  # the join grace is over and someone never came
            return True
        game = game_for(match.game)
        state, events = game.engine.advance(game.engine.from_json(match.state), now)
        if not events:
            return False
        _save(match, game, state, events, now, made=Input(match.version + 1, CLOCK, now))
        return True


def match_stop(*, match_id: int, reason: str = "admin", now: datetime | None = None) -> bool:
    """End a stuck match now, through the same path (an admin action). Points so far stand."""
    now = _now(now)
    with transaction.atomic():
        match = _locked(match_id)
        if match.status == Match.ARRIVING:
            _abort(match, now, reason)  # no game began: nothing to decide, stakes go back
            return True
        if match.status != Match.PLAYING:
            return False
        game = game_for(match.game)
        engine = game.engine
        state, events = engine.advance(engine.from_json(match.state), now)
        if engine.outcome(state) is None:
            state, more = engine.stop(state, now, reason)
            events += more
        _save(match, game, state, events, now, made=Input(match.version + 1, STOP, now, reason=reason))
        return True


def _locked(match_id: int) -> Match:
    """The match, its row locked (match_rows.lock); Match.DoesNotExist if there is none."""
    match = match_rows.lock(match_id)
    if match is None:
        raise Match.DoesNotExist(f"no match {match_id}")
    return match


def _locked_playing(match_id: int, room_id: int | None = None) -> Match:
    """The playing match, locked; with `room_id`, only if it is that room's (the room socket's check)."""
    match = match_rows.lock(match_id, room_id)
    if match is not None and match.status == Match.ARRIVING:
        raise room_error("not_begun")
    if match is None or match.status != Match.PLAYING:
        raise room_error("no_match")
    return match


def _apply(match: Match, game: Game, seat: int, action: Action, now: datetime, state: Any = None) -> int:
    """Apply a seat's action to the locked match (`state`: its state, if the caller parsed it already)."""
    engine = game.engine
    before = engine.from_json(match.state) if state is None else state  # the rules change a copy of it
    state, events = engine.apply(before, seat, action, now, words=lexicon, **game.engine_kwargs())
    made = Input(match.version + 1, ACT, now, seat=seat, action=action)
    _save(match, game, state, events, now, before=before, made=made)
    return match.version


def _save(
    match: Match,
    game: Game,
    state: Any,
    events: list[dict[str, Any]],
    now: datetime,
    *,
    made: Input,
    before: Any = None,
) -> None:
    """Write the match's new `state` and its events, with the input that `made` it (what the replay plays
    again: games.kit.rerun) in the same INSERT. `before`: the state it replaces, parsed, when the caller
    has it (a move), so that nothing parses the stored one again. The outcome is worked out here, once a
    save, and handed to what needs it (the ratings, the results, the frames)."""
    engine = game.engine
    armed = match.deadline  # the deadline this save may have applied (the clock's, or a move's on its way)
    previous = match.state
    match.state = engine.to_json(state)
    match.version += 1
    match.deadline = engine.next_deadline(state)
    # `at`: when it was written, as auto_now_add
    match_rows.append_events(match, [made.to_json(), *events], timezone.now())
    result = engine.outcome(state)
    rated.placements_apply(match, state, game=game, result=result, before=previous, before_state=before)
    if result is not None:
        match.status, match.finished_at, match.outcome, match.deadline = Match.FINISHED, now, result.to_json(), None
        _record_results(match, result, now)
        if match.stake:
            _close_escrow(match, result)
        room = Room.objects.select_for_update().get(pk=match.room_id)
        room_status_set(room, Room.WAITING)  # the host may play again in the same room
    match_rows.save(match, SAVED_FIELDS)
    if result is not None:
        # In the match's transaction: a daily's result is recorded exactly when the match's end is.
        signals.match_finished.send(sender=Match, match=match, room=room, state=state, outcome=result)
    ended = (
        [event["round"] for event in events if event.get("type") == "round_ended"]
        if match.game in round_games()
        else []
    )
    applied = (armed, LATE_LANES[made.kind]) if armed is not None and armed <= now else None
    by = made.seat if made.kind == ACT else None  # whose move made this version (the page's sounds)
    _after_commit(match, game=game, state=state, ended_rounds=ended, applied=applied, by=by, made=made)


def _made_by(match: Match, made: Input) -> str:
    """Who made a change, for the metrics: human, bot, clock or stop."""
    if made.kind != ACT:
        return LATE_LANES[made.kind]
    return "bot" if made.seat is not None and match.lineup[made.seat].get("bot") else "human"


# Which lane applied a deadline (observe.streams.CLOCK): the clock process, a move that came first, a stop.
LATE_LANES = {CLOCK: "clock", ACT: "move", STOP: "stop"}

# What a save of the game changes (one UPDATE of these columns only).
SAVED_FIELDS = ["state", "version", "deadline", "status", "finished_at", "outcome"]


def _close_escrow(match: Match, result: Outcome) -> None:
    """Pay the pot to the winner (the house keeps its cut), or give both stakes back after an agreed
    draw or an admin's stop. In the match's own transaction, so a finished match is always a settled
    one; the wallet's keys make a retried call move nothing."""
    ref = match.match_ref
    if result.draw or result.stopped:
        escrow_refund(match_ref=ref, key=f"refund:{ref}")
        return
    winner_seat = result.winners[0]
    winner = Player.objects.get(pk=match.lineup[winner_seat]["player"])
    escrow_settle(match_ref=ref, winner=winner, key=f"settle:{ref}")


def _record_results(match: Match, result: Outcome, now: datetime) -> None:
    rows = []
    for seat, sitter in enumerate(match.lineup):
        if sitter.get("player") is None:
            continue
        rows.append(
            MatchResult(
                match=match,
                player_id=sitter["player"],
                game=match.game,
                seat=seat,
                place=result.places[seat],
                won=seat in result.winners,
                points=0 if result.totals is None else result.totals[seat],  # Torneo: no points
                details={
                    "seats": len(match.lineup),
                    "draw": bool(result.draw),
                    "stopped": result.stopped,
                    "rounds": result.rounds_of(seat),
                },
                finished_at=now,
            )
        )
    MatchResult.objects.bulk_create(rows, ignore_conflicts=True)


def _after_commit(
    match: Match,
    *,
    game: Game | None = None,
    state: Any = None,
    ended_rounds: Iterable[int] = (),
    applied: tuple[datetime, str] | None = None,
    by: int | None = None,
    made: Input | None = None,
) -> None:
    """On commit: count a move (`made`: the input of a save) and time it from its row lock (observe.metrics),
    note how late an `applied` deadline was (deadline → commit, by its lane: observe.streams),
    announce the new version, and schedule the bots that owe a move. Nothing arms the next deadline: the
    clock process reads it from the row (games.runtime.clock, decision 70).

    With the match's new `state` (a move, a clock step, the game beginning), the announcement carries every
    viewer's frame, built once from that state (views.match_frames), so no socket reads the match; a frame
    that cannot be built is left out and the sockets read as before (decision 28, issue 16). `by`: the seat whose
    move made this version (None: the clock, a stop), said in the frames so that a page knows a rival moved.

    A round's analysis and a finished match's archive go to the batch lane, coalesced and bounded
    (scheduling.enqueue_batch): no player waits for them.

    Each step may fail on its own (Redis or the broker down) without undoing what committed: the failure
    is logged, the sweeper schedules the bots and the archives again, and clients resync on reconnect."""
    code = match_rows.room_code(match)  # read with the locked match, or the room the match was made in
    match_id, version, slug = match.pk, match.version, match.game
    finished = match.status == Match.FINISHED
    lineup = match.lineup
    # The bots' schedule from the state in hand, not a re-read (a match still ARRIVING has no game yet).
    bots_state = state if match.status == Match.PLAYING else None
    ref = f"match {match_id} v{version}"
    asked, who = match_rows.lock_asked_at(match), None if made is None else _made_by(match, made)

    def publish() -> None:
        if who is not None:
            metrics.move_made(slug, who, 0.0 if asked is None else time.perf_counter() - asked)
        if applied is not None:
            deadline, lane = applied
            late_ms = observe.late_ms(deadline.timestamp())
            observe.record(observe.CLOCK, game=slug, lane=lane, late_ms=round(late_ms, 1))
            metrics.deadline_applied(slug, lane, late_ms / 1000)
        frames = None
        if state is not None:
            built: list[dict[str, Any] | None] = []
            if broadcast.safely("frames", ref, lambda: built.append(match_frames(match, state, game=game, by=by))):
                frames = built[0]
        broadcast.safely(
            "announce", ref, lambda: broadcast.announce(code, match_id=match_id, match_version=version, frames=frames)
        )
        for number in ended_rounds:  # the round-end card shows its analysis (games.runtime.archive)
            broadcast.safely("round_analysis", ref, functools.partial(archive.round_analysis_send, match_id, number))
        if finished:
            broadcast.safely("archive", ref, lambda: archive.archive_send(match_id))
        else:
            broadcast.safely(
                "schedule_bots",
                ref,
                lambda: scheduling.schedule_bots(match_id, game=slug, lineup=lineup, state=bots_state),
            )

    transaction.on_commit(publish)
