"""What static/js/room.js does for every board, in a browser with fake frames (no server): the connection's
face (a banner while the socket is away, the board frozen until the fresh snapshot, the reason of a final
close), the stale-turn answer, and the arrival gate's panel.

The harness pages (tests/e2e/harness/<game>.html) run room.js with a fake socket; `status(page, ...)`
reports what static/js/socket.js would (its heartbeat and back-off are tested against a real daphne in
test_connection_face.py).
"""

import copy

import pytest
from playwright.sync_api import expect

from tests.e2e.harness.serve import DESKTOP, PHONE, feed, harness_pages, load_frames, sent, settle, status

DUELO = load_frames("frames.json")
WORDGRID = load_frames("wordgrid_frames.json")
CLAVES = load_frames("claves_frames.json")
CRUZADAS = load_frames("cruzadas_frames.json")
TORNEO = load_frames("torneo_frames.json")

# Every board room.js hosts: its room frame and a match frame where the viewer may act.
BOARDS = {
    "duelo": (DUELO["es"]["room"], DUELO["es"]["frames"]["playing"]),
    "wordgrid": (WORDGRID["room"], WORDGRID["frames"]["start"]),
    "cruzadas": (CRUZADAS["room"], CRUZADAS["frames"]["start"]),
    "claves": (CLAVES["room"], CLAVES["frames"]["clue_giver"]),
    "torneo": (TORNEO["rooms"]["rated"], TORNEO["frames"]["my_turn"]),
}
STALE = "That move was for a turn that is over: here is the table as it is now."


def banner(page):
    return page.get_by_test_id("connection-banner")


def frozen(page) -> bool:
    return page.evaluate("document.querySelector('[data-game-root]').inert")


def press(page, key):
    page.evaluate("k => document.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true}))", key)


@pytest.fixture
def screenshot(screenshot):
    def take(page, name):
        settle(page)
        return screenshot(page, name)

    return take


@pytest.mark.parametrize("game", list(BOARDS))
def test_every_board_freezes_while_reconnecting_and_takes_the_fresh_snapshot_whatever_its_version(browser, game):
    room, frame = BOARDS[game]
    with harness_pages(browser, game) as open_:
        page = open_(PHONE, room=room)
        feed(page, frame)
        expect(banner(page)).to_be_hidden()
        assert not frozen(page)

        status(page, "reconnecting")
        expect(banner(page)).to_be_visible()
        expect(banner(page)).to_contain_text("Reconnecting…")
        assert frozen(page)
        status(page, "online")  # open again, but the board waits for the server's snapshot
        expect(banner(page)).to_be_visible()
        assert frozen(page)

        # The first match frame after the return is the server's word, even an older version.
        feed(page, room)
        feed(page, {**frame, "v": frame["v"] - 1})
        expect(banner(page)).to_be_hidden()
        assert not frozen(page)

        # A move made for a turn that is gone: the board says why and the page asks for the table.
        feed(page, {"type": "error", "code": "stale_turn", "message": STALE, "ref": None})
        expect(page.get_by_text(STALE)).to_be_visible()
        assert sent(page)[-1] == {"type": "sync"}
        assert not page.js_errors


def test_a_duelo_player_types_nothing_while_away_and_the_board_shows_the_snapshot_it_gets_back(browser, screenshot):
    room, frames = DUELO["es"]["room"], DUELO["es"]["frames"]
    with harness_pages(browser, "duelo") as open_:
        for viewport, suffix in ((PHONE, "phone"), (DESKTOP, "desktop")):
            page = open_(viewport, room=room, setup=lambda p: p.clock.set_fixed_time("2031-03-04T05:06:07Z"))
            feed(page, frames["closing"])
            expect(page.locator(".duelo-banner")).to_be_visible()
            press(page, "c")
            expect(page.locator(".wordle-grid .row.current .tile.filled")).to_have_count(1)

            status(page, "reconnecting")
            for key in "ielo":
                press(page, key)
            page.keyboard.type("x")
            assert page.evaluate("window.board.typed()") == "c"  # nothing typed while away
            key = page.locator(".wordle-keyboard .keys:visible [data-key='a']")
            assert key.evaluate("el => el.closest('[inert]') !== null")  # no taps either
            screenshot(page, f"room-reconnecting-{suffix}")

            # Back, with the server's snapshot (older than what the page had: it missed nothing newer).
            status(page, "online")
            feed(page, room)
            feed(page, frames["playing"])
            expect(banner(page)).to_be_hidden()
            expect(page.locator(".duelo-banner")).to_be_hidden()  # the board shows the snapshot it got
            for key in "ielo":
                press(page, key)
            assert page.evaluate("window.board.typed()") == "cielo"
            page.keyboard.press("Enter")
            act = sent(page)[-1]
            assert act["action"] == {"type": "guess", "word": "cielo"}
            assert act["turn"] == frames["playing"]["turn"]
            # A late frame from before the loss changes nothing now.
            feed(page, frames["opened"])
            expect(page.locator(".wordle-grid .row.done")).to_have_count(2)
            assert not page.js_errors


