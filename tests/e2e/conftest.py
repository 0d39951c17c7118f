"""A real daphne against the test database, and Debian's chromium driven by Playwright."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items):
    # This hook sees the whole session's items, not only this folder's: mark ours alone.
    for item in items:
        if HERE in Path(item.fspath).resolve().parents:
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


@pytest.fixture
def site_url(daphne_url):
    return daphne_url


@pytest.fixture
def screenshot():
    """Save a full-page screenshot under test-artifacts/ (git-ignored) for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page, name: str):
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture
def live_stack(daphne_url, tmp_path):
    """daphne plus a real Celery worker and beat on the test database: timers and bots run for real."""
    import signal
    import subprocess
    import sys

    from django.db import connection

    database = connection.settings_dict
    env = dict(os.environ, DEBUG="1", DATABASE_URL=(
        f"postgres://{database['USER'] or 'postgres'}@{database['HOST'] or '127.0.0.1'}:"
        f"{database['PORT'] or 5432}/{database['NAME']}"))
    processes = []
    worker_options = ["--pool=solo", "--without-mingle", "--without-gossip", "--without-heartbeat",
                      "--hostname", f"e2e-{os.getpid()}@%h"]
    for kind, extra in [("worker", worker_options),
                        ("beat", ["--schedule", str(tmp_path / "beat-schedule")])]:
        log = open(tmp_path / f"{kind}.log", "w")  # noqa: SIM115 - lives as long as the process
        processes.append(subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", kind, "--loglevel=INFO", *extra],
            cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True))
    yield daphne_url
    for process in processes:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
