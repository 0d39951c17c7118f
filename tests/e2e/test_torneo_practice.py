"""A group of two plays a practice tournament in real browsers, as people would: Ana makes a group in the
lobby, Beto comes by the invite link as a guest, Ana starts a practice, six bots fill the room, both play
their duels on the shared board (a refused word, a solved duel, wrong guesses) until they are out, watch
the bots play on, see the final standings and go back to the group, where Ana may start another.

Real daphne, Celery worker and beat, PostgreSQL and Redis. Bots think 10x faster than on the site
(BOT_THINK_SCALE); the rules' clocks (6 s intro, 30 s turns) are the real ones.
"""

import re
import time
from functools import partial

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from accounts.models import Player
from games.models import Match
from games.torneo import engine
from wordlists.lexicon import lexicon

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def fast_bots(monkeypatch, settings):
    monkeypatch.setenv("BOT_THINK_SCALE", "0.1")  # daphne and Celery start after this (fixture order)
    settings.BOT_THINK_SCALE = 0.1


def as_guest(browser, url, nickname, viewport, button="¡A jugar!"):
    """A newcomer opens `url` and picks a nickname: on the guest page, or on an invitation (its button)."""
    context = browser.new_context(viewport=viewport, locale="es-ES")
    page = context.new_page()
    page.goto(url)
    page.get_by_label("Apodo").fill(nickname)
    page.get_by_role("button", name=button).click()
    return context, page


def my_duel(player_id):
    """(seat, duel) of this person's duel in the current round, read from the server's state."""
    match = Match.objects.get()
    seat = match.seat_of(player_id)
    state = engine.from_json(match.state)
    return seat, next((duel for duel in state.current.duels if seat in duel.seats), None)


def played(seat, word) -> bool:
    """Whether the server recorded `word` as this seat's guess in any duel of the tournament."""
    state = engine.from_json(Match.objects.get().state)
    return any(
        row.seat == seat and row.word == word
        for round_ in state.rounds
        for duel in round_.duels
        if seat in duel.seats
        for row in duel.rows
    )


