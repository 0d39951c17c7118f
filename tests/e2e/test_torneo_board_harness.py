"""The Torneo board in a browser, fed with frames the real engine produced (no server).

tests/e2e/harness/torneo.html mounts static/js/room.js and the board with a fake socket (serve.py serves
it and static/ from a made-up origin). The frames are in tests/e2e/harness/torneo_frames.json, recorded
by make_torneo_frames.py from games/torneo/engine.py with the real Spanish lists: one 8-seat rated
tournament in which Ana (seat 0) wins. Ana's round-1 rival is Gala, who lets her first turn run out and
later leaves; Hugo is knocked out in round 3 and shares place 6; Bob has a bye in round 4.
"""

import copy
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.harness.serve import (
    DESKTOP,
    PHONE,
    assert_no_sideways_scroll,
    feed,
    harness_pages,
    load_frames,
    origin_of,
    sent,
    settle,
)
from wordlists import alphabets

DATA = load_frames("torneo_frames.json")
FRAMES = DATA["frames"]
ERRORS = DATA["errors"]
NAMES = [seat["nickname"] for seat in DATA["rooms"]["rated"]["room"]["seats"]]
ANA, BOB, GALA, HUGO = 0, 1, 6, 7
BROWSER_TIME = "2031-03-04T05:06:07Z"  # years away from the frames' server_time: the board must correct
VIEWPORTS = ((PHONE, "phone"), (DESKTOP, "desktop"))
LANGUAGES = ("en", "id", "de", "es", "fr", "it", "nl", "uz", "pl", "pt", "kk", "ru", "uk")


def room_for(seat, kind="rated"):
    room = copy.deepcopy(DATA["rooms"][kind])
    room["room"]["you"] = {"seat": seat, "is_host": False, "spectator": seat is None}
    for info in room["room"]["seats"]:
        info["is_you"] = info["index"] == seat
    return room


def fixed_clock(page):
    # The browser's clock stands still (timers still run): countdowns then depend only on the frames'
    # server_time, which is what the board must correct for.
    page.clock.set_fixed_time(BROWSER_TIME)


@pytest.fixture
def open_board(browser):
    with harness_pages(browser, "torneo") as open_:

        def open_torneo(viewport=PHONE, seat=ANA, kind="rated", strings=None):
            return open_(viewport, strings, room=room_for(seat, kind), setup=fixed_clock)

        yield open_torneo


@pytest.fixture
def screenshot(screenshot):
    def take(page, name):
        settle(page)
        return screenshot(page, name)

    return take


def key(page, letter):
    return page.locator(f".wordle-keyboard .keys:visible [data-key='{letter}']")


def action(page, name):
    return page.locator(f".wordle-keyboard .keys:visible [data-action='{name}']")


def current_row(page):
    return page.locator(".torneo-grid .row.current")


def error(code, ref):
    return {**ERRORS[code], "ref": ref}


def test_the_intro_shows_every_pairing_and_whom_you_play(open_board, screenshot):
    duels = FRAMES["intro"]["view"]["duels"]
    for viewport, suffix in VIEWPORTS:
        page = open_board(viewport)
        feed(page, FRAMES["intro"])
        intro = page.get_by_test_id("intro")
        expect(intro).to_be_visible()
        expect(intro.locator(".intro-kicker")).to_have_text("Round 1")
        expect(intro.locator(".intro-count")).to_have_text("5")  # 4.5 s left by the server's clock
        pairings = page.get_by_test_id("pairings").locator(".pairing")
        expect(pairings).to_have_count(4)
        for item, duel in zip(pairings.all(), duels, strict=True):
            expect(item.locator(".pname")).to_have_text([NAMES[seat] for seat in duel["seats"]])
            expect(item.locator(".plen")).to_have_text(f"{duel['length']} letters")
        mine = page.locator(".pairing.mine")
        expect(mine.locator(".pname")).to_have_text(["Ana", "Gala"])
        expect(page.get_by_test_id("you-play")).to_have_text("You play Gala")
        expect(intro).to_contain_text("You play first.")
        # Nobody types during the intro.
        expect(page.get_by_test_id("my-duel")).to_be_hidden()
        page.keyboard.type("barco")
        page.keyboard.press("Enter")
        assert sent(page) == []
        assert_no_sideways_scroll(page)
        screenshot(page, f"torneo-intro-{suffix}")
        assert not page.js_errors


