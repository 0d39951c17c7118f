"""Instants as engines take and store them: aware, in UTC, as ISO text in a state's JSON."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


def require_aware(now: datetime) -> datetime:
    """Engines compare instants: a naive datetime would silently mean local time somewhere."""
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("engines take timezone-aware datetimes (UTC)")
    return now.astimezone(UTC)


def encode_time(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat()


def decode_time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text).astimezone(UTC)


def seconds(value: float) -> timedelta:
    return timedelta(seconds=value)