def wait_until(predicate, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def wrong_word(duel) -> str:
    """A real word of the duel's length that is not the hidden one, and not played yet on this board."""
    played = {row.word for row in duel.rows}
    valid = lexicon(engine.list_slugs("es", duel.length)[0])
    return next(word for word in valid.words if word != duel.hidden and word not in played and word.isascii())


def test_a_group_of_two_plays_a_practice_tournament_to_the_final_standings(fast_bots, live_stack, browser, screenshot):
    site = live_stack
    ana_context, ana = as_guest(browser, site + "/guest/?next=/lobby/", "Ana", PHONE)
    ana.get_by_test_id("create-group").click()
    expect(ana).to_have_url(re.compile(r"/g/[A-Z2-9]{10}/$"))
    invite = ana.get_by_test_id("invite-url").input_value()
    beto_context, beto = as_guest(browser, invite, "Beto", DESKTOP, button="Unirme")  # the invitation's button
    expect(ana.get_by_test_id("member")).to_have_count(2)
    ana.get_by_test_id("start-practice").click()
    expect(ana).to_have_url(re.compile(r"/r/[A-Z2-9]{10}/$"))
    expect(beto).to_have_url(ana.url)

    # The intro shows the pairings of round 1 to both; nobody types yet.
    for page in (ana, beto):
        expect(page.get_by_test_id("rated")).to_have_text("Práctica")
        expect(page.get_by_test_id("pairings").locator("li")).to_have_count(4)
    screenshot(ana, "torneo-e2e-intro-phone")
    match = Match.objects.get()
    by_name = {
        Player.objects.get(pk=sitter["player"]).nickname: sitter["player"]
        for sitter in match.lineup
        if sitter["player"]
    }
    assert sorted(by_name) == ["Ana", "Beto"] and sum(1 for s in match.lineup if s["bot"]) == 6
    people = [("ana", ana, by_name["Ana"]), ("beto", beto, by_name["Beto"])]

    refused = solved = guesses = 0
    deadline = time.monotonic() + 420
    while time.monotonic() < deadline:
        match.refresh_from_db()
        if match.status == Match.FINISHED:
            break
        for name, page, player_id in people:
            if page.locator("[data-testid=my-duel].your-turn").count() == 0:
                continue
            seat, duel = my_duel(player_id)
            if duel is None or duel.over or duel.to_play != seat:
                continue
            # The turns run on the rules' real 30 s clock while the other person plays: the refused word and
            # its screenshot take seconds, so they wait for a turn with time left (else the turn may time out
            # between the keys and Enter, and the word is rightly not played: CI saw "never landed").
            left = (duel.turn_ends_at - timezone.now()).total_seconds()
            if left < (20 if name == "beto" and refused == 0 else 8):
                continue
            # And they type only once their page shows the turn the server is at: a page still showing the
            # turn before its own last guess (the fast bot answered before the frame arrived) would take the
            # letters, then clear them when that frame comes in, as it must for a turn that has passed.
            if page.locator(f"[data-testid=my-duel] .row.current.mine[data-row='{len(duel.rows)}']").count() == 0:
                continue
            if name == "beto" and refused == 0:
                page.keyboard.type("q" * duel.length)  # not a word: the row shakes, the turn goes on
                page.keyboard.press("Enter")
                expect(page.locator(".torneo")).to_contain_text("no está en la lista")
                screenshot(page, "torneo-e2e-refused-desktop")
                for _ in range(duel.length):
                    page.keyboard.press("Backspace")
                refused += 1
            # Ana finds the word of her first duel on her first turn; otherwise people guess real words.
            word = duel.hidden if name == "ana" and solved == 0 else wrong_word(duel)
            solved += word == duel.hidden
            if name == "ana":
                for letter in word:  # on the phone, with the on-screen keys
                    page.locator(f".wordle-keyboard .keys:visible [data-key='{letter}']").first.click()
                page.locator(".wordle-keyboard .keys:visible [data-action='enter']").first.click()
            else:
                page.keyboard.type(word)
                page.keyboard.press("Enter")
            # Accepted: the server wrote the row. (Not "the turn passed" on the page: a fast bot may have
            # answered already, and the turn is ours again before anyone could see it pass.)
            assert wait_until(partial(played, seat, word), 15), f"{name}'s {word!r} never landed"
            guesses += 1
            if guesses == 3:
                screenshot(ana, "torneo-e2e-playing-phone")
                screenshot(beto, "torneo-e2e-playing-desktop")
        ana.wait_for_timeout(300)
    match.refresh_from_db()
    assert match.status == Match.FINISHED, "the tournament did not finish in time"
    assert refused == 1 and solved == 1 and guesses >= 3

    # Both see the final standings: eight rows, the same places the server fixed, no rating column.
    places = match.outcome["places"]
    for page in (ana, beto):
        expect(page.get_by_test_id("standings").locator("tbody tr")).to_have_count(8)
        expect(page.get_by_test_id("result-title")).to_be_visible()
    for _name, page, player_id in people:
        seat = match.seat_of(player_id)
        expect(page.get_by_test_id("result-mine")).to_contain_text(str(places[seat]))
    expect(ana.get_by_test_id("standings")).not_to_contain_text("→")
    screenshot(ana, "torneo-e2e-standings-phone")
    screenshot(beto, "torneo-e2e-standings-desktop")

    # Back to the group screen; nobody is still in a tournament, so Ana may start another.
    ana.get_by_test_id("back").click()
    expect(ana).to_have_url(invite)
    expect(ana.get_by_test_id("party-status")).to_have_attribute("data-state", "ready")
    expect(ana.get_by_test_id("start-practice")).to_be_enabled()
    ana_context.close()
    beto_context.close()
