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
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
        ],
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
    """daphne plus the site's real work processes (the clock, a worker of each lane, beat) on the test database:
    deadlines, bots and analyses run for real."""
    from tests.integration.stack import stack_env, start_site, stop

    env = stack_env()
    processes = start_site(tmp_path, env)
    yield daphne_url
    stop(processes)
