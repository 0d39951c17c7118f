"""A real daphne against the test database, and Debian's chromium driven by Playwright."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def pytest_collection_modifyitems(items):
    for item in items:
        item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    # Playwright cannot download its own browsers here: use Debian's, without network chatter.
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    }


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def site_url(transactional_db):
    """daphne serving the site on a free port, on the same (test) database as the test."""
    from django.db import connection

    database = connection.settings_dict
    port = _free_port()
    env = dict(os.environ)
    env["DATABASE_URL"] = (f"postgres://{database['USER'] or 'postgres'}@{database['HOST'] or '127.0.0.1'}:"
                           f"{database['PORT'] or 5432}/{database['NAME']}")
    env["DEBUG"] = "1"
    server = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                               "config.asgi:application"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                break
        if server.poll() is not None:
            raise RuntimeError(server.stdout.read())
        time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture
def screenshot():
    """Save a full-page screenshot under test-artifacts/ (git-ignored) for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page, name: str):
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
