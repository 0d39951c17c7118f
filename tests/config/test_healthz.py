"""/healthz/details tells an operator which part of the stack does not answer, beat, each lane's workers and the clock
each on its own;
/healthz tells anyone only whether this web process can serve (issue 17: a stranger read the stack's parts,
its database vendor and error classes, and could make it ping the workers at will)."""

import time

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import override_settings

from config import health
from config.lanes import BATCH, LIVE
from config.tasks import HEARTBEAT_SENT_KEY, heartbeat, heartbeat_sent, ran_key
from games.runtime.clock import HEARTBEAT_KEY as CLOCK_KEY
from tests.conftest import PASSWORD

DETAILS = "/healthz/details"
TOKEN = "monitor-token-7f3a9c1e5b2d4f6a8c0e2b4d6f8a0c2e"


HEARTBEAT_RAN_KEY = ran_key(LIVE)
KEYS = [HEARTBEAT_SENT_KEY, HEARTBEAT_RAN_KEY, ran_key(BATCH), CLOCK_KEY]


@pytest.fixture(autouse=True)
def no_heartbeats():
    cache.delete_many(KEYS)
    yield
    cache.delete_many(KEYS)


def the_rest_up():
    """The batch lane ran its heartbeat and the clock ticked just now."""
    heartbeat(BATCH)
    cache.set(CLOCK_KEY, time.time())


@pytest.fixture
def operator(client, settings):
    """The operators' monitor: the HEALTHZ_TOKEN of the environment as a bearer token."""
    settings.HEALTHZ_TOKEN = TOKEN
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {TOKEN}"
    return client


@pytest.fixture
def no_ping(monkeypatch):
    """A worker must be judged from the heartbeat, without asking the workers."""

    def ping(**kwargs):
        raise AssertionError("pinged the workers")

    monkeypatch.setattr(health.celery_app.control, "ping", ping)


@pytest.mark.django_db
def test_healthz_reports_each_part_and_fails_without_a_worker_or_beat(operator):
    response = operator.get(DETAILS)
    body = response.json()
    assert body["database"] == {"ok": True, "vendor": "postgresql"}
    assert body["redis"] == {"ok": True}
    # No worker or beat runs in this test (the run-command test starts them): 503, and why.
    assert body["worker"] == {"ok": False, "error": "no worker answered a ping"}
    assert body["beat"] == {"ok": False, "error": "no heartbeat sent yet"}
    assert response.status_code == 503 and body["ok"] is False


@pytest.mark.django_db
def test_a_dead_worker_under_a_live_beat_is_the_worker_not_beat(operator, no_ping):
    heartbeat_sent()  # beat sent a heartbeat; no worker ran it
    body = operator.get(DETAILS).json()
    assert body["beat"]["ok"] is True and body["beat"]["seconds_since_heartbeat_sent"] < 2
    assert body["worker"] == {"ok": False, "error": "heartbeats sent but not run"}


@pytest.mark.django_db
def test_a_worker_that_stopped_running_heartbeats_is_not_ok(operator, no_ping):
    cache.set(HEARTBEAT_RAN_KEY, time.time() - 60)
    heartbeat_sent()
    worker = operator.get(DETAILS).json()["worker"]
    assert worker["ok"] is False and 59 < worker["seconds_since_heartbeat_ran"] < 62


@pytest.mark.django_db
def test_a_heartbeat_sent_and_run_makes_both_ok(operator, no_ping):
    heartbeat_sent()
    heartbeat()
    the_rest_up()
    response = operator.get(DETAILS)
    body = response.json()
    assert body["beat"]["ok"] is True
    assert body["worker"]["ok"] is True and body["worker"]["seconds_since_heartbeat_ran"] < 2
    assert response.status_code == 200 and body["ok"] is True


