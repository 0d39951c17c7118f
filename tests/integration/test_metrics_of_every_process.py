"""Every process of the site serves its metrics, and logs JSON lines that say which node and which process
(issue 34, "Operators can see it"): daphne at /metrics for the scraper's token, the clock, a live worker and beat
on their METRICS_PORT; the clock's deadlines' lateness and each lane's queue depth, the tasks a real worker ran.

Real processes as config/launch.py starts them, real Redis, real PostgreSQL; the lanes' queues are a private copy
(CELERY_QUEUE_PREFIX), so that nothing else takes or adds to them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import httpx
import pytest
from django.core.cache import cache

from config import launch
from tests.config.test_metrics import a_match_due_long_ago, sample
from tests.conftest import ROOT
from tests.integration.stack import flush_redis, free_port, stack_env, stop, tail, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

NODE = "node-b1"
TOKEN = "scraper-token-0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a"


def scrape(port: int) -> str:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=2).text
    except httpx.HTTPError:
        return ""


def json_lines(path) -> list[dict]:
    """Every line of a process' log as JSON: fails on the first that is not."""
    lines = [line for line in path.read_text(errors="replace").splitlines() if line.strip()]
    return [json.loads(line) for line in lines]


def test_the_clock_a_worker_and_beat_serve_their_metrics_and_log_json_lines_with_their_node(tmp_path, alice, bob_guest):
    flush_redis()
    prefix = f"metrics{os.getpid()}-"
    ports = {name: free_port() for name in ("clock", "worker-live", "beat")}
    argv = {
        "clock": launch.clock(sys.executable),
        "worker-live": launch.worker(
            sys.executable, "live", hostname="live-metrics@%h", queue_prefix=prefix, extra=("--without-heartbeat",)
        ),
        "beat": launch.beat(sys.executable),
    }
    a_match_due_long_ago(alice, bob_guest)
    redis = cache._cache.get_client(write=True)
    redis.lpush(f"{prefix}batch", *[f"waiting-{n}" for n in range(3)])  # no batch worker reads this copy

    processes = []
    try:
        for name, command in argv.items():
            env = stack_env(
                LOG_FORMAT="json", NODE_NAME=NODE, CELERY_QUEUE_PREFIX=prefix, METRICS_PORT=str(ports[name])
            )
            processes.append(
                subprocess.Popen(
                    command,
                    cwd=ROOT,
                    env=env,
                    stdout=open(tmp_path / f"{name}.out", "w"),  # noqa: SIM115 - closed with the process
                    stderr=open(tmp_path / f"{name}.log", "w"),  # noqa: SIM115
                    start_new_session=True,
                )
            )
        assert wait_for(lambda: all(scrape(port) for port in ports.values()), 60), [tail(tmp_path, n) for n in ports]
        from config.celery import app

        app.send_task("config.tasks.heartbeat", args=("live",), queue=f"{prefix}live")

        clock = {"node": NODE, "process": "clock"}

        def clock_applied_it() -> bool:
            lateness = "dreamgames_deadline_lateness_seconds_count"
            return sample(scrape(ports["clock"]), lateness, game="duelo", lane="clock", **clock) >= 1

        assert wait_for(clock_applied_it, 30), tail(tmp_path, "clock")
        text = scrape(ports["clock"])
        assert sample(text, "dreamgames_deadline_lateness_seconds_sum", game="duelo", lane="clock", **clock) > 1
        assert sample(text, "dreamgames_moves_total", game="duelo", who="clock", **clock) >= 1
        # Each lane's depth, read from the broker when scraped: its list's LLEN (the three pushed, and whatever
        # the clock's own saves sent to the batch lane meanwhile: the match's archive), none waiting in live.
        depths: list[float] = []

        def depth_is_llen() -> bool:
            length = redis.llen(f"{prefix}batch")
            depths.append(sample(scrape(ports["clock"]), "dreamgames_queue_depth", lane="batch", **clock))
            return depths[-1] == length == redis.llen(f"{prefix}batch")

        assert wait_for(depth_is_llen, 10) and depths[-1] >= 3, depths
        redis.lpush(f"{prefix}batch", "one-more")
        assert wait_for(depth_is_llen, 10) and depths[-1] >= 4, depths
        assert sample(scrape(ports["clock"]), "dreamgames_queue_depth", lane="live", **clock) == 0

        worker = {"node": NODE, "process": "worker-live"}
        heartbeat = {"task": "config.tasks.heartbeat", "lane": "live", **worker}

        def worker_ran_it() -> bool:
            return sample(scrape(ports["worker-live"]), "dreamgames_tasks_total", outcome="success", **heartbeat) >= 1

        assert wait_for(worker_ran_it, 30), tail(tmp_path, "worker-live")
        text = scrape(ports["worker-live"])
        assert sample(text, "dreamgames_task_duration_seconds_count", **heartbeat) >= 1
        assert sample(text, "dreamgames_process_info", **worker) == 1
        assert sample(scrape(ports["beat"]), "dreamgames_process_info", node=NODE, process="beat") == 1
    finally:
        stop(processes)
        redis.delete(f"{prefix}batch", f"{prefix}live")

    for name in ("clock", "worker-live", "beat"):
        lines = json_lines(tmp_path / f"{name}.log")
        assert lines, name
        for line in lines:
            assert line["node"] == NODE and line["process"] == name, line
            assert {"time", "level", "logger", "message"} <= set(line), line
    clock_says = [line["message"] for line in json_lines(tmp_path / "clock.log")]
    assert any(message.startswith("clock: ticking") for message in clock_says)
    assert any(" ready." in line["message"] for line in json_lines(tmp_path / "worker-live.log"))
    # Celery's console (stdout) is no log: beat prints its banner there, a worker "Warm shutdown"; with
    # LOG_FORMAT=json a worker prints no banner.
    assert "transport:" not in (tmp_path / "worker-live.out").read_text()


