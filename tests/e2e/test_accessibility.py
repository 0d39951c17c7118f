"""Automated accessibility checks (issues 18 and 33): axe-core (axe-playwright-python, which bundles it) on every
main page and on every board mid-game, on the real room page, at a phone's size and a laptop's: no serious or
critical violation. A failing rule fails the test with the rule, its impact and the elements it found.

The main pages: home, lobby, wallet, the daily puzzles' hub, each game's page, room (its board mid-game) and rules,
a finished match's replay, a player's page with won and lost games, login and sign-up, a page showing a flash message
and the footer's Settings open; and every game's end card on the room page (issue 33: at both sizes)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from axe_playwright_python.sync_playwright import Axe
from django.db import connection
from playwright.sync_api import expect

from games.runtime import scheduling
from tests.e2e.test_one_screen import at_the_table, set_up, sign_in
from tests.games.test_match_archive import play_bots, play_claves
from tests.players.test_player_page import finish

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
BLOCKING = ("serious", "critical")
GAMES = ("duelo", "torneo", "wordgrid", "cruzadas", "claves")
PAGES = (
    "/",
    "/lobby/",
    "/wallet/",
    "/daily/",
    *(f"/play/{game}/" for game in GAMES),
    *(f"/play/{game}/rules/" for game in GAMES),
)
ANONYMOUS_PAGES = ("/", "/daily/", "/accounts/login/", "/accounts/signup/")


def blocking_violations(page, where: str) -> list[str]:
    found = []
    for rule in Axe().run(page).response["violations"]:
        if rule["impact"] in BLOCKING:
            targets = ", ".join(" ".join(node["target"]) for node in rule["nodes"][:4])
            found.append(f"{where}: {rule['id']} ({rule['impact']}, {len(rule['nodes'])}x): {rule['help']} [{targets}]")
    return found


def finished_games():
    """A finished Duelo (its replay) and a player with won and lost games (her page), on a thread of their own."""

    def make():
        try:
            with scheduling.timers_disabled():
                duelo, _seen = play_bots(
                    "duelo", ["easy", "hard"], {"language": "es", "rounds": 1, "round_seconds": 60}
                )
                claves, _seen = play_claves()
            from accounts.models import Player

            ana = Player.objects.get(pk=claves.lineup[0]["player"])
            finish("wordgrid", [ana, "easy"], hours=1, won=[0], totals=[14, 10])
            finish("wordgrid", [ana, "easy"], hours=2, won=[1], totals=[9, 12])
            return duelo, ana
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(make).result()


def test_pages_and_boards_have_no_serious_or_critical_accessibility_violation(daphne_url, browser):
    tables = {game: set_up(game) for game in GAMES}
    duelo, ana = finished_games()
    found = []
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        anonymous = browser.new_context(viewport=viewport, locale="es-ES", has_touch=viewport is PHONE)
        page = anonymous.new_page()
        for path in (*ANONYMOUS_PAGES, f"/m/{duelo.pk}/", ana.get_absolute_url()):
            page.goto(daphne_url + path)
            if path.startswith("/m/"):
                expect(page.get_by_test_id("replay")).to_have_attribute("data-replay-ready", "true", timeout=20_000)
            found += blocking_violations(page, f"{path} ({size})")
        # A newcomer's nickname: the next page greets them with a flash message (a list in a live region).
        page.goto(f"{daphne_url}/guest/?next=/lobby/")
        page.get_by_label("Apodo").fill("Carla")
        page.get_by_role("button", name="¡A jugar!").click()
        expect(page.locator(".message")).to_contain_text("Carla")
        found += blocking_violations(page, f"a flash message ({size})")
        # The footer's Settings (the look and the sounds), open.
        page.get_by_test_id("settings-open").click()
        expect(page.get_by_test_id("theme-select")).to_be_visible()
        found += blocking_violations(page, f"the footer's settings ({size})")
        anonymous.close()

        context = browser.new_context(viewport=viewport, locale="es-ES", has_touch=viewport is PHONE)
        page = context.new_page()
        sign_in(context, daphne_url, tables["duelo"][1][0])
        for path in PAGES:
            page.goto(daphne_url + path)
            found += blocking_violations(page, f"{path} ({size})")
        for game, (match, people) in tables.items():
            sign_in(context, daphne_url, people[0])
            at_the_table(match, people[0])
            page.goto(f"{daphne_url}/r/{match.room.code}/")
            expect(page.locator("[data-game-root]")).to_be_visible()
            page.wait_for_timeout(600)  # the board's first frame and its animations
            found += blocking_violations(page, f"the {game} board ({size})")
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


def test_every_end_card_has_no_serious_or_critical_accessibility_violation(daphne_url, browser):
    """Each of the five games' end cards (the result, the way on, the share button) on the real room page of the
    seated player, at a phone's size and a laptop's (issue 33)."""
    from tests.e2e.test_after_game import finished, open_room, present

    found = []
    for game in GAMES:
        match, people = finished(game)
        present(match, people[0])
        for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
            context, page = open_room(
                browser, daphne_url, people[0], match.room.code, (viewport["width"], viewport["height"])
            )
            expect(page.get_by_test_id("result-title")).to_be_visible(timeout=15_000)
            page.wait_for_timeout(600)  # the card's entrance
            found += blocking_violations(page, f"the {game} end card ({size})")
            context.close()
    assert not found, "\n".join(found)
