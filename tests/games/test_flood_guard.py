"""The flood guard (games.runtime.frames.Bucket) judges the client's rate, not the server's.

A socket's frames queue inside the server while its handler waits (a snapshot read behind the process's
database thread); they then reach the handler at once. The long soak of issue 16 saw the guard close 907
sockets (4429) that had done nothing but wait: each backlog earned strikes, and strikes were never
forgiven. A client that keeps on sending too fast is still closed."""

from __future__ import annotations

import pytest

from games.runtime import frames
from games.runtime.frames import BUCKET_SIZE, REFILL_PER_SECOND, STRIKES_BEFORE_CLOSE, Bucket


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(frames.time, "monotonic", clock)
    return clock


def test_backlogs_that_reach_the_handler_at_once_now_and_then_are_not_a_flood(clock) -> None:
    bucket = Bucket()
    for _backlog in range(10):
        clock.now += 60  # the handler waited a minute; the client's pings (one every 2 s) queued meanwhile
        taken = [bucket.take() for _frame in range(30)]
        assert taken.count(False) == 30 - BUCKET_SIZE  # told to slow down for what is over the burst
        for _ping in range(5):  # then the backlog is drained and the client's own pace is back
            clock.now += 2
            assert bucket.take()
    assert not bucket.flooding


def test_a_client_that_keeps_on_sending_too_fast_is_closed(clock) -> None:
    bucket = Bucket()
    refused = 0
    while not bucket.flooding:
        clock.now += 1 / (2 * REFILL_PER_SECOND)  # twice the rate a person types
        refused += not bucket.take()
        assert clock.now < 1000 + 60, "a flooder is closed within a minute"
    assert refused == STRIKES_BEFORE_CLOSE


def test_a_burst_far_over_the_limit_is_closed_at_once(clock) -> None:
    bucket = Bucket()
    results = [bucket.take() for _frame in range(200)]  # all in the same instant
    assert results[:BUCKET_SIZE] == [True] * BUCKET_SIZE
    assert bucket.flooding