@pytest.mark.parametrize(
    ("code", "text", "link"),
    [
        (4404, "This room does not exist or has closed.", "Go to the lobby"),
        (4401, "You are no longer signed in as a player here.", "Reload the page"),
        (4408, "This game is open in too many tabs or windows.", "Reload the page"),
        (4429, "too many messages too fast", "Reload the page"),
    ],
)
def test_a_socket_closed_for_good_says_why_and_the_board_stays_frozen(browser, screenshot, code, text, link):
    room, frame = BOARDS["wordgrid"]
    with harness_pages(browser, "wordgrid") as open_:
        page = open_(PHONE, room=room)
        feed(page, frame)
        status(page, "closed", {"code": code})
        expect(banner(page)).to_contain_text(text)
        expect(banner(page).get_by_role("link" if code == 4404 else "button", name=link)).to_be_visible()
        assert frozen(page)
        if code == 4404:
            assert banner(page).get_by_role("link").get_attribute("href") == "/lobby/"
            screenshot(page, "room-closed-4404-phone")
        assert not page.js_errors


def test_the_arrival_gate_counts_down_for_the_absent_and_says_what_an_abort_cost(browser, screenshot):
    room, start = WORDGRID["room"], WORDGRID["frames"]["start"]
    match_id = start["match_id"]
    # The frames' clock (2025) is years from the browser's: the countdown must use server_time.
    arriving = {
        "type": "match",
        "v": 0,
        "match_id": match_id,
        "view": None,
        "turn": None,
        "ratings": None,
        "server_time": "2025-05-01T11:59:30Z",
        "arriving": {"awaiting": [1], "join_by": "2025-05-01T11:59:57.000000+00:00"},
    }

    def paused_clock(page):
        page.clock.install(time="2031-03-04T05:05:07Z")
        page.clock.pause_at("2031-03-04T05:06:07Z")

    with harness_pages(browser, "wordgrid") as open_:
        for viewport, suffix in ((PHONE, "phone"), (DESKTOP, "desktop")):
            page = open_(viewport, room=room, setup=paused_clock)
            feed(page, arriving)
            gate = page.get_by_test_id("arrival")
            expect(gate).to_be_visible()
            expect(page.get_by_test_id("arrival-text")).to_have_text("Waiting for Bob to arrive…")
            expect(page.get_by_test_id("arrival-clock")).to_have_text("0:27")
            expect(page.locator("[data-game-root]")).to_be_hidden()
            page.clock.run_for(5000)
            expect(page.get_by_test_id("arrival-clock")).to_have_text("0:22")
            screenshot(page, f"room-arriving-{suffix}")

            # Bob came: the game's first frame replaces the panel with the board.
            feed(page, start)
            expect(gate).to_be_hidden()
            expect(page.locator("[data-game-root]")).to_be_visible()
            expect(page.get_by_test_id("turn")).to_have_text("Your turn")
            feed(page, arriving)  # late: older than what the board shows
            expect(gate).to_be_hidden()
            assert not page.js_errors

        # Another match nobody came to: aborted, the stake refunded (or nothing at stake).
        page = open_(PHONE, room=room, setup=paused_clock)
        two_absent = copy.deepcopy(arriving)
        two_absent["match_id"] = match_id + 10
        two_absent["arriving"]["awaiting"] = [0, 1]
        feed(page, two_absent)
        expect(page.get_by_test_id("arrival-text")).to_have_text("Waiting for Ana and Bob to arrive…")
        aborted = {
            **two_absent,
            "v": 1,
            "arriving": None,
            "aborted": {"reason": "no_show", "absent": [1], "refunded": 50},
        }
        del aborted["arriving"]
        feed(page, aborted)
        expect(page.get_by_test_id("arrival-text")).to_have_text("The match was aborted: Bob did not arrive.")
        expect(page.get_by_test_id("arrival-note")).to_have_text(
            "Nothing was lost; your stake of 50 credits was refunded."
        )
        expect(page.get_by_test_id("arrival-clock")).to_have_count(0)
        screenshot(page, "room-aborted-phone")
        feed(page, {**aborted, "v": 2, "aborted": {"reason": "no_show", "absent": [1], "refunded": 0}})
        expect(page.get_by_test_id("arrival-note")).to_have_text("Nothing was lost.")
        assert not page.js_errors
