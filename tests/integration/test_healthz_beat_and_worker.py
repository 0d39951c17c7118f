"""/healthz/details against the real processes: beat alone is beat ok and worker not ok; a live worker then makes
both ok, a batch worker the batch lane, the clock the clock.

Real beat and worker on the test run's Redis (the same cache this process's /healthz reads).
"""

import pytest

from tests.integration.stack import flush_redis, stack_env, start, stop, tail, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_healthz_tells_a_live_beat_from_a_missing_worker(client, tmp_path, settings):
    settings.HEALTHZ_TOKEN = "monitor-token-for-the-integration-test-4e8b1c"  # the operators' details
    env = stack_env()
    flush_redis()
    processes = [start("beat", tmp_path, env)]
    health = {}

    def check(part: str, ok: bool) -> bool:
        details = client.get("/healthz/details", HTTP_AUTHORIZATION=f"Bearer {settings.HEALTHZ_TOKEN}")
        health.update(details.json())
        return health[part]["ok"] is ok

    try:
        # Beat's first heartbeat goes out 5 s after it starts.
        assert wait_for(lambda: check("beat", True), 20, every=0.5), (health, (tmp_path / "beat.log").read_text())
        assert health["worker"] == {"ok": False, "error": "heartbeats sent but not run"}
        assert health["batch"]["ok"] is False and health["clock"]["ok"] is False and health["ok"] is False

        processes.append(start("worker-live", tmp_path, env))
        assert wait_for(lambda: check("worker", True), 20, every=0.5), (health, tail(tmp_path, "worker-live"))
        assert health["beat"]["ok"] is True and "answered_ping" not in health["worker"]
        assert health["batch"]["ok"] is False  # the live worker takes nothing of the batch lane

        processes += [start("worker-batch", tmp_path, env), start("clock", tmp_path, env)]
        assert wait_for(lambda: check("batch", True) and check("clock", True), 30, every=0.5), (
            health,
            tail(tmp_path, "worker-batch") + tail(tmp_path, "clock"),
        )
        assert wait_for(lambda: check("worker", True) and health["ok"] is True, 10, every=0.5), health
    finally:
        stop(processes)
