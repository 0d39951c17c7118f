"""Watching live in a real browser: Ana plays Letras Cruzadas against a bot; Carla opens the lobby on a phone,
finds the game under "Live now", follows the link and watches (the board, no rack, nothing to type); Ana's
page says someone is watching. Screenshots of the list at phone and desktop widths."""

import re

from playwright.sync_api import expect

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}


def as_guest(browser, url, nickname, viewport):
    context = browser.new_context(viewport=viewport, locale="en-US")
    page = context.new_page()
    page.goto(url)
    page.get_by_label("Nickname").fill(nickname)
    page.get_by_role("button", name="Let's play").click()
    return context, page


def test_a_third_person_finds_a_live_game_in_the_lobby_and_watches_it(daphne_url, browser, screenshot):
    site = daphne_url
    ana_context, ana = as_guest(browser, site + "/play/cruzadas/", "Ana", DESKTOP)
    ana.get_by_test_id("cruzadas-new").click()  # against the easy bot
    expect(ana).to_have_url(re.compile(r"/r/[A-Z2-9]+/$"))
    room_path = ana.url.replace(site, "")
    expect(ana.get_by_test_id("turn")).to_have_text("Your turn")
    expect(ana.get_by_test_id("rack").locator(".cz-tile")).to_have_count(7)

    carla_context, carla = as_guest(browser, site + "/guest/?next=/lobby/", "Carla", PHONE)
    live = carla.get_by_test_id("live-now")
    live.scroll_into_view_if_needed()
    expect(live.get_by_role("heading", name="Live now")).to_be_visible()
    game = live.get_by_test_id("live-game")
    expect(game).to_have_count(1)
    expect(game).to_contain_text("Letras Cruzadas")
    expect(game).to_contain_text("Ana · Bip")  # the bot by its name
    expect(game).to_contain_text("Move 1 · 0 – 0")
    assert carla.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    live.screenshot(path=str(screenshot(carla, "live-now-phone-page").with_name("live-now-phone.png")))

    game.get_by_test_id("watch-live").click()
    expect(carla).to_have_url(site + room_path)
    expect(carla.locator(".cz-board")).to_be_visible()
    expect(carla.locator(".cz-cell")).to_have_count(225)
    expect(carla.get_by_test_id("turn")).to_contain_text("watching")
    expect(carla.locator(".cz-tile")).to_have_count(0)  # never a rack
    expect(carla.get_by_test_id("rack")).to_be_hidden()
    expect(carla.get_by_test_id("submit")).to_be_hidden()  # nothing to play with
    expect(carla.get_by_test_id("take-seat")).to_have_count(0)

    # The players see that someone watches.
    expect(ana.locator("[data-spectators]")).to_have_text("1 watching")

    # The list at a desktop width, for a person to look at.
    desk_context = browser.new_context(viewport=DESKTOP, locale="en-US")
    desk = desk_context.new_page()
    desk_context.add_cookies(carla_context.cookies())
    desk.goto(site + "/lobby/")
    desk.get_by_test_id("live-now").screenshot(
        path=str(screenshot(desk, "live-now-desktop-page").with_name("live-now-desktop.png"))
    )
    for context in (ana_context, carla_context, desk_context):
        context.close()
