"""A finished match kept for its replay and analysis (issue 19, docs/replay.md, decision 67).

The match log holds, with every version, the input that made it and the first state (games.runtime.matches).
`archive_build` plays them again through the pure engine (games.runtime.rerun), checks that they lead to the
stored last state, and keeps each version as a spectator saw it (`engine.view(state, None)`): what the replay
page shows is exactly what anyone watching could see at that moment, and after the end what the end reveals
to everyone (the finished state's own view: hidden words, both Claves maps, the racks left). Nothing else of
the state leaves the server. The game's analysis (games/<slug>/analysis.py, where a game has one) is made by
the worker afterwards (`archive_analyse`), from the same steps.

Built once, at the end (a Celery task sent on commit; the replay page builds a missing one itself), by the
code and word lists the match was played with: a later change of rules or lists does not change a replay.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import Match, MatchArchive
from games.runtime.catalogue import spec_for
from games.runtime.engine import engine_for
from games.runtime.rerun import Input, RerunMismatch, Step, rerun
from wordlists.lexicon import lexicon

log = logging.getLogger(__name__)

FIRST_STATE, INPUT = "first_state", "input"
ARCHIVE_MATCH = "games.archive_match"  # the task (games/tasks.py)


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
    engine = engine_for(match.game)
    first, steps = match_steps(match)
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
    existing = MatchArchive.objects.filter(match_id=match_id).first()
    if existing is not None:
        return existing
    match = Match.objects.filter(pk=match_id, status=Match.FINISHED).first()
    if match is None or (match.outcome or {}).get("aborted"):
        return None
    frames: list[dict[str, Any]] = []
    problem = ""
    try:
        frames = replay_frames(match)
    except RerunMismatch as mismatch:
        problem = str(mismatch)[:200]
        log.warning("match %s has no replay: %s", match_id, problem)
    try:
        with transaction.atomic():
            return MatchArchive.objects.create(match=match, frames=frames, problem=problem)
    except IntegrityError:  # built at the same moment by the task and a page
        return MatchArchive.objects.get(match_id=match_id)


# The games with an analysis module.
ANALYSED_GAMES = ("duelo", "torneo", "wordgrid", "cruzadas")


def analysis_module(game: str) -> Any | None:
    """games/<slug>/analysis.py, for a game that has one (Claves has none)."""
    name = f"games.{game}.analysis"
    return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None


def archive_analyse(match_id: int) -> bool:
    """Make and keep the game's analysis of a finished match (the worker, after the archive). Returns whether
    it made one now (False: already made, no analysis for this game, or no replay to analyse)."""
    archive = archive_build(match_id)
    if archive is None or archive.analysis is not None or archive.problem:
        return False
    match = archive.match
    module = analysis_module(match.game)
    if module is None:
        return False
    _first, steps = match_steps(match)
    analysis = module.analyse(steps, words=lexicon, **spec_for(match.game).engine_kwargs())
    updated = MatchArchive.objects.filter(pk=archive.pk, analysis__isnull=True).update(
        analysis=analysis, analysed_at=timezone.now()
    )
    return bool(updated)


# -- a round's analysis while the match goes on (the round-end card of Duelo and the Torneo) ---------------

ROUND_GAMES = ("duelo", "torneo")  # games whose analysis has `rounds`
ROUND_ANALYSIS = "games.round_analysis"  # the task (games/tasks.py)
ROUND_CACHE_SECONDS = 3600


def _round_key(match_id: int, number: int) -> str:
    return f"round-analysis:{match_id}:{number}"


def round_analysis(match_id: int, number: int) -> dict[str, Any] | None:
    """The analysis of round `number` of a Duelo or Torneo match once that round has ended: its word and, per
    seat, figures and notes (the analysis module's `rounds` entry). Made from the steps so far and kept in the
    cache (the worker makes it when the round ends, so the card's request finds it); after the match, read from
    the archive. None while the round is played, or for a game without rounds."""
    match = Match.objects.filter(pk=match_id, game__in=ROUND_GAMES).first()
    if match is None or (match.outcome or {}).get("aborted") or match.status == Match.ARRIVING:
        return None
    kept = MatchArchive.objects.filter(match_id=match_id).values_list("analysis", flat=True).first()
    if kept:
        return _round_of(kept, number)
    cached = cache.get(_round_key(match_id, number))
    if cached is not None:
        return cached
    try:
        _first, steps = match_steps(match)
    except RerunMismatch:
        return None
    module = analysis_module(match.game)
    if module is None:
        return None
    analysis = module.analyse(steps, words=lexicon, **spec_for(match.game).engine_kwargs())
    entry = _round_of(analysis, number)
    if entry is not None:  # a round still being played is not in the analysis: asked again later
        cache.set(_round_key(match_id, number), entry, ROUND_CACHE_SECONDS)
    return entry


def _round_of(analysis: dict[str, Any], number: int) -> dict[str, Any] | None:
    return next((entry for entry in analysis.get("rounds", []) if entry.get("round") == number), None)
