"""The daily's pure parts: which dates are open, streaks and statistics, the commitment's document and digest."""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daily import commitment, streaks
from toolkit import days

D = date(2026, 12, 7)


@pytest.mark.parametrize(
    ("now", "earliest", "latest"),
    [
        (datetime(2026, 12, 7, 0, 30, tzinfo=UTC), date(2026, 12, 6), date(2026, 12, 7)),
        (datetime(2026, 12, 7, 10, 0, tzinfo=UTC), date(2026, 12, 6), date(2026, 12, 8)),  # Kiribati's 8th began
        (datetime(2026, 12, 7, 11, 59, tzinfo=UTC), date(2026, 12, 6), date(2026, 12, 8)),
        (datetime(2026, 12, 7, 12, 0, tzinfo=UTC), date(2026, 12, 7), date(2026, 12, 8)),  # the 6th over at UTC-12
    ],
)
def test_the_dates_open_somewhere(now, earliest, latest):
    assert days.earliest_open(now) == earliest and days.latest_open(now) == latest


def test_a_date_begins_at_utc_plus_14_and_is_over_after_utc_minus_12():
    assert days.begins(D) == datetime(2026, 12, 6, 10, 0, tzinfo=UTC)
    assert days.over(D) == datetime(2026, 12, 8, 12, 0, tzinfo=UTC)
    assert not days.has_begun(D, datetime(2026, 12, 6, 9, 59, tzinfo=UTC))
    assert days.has_begun(D, datetime(2026, 12, 6, 10, 0, tzinfo=UTC))
    assert not days.is_over(D, datetime(2026, 12, 8, 11, 59, tzinfo=UTC))
    assert days.is_over(D, datetime(2026, 12, 8, 12, 0, tzinfo=UTC))


@pytest.mark.parametrize("text", ["2026-12-07", "2026-02-28"])
def test_a_date_parses(text):
    assert days.parse(text) == date.fromisoformat(text)


@pytest.mark.parametrize("text", [None, 20261207, "2026-13-01", "2026-12-7", "tomorrow", "2026-12-07T00:00", "x" * 50])
def test_anything_else_is_no_date(text):
    assert days.parse(text) is None


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)))
def test_a_player_s_date_in_any_zone_is_an_open_date(now):
    for offset in range(days.MIN_OFFSET, days.MAX_OFFSET + 1, 30):
        day = days.players_day(now, offset)
        assert days.earliest_open(now) <= day <= days.latest_open(now)
        assert days.has_begun(day, now) and not days.is_over(day, now)


def test_a_streak_counts_back_from_today_or_yesterday():
    run = [D - timedelta(days=n) for n in range(3)]  # the 5th, 6th and 7th
    assert streaks.streak(run, D) == streaks.Streak(current=3, best=3)
    assert streaks.streak(run, D + timedelta(days=1)).current == 3  # today not played yet: still alive
    assert streaks.streak(run, D + timedelta(days=2)).current == 0  # a day missed
    broken = [*run, D - timedelta(days=10), D - timedelta(days=11), D - timedelta(days=12), D - timedelta(days=13)]
    assert streaks.streak(broken, D) == streaks.Streak(current=3, best=4)
    assert streaks.streak([], D) == streaks.Streak(0, 0)
    assert streaks.streak([D, D], D) == streaks.Streak(1, 1)  # two languages of one date: one day


def test_the_daily_five_counts_only_dates_with_every_game_done():
    done = {"duelo": {D, D - timedelta(days=1)}, "cruzadas": {D}}
    assert streaks.all_done_days(done, ["duelo", "cruzadas"]) == {D}
    assert streaks.all_done_days(done, ["duelo", "wordgrid"]) == set()


def test_statistics_count_the_archive_but_not_for_the_streak():
    won = {"won": True, "steps": 4}
    lost = {"won": False, "steps": 6}
    stats = streaks.statistics(
        [(D - timedelta(days=1), False, won), (D, False, lost), (D - timedelta(days=30), True, won)], D
    )
    assert (stats.played, stats.won, stats.won_percent) == (3, 2, 67)
    assert stats.distribution == {"4": 2, "x": 1}
    assert stats.streak == streaks.Streak(current=2, best=2)
    assert streaks.statistics([(D - timedelta(days=5), True, won)], D).streak.best == 0


def test_a_document_hashes_to_its_digest_and_any_change_breaks_it():
    salt = commitment.new_salt()
    text = commitment.document("duelo", D, salt, [("es", "seed-es", {"word": "bollo"}), ("en", "s", {"word": "crane"})])
    digest = commitment.digest(text)
    assert digest == hashlib.sha256(text.encode()).hexdigest()
    assert commitment.verifies(text, digest) and commitment.verifies(text, digest.upper())
    assert not commitment.verifies(text.replace("bollo", "pollo"), digest)
    # The order the puzzles come in does not change the document.
    assert text == commitment.document(
        "duelo", D, salt, [("en", "s", {"word": "crane"}), ("es", "seed-es", {"word": "bollo"})]
    )
    # Without the salt the answer cannot be tried word by word against the digest.
    assert salt in text and len(salt) == 64
