"""Which date a player is on, and when a date's puzzles may be shown, and revealed (pure).

The puzzle of a date is the same worldwide, and a player plays the puzzle of their own date, as Wordle does. A
date exists somewhere on Earth from 00:00 at UTC+14 (the day before, 10:00 UTC) until 24:00 at UTC-12 (the day
after, 12:00 UTC): a player's date is believed only within those hours, so nobody reaches tomorrow's puzzle by
saying so. Its answers (and the commitment's salt) may be shown to everyone once it is over everywhere."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

AHEAD = timedelta(hours=14)  # the earliest clock on Earth (Kiribati, UTC+14)
BEHIND = timedelta(hours=12)  # the latest (UTC-12)
# A player's offset from UTC as their page says it (minutes east), within the zones that exist.
MIN_OFFSET, MAX_OFFSET = -12 * 60, 14 * 60


def utc_day(now: datetime) -> date:
    return now.astimezone(UTC).date()


def earliest_open(now: datetime) -> date:
    """The oldest date still current somewhere (UTC-12)."""
    return (now.astimezone(UTC) - BEHIND).date()


def latest_open(now: datetime) -> date:
    """The newest date already begun somewhere (UTC+14)."""
    return (now.astimezone(UTC) + AHEAD).date()


def players_day(now: datetime, offset_minutes: int | None) -> date:
    """The date of a player whose clock is `offset_minutes` east of UTC (None, or an offset no zone has: UTC)."""
    if offset_minutes is None or not MIN_OFFSET <= offset_minutes <= MAX_OFFSET:
        return utc_day(now)
    return (now.astimezone(UTC) + timedelta(minutes=offset_minutes)).date()


def begins(day: date) -> datetime:
    """When `day` begins somewhere: its puzzles may reach a browser from then on."""
    return datetime(day.year, day.month, day.day, tzinfo=UTC) - AHEAD


def over(day: date) -> datetime:
    """When `day` has ended everywhere: its answers may be shown to anyone from then on."""
    return datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(days=1) + BEHIND


def is_over(day: date, now: datetime) -> bool:
    return now >= over(day)


def has_begun(day: date, now: datetime) -> bool:
    return now >= begins(day)


def parse(text: object) -> date | None:
    """A date as a page sends it (YYYY-MM-DD), or None."""
    if not isinstance(text, str) or len(text) != 10:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None
