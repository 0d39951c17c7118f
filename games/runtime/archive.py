"""A finished match kept for its replay and analysis (issue 19, docs/replay.md, decision 67).

The match log holds, with every version, the input that made it and the first state (games.runtime.matches).
`archive_build` plays them again through the pure engine (games.kit.rerun), checks that they lead to the
stored last state, and keeps each version as a spectator saw it (`engine.view(state, None)`): what the replay
page shows is exactly what anyone watching could see at that moment, and after the end what the end reveals
to everyone (the finished state's own view: hidden words, both Claves maps, the racks left). Nothing else of
the state leaves the server. The game's analysis (games/<slug>/analysis.py, where a game has one) is made by
the worker afterwards (`archive_analyse`), from the same steps.

Built once, at the end (a task of the batch lane sent on commit; the replay page builds a missing one itself), by the
code and word lists the match was played with: a later change of rules or lists does not change a replay.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.kit.rerun import Input, RerunMismatch, Step, rerun
from games.models import Match, MatchArchive, MatchEvent
from games.runtime import scheduling
from games.runtime.catalogue import game_module, game_slugs, spec_for
from games.runtime.registry import engine_for
from wordlists.lexicon import lexicon

log = logging.getLogger(__name__)

FIRST_STATE, INPUT = "first_state", "input"
ARCHIVE_MATCH = "games.archive_match"  # the task (games/tasks.py), in the batch lane


def match_steps(match: Match) -> tuple[dict[str, Any], list[Step]]:
    """The match's first state (JSON) and every step it went through, played again from its log (a match still
    being played: up to the version of `match` as it was read).

    RerunMismatch when the log cannot give them: a match played before inputs were kept, or one whose inputs
    no longer lead to its stored state."""
    rows = (
        match.events.filter(kind__in=(FIRST_STATE, INPUT), version__lte=match.version)
        .order_by("id")
        .values_list("version", "kind", "data")
    )
    first: dict[str, Any] | None = None
    inputs: list[Input] = []
    for version, kind, data in rows:
        if kind == FIRST_STATE:
            first = data["state"]
        else:
            inputs.append(Input.from_json(version, data))
    if first is None:
        raise RerunMismatch("this match was played before replays were kept")
    steps = rerun(
        engine_for(match.game),
        first,
        inputs,
        words=lexicon,
        final=match.state,
        engine_kwargs=spec_for(match.game).engine_kwargs(),
    )
    return first, steps


def _frame(version: int, at: str, view: dict[str, Any], made: Input | None) -> dict[str, Any]:
    return {
        "v": version,
        "at": at,
        "view": view,
        # Who or what made this version: a seat's move, the clock, a stop. Never the action itself (a Duelo
        # guess's word is the guesser's alone): the view shows what of it anyone may see.
        "input": None if made is None else {"kind": made.kind, "seat": made.seat},
    }


def replay_frames(match: Match) -> list[dict[str, Any]]:
    """Every version of the finished match as a spectator saw it, the first state's first."""
    first, steps = match_steps(match)
    return _frames(match, first, steps)


def _frames(match: Match, first: dict[str, Any], steps: list[Step]) -> list[dict[str, Any]]:
    engine = engine_for(match.game)
    began = (match.arrival or {}).get("began_at") or match.started_at.isoformat()
    frames = [_frame(_first_version(match, steps), began, engine.view(engine.from_json(first), None), None)]
    frames += [
        _frame(step.version, step.input.at.isoformat(), engine.view(step.after, None), step.input) for step in steps
    ]
    return frames


def _first_version(match: Match, steps: list[Step]) -> int:
    """The version the first state was written with (1, or the version at which the players arrived)."""
    return steps[0].version - 1 if steps else match.version


def archive_build(match_id: int) -> MatchArchive | None:
    """The finished match's archive, built now if there is none yet (idempotent: a second call, or two at once,
    give the one row). None for a match that is not finished, or was called off before it began."""
    return _built(match_id)[0]


def _built(match_id: int) -> tuple[MatchArchive | None, list[Step] | None]:
    """`archive_build`, with the steps it played again to build the archive now (None: it was there already,
    or there was none to build), so that the analysis that follows it does not play them a second time."""
    existing = MatchArchive.objects.filter(match_id=match_id).first()
    if existing is not None:
        return existing, None
    match = Match.objects.filter(pk=match_id, status=Match.FINISHED).first()
    if match is None or (match.outcome or {}).get("aborted"):
        return None, None
    frames: list[dict[str, Any]] = []
    steps: list[Step] | None = None
    problem = ""
    try:
        first, steps = match_steps(match)
        frames = _frames(match, first, steps)
    except RerunMismatch as mismatch:
        problem = str(mismatch)[:200]
        log.warning("match %s has no replay: %s", match_id, problem)
    try:
        with transaction.atomic():
            return MatchArchive.objects.create(match=match, frames=frames, problem=problem), steps
    except IntegrityError:  # built at the same moment by the task and a page
        return MatchArchive.objects.get(match_id=match_id), None


def archive_key(match_id: int) -> str:
    return f"archive:{match_id}"


