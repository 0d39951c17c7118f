"""Structured logs (issue 34): with LOG_FORMAT=json every line is one JSON object that says when, how bad, who
logged it, what, and which node and which process; the default stays the plain text of before."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from config import env, launch
from observe import identity
from observe.logs import JsonFormatter
from tests.conftest import ROOT


def as_sys_argv(command: list[str]) -> list[str]:
    """What sys.argv is in the process that `command` (config/launch.py) starts: `nice` and the interpreter gone,
    `-m package` become the package's __main__.py."""
    while command[0] == "nice":
        command = command[3:]
    rest = command[1:]
    if rest[0] == "-m":
        return [f"/srv/.venv/lib/python3.11/site-packages/{rest[1]}/__main__.py", *rest[2:]]
    return rest


@pytest.mark.parametrize(
    ("command", "kind"),
    [
        (launch.daphne("python", port=8001), "daphne"),
        (launch.clock("python"), "clock"),
        (launch.worker("python", "live", hostname="live@%h"), "worker-live"),
        (launch.worker("python", "batch", hostname="batch@%h"), "worker-batch"),
        (launch.beat("python"), "beat"),
        (["/srv/.venv/bin/daphne", "-b", "10.0.0.11", "-p", "8001", "config.asgi:application"], "daphne"),
        (["/srv/.venv/bin/celery", "-A", "config", "worker", "-Q", "live"], "worker-live"),
        (["manage.py", "migrate"], "migrate"),
        (["/usr/bin/pytest"], "other"),
    ],
)
def test_each_process_knows_its_kind_from_its_command_line(command, kind):
    argv = as_sys_argv(command) if command[0] in ("python", "nice") else command
    assert identity.kind_of(argv, {}) == kind


def test_a_bench_s_private_queues_are_still_its_lane():
    command = launch.worker("python", "live", hostname="x", queue_prefix="bench7-")
    assert identity.kind_of(as_sys_argv(command), {"CELERY_QUEUE_PREFIX": "bench7-"}) == "worker-live"


def test_process_kind_from_the_environment_wins():
    said = "from observe import identity; identity.declare('clock'); print(identity.node(), identity.kind())"
    result = subprocess.run(
        [sys.executable, "-c", said],
        cwd=ROOT,
        env={**os.environ, "PROCESS_KIND": "worker-bots", "NODE_NAME": "node-b3"},
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    assert result.stdout.split() == ["node-b3", "worker-bots"]


def test_a_line_is_one_json_object_with_the_node_the_process_and_the_traceback():
    logger = logging.getLogger("dreamgames.test")
    try:
        raise ValueError("the move had no word")
    except ValueError:
        record = logger.makeRecord(
            logger.name, logging.ERROR, __file__, 1, "match %s failed", (12,), sys.exc_info(), extra={"room": "ABCD"}
        )
    line = JsonFormatter().format(record)
    assert "\n" not in line
    data = json.loads(line)
    assert data["level"] == "ERROR" and data["logger"] == "dreamgames.test" and data["message"] == "match 12 failed"
    assert data["node"] == identity.node() and data["process"] == identity.kind()
    assert data["time"].endswith("+00:00") and data["room"] == "ABCD"
    assert "Traceback" in data["exception"] and "ValueError: the move had no word" in data["exception"]


def logged_by_a_process(**environment: str) -> str:
    """What a Django process writes to stderr when it logs an error with its traceback and gets a warning."""
    script = (
        "import django, logging, warnings; django.setup()\n"
        "try:\n    1 / 0\n"
        "except ZeroDivisionError:\n    logging.getLogger('games.runtime.clock').exception('tick failed')\n"
        "warnings.warn('an old way')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "1", **environment},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return result.stderr


def test_log_format_json_makes_every_line_of_a_process_json_with_its_node():
    lines = [json.loads(line) for line in logged_by_a_process(LOG_FORMAT="json", NODE_NAME="node-b2").splitlines()]
    assert lines and all(line["node"] == "node-b2" for line in lines)
    failed = next(line for line in lines if line["message"] == "tick failed")
    assert failed["logger"] == "games.runtime.clock" and "ZeroDivisionError" in failed["exception"]
    assert any("an old way" in line["message"] and line["logger"] == "py.warnings" for line in lines)


def test_the_default_stays_plain_text():
    text = logged_by_a_process()
    assert "tick failed\nTraceback" in text and not text.lstrip().startswith("{")


def test_an_unknown_log_format_is_refused():
    with pytest.raises(ImproperlyConfigured, match="LOG_FORMAT must be one of text, json"):
        env.read_choice({"LOG_FORMAT": "xml"}, "LOG_FORMAT", ("text", "json"), "text")
    assert env.read_choice({"LOG_FORMAT": " JSON "}, "LOG_FORMAT", ("text", "json"), "text") == "json"
    assert env.read_choice({}, "LOG_FORMAT", ("text", "json"), "text") == "text"


def test_a_metrics_port_is_a_port():
    assert env.read_port({}, "METRICS_PORT") is None
    assert env.read_port({"METRICS_PORT": "9101"}, "METRICS_PORT") == 9101
    for wrong in ("0", "70000", "ninety"):
        with pytest.raises(ImproperlyConfigured, match="METRICS_PORT must be a TCP port"):
            env.read_port({"METRICS_PORT": wrong}, "METRICS_PORT")
