"""A rival or partner who closes their page is seen on every board (issue 33, items 3, 4 and 12): two people at a
table on 360x740 phones, one closes the page. The one who stayed sees at once that the other is away (beside their
name), after a few seconds how long they have been gone, and, in a game without a clock (Claves), the way to end
the game once the rule allows it; Claves' waiting sentence says the partner is away instead of "wait for their
clue". In Duelo, a guess sent with Enter is said in words in the live region a screen reader reads.

The matches are started and played a little through the services (tests/games/test_move_path_statements.mid_game);
the browsers are the two seated guests, signed in by the session cookie. Two minutes are not waited for: the
partner's leaving time (presence, in Redis) and the match's start are set back, as they would stand after them.
"""

from __future__ import annotations

import random
import re
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from django.db import connection
from playwright.sync_api import expect

from accounts.services import player_create_guest
from games.claves import engine as claves
from games.models import Match
from games.runtime import presence
from games.runtime.catalogue import spec_for
from games.runtime.registry import bots_for, engine_for
from tests.e2e.test_accessibility import blocking_violations
from tests.e2e.test_one_screen import sign_in
from tests.games.test_move_path_statements import mid_game
from wordlists.lexicon import lexicon

PHONE = {"width": 360, "height": 740}


def in_thread(work):
    """Run `work` on a thread of its own (this one runs the browser's event loop; the services start one of theirs)."""

    def run():
        try:
            return work()
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def two_at_the_table(browser, site, match, people):
    pages = []
    for person in people:
        context = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True)
        sign_in(context, site, person)
        page = context.new_page()
        page.goto(f"{site}/r/{match.room.code}/")
        expect(page.locator("[data-game-root]")).to_be_visible()
        skip = page.get_by_test_id("guide-skip")
        if skip.is_visible():
            skip.click()
        pages.append((context, page))
    return pages


def a_table(slug):
    """A match of `slug` between Ana and Beto, a few moves in."""
    people = [player_create_guest(nickname=name) for name in ("Ana", "Beto")]
    return mid_game(slug, people=people)[:2]


def a_word_for(match, seat):
    """A word the easy bot of `seat` would guess now (a real word of the list, not yet played)."""
    state = engine_for("duelo").from_json(Match.objects.get(pk=match.pk).state)
    action = bots_for("duelo").bot_action(
        state, seat, "easy", random.Random(5), words=lexicon, **spec_for("duelo").engine_kwargs()
    )
    return action["word"]


