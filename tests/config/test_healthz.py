"""/healthz tells an operator which part of the stack does not answer."""

import pytest


@pytest.mark.django_db
def test_healthz_reports_each_part_and_fails_without_a_worker(client, settings):
    from django.core.cache import cache

    cache.delete("celery-beat-heartbeat")
    response = client.get("/healthz")
    body = response.json()
    assert body["database"] == {"ok": True, "vendor": "postgresql"}
    assert body["redis"] == {"ok": True}
    # No worker or beat runs in this test (the run-command test starts them): 503, and why.
    assert body["worker"]["ok"] is False
    assert body["beat"]["ok"] is False
    assert response.status_code == 503 and body["ok"] is False


@pytest.mark.django_db
def test_healthz_reads_a_recent_beat(client):
    from config.tasks import heartbeat

    heartbeat()
    assert client.get("/healthz").json()["beat"]["ok"] is True
