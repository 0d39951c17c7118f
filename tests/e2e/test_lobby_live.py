"""The lobby and a group page in a real browser: a group of two gathers by the link, both pages update
without reloading, the lobby page follows the queue live, and the organizer's practice start takes both
browsers to the tournament. Screenshots at phone and desktop widths."""

import re
import threading

from playwright.sync_api import expect

from accounts.services import player_create_guest
from lobby import tournament_queue

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}


def as_guest(browser, url, nickname, viewport, button="Let's play"):
    """A newcomer opens `url` and picks a nickname: on the guest page, or on an invitation (its button)."""
    context = browser.new_context(viewport=viewport, locale="en-US")
    page = context.new_page()
    page.goto(url)
    page.get_by_label("Nickname").fill(nickname)
    page.get_by_role("button", name=button).click()
    return context, page


def in_another_thread(call):
    """Playwright keeps an event loop in the test's thread; the service's broadcast needs one without."""
    from django.db import connection

    def run():
        try:
            call()
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=30)


def fits(page, viewport) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_a_group_of_two_gathers_by_link_and_the_organizer_starts_a_practice(daphne_url, browser, screenshot):
    site = daphne_url
    ana_context, ana = as_guest(browser, site + "/guest/?next=/lobby/", "Ana", PHONE)
    expect(ana.get_by_test_id("lobby-torneo")).to_be_visible()
    expect(ana.locator("[data-presence]")).to_have_attribute("data-presence", "online")
    assert fits(ana, PHONE)
    screenshot(ana, "lobby-phone")

    ana.get_by_test_id("create-group").click()
    expect(ana).to_have_url(re.compile(r"/g/[A-Z2-9]{10}/$"))
    invite = ana.get_by_test_id("invite-url").input_value()
    expect(ana.get_by_test_id("member")).to_have_count(1)

    beto_context, beto = as_guest(browser, invite, "Beto", DESKTOP, button="Join")  # the link Ana sent: its invitation
    expect(beto.get_by_test_id("member")).to_have_count(2)
    expect(beto.get_by_test_id("waiting-for-organizer")).to_contain_text("Ana")
    # Ana's page shows Beto without a reload.
    expect(ana.get_by_test_id("member")).to_have_count(2)
    expect(ana.get_by_test_id("party-members")).to_contain_text("Beto")
    assert fits(ana, PHONE)
    screenshot(ana, "group-phone-organizer")
    screenshot(beto, "group-desktop-member")

    # A third person's lobby page follows the queue live: someone in their window starts waiting.
    carla_context, carla = as_guest(browser, site + "/guest/?next=/lobby/", "Carla", DESKTOP)
    expect(carla.get_by_test_id("in-window")).to_contain_text("0 other players")
    carla.wait_for_timeout(300)  # the page's socket asks to watch the lobby when it connects
    in_another_thread(
        lambda: tournament_queue.queue_join_alone(
            player=player_create_guest(nickname="Dora"), language="en", interface_language="en"
        )
    )
    expect(carla.get_by_test_id("in-window")).to_contain_text("1 other player waiting")
    screenshot(carla, "lobby-desktop")

    # The organizer looks for a rated tournament: both pages show the group waiting; she cancels.
    ana.get_by_test_id("start-rated").click()
    expect(ana.get_by_test_id("party-status")).to_have_attribute("data-state", "waiting")
    expect(beto.get_by_test_id("party-status")).to_have_attribute("data-state", "waiting")
    expect(ana.get_by_test_id("party-status")).to_contain_text("1 other player waiting")  # Dora
    assert fits(ana, PHONE)
    screenshot(ana, "group-phone-waiting")
    ana.get_by_test_id("cancel-search").click()
    expect(beto.get_by_test_id("party-status")).to_have_attribute("data-state", "ready")

    ana.get_by_test_id("start-practice").click()
    expect(ana).to_have_url(re.compile(r"/r/[A-Z2-9]{10}/$"))
    room_url = ana.url
    expect(beto).to_have_url(room_url)  # Beto's group page followed the "matched" frame
    beto.goto(invite)  # back to the group while the tournament is on
    expect(beto.get_by_test_id("party-status")).to_have_attribute("data-state", "playing")
    expect(beto.get_by_test_id("open-tournament")).to_have_attribute("href", room_url.replace(site, ""))
    screenshot(beto, "group-desktop-playing")
    for context in (ana_context, beto_context, carla_context):
        context.close()