def test_the_next_intro_shows_the_bye_and_how_the_last_round_ended(open_board, screenshot):
    page = open_board()
    feed(page, FRAMES["intro_next"])
    previous = page.get_by_test_id("previous").locator(".previous")
    expect(previous).to_have_count(4)
    # The duel that ended the round (and started this intro at once) still shows its word.
    expect(page.locator(".previous.mine")).to_contain_text("Ana won")
    expect(page.get_by_test_id("previous-word")).to_have_text("PERRO")
    expect(page.locator(".previous[data-end='draw']")).to_contain_text("Draw")
    screenshot(page, "torneo-intro-previous-phone")

    feed(page, FRAMES["intro_bye"])
    expect(page.get_by_test_id("bye")).to_have_text("Bob has a bye")
    expect(page.get_by_test_id("pairings").locator(".pairing:not(.bye)")).to_have_count(2)

    page = open_board(seat=BOB)
    feed(page, FRAMES["intro_bye_seat"])
    expect(page.get_by_test_id("you-play")).to_have_text("You have a bye this round")
    expect(page.locator(".pairing.bye.mine")).to_be_visible()
    assert not page.js_errors


def test_on_your_turn_a_typed_guess_is_sent_and_a_refused_one_shakes_with_the_reason(open_board, screenshot):
    page = open_board()
    feed(page, FRAMES["my_turn"])
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    expect(page.locator(".torneo-clock")).to_have_text("0:21")  # server time, not the browser's clock
    rows = page.locator(".torneo-grid .row")
    expect(rows).to_have_count(12)  # six turns each, in turn order
    expect(rows.nth(0)).to_have_class(re.compile(r"\bdone\b.*\bmine\b"))
    expect(rows.nth(0).locator(".row-who")).to_have_text("You")
    expect(rows.nth(0).locator(".tile")).to_have_text(list("BARCO"))
    expect(rows.nth(0).locator(".tile").nth(2)).to_have_attribute("aria-label", "R, green")
    expect(rows.nth(1)).to_have_class(re.compile(r"\bskipped\b.*\btheirs\b"))
    expect(rows.nth(1).locator(".row-who")).to_have_text("Gala")
    expect(rows.nth(1)).to_contain_text("Turn skipped")
    expect(rows.nth(2)).to_have_class(re.compile(r"\bcurrent\b.*\bmine\b"))
    expect(page.locator(".duelist.mine .duelist-turns")).to_have_text("Turns left: 5")
    expect(page.locator(".duelist:not(.mine) .duelist-turns")).to_have_text("Turns left: 5")
    expect(key(page, "r")).to_have_class("key green")  # the keyboard takes the duel's marks
    expect(key(page, "b")).to_have_class("key grey")

    for letter in "terco":
        key(page, letter).click()
    expect(current_row(page).locator(".tile")).to_have_text(list("TERCO"))
    action(page, "enter").click()
    guess = sent(page)[-1]
    assert guess["type"] == "act" and guess["match_id"] == 77
    assert guess["turn"] == FRAMES["my_turn"]["turn"] is not None  # the turn of the latest match frame
    assert guess["action"] == {"type": "guess", "word": "terco"}

    # The server refuses it: the row shakes, the reason shows, nothing is spent and the turn goes on.
    feed(page, error("not_in_list", guess["ref"]))
    expect(current_row(page)).to_have_class(re.compile(r"\bshake\b"))
    expect(page.locator(".torneo-message")).to_have_text("That word is not in the list.")
    expect(page.locator(".torneo-grid .row.done")).to_have_count(1)
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    screenshot(page, "torneo-refused-phone")

    # The physical keyboard: fix the word, and a short one never leaves the browser.
    for _ in range(5):
        page.keyboard.press("Backspace")
    page.keyboard.type("ter")
    page.keyboard.press("Enter")
    assert len(sent(page)) == 1
    expect(page.locator(".torneo-message")).to_have_text("A guess has exactly 5 letters.")
    page.keyboard.type("cox")  # a sixth letter does not fit
    expect(current_row(page).locator(".tile")).to_have_text(list("TERCO"))
    page.keyboard.press("Enter")
    assert sent(page)[-1]["action"] == {"type": "guess", "word": "terco"}
    assert not page.js_errors


