"""The Wordgrid board in a browser, fed with frames the real engine produced (no server).

tests/e2e/harness/wordgrid.html mounts static/js/room.js and the board with a fake socket; Playwright
serves it and static/ from a made-up origin, so ES modules load as they would from Django. The frames are
in tests/e2e/harness/wordgrid_frames.json (tests/e2e/harness/make_wordgrid_frames.py records them from
games/wordgrid/engine.py with the real list and seeded bots).
"""

import copy

import pytest
from playwright.sync_api import expect

from tests.e2e.harness.serve import DESKTOP, PHONE, feed, harness_pages, load_frames, sent
from tests.e2e.harness.serve import settle as settled

DATA = load_frames("wordgrid_frames.json")
FRAMES = DATA["frames"]
BROWSER_INSTALL = "2031-03-04T05:05:07Z"  # a minute before BROWSER_TIME (see open_)
BROWSER_TIME = "2031-03-04T05:06:07Z"  # years away from the frames' server_time: the board must correct


@pytest.fixture
def open_board(browser):
    def paused_clock(page):
        # The browser's clock is fake and paused: time moves only when a test runs it forward.
        # Installed a minute early: installing starts the fake clock running, and pausing at a time
        # it has already passed is an error, so never pause at the very instant of installing.
        page.clock.install(time=BROWSER_INSTALL)
        page.clock.pause_at(BROWSER_TIME)

    with harness_pages(browser, "wordgrid") as open_:
        yield lambda viewport=PHONE, strings=None, room=None: open_(
            viewport, strings, room=room or DATA["room"], setup=paused_clock
        )


@pytest.fixture
def screenshot(screenshot):
    """The folder's screenshot, once the board's animations (shakes) have finished."""

    def take(page, name):
        settled(page)
        return screenshot(page, name)

    return take


def cell(page, r, c):
    return page.locator(f".wg-cell[data-r='{r}'][data-c='{c}']")


def letter_key(page, letter):
    return page.locator(f".wg-keyboard [data-key='{letter}']")


def traced(page):
    return page.get_by_test_id("traced")


def room_for(seat):
    room = copy.deepcopy(DATA["room"])
    room["room"]["you"] = {"seat": seat, "is_host": seat == 0, "spectator": seat is None}
    for info in room["room"]["seats"]:
        info["is_you"] = info["index"] == seat
    return room


def grid_text(page):
    return [[cell(page, r, c).inner_text().strip() for c in range(5)] for r in range(5)]


def assert_fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_tapping_a_cell_a_letter_and_a_path_sends_the_move(open_board, screenshot):
    page = open_board()
    feed(page, FRAMES["start"])
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    expect(page.get_by_test_id("step")).to_have_text("Tap an empty cell next to a letter.")
    expect(page.locator(".wg-keyboard")).to_be_hidden()
    # A cell that touches no letter (only a corner of the grid) is refused on the spot.
    cell(page, 0, 0).click()
    expect(page.get_by_test_id("message")).to_have_text("Write your letter next to a filled cell (not diagonally).")
    expect(page.locator(".wg-cell.new")).to_have_count(0)

    cell(page, 1, 2).click()  # above the first E of SHEEP
    expect(cell(page, 1, 2)).to_have_class("wg-cell new")
    expect(page.get_by_test_id("step")).to_have_text("Pick a letter for the new cell.")
    letter_key(page, "a").click()
    expect(cell(page, 1, 2)).to_have_text("A")
    expect(page.get_by_test_id("step")).to_contain_text("trace your word")
    for r, c in ((2, 0), (2, 1), (2, 2), (1, 2)):
        cell(page, r, c).click()
    expect(traced(page)).to_have_text("SHEA")
    expect(page.locator(".wg-cell.traced .wg-step")).to_have_text(["4", "1", "2", "3"])  # in grid order
    # A tap on the last traced cell takes it off; tapping it again puts it back.
    cell(page, 1, 2).click()
    expect(traced(page)).to_have_text("SHE")
    # A cell that does not touch the last one is refused, and the path stays as it was.
    cell(page, 2, 4).click()
    expect(page.get_by_test_id("message")).to_have_text("Each letter of the word must touch the next one by a side.")
    expect(traced(page)).to_have_text("SHE")
    cell(page, 1, 2).click()
    expect(traced(page)).to_have_text("SHEA")
    assert_fits(page)
    screenshot(page, "wordgrid-tracing-phone")
    page.locator(".wg-submit").click()
    move = sent(page)[-1]
    assert move["type"] == "act" and move["match_id"] == FRAMES["start"]["match_id"]
    assert move["turn"] == FRAMES["start"]["turn"] is not None  # the turn of the latest match frame
    assert move["action"] == {"type": "move", "cell": [1, 2], "letter": "a", "path": [[2, 0], [2, 1], [2, 2], [1, 2]]}
    assert move["ref"]
    expect(page.locator(".wg-submit")).to_be_disabled()  # no double send while it travels
    page.locator(".wg-submit").click(force=True)
    assert len(sent(page)) == 1

    # The clear button starts over (after the server answered).
    feed(
        page,
        {"type": "error", "code": "not_in_dictionary", "message": "SHEA is not in the dictionary.", "ref": move["ref"]},
    )
    page.locator(".wg-clear").click()
    expect(page.locator(".wg-cell.new, .wg-cell.traced")).to_have_count(0)
    expect(page.locator(".wg-keyboard")).to_be_hidden()
    assert not page.js_errors


