"""/healthz/details against real Celery processes: beat alone is beat ok and worker not ok; a worker then makes
both ok.

Real beat and worker on the test run's Redis (the same cache this process's /healthz reads).
"""

import pytest

from tests.integration.stack import celery, flush_redis, stack_env, stop, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_healthz_tells_a_live_beat_from_a_missing_worker(client, tmp_path, settings):
    settings.HEALTHZ_TOKEN = "monitor-token-for-the-integration-test-4e8b1c"  # the operators' details
    env = stack_env()
    flush_redis()
    processes = [celery("beat", tmp_path, env)]
    health = {}

    def check(part: str, ok: bool) -> bool:
        details = client.get("/healthz/details", HTTP_AUTHORIZATION=f"Bearer {settings.HEALTHZ_TOKEN}")
        health.update(details.json())
        return health[part]["ok"] is ok

    try:
        # Beat's first heartbeat goes out 5 s after it starts.
        assert wait_for(lambda: check("beat", True), 20, every=0.5), (health, (tmp_path / "beat.log").read_text())
        assert health["worker"] == {"ok": False, "error": "heartbeats sent but not run"}

        processes.append(celery("worker", tmp_path, env, threads=True))
        assert wait_for(lambda: check("worker", True), 20, every=0.5), (
            health,
            (tmp_path / "worker.log").read_text()[-3000:],
        )
        assert health["beat"]["ok"] is True and "answered_ping" not in health["worker"]
    finally:
        stop(processes)
