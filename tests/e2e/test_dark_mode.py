"""The dark look (issue 33): a player whose phone is set to dark sees every page and the five boards dark, and
readable (axe: no serious or critical violation, colour contrast included); the footer's Settings choose light
or dark over the device's setting, and the choice holds across a reload and other pages.

One server and one browser: the pages, then the boards mid-game on the real room page (played through the
services, as tests/e2e/test_accessibility.py does), at a phone's size and a laptop's; screenshots are saved for a
person to look at (test-artifacts/dark-*.png)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.test_accessibility import GAMES, PAGES, blocking_violations
from tests.e2e.test_one_screen import set_up, sign_in

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
BACKGROUND = """() => {
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}"""


def lightness(page) -> float:
    """How light the page's background is, 0 (black) to 1 (white)."""
    return page.evaluate(BACKGROUND)


def test_the_site_follows_a_dark_device_and_the_switch_overrides_it(daphne_url, browser, screenshot):
    site = daphne_url
    tables = {game: set_up(game) for game in GAMES}
    found: list[str] = []

    context = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True, color_scheme="dark")
    sign_in(context, site, tables["duelo"][1][0])
    page = context.new_page()
    for path in PAGES:
        if not page.goto(site + path).ok:
            continue  # a page the site does not have (Django's own 404 page, which is not ours to theme)
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        assert lightness(page) < 0.2, path
        found += blocking_violations(page, f"{path} (dark)")
    screenshot(page, "dark-rules-360x740")
    page.goto(site + "/")
    screenshot(page, "dark-home-360x740")

    for game, (match, people) in tables.items():
        sign_in(context, site, people[0])
        for size, viewport in (("360x740", PHONE), ("1280x800", LAPTOP)):
            page.set_viewport_size(viewport)
            page.goto(f"{site}/r/{match.room.code}/")
            expect(page.locator("[data-game-root]")).to_be_visible(timeout=15_000)
            page.wait_for_timeout(600)  # the board's first frame and its animations
            assert lightness(page) < 0.2, game
            if size == "360x740":
                found += blocking_violations(page, f"the {game} board (dark)")
            screenshot(page, f"dark-{game}-{size}")
    page.set_viewport_size(PHONE)

    # The footer's Settings: light over the dark device, kept across a reload and on another page.
    page.goto(site + "/lobby/")
    page.get_by_test_id("settings-open").click()
    page.get_by_test_id("theme-select").select_option("light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert lightness(page) > 0.8
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    page.goto(site + "/")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert lightness(page) > 0.8
    page.get_by_test_id("settings-open").click()
    expect(page.get_by_test_id("theme-select")).to_have_value("light")
    page.get_by_test_id("theme-select").select_option("system")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    context.close()

    # A light device, dark chosen: dark on every page from then on, in English too.
    context = browser.new_context(viewport=LAPTOP, locale="en-GB", color_scheme="light")
    context.add_cookies([{"name": "django_language", "value": "en", "url": site}])
    page = context.new_page()
    page.goto(site + "/")
    assert lightness(page) > 0.8
    page.get_by_test_id("settings-open").click()
    page.get_by_test_id("theme-select").select_option("dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.goto(site + "/lobby/")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert lightness(page) < 0.2
    page.get_by_test_id("settings-open").click()
    screenshot(page, "dark-lobby-en-1280x800")
    found += blocking_violations(page, "/lobby/ (dark, laptop)")
    context.close()
    assert not found, "\n".join(found)