def test_the_one_who_stays_sees_the_other_leave_in_duelo_and_claves(daphne_url, browser, screenshot):
    site = daphne_url

    # -- Duelo: Ana and Beto mid-round ---------------------------------------------------------------------
    match, people = in_thread(lambda: a_table("duelo"))
    (ana_context, ana), (beto_context, beto) = two_at_the_table(browser, site, match, people)
    rival = ana.locator("article.rival[data-seat='1']")
    expect(rival.get_by_test_id("seat-presence")).to_have_attribute("data-presence", "online")
    expect(rival).not_to_contain_text("ausente")

    # Enter: the guess is said in words (the grid shows it in colours only).
    word = in_thread(lambda: a_word_for(match, 0))
    expect(ana.locator(".duelo")).to_have_attribute("data-phase", "playing", timeout=15_000)
    ana.locator("body").focus()
    ana.keyboard.type(word)
    ana.keyboard.press("Enter")
    said = ana.get_by_test_id("guess-said")
    marks = "(en su sitio|en otro sitio|no está)"
    expect(said).to_have_text(
        # Each letter as the board's keyboard has it: the list's "jamón" is said J, A, M, O, N (accents fold).
        re.compile(r"^\w{5}: " + ", ".join([rf"\w {marks}" for _letter in word]) + r"\. "),
        timeout=15_000,
    )
    expect(said).to_have_text(re.compile(r"(Te quedan? \d intentos?\.|¡Resuelta!)$"))

    beto_context.close()  # Beto closes his page
    expect(rival.get_by_test_id("seat-presence")).to_have_attribute("data-presence", "offline", timeout=15_000)
    expect(rival).to_contain_text("Beto")
    expect(rival).to_contain_text("ausente")
    screenshot(ana, "rival-away-duelo-phone")
    # After a few seconds (a reload is back sooner): who left and since when, above the board.
    absence = ana.get_by_test_id("absence")
    expect(absence).to_contain_text(re.compile(r"Beto dejó la mesa hace 0:\d\d"), timeout=25_000)
    expect(absence).to_be_visible()
    expect(ana.get_by_test_id("claim")).to_have_count(0)  # Duelo's clock ends the round by itself
    screenshot(ana, "rival-away-duelo-bar-phone")
    found = blocking_violations(ana, "duelo, the rival away")  # the "away" mark and the bar pass axe
    ana_context.close()

    # -- Claves: the one who waits, and the partner they wait for, who leaves ----------------------------------
    match, people = in_thread(lambda: a_table("claves"))
    state = claves.from_json(Match.objects.get(pk=match.pk).state)
    # In the clue phase the guesser waits for the giver's clue; in the guess phase the giver waits for the guesses.
    waited_for = state.giver if state.phase == claves.CLUE else 1 - state.giver
    stays = 1 - waited_for
    pages = two_at_the_table(browser, site, match, people)
    context, page = pages[stays]
    gone_name = people[waited_for].nickname
    pair = page.get_by_test_id("pair")
    expect(pair).to_contain_text(gone_name)
    expect(pair.get_by_test_id("seat-presence")).to_have_attribute("data-presence", "online")
    step = page.get_by_test_id("step")
    expect(step).not_to_contain_text("se ha ido")

    pages[waited_for][0].close()  # the partner closes their page
    expect(pair.get_by_test_id("seat-presence")).to_have_attribute("data-presence", "offline", timeout=15_000)
    expect(pair).to_contain_text("ausente")
    waits_for = "su pista espera a que vuelva" if state.phase == claves.CLUE else "sus intentos esperan a que vuelva"
    expect(step).to_have_text(f"{gone_name} se ha ido de la mesa: {waits_for}.")
    absence = page.get_by_test_id("absence")
    expect(absence).to_contain_text(re.compile(rf"{gone_name} dejó la mesa hace 0:\d\d"), timeout=25_000)
    expect(absence).to_contain_text("Si tu compañero no vuelve, podrás terminar la partida en 1:")
    screenshot(page, "partner-away-claves-phone")
    found += blocking_violations(page, "claves, the partner away")
    assert not found, "\n".join(found)

    # Two minutes later: the button to end the game (a cooperative game: nobody loses).
    def two_minutes_later():
        current = Match.objects.get(pk=match.pk)
        Match.objects.filter(pk=match.pk).update(started_at=current.started_at - timedelta(minutes=3))
        gone = current.lineup[waited_for]["player"]
        presence._sync_client().hset(f"dg:away:{match.room.code}", str(gone), f"{time.time() - 125:.3f}")

    in_thread(two_minutes_later)
    page.reload()
    expect(absence).to_contain_text(f"{gone_name} dejó la mesa hace 2:0")
    expect(absence).to_contain_text("Tu compañero se ha ido: puedes terminar la partida; nadie pierde.")
    screenshot(page, "partner-away-claves-claim-phone")
    page.get_by_test_id("claim").click()
    expect(page.get_by_test_id("result")).to_be_visible(timeout=15_000)
    expect(absence).to_be_hidden()
    expect(pair).to_be_hidden()  # the game is over: nobody to wait for
    screenshot(page, "partner-away-claves-ended-phone")
    assert Match.objects.get(pk=match.pk).status == Match.FINISHED
    context.close()


def test_in_wordgrid_the_one_who_stays_sees_the_rival_leave(daphne_url, browser, screenshot):
    """Item 4 on the board with clocks the first test leaves out: Wordgrid's player cards mark the rival away beside
    their name, and after a few seconds who left and since when is said above the board."""
    match, people = in_thread(lambda: a_table("wordgrid"))
    (ana_context, ana), (beto_context, _beto) = two_at_the_table(browser, daphne_url, match, people)
    rival = ana.locator("article.wg-player[data-seat='1']")
    expect(rival.get_by_test_id("seat-presence")).to_have_attribute("data-presence", "online")
    expect(rival).not_to_contain_text("ausente")

    beto_context.close()  # Beto closes his page
    expect(rival.get_by_test_id("seat-presence")).to_have_attribute("data-presence", "offline", timeout=15_000)
    expect(rival).to_contain_text("Beto")
    expect(rival).to_contain_text("ausente")
    absence = ana.get_by_test_id("absence")
    expect(absence).to_contain_text(re.compile(r"Beto dejó la mesa hace 0:\d\d"), timeout=25_000)
    box = rival.bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"] + 0.5, f"the rival's card spills sideways: {box}"
    screenshot(ana, "rival-away-wordgrid-phone")
    found = blocking_violations(ana, "wordgrid, the rival away")
    ana_context.close()
    assert not found, "\n".join(found)
