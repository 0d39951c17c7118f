"""What the soak verifies on the database and the logs once play stops (the stack still running).

- No match is stuck: a playing match (or one waiting for its players) whose deadline passed more than
  STUCK_SECONDS ago was forgotten by the timers and the sweeper alike.
- No clock step was applied twice: events that the clock produces once per match, round or seat
  (a round opening or ending, a countdown, a flag falling, the end of the match) appear once.
- The ledger is sound (`manage.py ledger_check`, in its own process, as an operator runs it).
- The server's logs hold no traceback (a consumer or a task that crashed).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
STUCK_SECONDS = 5.0
# Events the clock (or a move) produces at most once per (match, round, seat) key.
ONCE = ("round_opened", "round_starting", "closing_started", "round_ended", "timed_out", "match_finished")
LOG_ALARMS = ("Traceback", "Exception inside application", "CRITICAL")


def overdue_seconds() -> float:
    """How late the most overdue playing match (or one waiting for its players) is (0 when none is)."""
    from django.db.models import Min
    from django.utils import timezone

    from games.models import Match

    oldest = Match.objects.filter(status__in=(Match.PLAYING, Match.ARRIVING), deadline__lt=timezone.now()).aggregate(
        oldest=Min("deadline")
    )["oldest"]
    return (timezone.now() - oldest).total_seconds() if oldest else 0.0


def database_connections() -> int:
    """Open PostgreSQL sessions on this database (every process of the stack, this one included)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
        return cursor.fetchone()[0]


def stuck_matches() -> list[dict[str, Any]]:
    from django.utils import timezone

    from games.models import Match

    late = Match.objects.filter(
        status__in=(Match.PLAYING, Match.ARRIVING), deadline__lt=timezone.now() - timedelta(seconds=STUCK_SECONDS)
    )
    return [
        {
            "match": match.pk,
            "game": match.game,
            "deadline": match.deadline.isoformat(),
            "phase": match.state.get("phase"),
            "version": match.version,
        }
        for match in late[:20]
    ]


def repeated_clock_events() -> list[dict[str, Any]]:
    from django.db.models import Count

    from games.models import MatchEvent

    repeated = (
        MatchEvent.objects.filter(kind__in=ONCE)
        .values("match_id", "kind", "data__round", "data__seat")
        .annotate(times=Count("id"))
        .filter(times__gt=1)
        .order_by("match_id")
    )
    return list(repeated[:20])


def counts() -> dict[str, Any]:
    from django.db.models import Count, Q

    from games.models import Match, MatchEvent, MatchResult, Room
    from wallet.models import Transfer

    matches = {
        row["game"]: {"started": row["started"], "finished": row["finished"]}
        for row in Match.objects.values("game").annotate(
            started=Count("id"), finished=Count("id", filter=Q(status=Match.FINISHED))
        )
    }
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW max_connections")
        allowed = int(cursor.fetchone()[0])
    return {
        "max_connections": allowed,
        "rooms": Room.objects.count(),
        "matches": matches,
        "events": MatchEvent.objects.count(),
        "results": MatchResult.objects.count(),
        "staked_matches": Match.objects.filter(stake__gt=0).count(),
        "transfers": Transfer.objects.count(),
        "arrived": Match.objects.filter(arrival__began_at__isnull=False).count(),
        "aborted": Match.objects.filter(outcome__aborted=True).count(),
    }


def ledger_check(env: dict[str, str], attempts: int = 10) -> tuple[bool, str]:
    """`manage.py ledger_check` as an operator runs it; tried again while the server has no free slot."""
    for _attempt in range(attempts):
        result = subprocess.run(
            [sys.executable, "manage.py", "ledger_check"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        text = (result.stdout + result.stderr).strip()
        if "too many clients" not in text:
            break
        time.sleep(3)
    return result.returncode == 0, text


def log_alarms(
    folder: Path, outages: list[tuple[dict[str, int], dict[str, int]]] = ()
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The lines of each log that signal a crash, with the line after each for context: those written
    outside any outage, and those written during one (`outages`: each log's size when Redis went and a
    little after it returned, outage.log_sizes). An outage makes the server log its failures with their
    tracebacks (a broadcast after a commit, the channel layer's reader): expected there, not elsewhere."""
    outside: dict[str, list[str]] = {}
    inside: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.log")):
        windows = [(start.get(path.stem, 0), end.get(path.stem, start.get(path.stem, 0))) for start, end in outages]
        data = path.read_bytes()
        lines, offsets, at = data.splitlines(keepends=True), [], 0
        for line in lines:
            offsets.append(at)
            at += len(line)
        text = [line.decode(errors="replace").rstrip("\r\n") for line in lines]
        for i, line in enumerate(text):
            if any(alarm in line for alarm in LOG_ALARMS):
                during = any(start <= offsets[i] < end for start, end in windows)
                (inside if during else outside).setdefault(path.stem, []).append(" | ".join(text[i : i + 2]))
    return outside, inside


def latest_matches(codes: set[str]) -> dict[str, tuple[int, int]]:
    """Each room's latest match (the highest id: a later match of a room, or of a newer room with the
    same code) and its version, by room code."""
    from games.models import Match

    latest: dict[str, tuple[int, int]] = {}
    for code, pk, version in Match.objects.filter(room__code__in=codes).values_list("room__code", "pk", "version"):
        if code not in latest or pk > latest[code][0]:
            latest[code] = (pk, version)
    return latest


def retrying(function, *, attempts: int = 20, wait: float = 3.0):
    """Call `function` until the database lets us in: the soak must report even when the server's
    connection slots are full (that is one of the things it finds). Closes its connection after."""
    from django.db import InterfaceError, OperationalError

    for attempt in range(attempts):
        try:
            return function()
        except (OperationalError, InterfaceError):
            close_connections()
            if attempt == attempts - 1:
                raise
            time.sleep(wait)
        finally:
            close_connections()
    return None


def close_connections() -> None:
    from django.db import connections

    connections.close_all()


def env_for(url: str, redis_url: str) -> dict[str, str]:
    # Every soak player comes from 127.0.0.1: the per-address code look-up budget (games/lookups.py) would
    # refuse the friends who take their seats by the invitation.
    return dict(
        os.environ,
        DATABASE_URL=url,
        REDIS_URL=redis_url,
        DEBUG=os.environ.get("DEBUG", "1"),
        CODE_LOOKUP_RATES="1000000/m",
        # A staked table's two members play each other again and again: the day's cap per pair of accounts
        # (wallet/trust.py) would refuse their sixth game.
        WALLET_PAIR_GAMES_PER_DAY="0",
    )