def test_on_the_rivals_turn_the_next_guess_is_typed_ahead_and_goes_only_with_enter_on_your_turn(open_board, screenshot):
    """Typing ahead (issue 33): while Gala plays, Ana types her next guess; it waits in her next row, marked as not
    sent, and nothing leaves the browser, not even with Enter; when her turn comes it is in her row, and Enter
    sends it with the turn of that frame (the server refuses a move out of turn in any case)."""
    for viewport, suffix in VIEWPORTS:
        page = open_board(viewport)
        feed(page, FRAMES["their_turn"])
        expect(page.get_by_test_id("turn")).to_have_text("Gala's turn")
        expect(current_row(page)).to_have_class(re.compile(r"\btheirs\b"))
        expect(page.locator(".duelist.to-play .duelist-name")).to_have_text("Gala")
        expect(page.locator(".wordle-keyboard")).not_to_have_class(re.compile(r"\blocked\b"))
        page.keyboard.type("cie")
        key(page, "l").click()
        key(page, "o").click()
        pending = page.locator(".torneo-grid .row.pending")
        expect(pending).to_have_attribute("data-row", "4")  # her next row, after Gala's
        expect(pending.locator(".row-who")).to_have_text("Not sent")
        expect(pending).to_have_attribute("aria-label", "Row 5, your next guess, not sent yet")
        expect(pending.locator(".tile")).to_have_text(list("CIELO"))
        expect(current_row(page).locator(".tile.filled")).to_have_count(0)  # Gala's row stays hers
        page.keyboard.press("Enter")
        action(page, "enter").click()
        assert sent(page) == []
        expect(page.locator(".torneo-message")).to_have_text(
            "Not your turn yet: your guess waits. Press ⏎ when your turn comes."
        )
        # If a guess crosses the turn's end on its way, the server's answer shakes and says why.
        feed(page, error("not_your_turn", None))
        expect(page.locator(".torneo-message")).to_have_text("It is your rival's turn.")
        assert_no_sideways_scroll(page)
        screenshot(page, f"torneo-their-turn-{suffix}")

        # Gala's row goes in: Ana's turn, her word in her row, still not sent until she presses Enter.
        feed(page, FRAMES["my_turn_next"])
        expect(page.get_by_test_id("turn")).to_have_text("Your turn")
        expect(current_row(page)).to_have_attribute("data-row", "4")
        expect(current_row(page).locator(".tile")).to_have_text(list("CIELO"))
        expect(page.locator(".torneo-grid .row.pending")).to_have_count(0)
        assert sent(page) == []
        page.keyboard.press("Backspace")
        page.keyboard.type("o")
        page.keyboard.press("Enter")
        guess = sent(page)[-1]
        assert guess["action"] == {"type": "guess", "word": "cielo"}
        assert guess["turn"] == FRAMES["my_turn_next"]["turn"] != FRAMES["their_turn"]["turn"]
        assert len(sent(page)) == 1
        assert not page.js_errors


