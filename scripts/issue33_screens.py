"""Screenshots of the pages issue 33 touched, for a person to look at (not a test: it asserts nothing).

Home, lobby, each game's room during play and its end card, a player's page, log in and sign up, at 360x740,
390x844 and 1280x800, in Spanish and English, into test-artifacts/issue33/<page>-<size>-<lang>.png, plus one contact
sheet per page (sheet-<page>.png: the phones of both languages side by side, the laptops under them).

It plays the matches through the services (the e2e tests' helpers) on the database and Redis it is given, serves the
site with daphne on a free port and drives Debian's chromium:

    (on a fresh database: the player page's games take fixed room codes)
    DEBUG=1 SECRET_KEY=... DATABASE_URL=postgres://.../dreamgames_q REDIS_URL=redis://127.0.0.1:6379/14 \\
        .venv/bin/python scripts/issue33_screens.py [play end ...]
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # sync Playwright keeps a loop in this thread

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from PIL import Image  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from accounts.services import player_saw_guide  # noqa: E402
from tests.e2e.test_accessibility import finished_games  # noqa: E402
from tests.e2e.test_after_game import finished, present  # noqa: E402
from tests.e2e.test_one_screen import at_the_table, set_up, sign_in  # noqa: E402

OUT = ROOT / "test-artifacts" / "issue33"
SIZES = {"360x740": (360, 740), "390x844": (390, 844), "1280x800": (1280, 800)}
LANGUAGES = {"es": "es-ES", "en": "en-GB"}
GAMES = ("duelo", "torneo", "wordgrid", "cruzadas", "claves")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve():
    port = free_port()
    log = open(OUT / "daphne.log", "w")  # noqa: SIM115 - lives as long as the server
    server = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=ROOT,
        stdout=log,
        stderr=log,
    )
    for _ in range(300):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return server, f"http://127.0.0.1:{port}"
        time.sleep(0.1)
    raise RuntimeError("daphne did not start")


def sheet(name: str) -> None:
    """The phones (es then en, each size) in a row, the laptops under them, at half size."""
    shots = {(size, lang): OUT / f"{name}-{size}-{lang}.png" for size in SIZES for lang in LANGUAGES}
    phones = [Image.open(shots[(size, lang)]) for lang in LANGUAGES for size in ("360x740", "390x844")]
    laptops = [Image.open(shots[("1280x800", lang)]) for lang in LANGUAGES]
    width = max(sum(im.width for im in phones) + 10 * len(phones), sum(im.width for im in laptops) + 10)
    height = max(im.height for im in phones) + 10 + max(im.height for im in laptops)
    board = Image.new("RGB", (width, height), "#888")
    x = 0
    for im in phones:
        board.paste(im, (x, 0))
        x += im.width + 10
    x, y = 0, max(im.height for im in phones) + 10
    for im in laptops:
        board.paste(im, (x, y))
        x += im.width + 10
    board.save(OUT / f"sheet-{name}.png")


def main(only: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    call_command("migrate", verbosity=0)
    playing = {game: set_up(game) for game in GAMES}
    for game, (_match, people) in playing.items():  # the board itself, not the first-game guide over it
        player_saw_guide(player=people[0], game=game)
    ended = {game: finished(game) for game in GAMES}
    _duelo, ana = finished_games()
    server, site = serve()
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(
                executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"]
            )

            def shoot(name, path, player=None, ready=None, setup=None):
                if only and not any(name.startswith(prefix) for prefix in only):
                    return
                for size, (width, height) in SIZES.items():
                    for lang, locale in LANGUAGES.items():
                        context = browser.new_context(
                            viewport={"width": width, "height": height}, locale=locale, has_touch=width < 600
                        )
                        context.add_cookies([{"name": "django_language", "value": lang, "url": site}])
                        if player is not None:
                            sign_in(context, site, player)
                        if setup:
                            setup()
                        page = context.new_page()
                        page.goto(site + path)
                        if ready:
                            page.locator(ready).first.wait_for(timeout=20_000)
                        page.wait_for_timeout(700)  # entrances and the first frame
                        page.screenshot(path=str(OUT / f"{name}-{size}-{lang}.png"))
                        context.close()
                sheet(name)
                print("shot", name, flush=True)

            shoot("home", "/")
            shoot("login", "/accounts/login/")
            shoot("signup", "/accounts/signup/")
            shoot("lobby", "/lobby/", player=playing["duelo"][1][0])
            shoot("player", ana.get_absolute_url())
            for game, (match, people) in playing.items():
                shoot(
                    f"play-{game}",
                    f"/r/{match.room.code}/",
                    player=people[0],
                    ready="[data-game-root]:not([hidden])",
                    setup=lambda match=match, people=people: at_the_table(match, people[0]),
                )
            for game, (match, people) in ended.items():
                shoot(
                    f"end-{game}",
                    f"/r/{match.room.code}/",
                    player=people[0],
                    ready="[data-testid=result-title]",
                    setup=lambda match=match, people=people: present(match, people[0]),
                )
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=15)


if __name__ == "__main__":
    main(sys.argv[1:])  # names (or their beginnings) of the pages to shoot; all without