def test_dragging_across_cells_traces_the_word(open_board, screenshot):
    page = open_board()
    feed(page, FRAMES["start"])
    cell(page, 1, 2).click()
    page.keyboard.press("d")  # a physical key picks the letter too
    expect(cell(page, 1, 2)).to_have_text("D")

    def centre(r, c):
        box = cell(page, r, c).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    page.mouse.move(*centre(2, 0))
    page.mouse.down()
    for r, c in ((2, 1), (2, 2), (2, 3)):
        page.mouse.move(*centre(r, c), steps=6)
    expect(traced(page)).to_have_text("SHEE")
    page.mouse.move(*centre(2, 2), steps=6)  # back over the previous cell: the last one comes off
    expect(traced(page)).to_have_text("SHE")
    page.mouse.move(*centre(1, 2), steps=6)
    page.mouse.up()
    expect(traced(page)).to_have_text("SHED")
    expect(page.locator(".wg-cell.traced")).to_have_count(4)
    page.keyboard.press("Enter")
    assert sent(page)[-1]["action"] == {
        "type": "move",
        "cell": [1, 2],
        "letter": "d",
        "path": [[2, 0], [2, 1], [2, 2], [1, 2]],
    }
    assert not page.js_errors


def test_a_rejected_move_shows_the_reason_and_keeps_the_move_to_fix(open_board, screenshot):
    page = open_board()
    feed(page, FRAMES["start"])
    cell(page, 3, 1).click()  # below the H
    letter_key(page, "a").click()
    cell(page, 2, 1).click()
    cell(page, 3, 1).click()
    page.locator(".wg-submit").click()
    ref = sent(page)[-1]["ref"]
    assert sent(page)[-1]["action"]["path"] == [[2, 1], [3, 1]]
    feed(
        page,
        {"type": "error", "code": "already_played", "message": "HA has already been played in this game.", "ref": ref},
    )
    expect(page.get_by_test_id("message")).to_have_text("HA has already been played in this game.")
    expect(page.locator(".wg-grid")).to_have_class("wg-grid tracing shake")
    expect(traced(page)).to_have_text("HA")
    expect(page.locator(".wg-cell.traced")).to_have_count(2)
    assert page.evaluate("window.board.tentative()") == {"cell": [3, 1], "letter": "a", "path": [[2, 1], [3, 1]]}
    expect(page.locator(".wg-submit")).to_be_enabled()
    screenshot(page, "wordgrid-rejected-phone")

    # A resent snapshot (sync, reconnect) keeps the move too; the player fixes the letter and resends.
    feed(page, FRAMES["start"])
    expect(traced(page)).to_have_text("HA")
    letter_key(page, "o").click()
    expect(traced(page)).to_have_text("HO")
    page.locator(".wg-submit").click()
    assert sent(page)[-1]["action"] == {"type": "move", "cell": [3, 1], "letter": "o", "path": [[2, 1], [3, 1]]}
    # An engine code without a server message falls back to the board's own English text.
    feed(page, {"type": "error", "code": "path_through_empty", "ref": sent(page)[-1]["ref"]})
    expect(page.get_by_test_id("message")).to_have_text("A word can only go through filled cells.")

    # Words went in meanwhile: the tentative move belonged to a grid that is gone.
    feed(page, FRAMES["playing"])
    expect(page.locator(".wg-cell.traced, .wg-cell.new")).to_have_count(0)
    expect(page.get_by_test_id("step")).to_have_text("Tap an empty cell next to a letter.")
    assert not page.js_errors


