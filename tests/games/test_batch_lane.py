"""The batch lane's backlog is bounded and its work coalesced (issue 30): the same analysis asked many times is sent
once, and when the lane is full new batch work is deferred (not sent, asked again later), never live work.

Real Redis (the broker and the cache), the lanes' queues copied under a prefix of this test's own; no worker."""

import pytest

from config import lanes
from config.celery import app
from config.lanes import BATCH, LIVE
from games.runtime import archive, scheduling
from observe import streams

PREFIX = "test-batch-lane-"


@pytest.fixture
def own_queues():
    lanes.use_prefix(app, PREFIX)
    client = streams._client()
    yield client
    lanes.use_prefix(app, "")
    for lane in (LIVE, BATCH):
        name = lanes.queue(lane, PREFIX)
        client.delete(name, f"_kombu.binding.{name}", f"_kombu.binding_permanent.{name}")


def waiting(client, lane: str) -> int:
    return client.llen(lanes.queue(lane, PREFIX))


def test_the_same_round_analysis_asked_by_every_card_is_sent_once(own_queues):
    assert archive.round_analysis_send(900001, 1) is True
    assert [archive.round_analysis_send(900001, 1) for _ in range(7)] == [False] * 7
    assert waiting(own_queues, BATCH) == 1 and waiting(own_queues, LIVE) == 0
    scheduling.batch_done(archive.round_key(900001, 1))  # the worker ran it: it may be asked again
    assert archive.round_analysis_send(900001, 1) is True and waiting(own_queues, BATCH) == 2


def test_a_full_batch_lane_defers_new_work_and_takes_it_again_once_it_has_room(own_queues, monkeypatch):
    monkeypatch.setattr(scheduling, "BATCH_BACKLOG", 3)
    for match_id in (900011, 900012, 900013):
        assert archive.archive_send(match_id) is True
    assert waiting(own_queues, BATCH) == 3
    assert archive.archive_send(900014) is False  # deferred: the lane is full
    assert waiting(own_queues, BATCH) == 3
    own_queues.lpop(lanes.queue(BATCH, PREFIX))  # a batch worker took one
    assert archive.archive_send(900014) is True  # not coalesced away: the deferred one was never pending
    assert waiting(own_queues, BATCH) == 3 and waiting(own_queues, LIVE) == 0


def test_a_bot_move_goes_to_the_live_lane_whatever_waits_in_the_batch_lane(own_queues, monkeypatch):
    monkeypatch.setattr(scheduling, "BATCH_BACKLOG", 1)
    assert archive.archive_send(900021) is True and archive.archive_send(900022) is False  # batch is full
    scheduling.enqueue(scheduling.BOT_MOVE, (900021, 1, "r1"), countdown=0)
    assert waiting(own_queues, LIVE) == 1
