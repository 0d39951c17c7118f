"""Celery tasks of the games. Each takes ids, calls one service, and is safe to run late or twice.

Two lanes (config/lanes.py, decision 70): `bot_move` is live work; `archive_match` and `round_analysis` are
batch work. Deadlines are no task at all: the clock process applies them (games.runtime.clock), and runs the
sweeps below, outside any queue, so that no backlog can hold them up. The lobby's own sweep (queue presence,
quick-match launches) is lobby.tasks.sweep."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import TypeVar

from celery import shared_task
from django.utils import timezone

from games.models import Match
from games.runtime import archive, broadcast, matches, presence, scheduling
from games.runtime.abandon import abandons_sweep, deserted_sweep
from games.runtime.registry import engine_for
from observe import database

log = logging.getLogger(__name__)
T = TypeVar("T")


@shared_task(name=scheduling.BOT_MOVE, ignore_result=True)
def bot_move(match_id: int, seat: int, turn: str) -> bool:
    """A bot's move for one turn; a task that fails gives up, logged with the match (the sweeper schedules
    the move again once its pending mark has expired)."""
    try:
        return matches.match_bot_move(match_id=match_id, seat=seat, turn=turn)
    except Exception as error:
        database.note(error)
        log.exception(
            "bot_move of match %s seat %s (turn %s) gave up; the sweeper schedules it again", match_id, seat, turn
        )
        return False


@shared_task(name=archive.ARCHIVE_MATCH, ignore_result=True)
def archive_match(match_id: int) -> bool:
    """Keep a finished match for its replay, then make its analysis (games.runtime.archive). Safe twice; a task
    that fails is logged and the sweeper sends it again."""
    try:
        return archive.archive_and_analyse(match_id)
    except Exception as error:
        database.note(error)
        log.exception("archive_match of match %s gave up; the sweeper sends it again", match_id)
        return False
    finally:
        scheduling.batch_done(archive.archive_key(match_id))


@shared_task(name=archive.ROUND_ANALYSIS, ignore_result=True)
def round_analysis(match_id: int, number: int) -> bool:
    """Make a round's analysis as soon as it ends, for the round-end card (games.runtime.archive)."""
    try:
        return archive.round_analysis(match_id, number) is not None
    except Exception as error:
        database.note(error)
        log.exception("round_analysis of match %s round %s gave up; the card asks for it itself", match_id, number)
        return False
    finally:
        scheduling.batch_done(archive.round_key(match_id, number))


def sweep() -> dict:
    """The clock process runs this every SWEEP_SECONDS (games.runtime.clock), beside its deadlines. It decides
    nothing: it calls the same services.

    Each part runs on its own: one that fails (Redis down fails presence and the broker, not the
    database) is logged and the others still run."""
    return sweep_parts(
        "sweep",
        (
            ("bots", _schedule_owed_bots),
            ("silent", _silent_sockets),
            ("abandoned", abandons_sweep),
            ("deserted", deserted_sweep),
            ("archived", _archive_unarchived),
        ),
    )


def sweep_parts(label: str, parts: tuple[tuple[str, Callable[[datetime], int]], ...]) -> dict[str, int]:
    """Run each part of a sweep on its own (also lobby.tasks.sweep): {part: how many it did}, logged."""
    now = timezone.now()
    done = {name: _part(label, name, part, now) for name, part in parts}
    if any(done.values()):
        log.info("%s: %s", label, ", ".join(f"{name} {count}" for name, count in done.items()))
    return done


class PartFailed(Exception):
    """One item of a sweep's part failed (its cause chained); the message names it: "match 12"."""


def each(items: Iterable[T], ref: Callable[[T], str], step: Callable[[T], int]) -> int:
    """`step` each item in turn and add up what it did (a count, or True for one); the first failure stops the
    part and is raised as PartFailed naming the item, so the log says which match or room failed."""
    done = 0
    for item in items:
        try:
            done += int(step(item))
        except Exception as error:
            raise PartFailed(ref(item)) from error
    return done


def _part(label: str, name: str, part: Callable[[datetime], int], now: datetime) -> int:
    try:
        return part(now)
    except PartFailed as failed:
        database.note(failed.__cause__ or failed)
        log.error("%s: %s failed at %s; the next sweep tries again", label, name, failed, exc_info=failed.__cause__)
        return 0
    except Exception as error:
        database.note(error)
        log.exception("%s: %s failed; the next sweep tries again", label, name)
        return 0


def _schedule_owed_bots(now) -> int:
    # Only a match with a bot seat can owe a bot move. Picking those from the lineups spares loading every
    # playing match's state every two seconds (the soak measured 0.27 s a sweep with 100 matches playing), and
    # the states of those are read in one query, not one each (the clock's profile, issue 30: most of a sweep).
    with_bots = [
        pk
        for pk, lineup in Match.objects.filter(status=Match.PLAYING).values_list("pk", "lineup")
        if any(sitter.get("bot") for sitter in lineup)
    ][:500]
    rows = Match.objects.filter(pk__in=with_bots, status=Match.PLAYING).values_list("pk", "game", "lineup", "state")

    def schedule(row) -> int:
        match_id, game, lineup, state = row
        return scheduling.schedule_bots(match_id, game=game, lineup=lineup, state=engine_for(game).from_json(state))

    return each(rows, lambda row: f"match {row[0]}", schedule)


def _silent_sockets(now) -> int:
    """Sockets that went silent (a killed web process, a dead network) leave their rooms: pages show them
    away, and abandons count from when they were last heard from."""
    silent = presence.silent_sweep()
    for code in silent:
        broadcast.safely("announce", f"room {code}", functools.partial(broadcast.announce, code))
    return len(silent)


# Finished matches the sweeper looks at for a missing archive or analysis: the recent ones (an older match
# without one was finished before replays were kept; its page builds what it can when it is opened).
ARCHIVE_LOOKBACK = timedelta(hours=1)
ARCHIVE_GRACE = timedelta(seconds=30)  # the task sent at the end normally does it first


def _archive_unarchived(now) -> int:
    """Send the archive task again for recent finished matches that have no archive, or no analysis yet."""
    recent = Match.objects.filter(
        status=Match.FINISHED, finished_at__gte=now - ARCHIVE_LOOKBACK, finished_at__lte=now - ARCHIVE_GRACE
    ).exclude(outcome__has_key="aborted")
    missing = recent.filter(archive__isnull=True) | recent.filter(
        archive__analysis__isnull=True, archive__problem="", game__in=archive.analysed_games()
    )
    owed = list(missing.order_by("finished_at").values_list("pk", flat=True)[:100])

    return each(owed, "match {}".format, lambda match_id: archive.archive_send(match_id, again=True))