def test_the_board_fits_the_screen_to_its_last_row(open_board, screenshot):
    """One screen (issue 33): with the duel at its twelfth row, the clock, the hearts, whose turn, the row to fill
    and the keyboard are all on the screen at once, the page unscrolled, and the keyboard covers no row; the rows
    played scroll inside the board. The same at the first rows."""
    sizes = {"360x740": (360, 740), "390x844": (390, 844), "1280x800": (1280, 800)}
    seat = DATA["seats"]["last_row"]
    for size, (width, height) in sizes.items():
        for name, viewer in (("last_row", seat), ("my_turn", ANA)):
            page = open_board({"width": width, "height": height}, seat=viewer)
            feed(page, FRAMES[name])
            settle(page)
            row = current_row(page)
            if name == "last_row":
                expect(row).to_have_attribute("data-row", "11")
            boxes = {
                what: inside_the_screen(page, locator, f"{what} ({name} at {size})")
                for what, locator in (
                    ("the clock", page.locator(".torneo-clock")),
                    ("the hearts", page.locator(".torneo-mylives .hearts")),
                    ("whose turn", page.get_by_test_id("turn")),
                    ("the current row", row),
                    ("the keyboard", page.locator(".wordle-keyboard .keys:visible")),
                )
            }
            grid = page.locator(".torneo-grid").bounding_box()
            keys = boxes["the keyboard"]
            assert grid["y"] + grid["height"] <= keys["y"] + 0.5, f"the keyboard covers rows at {size}"
            assert page.evaluate("window.scrollY") == 0
            screenshot_now(page, f"torneo-{name.replace('_', '-')}-{size}")
            assert not page.js_errors


def inside_the_screen(page, locator, what):
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    size = page.viewport_size
    assert box["x"] >= -0.5 and box["x"] + box["width"] <= size["width"] + 0.5, f"{what} spills sideways: {box}"
    assert box["y"] >= -0.5 and box["y"] + box["height"] <= size["height"] + 0.5, f"{what} is off the screen: {box}"
    return box