@pytest.mark.parametrize("viewport,suffix", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_snapshot_renders_grid_owners_scores_clocks_and_words(open_board, screenshot, viewport, suffix):
    page = open_board(viewport, strings={"Your turn": "Te toca"})
    frame = FRAMES["playing"]
    view = frame["view"]
    feed(page, frame)
    expect(page.get_by_test_id("turn")).to_have_text("Te toca")  # the page's translation wins
    expected = [[(letter or "").upper() for letter in row] for row in view["grid"]]
    assert grid_text(page) == expected
    for r in range(5):
        for c in range(5):
            owner = view["owners"][r][c]
            classes = cell(page, r, c).get_attribute("class").split()
            assert (f"owner-{owner}" in classes) == (owner is not None)
            assert ("start" in classes) == (r == 2 and owner is None)
    last = view["last_move"]
    expect(page.locator(".wg-cell.last-path")).to_have_count(len(last["path"]))
    expect(cell(page, *last["cell"])).to_have_class("wg-cell filled owner-1 last-path last-cell")
    expect(page.get_by_test_id("score-0")).to_have_text(str(view["seats"][0]["score"]))
    expect(page.get_by_test_id("score-1")).to_have_text(str(view["seats"][1]["score"]))
    expect(page.locator(".wg-player").nth(0)).to_contain_text("Ana")
    expect(page.locator(".wg-player").nth(1)).to_contain_text("Bob")
    expect(page.locator(".wg-player.is-turn")).to_have_attribute("data-seat", "0")
    # Ana's clock runs from 9:15 at her turn's start; the frame is 12.5 s later (server time, not the
    # browser's); Bob's stands at 9:07.
    expect(page.get_by_test_id("clock-0")).to_have_text("9:03")
    expect(page.get_by_test_id("clock-1")).to_have_text("9:07")
    page.clock.run_for(5000)
    expect(page.get_by_test_id("clock-0")).to_have_text("8:58")
    expect(page.get_by_test_id("clock-1")).to_have_text("9:07")
    for seat in (0, 1):
        words = [w["word"].upper() for w in view["seats"][seat]["words"]]
        expect(page.locator(f".wg-words-col[data-seat='{seat}'] .w")).to_have_text(words)
    expect(page.locator(".wg-start-word")).to_contain_text("SHEEP")
    # The cells hold a finger: at least 44 px, and the page does not scroll sideways.
    sizes = [cell(page, r, c).bounding_box() for r in range(5) for c in range(5)]
    assert min(min(box["width"], box["height"]) for box in sizes) >= 44
    assert_fits(page)
    screenshot(page, f"wordgrid-playing-{suffix}")

    # With a cell chosen the letter keyboard opens: still no sideways scroll, keys a finger wide.
    cell(page, 1, 3).click()
    keys = [k.bounding_box() for k in page.locator(".wg-keyboard .wg-key").all()]
    assert len(keys) == 26 and min(min(box["width"], box["height"]) for box in keys) >= 40
    assert_fits(page)
    screenshot(page, f"wordgrid-keyboard-{suffix}")
    assert not page.js_errors


def test_a_running_clock_runs_out_on_screen_and_turns_urgent(open_board):
    page = open_board()
    frame = copy.deepcopy(FRAMES["playing"])
    seat = frame["view"]["seats"][0]
    seat["clock"]["remaining_ms"] = 12_500 + 31_000  # 31 s left at the frame's server time
    feed(page, frame)
    expect(page.get_by_test_id("clock-0")).to_have_text("0:31")
    expect(page.get_by_test_id("clock-0")).not_to_have_class("wg-clock running urgent")
    page.clock.run_for(2000)
    expect(page.get_by_test_id("clock-0")).to_have_text("0:29")
    expect(page.get_by_test_id("clock-0")).to_have_class("wg-clock running urgent")
    page.clock.run_for(60_000)
    expect(page.get_by_test_id("clock-0")).to_have_text("0:00")  # never negative


def test_draw_offers_and_answers_follow_the_view(open_board, screenshot):
    page = open_board()
    feed(page, FRAMES["playing"])
    offer = page.get_by_test_id("offer-draw")
    expect(offer).to_be_visible()
    offer.click()
    assert sent(page)[-1]["action"] == {"type": "offer_draw"}

    feed(page, FRAMES["offer_received"])
    expect(page.get_by_test_id("draw-notice")).to_have_text("Bob offers a draw.")
    expect(page.get_by_test_id("offer-draw")).to_have_count(0)
    page.get_by_test_id("decline-draw").click()
    assert sent(page)[-1]["action"] == {"type": "decline_draw"}
    screenshot(page, "wordgrid-draw-offer-phone")
    page.get_by_test_id("accept-draw").click()
    assert sent(page)[-1]["action"] == {"type": "accept_draw"}
    assert all(frame["match_id"] == FRAMES["playing"]["match_id"] for frame in sent(page))

    # The one who offered sees it pending, and no buttons for it; it is not their turn to move.
    page = open_board(room=room_for(1))
    feed(page, FRAMES["offer_sent"])
    expect(page.get_by_test_id("draw-notice")).to_have_text("You offered a draw. Waiting for Ana to answer.")
    expect(page.get_by_test_id("offer-draw")).to_have_count(0)
    expect(page.get_by_test_id("accept-draw")).to_have_count(0)
    expect(page.get_by_test_id("turn")).to_have_text("Ana's turn")
    expect(page.locator(".wg-controls")).to_be_hidden()
    cell(page, 1, 3).click(force=True)
    expect(page.locator(".wg-cell.new")).to_have_count(0)
    assert not page.js_errors


def test_resigning_asks_first(open_board, screenshot):
    page = open_board()
    feed(page, FRAMES["playing"])
    page.get_by_test_id("resign").click()
    expect(page.locator(".wg-confirm")).to_have_text("Resign this game? It counts as a loss.")
    assert sent(page) == []
    screenshot(page, "wordgrid-resign-confirm-phone")
    page.get_by_test_id("resign-no").click()
    expect(page.locator(".wg-confirm")).to_have_count(0)
    assert sent(page) == []
    page.get_by_test_id("resign").click()
    page.get_by_test_id("resign-yes").click()
    assert [frame["action"] for frame in sent(page)] == [{"type": "resign"}]
    feed(page, FRAMES["resign"])  # (here the opponent resigned instead: the screen is the same kind)
    expect(page.get_by_test_id("result-title")).to_have_text("You win!")
    expect(page.get_by_test_id("result-reason")).to_have_text("Bob resigned.")
    expect(page.get_by_test_id("resign")).to_have_count(0)


@pytest.mark.parametrize(
    "name,title,reason,tie",
    [
        ("won", "You win!", "The grid is full.", None),
        ("tie", "Bob wins!", "The grid is full.", "Tied on points: a tie goes to the second player, Bob."),
        ("timeout", "Bob wins!", "Ana ran out of time.", None),
        ("agreed_draw", "Draw agreed", "Both players agreed to a draw.", None),
    ],
)
def test_the_result_screen_names_the_winner_and_why(open_board, screenshot, name, title, reason, tie):
    frame = FRAMES[name]
    outcome = frame["view"]["outcome"]
    for viewport, suffix in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page = open_board(viewport)
        feed(page, frame)
        expect(page.get_by_test_id("turn")).to_have_text("Game over")
        expect(page.get_by_test_id("result-title")).to_have_text(title)
        expect(page.get_by_test_id("result-reason")).to_have_text(reason)
        if tie:
            expect(page.get_by_test_id("result-tie")).to_have_text(tie)
        else:
            expect(page.get_by_test_id("result-tie")).to_have_count(0)
        rows = page.locator(".wg-result-table tr")
        expect(rows.locator(".num")).to_have_text([str(s) for s in outcome["scores"]])
        expect(rows.nth(0)).to_contain_text("Ana (you)")
        if outcome["winner"] is not None:
            expect(page.locator(".wg-result-table tr.winner")).to_have_attribute("data-seat", str(outcome["winner"]))
        else:
            expect(page.locator(".wg-result-table tr.winner")).to_have_count(0)
        # The final grid stays in view, with nothing left to press.
        assert grid_text(page) == [[(ch or "").upper() for ch in row] for row in frame["view"]["grid"]]
        expect(page.locator(".wg-controls")).to_be_hidden()
        expect(page.locator(".wg-actions")).to_be_hidden()
        expect(page.locator(".wordgrid")).not_to_contain_text("null")
        expect(page.locator(".wordgrid")).not_to_contain_text("undefined")
        assert_fits(page)
        screenshot(page, f"wordgrid-result-{name}-{suffix}")
        assert not page.js_errors


def test_a_spectator_sees_the_board_without_controls(open_board, screenshot):
    for viewport, suffix in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page = open_board(viewport, room=room_for(None))
        frame = FRAMES["playing_spectator"]
        feed(page, frame)
        expect(page.get_by_test_id("turn")).to_have_text("You are watching this match. Ana's turn")
        assert grid_text(page) == [[(ch or "").upper() for ch in row] for row in frame["view"]["grid"]]
        expect(page.get_by_test_id("clock-0")).to_have_text("9:03")
        expect(page.locator(".wg-controls")).to_be_hidden()
        expect(page.locator(".wg-actions")).to_be_hidden()
        expect(page.locator(".wordgrid button:visible:not(.wg-cell)")).to_have_count(0)
        cell(page, 1, 3).click(force=True)
        page.keyboard.press("a")
        expect(page.locator(".wg-cell.new, .wg-cell.traced")).to_have_count(0)
        assert sent(page) == []
        assert_fits(page)
        screenshot(page, f"wordgrid-spectator-{suffix}")
        assert not page.js_errors


def test_snapshots_are_idempotent_and_late_ones_are_ignored(open_board):
    page = open_board()
    feed(page, FRAMES["playing"])
    html = page.locator(".wg-side").inner_html()
    feed(page, FRAMES["playing"])
    assert page.locator(".wg-side").inner_html() == html
    feed(page, FRAMES["start"])  # v 1 after v 5 of the same match: an old snapshot arriving late
    expect(page.get_by_test_id("score-0")).to_have_text(str(FRAMES["playing"]["view"]["seats"][0]["score"]))
    # A new match in the room (another match_id) is taken whatever its version.
    feed(page, FRAMES["won"])
    expect(page.get_by_test_id("result-title")).to_have_text("You win!")


def test_an_unfinished_move_is_explained_before_anything_is_sent(open_board):
    page = open_board()
    feed(page, FRAMES["start"])
    cell(page, 1, 0).click()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("message")).to_have_text("Pick a letter for the new cell.")
    page.keyboard.press("o")
    cell(page, 2, 0).click()
    cell(page, 2, 1).click()  # SH: a path that leaves out the new letter
    expect(page.locator(".wg-submit")).to_be_enabled()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("message")).to_have_text("Your word must use the letter you wrote.")
    page.keyboard.press("Backspace")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("message")).to_have_text("A word has at least 2 letters.")
    assert sent(page) == []
    # Backspace unwinds the move step by step: the path, the letter, the cell.
    page.keyboard.press("Backspace")
    expect(cell(page, 1, 0)).to_have_text("O")
    page.keyboard.press("Backspace")
    expect(cell(page, 1, 0)).to_have_text("")
    page.keyboard.press("Backspace")
    expect(page.locator(".wg-cell.new")).to_have_count(0)
    assert not page.js_errors
