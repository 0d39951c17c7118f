"""/healthz tells an operator which part of the stack does not answer, beat and the worker each on its own."""

import time

import pytest
from django.core.cache import cache

from config import health
from config.tasks import HEARTBEAT_RAN_KEY, HEARTBEAT_SENT_KEY, heartbeat, heartbeat_sent


@pytest.fixture(autouse=True)
def no_heartbeats():
    cache.delete_many([HEARTBEAT_SENT_KEY, HEARTBEAT_RAN_KEY])
    yield
    cache.delete_many([HEARTBEAT_SENT_KEY, HEARTBEAT_RAN_KEY])


@pytest.fixture
def no_ping(monkeypatch):
    """A worker must be judged from the heartbeat, without asking the workers."""

    def ping(**kwargs):
        raise AssertionError("pinged the workers")

    monkeypatch.setattr(health.celery_app.control, "ping", ping)


@pytest.mark.django_db
def test_healthz_reports_each_part_and_fails_without_a_worker_or_beat(client):
    response = client.get("/healthz")
    body = response.json()
    assert body["database"] == {"ok": True, "vendor": "postgresql"}
    assert body["redis"] == {"ok": True}
    # No worker or beat runs in this test (the run-command test starts them): 503, and why.
    assert body["worker"] == {"ok": False, "error": "no worker answered a ping"}
    assert body["beat"] == {"ok": False, "error": "no heartbeat sent yet"}
    assert response.status_code == 503 and body["ok"] is False


@pytest.mark.django_db
def test_a_dead_worker_under_a_live_beat_is_the_worker_not_beat(client, no_ping):
    heartbeat_sent()  # beat sent a heartbeat; no worker ran it
    body = client.get("/healthz").json()
    assert body["beat"]["ok"] is True and body["beat"]["seconds_since_heartbeat_sent"] < 2
    assert body["worker"] == {"ok": False, "error": "heartbeats sent but not run"}


@pytest.mark.django_db
def test_a_worker_that_stopped_running_heartbeats_is_not_ok(client, no_ping):
    cache.set(HEARTBEAT_RAN_KEY, time.time() - 60)
    heartbeat_sent()
    worker = client.get("/healthz").json()["worker"]
    assert worker["ok"] is False and 59 < worker["seconds_since_heartbeat_ran"] < 62


@pytest.mark.django_db
def test_a_heartbeat_sent_and_run_makes_both_ok(client, no_ping):
    heartbeat_sent()
    heartbeat()
    response = client.get("/healthz")
    body = response.json()
    assert body["beat"]["ok"] is True
    assert body["worker"]["ok"] is True and body["worker"]["seconds_since_heartbeat_ran"] < 2
    assert response.status_code == 200 and body["ok"] is True


@pytest.mark.django_db
def test_a_dead_beat_is_beat_and_a_worker_is_then_asked_directly(client, monkeypatch):
    cache.set(HEARTBEAT_SENT_KEY, time.time() - 60)
    cache.set(HEARTBEAT_RAN_KEY, time.time() - 59)  # nothing to run since beat stopped
    asked = {}

    def ping(**kwargs):
        asked.update(kwargs)
        return [{"worker@host": {"ok": "pong"}}]

    monkeypatch.setattr(health.celery_app.control, "ping", ping)
    body = client.get("/healthz").json()
    assert body["beat"]["ok"] is False and body["beat"]["seconds_since_heartbeat_sent"] >= 59
    assert body["worker"]["ok"] is True and body["worker"]["answered_ping"] is True
    assert asked == {"timeout": health.PING_TIMEOUT, "limit": 1}  # the first reply is enough


@pytest.mark.django_db
def test_without_redis_every_celery_check_fails_and_says_why(client, monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(health.cache, "get", down)
    body = client.get("/healthz").json()
    assert body["beat"] == {"ok": False, "error": "ConnectionError"}
    assert body["worker"] == {"ok": False, "error": "ConnectionError"}
