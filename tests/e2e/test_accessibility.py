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


MARK = "(el) => { const s = getComputedStyle(el, '::after'); return [s.content, s.backgroundColor, s.borderTopStyle]; }"


def test_high_contrast_is_offered_once_and_changes_colours_and_shapes(daphne_url, browser, screenshot):
    """A colour-blind newcomer answers the first visit's question; the examples of the rules and the board then
    show orange and blue marks that also differ by shape, and still pass axe."""
    match, people = set_up("duelo")
    context = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True)
    sign_in(context, daphne_url, people[0])
    page = context.new_page()
    page.goto(daphne_url + "/lobby/")
    offer = page.get_by_test_id("palette-offer")
    expect(offer).to_contain_text("¿Te cuesta distinguir el verde del ámbar?")
    page.get_by_test_id("palette-contrast").click()
    expect(page).to_have_url(daphne_url + "/lobby/")
    expect(offer).to_have_count(0)  # asked once
    expect(page.locator("html")).to_have_attribute("data-palette", "contrast")

    page.goto(daphne_url + "/play/duelo/rules/")
    right = page.locator(".rules-text .tile.green").first
    elsewhere = page.locator(".rules-text .tile.amber").first
    expect(right).to_have_css("background-color", "rgb(181, 71, 8)")  # orange
    expect(elsewhere).to_have_css("background-color", "rgb(28, 100, 168)")  # blue
    assert right.evaluate(MARK) == ['""', "rgb(255, 255, 255)", "none"]  # a filled corner
    assert elsewhere.evaluate(MARK) == ['""', "rgba(0, 0, 0, 0)", "solid"]  # a ring
    screenshot(page, "palette-contrast-rules-phone")
    found = blocking_violations(page, "the rules in high contrast")

    page.goto(f"{daphne_url}/r/{match.room.code}/")
    expect(page.locator("[data-game-root]")).to_be_visible()
    page.wait_for_timeout(600)
    found += blocking_violations(page, "the duelo board in high contrast")
    screenshot(page, "palette-contrast-duelo-phone")
    context.close()
    assert not found, "\n".join(found)
