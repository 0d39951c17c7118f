"""Claves a Dúo's daily in real browsers (issue 35): two guests on 360x740 phones. Ana opens the day's daily "with a
friend", which opens a room whose invite link Beto opens; they play the day's board to the end on the room's page,
and each sees on the daily's page the pair's result (the turns used), the statistics and the day's pairs. The daily's
page never holds a word of the board, and no page a map before the end."""

from __future__ import annotations

import random

from django.utils import timezone
from playwright.sync_api import expect

from daily.models import Commitment, Puzzle
from games.claves import daily, engine
from games.models import Match
from tests.e2e.test_one_screen import on_screen
from tests.e2e.test_share_result import WEB_SHARE
from tests.e2e.test_sounds import in_thread
from toolkit import days
from wordlists.lexicon import lexicon

PHONE = {"width": 360, "height": 740}


def the_day_s_puzzle() -> dict:
    """The day's Claves puzzle as the beat keeps it (made here alone: the other games' makers take time)."""

    def make():
        day = days.utc_day(timezone.now())
        data = next(
            made
            for attempt in range(50)
            if (made := daily.make_puzzle(random.Random(f"e2e:{attempt}"), "", words=lexicon)) is not None
        )
        Commitment.objects.create(game="claves", day=day, digest="c0ffee" * 10 + "c0ff", salt="s" * 64)
        Puzzle.objects.create(game="claves", day=day, variant="", data=data, seed="e2e")
        return data

    return in_thread(make)


def shown_words(puzzle: dict) -> list[str]:
    state = engine.new_game(daily.match_settings(puzzle), 2, random.Random(0), timezone.now(), words=lexicon)
    return state.shown


def current_state():
    return in_thread(lambda: engine.from_json(Match.objects.get(status="playing").state))


def guest_on(browser, site: str, path: str, nickname: str):
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    context.add_init_script(WEB_SHARE)  # a phone's share sheet, standing in
    page = context.new_page()
    page.goto(site + path)
    return context, page


def give_clue(page, word, number):
    page.get_by_test_id("clue-word").fill(word)
    page.get_by_test_id("clue-number").select_option(str(number))
    page.get_by_test_id("send-clue").click()


def uncover(page, cell, found_after=None):
    page.get_by_test_id(f"card-{cell}").click()
    page.get_by_test_id("uncover").click()
    if found_after is not None:  # the server's answer before the next touch, as a person waits for it
        expect(page.get_by_test_id("keys")).to_have_attribute("aria-label", f"{found_after} de 15 claves encontradas")


def test_two_guests_play_the_day_s_claves_board_with_a_friend_s_link_and_see_their_day(daphne_url, browser, screenshot):
    site = daphne_url
    puzzle = the_day_s_puzzle()
    words = [word.lower() for word in shown_words(puzzle)]

    # Ana: the daily's page asks a newcomer for a nickname, then offers the two ways to find a partner.
    ana_context, ana = guest_on(browser, site, "/daily/claves/", "Ana")
    ana.get_by_test_id("daily-guest").click()
    ana.get_by_label("Apodo").fill("Ana")
    ana.get_by_role("button", name="¡A jugar!").click()
    expect(ana.get_by_test_id("daily-pair-ways")).to_be_visible()
    expect(ana.get_by_test_id("daily-commitment")).to_contain_text("c0ffee")
    text = ana.content().lower()
    assert not [word for word in words if f">{word}<" in text]  # nothing of the board on the daily's page
    screenshot(ana, "daily-claves-ways-phone")

    # "Play with a friend": a room, whose invite link Beto opens and takes the second seat by.
    ana.get_by_test_id("daily-pair-friend").click()
    invite = ana.get_by_test_id("invite-url").input_value()
    assert "/r/" in invite
    beto_context, beto = guest_on(browser, site, invite.split(site, 1)[-1], "Beto")
    beto.get_by_label("Apodo").fill("Beto")
    beto.get_by_test_id("take-seat").click()
    expect(ana.get_by_test_id("people")).to_contain_text("Beto")
    ana.get_by_test_id("start-match").click()

    for page in (ana, beto):
        expect(page.get_by_test_id("grid").locator(".cl-card")).to_have_count(25)
    state = current_state()
    assert state.words == puzzle["board"] and state.maps == puzzle["maps"]  # the day's board and key
    pages = {0: ana, 1: beto}

    # Turn 1: the first giver's nine keys; turn 2: the partner's six left.
    found = 0
    for turn, word in enumerate(("zumbido", "relampago")):
        state = current_state()
        giver = state.giver
        keys = [cell for cell in state.keys_of(giver) if cell not in state.uncovered]
        expect(pages[giver].get_by_test_id("clue-form")).to_be_visible(timeout=15_000)
        give_clue(pages[giver], word, len(keys))
        guesser = pages[1 - giver]
        expect(guesser.get_by_test_id("clue-text")).to_have_text(word, ignore_case=True, timeout=15_000)
        for cell in keys:
            found += 1
            uncover(guesser, cell, found if found < 15 else None)
        if turn == 0 and guesser.get_by_test_id("end-turn").is_enabled():
            guesser.get_by_test_id("end-turn").click()
        if turn == 0:
            # The next turn is read from the database: wait until the server has passed it to the other giver (the
            # click reaches it through the socket, later on a loaded machine).
            for _ in range(150):
                if current_state().giver != giver:
                    break
                ana.wait_for_timeout(100)
            assert current_state().giver != giver
    for page in (ana, beto):
        expect(page.get_by_test_id("result-title")).to_have_text("¡Habéis ganado!")
    screenshot(beto, "daily-claves-won-phone")

    # No rematch of the day's board; the end card's way on is the daily's page, with the pair's day.
    expect(ana.get_by_test_id("after-game")).to_be_visible()
    expect(ana.get_by_test_id("rematch")).to_have_count(0)
    ana.get_by_test_id("new-game").click()
    beto.goto(site + "/daily/claves/")
    for page, partner in ((ana, "Beto"), (beto, "Ana")):
        expect(page.get_by_test_id("daily-pair-result")).to_be_visible()
        expect(page.get_by_test_id("daily-pair-score")).to_have_text("2/9")
        expect(page.get_by_test_id("daily-stats")).to_contain_text("1")
        expect(page.get_by_test_id("daily-pair-board")).to_contain_text(partner)
        expect(page.get_by_test_id("daily-pair-ways")).to_have_count(0)  # played: no second room
    screenshot(ana, "daily-claves-result-phone")
    # The pair's day shared as every daily's: the text by the share sheet (its turns in squares, no word).
    ana.get_by_test_id("share").click()
    expect(ana.get_by_test_id("share-status")).to_have_text("Compartido.")
    session = ana_context.storage_state()
    ana_context.close()
    beto_context.close()

    # The same page on a desktop (1280x800): the result, the statistics and the pairs of the day, on one screen.
    desk = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES", storage_state=session)
    page = desk.new_page()
    page.goto(site + "/daily/claves/")
    expect(page.get_by_test_id("daily-pair-score")).to_have_text("2/9")
    on_screen(page, page.get_by_test_id("daily-pair-result"), "the pair's result")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "daily-claves-result-1280x800")
    desk.close()
