"""Sounds and vibration at the table (issue 33), as a player hears them on a phone (360x740): a rival's move in
Duelo plays the move cue, the rival's move that gives the turn back in Wordgrid plays "your turn" (and vibrates),
and once the player mutes the room's switch nothing plays; the switch holds across a reload.

What plays is read off the Web Audio API itself: an init script counts the oscillators the page starts (each
cue's notes, by frequency) and the vibrations it asks for. The rivals' moves are made through the services, as a
second player's socket would, and reach the browser by the room's broadcast."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

from django.db import connection
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Match
from games.runtime import matches
from games.runtime.catalogue import spec_for
from games.runtime.registry import bots_for, engine_for
from tests.e2e.test_one_screen import at_the_table, sign_in
from tests.games.test_move_path_statements import mid_game, next_move
from wordlists.lexicon import lexicon

PHONE = {"width": 360, "height": 740}
MOVE_HZ, TURN_HZ, LOW_HZ = 660, 784, 880
SPY = """
window.__tones = [];
window.__buzz = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__tones.push(this.frequency.value);
  return start.apply(this, args);
};
if (navigator.vibrate) {
  navigator.vibrate = (pattern) => { window.__buzz.push(pattern); return true; };
}
"""


def in_thread(work):
    """Services on a thread of their own: this one runs the browser's event loop."""

    def run():
        try:
            return work()
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def rival_guesses(match: Match, rival) -> None:
    """The Duelo rival types a word the list knows (the easy bot's choice), through the one service path."""
    state = engine_for("duelo").from_json(Match.objects.get(pk=match.pk).state)
    seat = match.seat_of(rival.pk)
    action = bots_for("duelo").bot_action(
        state,
        seat,
        "easy",
        random.Random(len(state.rounds[-1].seats[seat].rows)),
        words=lexicon,
        **spec_for("duelo").engine_kwargs(),
    )
    matches.match_act(match_id=match.pk, player=rival, action=action, turn=engine_for("duelo").turn_of(state, seat))


def wordgrid_rival_moves(match: Match, people, now) -> None:
    """Whoever owes the Wordgrid move plays it (the easy bot's choice)."""
    match.refresh_from_db()
    player, action, turn, _at = next_move(match, people, max(now, timezone.now()))
    matches.match_act(match_id=match.pk, player=player, action=action, turn=turn)


def tones(page) -> list[float]:
    return page.evaluate("window.__tones.slice()")


def open_table(browser, site, match, player):
    context = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True)
    context.add_init_script(SPY)
    sign_in(context, site, player)
    page = context.new_page()
    page.goto(f"{site}/r/{match.room.code}/")
    expect(page.locator("[data-game-root]")).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("sound-toggle")).to_have_attribute("aria-pressed", "true")
    page.wait_for_timeout(500)  # the first frame, which plays nothing
    return context, page


def test_a_rivals_move_and_your_turn_are_heard_until_the_player_mutes_them(daphne_url, browser, screenshot):
    site = daphne_url
    # Duelo: a rival's guess is heard, the player's own page stays quiet before it.
    duelo, duelo_people, _now = in_thread(lambda: mid_game("duelo"))
    at_the_table(duelo, duelo_people[0])
    context, page = open_table(browser, site, duelo, duelo_people[0])
    assert tones(page) == []
    in_thread(lambda: rival_guesses(duelo, duelo_people[1]))
    page.wait_for_function(f"window.__tones.includes({MOVE_HZ})", timeout=15_000)
    assert TURN_HZ not in tones(page) and LOW_HZ not in tones(page)
    context.close()

    # Wordgrid: the rival's move gives the turn back, which is "your turn" and a short vibration.
    grid, grid_people, now = in_thread(lambda: mid_game("wordgrid"))
    state = engine_for("wordgrid").from_json(Match.objects.get(pk=grid.pk).state)
    me = grid_people[1 - state.turn]  # the one waiting for the rival
    at_the_table(grid, me)
    context, page = open_table(browser, site, grid, me)
    expect(page.get_by_test_id("turn")).not_to_have_text("Tu turno")
    in_thread(lambda: wordgrid_rival_moves(grid, grid_people, now))
    expect(page.get_by_test_id("turn")).to_have_text("Tu turno", timeout=15_000)
    page.wait_for_function(f"window.__tones.includes({TURN_HZ})", timeout=15_000)
    assert page.evaluate("window.__buzz.length") >= 1
    screenshot(page, "sounds-wordgrid-360x740")

    # Muted from the room's switch: the player's move and the rival's next one play nothing.
    page.get_by_test_id("sound-toggle").click()
    expect(page.get_by_test_id("sound-toggle")).to_have_attribute("aria-pressed", "false")
    in_thread(lambda: wordgrid_rival_moves(grid, grid_people, now))  # the player's move (through the services)
    expect(page.get_by_test_id("turn")).not_to_have_text("Tu turno", timeout=15_000)
    before = len(tones(page))
    in_thread(lambda: wordgrid_rival_moves(grid, grid_people, now))  # the rival's: the turn is back
    expect(page.get_by_test_id("turn")).to_have_text("Tu turno", timeout=15_000)
    page.wait_for_timeout(800)
    assert len(tones(page)) == before

    # The switch holds across a reload, here and in the footer's settings.
    page.reload()
    expect(page.locator("[data-game-root]")).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("sound-toggle")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("localStorage.getItem('dg-sound')") == "off"
    page.goto(f"{site}/lobby/")
    page.get_by_test_id("settings-open").click()
    expect(page.get_by_test_id("sound-switch")).not_to_be_checked()
    page.get_by_test_id("sound-switch").check()
    page.goto(f"{site}/r/{grid.room.code}/")
    expect(page.get_by_test_id("sound-toggle")).to_have_attribute("aria-pressed", "true")
    context.close()