def screenshot_now(page, name):
    """The screen as the player sees it (not the whole page)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_everyones_lives_and_the_other_duels_show_beside_your_own(open_board, screenshot):
    frame = FRAMES["my_turn"]
    view = frame["view"]
    for viewport, suffix in VIEWPORTS:
        page = open_board(viewport)
        feed(page, frame)
        players = page.get_by_test_id("players").locator(".player")
        expect(players).to_have_count(8)
        expect(players.locator(".pl-name")).to_have_text(NAMES)
        for seat, lives in enumerate(view["lives"]):
            hearts = players.nth(seat).locator(".hearts")
            expect(hearts).to_have_attribute("aria-label", f"Lives: {lives}")
            expect(hearts.locator(".heart:not(.lost)")).to_have_count(lives)
        expect(players.nth(HUGO).locator(".presence")).to_have_attribute("data-presence", "offline")
        others = [duel for duel in view["duels"] if not duel["yours"]]
        cards = page.get_by_test_id("duels").locator(".duel-card")
        expect(cards).to_have_count(len(others))
        for card, duel in zip(cards.all(), others, strict=True):
            expect(card.locator(".dc-nick")).to_have_text([NAMES[seat] for seat in duel["seats"]])
            expect(card.locator(".mini-row")).to_have_count(len(duel["rows"]))
            if duel["over"]:
                expect(card.locator(".dc-result")).to_have_text(f"{NAMES[duel['winner']]} won")
                expect(card.locator(".duel-word")).to_have_text(duel["hidden"]["shown"].upper())
            else:
                expect(card.locator(".dc-turn")).to_have_text(f"{NAMES[duel['to_play']]}'s turn")
                expect(card.locator(".duel-word")).to_have_count(0)
        assert_no_sideways_scroll(page)
        screenshot(page, f"torneo-duel-{suffix}")
        assert not page.js_errors


def test_a_won_duel_shows_the_word_and_waits_for_the_others(open_board, screenshot):
    for viewport, suffix in VIEWPORTS:
        page = open_board(viewport)
        feed(page, FRAMES["my_turn"])
        page.keyboard.type("ter")
        feed(page, FRAMES["won"])
        end = page.get_by_test_id("duel-end")
        expect(end).to_contain_text("You solved it: you win the duel!")
        expect(page.get_by_test_id("my-word")).to_have_text("PERRO")
        expect(page.locator(".wordle-keyboard")).to_be_hidden()
        expect(page.get_by_test_id("turn")).to_have_text("Waiting for the other duels to end…")
        expect(page.locator(".torneo-grid .row")).to_have_count(5)  # the rows played, no empty ones
        expect(page.locator(".torneo-grid .row").nth(4).locator(".tile")).to_have_text(list("PERRO"))
        screenshot(page, f"torneo-won-{suffix}")
        assert not page.js_errors


def test_a_knocked_out_player_sees_the_place_and_rating_change_and_may_watch_on(open_board, screenshot):
    for viewport, suffix in VIEWPORTS:
        page = open_board(viewport, seat=HUGO)
        feed(page, FRAMES["out_pending"])
        out = page.get_by_test_id("out")
        expect(out.locator(".out-title")).to_have_text("You are out")
        expect(page.get_by_test_id("out-place")).to_have_text("Your place is fixed when this round ends.")
        expect(page.get_by_test_id("rating-change")).to_have_count(0)
        expect(page.get_by_test_id("leave")).to_be_hidden()  # out already: nothing to lose by leaving

        feed(page, FRAMES["out_placed"])
        change = FRAMES["out_placed"]["ratings"][str(HUGO)]
        expect(page.get_by_test_id("out-place")).to_have_text(
            "You finished in place 6, shared with others who fell in the same round."
        )
        sign = "+" if change["change"] > 0 else ""
        expect(page.get_by_test_id("rating-change")).to_have_text(
            f"Rating: {change['before']} → {change['after']} ({sign}{change['change']})"
        )
        expect(page.get_by_test_id("leave-now")).to_have_attribute("href", "/lobby/")
        players = page.get_by_test_id("players").locator(".player")
        expect(players.nth(HUGO).locator(".pl-status")).to_have_text("Place 6")
        expect(players.nth(GALA).locator(".pl-status")).to_have_text("Left the tournament")
        screenshot(page, f"torneo-out-{suffix}")

        page.get_by_test_id("keep-watching").click()
        expect(out).to_be_hidden()
        expect(page.get_by_test_id("turn")).to_have_text("You are out · place 6")
        cards = page.get_by_test_id("duels").locator(".duel-card")
        expect(cards).to_have_count(len(FRAMES["out_placed"]["view"]["duels"]))
        feed(page, FRAMES["out_placed"])  # a resent snapshot keeps the choice
        expect(out).to_be_hidden()
        screenshot(page, f"torneo-out-watching-{suffix}")
        assert not page.js_errors


def test_a_bye_means_watching_the_round_with_no_life_lost(open_board, screenshot):
    page = open_board(seat=BOB)
    feed(page, FRAMES["bye"])
    expect(page.get_by_test_id("turn")).to_contain_text("You have a bye this round")
    expect(page.get_by_test_id("my-duel")).to_be_hidden()
    expect(page.get_by_test_id("duels").locator(".duel-card")).to_have_count(2)
    expect(page.get_by_test_id("players").locator(".player").nth(BOB).locator(".pl-status")).to_have_text("Bye")
    expect(page.get_by_test_id("leave")).to_be_visible()  # still in the tournament
    screenshot(page, "torneo-bye-phone")
    assert not page.js_errors


def test_the_standings_share_places_and_show_rating_changes_when_rated(open_board, screenshot):
    outcome = FRAMES["finished"]["view"]["outcome"]
    ratings = FRAMES["finished"]["ratings"]
    order = sorted(range(8), key=lambda seat: (outcome["places"][seat], seat))
    for viewport, suffix in VIEWPORTS:
        page = open_board(viewport)
        feed(page, FRAMES["finished"])
        expect(page.get_by_test_id("result-title")).to_have_text("You win the tournament!")
        expect(page.get_by_test_id("result-mine")).to_have_text("You finished in place 1.")
        rows = page.get_by_test_id("standings").locator("tbody tr")
        expect(rows).to_have_count(8)
        expect(rows.locator("th")).to_contain_text([NAMES[seat] for seat in order])
        shared = {place for place in outcome["places"] if outcome["places"].count(place) > 1}
        assert shared == {4, 6}
        for row, seat in zip(rows.all(), order, strict=True):
            place = outcome["places"][seat]
            expect(row.locator(".place")).to_have_text(f"{place}shared" if place in shared else str(place))
            change = ratings[str(seat)]["change"]
            expect(row.locator(".change")).to_have_text(f"+{change}" if change > 0 else str(change))
        expect(page.get_by_test_id("standings").locator("thead th")).to_have_text(
            ["Place", "Player", "Lives", "Rating"]
        )
        expect(rows.nth(7)).to_contain_text("Left the tournament")
        expect(page.get_by_test_id("back")).to_have_attribute("href", "/lobby/")
        expect(page.get_by_test_id("leave")).to_be_hidden()
        expect(page.get_by_test_id("my-duel")).to_be_hidden()
        assert_no_sideways_scroll(page)
        screenshot(page, f"torneo-standings-{suffix}")
        assert not page.js_errors


def test_a_practice_from_a_group_has_no_ratings_and_leads_back_to_the_group(open_board, screenshot):
    page = open_board(DESKTOP, kind="practice")
    feed(page, FRAMES["finished_practice"])
    expect(page.get_by_test_id("standings").locator("thead th")).to_have_text(["Place", "Player", "Lives"])
    expect(page.get_by_test_id("rating-change")).to_have_count(0)
    expect(page.get_by_test_id("back")).to_have_text("Back to the group")
    expect(page.get_by_test_id("back")).to_have_attribute("href", "/g/AMIGOS7/")
    expect(page.get_by_test_id("standings")).to_contain_text("Halo")  # a bot's name from the room
    screenshot(page, "torneo-standings-practice-desktop")


def test_a_spectator_watches_every_duel_and_never_sees_a_word_before_its_duel_ends(open_board, screenshot):
    words = DATA["round1_words"]
    for viewport, suffix in VIEWPORTS:
        page = open_board(viewport, seat=None)
        for name in ("intro_spectator", "spectator", "won_spectator"):
            frame = FRAMES[name]
            feed(page, frame)
            expect(page.locator(".torneo")).to_have_attribute(
                "data-mode", "intro" if name.startswith("intro") else "watch"
            )
            text = page.locator(".torneo").inner_text().lower()
            for duel, word in zip(frame["view"]["duels"], words, strict=True):
                if duel["over"]:
                    assert word in text
                else:
                    assert word not in text, f"{word} shows while its duel is played ({name})"
        expect(page.get_by_test_id("turn")).to_have_text("You are watching this tournament.")
        expect(page.get_by_test_id("duels").locator(".duel-card")).to_have_count(4)
        expect(page.locator(".duel-card[data-end='solved']")).to_have_count(3)
        expect(page.get_by_test_id("my-duel")).to_be_hidden()
        expect(page.get_by_test_id("leave")).to_be_hidden()
        page.keyboard.type("mesa")
        page.keyboard.press("Enter")
        assert sent(page) == []
        screenshot(page, f"torneo-spectator-{suffix}")
        assert not page.js_errors


def test_leaving_asks_first_in_the_page_then_posts_with_the_pages_csrf_token(open_board):
    page = open_board()
    feed(page, FRAMES["their_turn"])
    posted = []

    def leave_route(route):
        posted.append((route.request.method, route.request.post_data))
        route.fulfill(status=200, body="<p>left</p>", content_type="text/html")

    page.route(f"{origin_of('torneo')}/r/T8RN4Q/leave/", leave_route)
    native = []
    page.on("dialog", lambda dialog: (native.append(dialog.message), dialog.dismiss()))
    page.get_by_test_id("leave").click()
    question = page.get_by_test_id("confirm-dialog")
    expect(question).to_be_visible()
    expect(question).to_contain_text("Leave the tournament?")
    expect(question).to_contain_text("It counts as a loss: you lose your duel and you are out.")
    expect(page.get_by_test_id("confirm-no")).to_be_focused()  # a stray Enter leaves nothing
    expect(page.get_by_test_id("confirm-no")).to_have_text("Keep playing")
    page.keyboard.press("Enter")
    expect(question).to_be_hidden()
    assert posted == []  # changed their mind: nothing is sent
    page.get_by_test_id("leave").click()
    page.get_by_test_id("confirm-yes").click()
    page.wait_for_url("**/r/T8RN4Q/leave/")
    assert posted == [("POST", "csrfmiddlewaretoken=harness-csrf-token")]
    assert native == []  # never the browser's own confirm()


def test_snapshots_are_idempotent_and_a_stale_one_is_ignored(open_board):
    page = open_board()
    feed(page, FRAMES["my_turn"])
    page.keyboard.type("ter")
    html = page.locator(".torneo-side").inner_html()
    feed(page, FRAMES["my_turn"])  # a resent snapshot (sync, reconnect) changes nothing
    assert page.locator(".torneo-side").inner_html() == html
    expect(current_row(page).locator(".tile.filled")).to_have_text(list("TER"))
    feed(page, FRAMES["their_turn"])  # the guess went in: the typed word is spent
    feed(page, FRAMES["my_turn"])  # an older version arriving late is ignored
    expect(page.get_by_test_id("turn")).to_have_text("Gala's turn")


def test_the_page_translation_wins(open_board):
    page = open_board(strings={"Round %(round)s": "Ronda %(round)s", "You play %(name)s": "Te toca contra %(name)s"})
    feed(page, FRAMES["intro"])
    expect(page.locator(".torneo-round")).to_have_text("Ronda 1")
    expect(page.get_by_test_id("you-play")).to_have_text("Te toca contra Gala")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_language_has_a_keyboard_that_fits_a_phone(open_board, screenshot, language):
    frame = copy.deepcopy(FRAMES["my_turn"])
    frame["view"].update(language=language, alphabet=alphabets.alphabet(language))
    for viewport in (PHONE, DESKTOP):
        page = open_board(viewport)
        feed(page, frame)
        keys = page.locator(".wordle-keyboard .keys:visible .key")
        widths = [box["width"] for box in (k.bounding_box() for k in keys.all())]
        assert widths and min(widths) >= 32
        letters = {k.get_attribute("data-key") for k in page.locator(".wordle-keyboard .keys:visible [data-key]").all()}
        assert letters == set(alphabets.alphabet(language))
        assert_no_sideways_scroll(page)
        if viewport is PHONE:
            screenshot(page, f"torneo-keyboard-{language}-phone")


def test_uzbek_digraphs_are_one_tile_as_the_engine_counts_them(open_board):
    frame = copy.deepcopy(FRAMES["my_turn"])
    frame["view"].update(language="uz", alphabet=alphabets.alphabet("uz"))
    page = open_board()
    feed(page, frame)
    for press in ("s", "h", "o", "'", "c", "h", "a", "x"):  # sh, oʻ, ch, a, x: five tiles
        page.keyboard.press(press)
    expect(current_row(page).locator(".tile.filled")).to_have_text(["Sh", "Oʻ", "Ch", "A", "X"])
    page.keyboard.press("Enter")
    word = sent(page)[-1]["action"]["word"]
    assert alphabets.letters("uz", alphabets.normalise("uz", word)) == ["sh", "oʻ", "ch", "a", "x"]
    for _ in range(5):
        page.keyboard.press("Backspace")
    key(page, "gʻ").click()
    expect(current_row(page).locator(".tile.filled")).to_have_text(["Gʻ"])