@pytest.mark.django_db
def test_a_dead_beat_is_beat_and_a_worker_is_then_asked_directly(operator, monkeypatch):
    cache.set(HEARTBEAT_SENT_KEY, time.time() - 60)
    cache.set(HEARTBEAT_RAN_KEY, time.time() - 59)  # nothing to run since beat stopped
    asked = {}

    def ping(**kwargs):
        asked.update(kwargs)
        return [{"worker@host": {"ok": "pong"}}]

    monkeypatch.setattr(health.celery_app.control, "ping", ping)
    body = operator.get(DETAILS).json()
    assert body["beat"]["ok"] is False and body["beat"]["seconds_since_heartbeat_sent"] >= 59
    assert body["worker"]["ok"] is True and body["worker"]["answered_ping"] is True
    assert asked == {"timeout": health.PING_TIMEOUT, "limit": 1}  # the first reply is enough


@pytest.mark.django_db
def test_without_redis_every_celery_check_fails_and_says_why(operator, monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(health.cache, "get", down)
    body = operator.get(DETAILS).json()
    assert body["beat"] == {"ok": False, "error": "ConnectionError"}
    assert body["worker"] == {"ok": False, "error": "ConnectionError"}
    assert body["batch"] == body["clock"] == {"ok": False, "error": "ConnectionError"}


@pytest.mark.django_db
def test_each_lane_and_the_clock_are_judged_on_their_own(operator, no_ping):
    heartbeat_sent()
    heartbeat()  # the live lane
    body = operator.get(DETAILS).json()
    assert body["worker"]["ok"] is True
    assert body["batch"] == {"ok": False, "error": "no heartbeat run yet"}
    assert body["clock"] == {"ok": False, "error": "the clock never ticked"} and body["ok"] is False
    cache.set(CLOCK_KEY, time.time() - 30)  # a clock that stopped ticking half a minute ago
    heartbeat(BATCH)
    body = operator.get(DETAILS).json()
    assert body["batch"]["ok"] is True
    assert body["clock"]["ok"] is False and 29 < body["clock"]["seconds_since_tick"] < 32


# -- what a stranger gets --------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_stranger_reads_only_whether_the_site_is_up(client, monkeypatch):
    def ping(**kwargs):
        raise AssertionError("a stranger's probe made the site ping the workers")

    monkeypatch.setattr(health.celery_app.control, "ping", ping)
    # No worker or beat runs here: the public answer is this process's own (database and Redis), nothing more.
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"ok": True}


@pytest.mark.django_db
def test_the_public_answer_is_503_without_redis_and_still_says_no_more(client, settings):
    dead = {"default": {**settings.CACHES["default"], "LOCATION": "redis://127.0.0.1:1/0"}}  # nothing listens
    with override_settings(CACHES=dead):
        response = client.get("/healthz")
    assert response.status_code == 503 and response.json() == {"ok": False}


@pytest.mark.django_db
def test_the_details_are_refused_to_anyone_but_an_operator(client, settings):
    settings.HEALTHZ_TOKEN = TOKEN
    member = get_user_model().objects.create_user("marta", "marta@example.com", PASSWORD)
    attempts = [
        {},
        {"HTTP_AUTHORIZATION": "Bearer wrong-token"},
        {"HTTP_AUTHORIZATION": f"Bearer {TOKEN[:-1]}"},
        {"HTTP_AUTHORIZATION": f"Basic {TOKEN}"},
        {"HTTP_AUTHORIZATION": "Bearer "},
    ]
    for headers in attempts:
        response = client.get(DETAILS, **headers)
        assert response.status_code == 403, headers
        assert response.json() == {"error": "forbidden"}
    client.force_login(member)  # a player's session is no operator's
    assert client.get(DETAILS).status_code == 403


@pytest.mark.django_db
def test_without_a_token_in_the_environment_no_bearer_opens_the_details(client, settings):
    settings.HEALTHZ_TOKEN = ""
    assert client.get(DETAILS, HTTP_AUTHORIZATION="Bearer ").status_code == 403
    assert client.get(DETAILS, HTTP_AUTHORIZATION="Bearer").status_code == 403


@pytest.mark.django_db
def test_a_staff_user_reads_the_details(client, no_ping):
    heartbeat_sent()
    heartbeat()
    the_rest_up()
    client.force_login(get_user_model().objects.create_user("ops", "ops@example.com", PASSWORD, is_staff=True))
    body = client.get(DETAILS).json()
    assert body["ok"] is True and body["database"]["vendor"] == "postgresql" and body["worker"]["ok"] is True