def test_daphne_serves_its_metrics_to_the_token_only_and_logs_json_lines(tmp_path):
    port = free_port()
    env = stack_env(METRICS_TOKEN=TOKEN, LOG_FORMAT="json", NODE_NAME=NODE)
    daphne = subprocess.Popen(
        launch.daphne(sys.executable, port=port),
        cwd=ROOT,
        env=env,
        stdout=open(tmp_path / "daphne.out", "w"),  # noqa: SIM115 - closed with the process
        stderr=open(tmp_path / "daphne.log", "w"),  # noqa: SIM115
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        assert wait_for(lambda: scrape(port) != "", 60), (tmp_path / "daphne.log").read_text()
        assert httpx.get(f"{url}/metrics").status_code == 403
        assert httpx.get(f"{url}/metrics", headers={"Authorization": "Bearer nope"}).status_code == 403
        assert httpx.get(f"{url}/no-such-page/").status_code == 404  # logged: "Not Found"
        # By the node's own address, which is no host of ALLOWED_HOSTS.
        scraped = httpx.get(f"{url}/metrics", headers={"Authorization": f"Bearer {TOKEN}", "Host": "web1.internal"})
    finally:
        stop([daphne])
    assert scraped.status_code == 200
    here = {"node": NODE, "process": "daphne"}
    assert sample(scraped.text, "dreamgames_process_info", **here) == 1
    # The 404; /metrics itself, answered before the pages, is not counted.
    assert sample(scraped.text, "dreamgames_http_requests_total", method="GET", status="4xx", **here) == 1

    lines = json_lines(tmp_path / "daphne.log")  # its log; stdout is daphne's access log, in its own format
    assert any(line["message"] == "Not Found: /no-such-page/" and line["level"] == "WARNING" for line in lines)
    assert all(line["node"] == NODE and line["process"] == "daphne" for line in lines), lines
