"""Automated accessibility checks (issue 18): axe-core (axe-playwright-python, which bundles it) on the site's
pages and on every board mid-game, on the real room page, at a phone's size: no serious or critical
violation. A failing rule fails the test with the rule, its impact and the elements it found."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.e2e.test_one_screen import set_up, sign_in

PHONE = {"width": 360, "height": 740}
BLOCKING = ("serious", "critical")
GAMES = ("duelo", "torneo", "wordgrid", "cruzadas", "claves")
PAGES = ("/", "/lobby/", "/wallet/", *(f"/play/{game}/" for game in GAMES), *(f"/play/{game}/rules/" for game in GAMES))


def blocking_violations(page, where: str) -> list[str]:
    found = []
    for rule in Axe().run(page).response["violations"]:
        if rule["impact"] in BLOCKING:
            targets = ", ".join(" ".join(node["target"]) for node in rule["nodes"][:4])
            found.append(f"{where}: {rule['id']} ({rule['impact']}, {len(rule['nodes'])}x): {rule['help']} [{targets}]")
    return found


def test_pages_and_boards_have_no_serious_or_critical_accessibility_violation(daphne_url, browser):
    tables = {game: set_up(game) for game in GAMES}
    context = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True)
    page = context.new_page()
    found = []
    sign_in(context, daphne_url, tables["duelo"][1][0])
    for path in PAGES:
        page.goto(daphne_url + path)
        found += blocking_violations(page, path)
    for game, (match, people) in tables.items():
        sign_in(context, daphne_url, people[0])
        page.goto(f"{daphne_url}/r/{match.room.code}/")
        expect(page.locator("[data-game-root]")).to_be_visible()
        page.wait_for_timeout(600)  # the board's first frame and its animations
        found += blocking_violations(page, f"the {game} board")
    context.close()
    assert not found, "\n".join(found)