def archive_send(match_id: int, *, again: bool = False) -> bool:
    """Ask the batch lane to archive (and analyse) a finished match: coalesced and bounded
    (scheduling.enqueue_batch); the sweeper asks `again` for a recent match still without one, only into a
    lane that is nearly empty (new work goes first)."""
    backlog = scheduling.BATCH_REFILL_BELOW if again else None
    return scheduling.enqueue_batch(ARCHIVE_MATCH, (match_id,), key=archive_key(match_id), backlog=backlog)


def analysis_module(game: str) -> Any | None:
    """games/<slug>/analysis.py, for a game that has one (Claves has none)."""
    return game_module(game, "analysis")


@functools.cache
def analysed_games() -> tuple[str, ...]:
    """The games with an analysis, found as the games are (games/<slug>/analysis.py): none is named here."""
    return tuple(slug for slug in game_slugs() if analysis_module(slug) is not None)


@functools.cache
def round_games() -> tuple[str, ...]:
    """The games whose analysis makes a card at each round's end while the match goes on (its module's
    `analyse_round`: Duelo's rounds, the Torneo's)."""
    return tuple(slug for slug in analysed_games() if hasattr(analysis_module(slug), "analyse_round"))


def archive_analyse(match_id: int) -> bool:
    """Make and keep the game's analysis of a finished match (the worker, after the archive). Returns whether
    it made one now (False: already made, no analysis for this game, or no replay to analyse)."""
    return _analyse(archive_build(match_id), None)


def archive_and_analyse(match_id: int) -> bool:
    """The batch task's work: the archive, then its analysis, from one playing again of the match's log (the
    archive's frames and the analysis read the same steps). Returns whether it made an analysis now."""
    return _analyse(*_built(match_id))


def _analyse(archive: MatchArchive | None, steps: list[Step] | None) -> bool:
    if archive is None or archive.analysis is not None or archive.problem:
        return False
    match = archive.match
    module = analysis_module(match.game)
    if module is None:
        return False
    if steps is None:
        _first, steps = match_steps(match)
    analysis = module.analyse(steps, words=lexicon, **spec_for(match.game).engine_kwargs())
    updated = MatchArchive.objects.filter(pk=archive.pk, analysis__isnull=True).update(
        analysis=analysis, analysed_at=timezone.now()
    )
    return bool(updated)


# -- a round's analysis while the match goes on (the round-end card of Duelo and the Torneo) ---------------

ROUND_ANALYSIS = "games.round_analysis"  # the task (games/tasks.py), in the batch lane
ROUND_CACHE_SECONDS = 3600
ROUND_ENDED = "round_ended"  # the event a round's end writes (its `round`: the number)


def round_key(match_id: int, number: int) -> str:
    return f"round-analysis:{match_id}:{number}"


def round_analysis_kept(match_id: int, number: int) -> dict[str, Any] | None:
    """The analysis of round `number` as it was made once: from the finished match's archive, else from the
    cache the batch task filled when the round ended. Nothing is computed here (issue 31: a page request never
    runs an analysis)."""
    kept = MatchArchive.objects.filter(match_id=match_id).values_list("analysis", flat=True).first()
    if kept:
        return _round_of(kept, number)
    found: dict[str, Any] | None = cache.get(round_key(match_id, number))
    return found


def round_ended(match_id: int, number: int) -> bool:
    """Whether round `number` of the match has ended (its event is in the log), or the match has."""
    match = Match.objects.filter(pk=match_id, game__in=round_games()).values_list("status", "outcome").first()
    if match is None or (match[1] or {}).get("aborted") or match[0] == Match.ARRIVING:
        return False
    if match[0] == Match.FINISHED:
        return True
    return MatchEvent.objects.filter(match_id=match_id, kind=ROUND_ENDED, data__round=number).exists()


def round_analysis_send(match_id: int, number: int) -> bool:
    """Ask the batch lane for the analysis of an ended round (coalesced: once per round while it is pending;
    deferred when the lane is full). Returns whether a task was sent."""
    return scheduling.enqueue_batch(ROUND_ANALYSIS, (match_id, number), key=round_key(match_id, number))


def round_analysis(match_id: int, number: int) -> dict[str, Any] | None:
    """Make the analysis of round `number` of a Duelo or Torneo match once that round has ended (the batch
    task): its word and, per seat, figures and notes (the analysis module's `rounds` entry), made from the
    steps so far and kept in the cache for the card; after the match, read from the archive. None for a
    round still being played (nothing of it is told before it ends), or for a game without rounds."""
    kept = round_analysis_kept(match_id, number)
    if kept is not None:
        return kept
    match = Match.objects.filter(pk=match_id, game__in=round_games()).first()
    if match is None or (match.outcome or {}).get("aborted") or match.status == Match.ARRIVING:
        return None
    try:
        _first, steps = match_steps(match)
    except RerunMismatch:
        return None
    module = analysis_module(match.game)
    if module is None:
        return None
    entry: dict[str, Any] | None = module.analyse_round(
        steps, number, words=lexicon, **spec_for(match.game).engine_kwargs()
    )
    if entry is not None:
        cache.set(round_key(match_id, number), entry, ROUND_CACHE_SECONDS)
    return entry


def _round_of(analysis: dict[str, Any], number: int) -> dict[str, Any] | None:
    return next((entry for entry in analysis.get("rounds", []) if entry.get("round") == number), None)
