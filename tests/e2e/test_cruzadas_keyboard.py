"""Keyboard play on the Letras Cruzadas board (issue 18), in a browser, fed with frames the real engine produced
(tests/e2e/harness/cruzadas.html, as tests/e2e/test_cruzadas_board_harness.py): the board is one Tab stop
with a cursor that arrows move, typing a word places rack tiles from the cursor the way its arrow points,
Space turns it, Backspace takes back, Enter plays, Escape clears. docs/cruzadas.md "Keyboard"."""

import pytest
from playwright.sync_api import expect

from tests.e2e import test_cruzadas_board_harness as harness
from tests.e2e.harness.serve import DESKTOP, PHONE, feed, sent
from tests.e2e.test_cruzadas_board_harness import DATA, FRAMES, cell, rack_tile, room_for, tentative

# The harness tests' fixtures: the board page fed with the engine's frames, screenshots once it settled.
open_board = harness.open_board
screenshot = harness.screenshot

FOCUSED = "document.activeElement && document.activeElement.dataset.cell !== undefined"


def focused_cell(page):
    """The board square that has the focus (its index), or None when the focus is elsewhere."""
    return page.evaluate(f"({FOCUSED}) ? Number(document.activeElement.dataset.cell) : null")


def tab_stops_in_board(page):
    return page.evaluate("[...document.querySelectorAll('.cz-board [tabindex]')].filter((e) => e.tabIndex >= 0).length")


def tab_into_board(page):
    """Tab from the control just before the board (the zoom button), as a keyboard player arrives."""
    page.get_by_test_id("zoom").focus()
    page.keyboard.press("Tab")


def press(page, key):
    """A key as a Turkish keyboard gives it: Playwright knows only the US layout's keys, so a letter it does
    not know (İ, ı, ş…) goes through Chromium's own input (a trusted keydown with that key, as typed)."""
    if key.isascii() or len(key) > 1:
        page.keyboard.press(key)
        return
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchKeyEvent", {"type": "keyDown", "key": key, "text": key, "unmodifiedText": key})
    cdp.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": key})
    cdp.detach()


def arrow_of(page, index):
    return cell(page, index).locator(".cz-arrow")


def tile(index, letter, blank=False):
    return {"cell": index, "letter": letter, "blank": blank}


def test_the_board_is_one_tab_stop_with_a_visible_cursor(open_board):
    for viewport in (PHONE, DESKTOP):
        page = open_board(viewport)
        feed(page, FRAMES["start"])
        assert tab_stops_in_board(page) == 1
        # No arrow for a player who has not used the keyboard or tapped a square.
        expect(page.locator(".cz-cell[data-cursor]")).to_have_count(0)
        tab_into_board(page)
        assert focused_cell(page) == 112  # the cursor starts on the centre star
        centre = cell(page, 112)
        expect(centre).to_have_attribute("aria-current", "true")
        expect(centre).to_have_attribute("data-cursor", "across")
        expect(arrow_of(page, 112)).to_have_text("▶")
        expect(centre).to_have_attribute("aria-label", "Row 8, column 8, centre star, typing across")
        ring = centre.evaluate("el => [getComputedStyle(el).outlineStyle, getComputedStyle(el).outlineWidth]")
        assert ring == ["solid", "3px"]
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
        assert focused_cell(page) == 128
        assert tab_stops_in_board(page) == 1
        # The next Tab leaves the board for the rack; Shift+Tab comes back to the cursor, not to a 225-stop walk.
        page.keyboard.press("Tab")
        assert focused_cell(page) is None
        assert page.evaluate("document.activeElement.classList.contains('cz-tile')")
        page.keyboard.press("Shift+Tab")
        assert focused_cell(page) == 128
        assert not page.js_errors


def test_arrows_home_and_end_move_the_cursor_and_the_focus(open_board):
    page = open_board()
    feed(page, FRAMES["start"])
    tab_into_board(page)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert focused_cell(page) == 110
    page.keyboard.press("ArrowUp")
    assert focused_cell(page) == 95
    page.keyboard.press("Home")
    assert focused_cell(page) == 90  # the row's first square
    page.keyboard.press("ArrowLeft")  # the edge: it stays
    assert focused_cell(page) == 90
    page.keyboard.press("End")
    assert focused_cell(page) == 104
    expect(cell(page, 104)).to_have_attribute("data-cursor", "across")
    expect(page.locator(".cz-cell[data-cursor]")).to_have_count(1)
    assert tab_stops_in_board(page) == 1
    assert tentative(page) == [] and sent(page) == []
    assert not page.js_errors


def test_typing_a_word_across_skips_the_tiles_on_the_board_and_enter_plays_it(open_board):
    page = open_board()
    frame = FRAMES["playing"]
    board = frame["view"]["board"]
    assert board[7][7]["letter"] == "b" and not board[7][5] and not board[7][6] and not board[7][8]
    assert sorted(frame["view"]["rack"]) == sorted("paiatll")
    feed(page, frame)
    tab_into_board(page)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert focused_cell(page) == 110  # row 8, column 6: two squares before the B
    page.keyboard.press("a")
    page.keyboard.press("L")  # capitals too
    # The B already on the board is stepped over: the cursor waits on the square after it.
    assert focused_cell(page) == 113
    expect(cell(page, 113)).to_have_attribute("data-cursor", "across")
    page.keyboard.press("a")
    assert tentative(page) == [tile(110, "a"), tile(111, "l"), tile(113, "a")]
    expect(cell(page, 110).locator(".cz-letter")).to_have_text("A")
    expect(cell(page, 111).locator(".cz-letter")).to_have_text("L")
    expect(cell(page, 112).locator(".cz-letter")).to_have_text("B")
    expect(cell(page, 113).locator(".cz-letter")).to_have_text("A")
    expect(page.locator(".cz-rack .cz-tile.used")).to_have_count(3)
    assert focused_cell(page) == 114
    # Typed on a square that holds a tile, a letter only moves the cursor on.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert focused_cell(page) == 112
    page.keyboard.press("p")
    assert focused_cell(page) == 114
    assert len(tentative(page)) == 3
    # Ctrl/Alt/Meta with a letter belong to the browser.
    page.keyboard.press("Control+a")
    page.keyboard.press("Alt+t")
    assert len(tentative(page)) == 3
    page.keyboard.press("Enter")
    frame_sent = sent(page)[-1]
    assert frame_sent["type"] == "act" and frame_sent["match_id"] == frame["match_id"]
    assert frame_sent["action"] == {"type": "place", "tiles": [tile(110, "a"), tile(111, "l"), tile(113, "a")]}
    expect(page.get_by_test_id("submit")).to_be_disabled()  # the same path as the Play button
    page.keyboard.press("Enter")
    assert len(sent(page)) == 1
    assert not page.js_errors


def test_space_turns_the_cursor_down_and_a_blank_stands_for_a_missing_letter(open_board, screenshot):
    page = open_board()
    feed(page, FRAMES["start"])  # rack o b ı z i ş ?
    tab_into_board(page)
    page.keyboard.press("Space")
    expect(cell(page, 112)).to_have_attribute("data-cursor", "down")
    expect(arrow_of(page, 112)).to_have_text("▼")
    expect(page.get_by_test_id("message")).to_have_text("")  # Space did not click the square
    for key in ("b", "İ", "z"):  # Turkish capitals: İ is i
        press(page, key)
    assert tentative(page) == [tile(112, "b"), tile(127, "i"), tile(142, "z")]
    assert focused_cell(page) == 157
    expect(arrow_of(page, 157)).to_have_text("▼")
    screenshot(page, "cruzadas-keyboard-down-phone")
    page.keyboard.press("I")  # and I is ı
    assert tentative(page)[-1] == tile(157, "ı")
    # No K on the rack: the blank is placed, standing for K, without asking.
    page.keyboard.press("k")
    assert tentative(page)[-1] == tile(172, "k", blank=True)
    expect(page.get_by_test_id("blank-picker")).to_be_hidden()
    expect(cell(page, 172).locator(".cz-letter")).to_have_text("K")
    expect(cell(page, 172).locator(".cz-value")).to_have_text("0")
    # Neither the letter nor a blank: a message, and nothing changes.
    page.keyboard.press("m")
    expect(page.get_by_test_id("message")).to_have_text("You have no M on your rack.")
    page.keyboard.press("q")  # not even a letter of the game
    expect(page.get_by_test_id("message")).to_have_text("You have no Q on your rack.")
    assert len(tentative(page)) == 5
    assert focused_cell(page) == 187

    # Backspace takes back the last tile and puts the cursor on its square.
    page.keyboard.press("Backspace")
    assert tentative(page) == [tile(112, "b"), tile(127, "i"), tile(142, "z"), tile(157, "ı")]
    assert focused_cell(page) == 172
    expect(cell(page, 172)).to_have_attribute("data-cursor", "down")
    expect(page.locator(".cz-rack .cz-tile[data-tile='?']")).not_to_have_class("cz-tile blank used")
    # Escape takes back every tile of the turn; the cursor goes back to where the word began.
    page.keyboard.press("Escape")
    assert tentative(page) == []
    expect(page.locator(".cz-rack .cz-tile.used")).to_have_count(0)
    assert focused_cell(page) == 112
    # Space turns it back across.
    page.keyboard.press("Space")
    expect(cell(page, 112)).to_have_attribute("data-cursor", "across")
    page.keyboard.press("o")
    page.keyboard.press("b")
    assert tentative(page) == [tile(112, "o"), tile(113, "b")]
    assert sent(page) == []
    assert not page.js_errors


def test_escape_keeps_closing_the_picker_and_confirmations_first_and_not_in_a_field(open_board):
    page = open_board()
    feed(page, FRAMES["start"])
    tab_into_board(page)
    page.keyboard.press("o")
    # The blank's picker, opened from the keyboard, closes with Escape and gives the focus back to the board.
    page.locator(".cz-tile[data-tile='?']").focus()
    page.keyboard.press("Enter")
    cell(page, 113).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("blank-picker")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("blank-picker")).to_be_hidden()
    assert focused_cell(page) == 113
    assert tentative(page) == [tile(112, "o")]
    page.get_by_test_id("pass").click()
    expect(page.get_by_test_id("confirm")).to_be_visible()
    page.keyboard.press("Escape")  # the confirmation closes; the tile stays
    expect(page.get_by_test_id("confirm")).to_be_hidden()
    assert tentative(page) == [tile(112, "o")]
    # Keys typed in a field of the page are not the board's.
    page.evaluate("""() => { const input = document.createElement('input'); input.id = 'field';
        document.querySelector('main').append(input); }""")
    page.locator("#field").focus()
    page.keyboard.press("b")
    page.keyboard.press("Escape")
    page.keyboard.press("Enter")
    assert tentative(page) == [tile(112, "o")]
    assert sent(page) == []
    assert not page.js_errors


def test_a_rack_tile_chosen_by_keyboard_goes_to_the_cursor_with_enter(open_board):
    page = open_board()
    feed(page, FRAMES["start"])
    # Enter with nothing placed plays nothing: the Play button's own refusal.
    tab_into_board(page)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("message")).to_have_text("Place at least one tile.")
    assert sent(page) == []
    # Tab to the rack, Space chooses a tile, Shift+Tab back to the board, Enter puts it on the cursor.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # the second tile: B
    expect(page.locator(".cz-tile:focus")).to_have_attribute("data-tile", "b")
    page.keyboard.press("Space")
    expect(rack_tile(page, "b")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert focused_cell(page) == 112
    page.keyboard.press("Enter")
    assert tentative(page) == [tile(112, "b")]
    assert focused_cell(page) == 113
    # The blank chosen the same way asks for its letter; the focus comes back to the board after.
    page.locator(".cz-tile[data-tile='?']").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")
    while focused_cell(page) is None:
        page.keyboard.press("Shift+Tab")
    assert focused_cell(page) == 113
    page.keyboard.press("Enter")
    picker = page.get_by_test_id("blank-picker")
    expect(picker).to_be_visible()
    picker.locator(".cz-pick[data-letter='e']").focus()
    page.keyboard.press("Enter")
    expect(picker).to_be_hidden()
    assert tentative(page) == [tile(112, "b"), tile(113, "e", blank=True)]
    assert focused_cell(page) == 114
    page.keyboard.press("Enter")
    assert sent(page)[-1]["action"] == {"type": "place", "tiles": [tile(112, "b"), tile(113, "e", blank=True)]}
    assert not page.js_errors


def test_taps_still_place_tiles_and_a_tap_on_the_cursor_turns_it(open_board):
    page = open_board()
    feed(page, FRAMES["start"])
    cell(page, 112).click()  # nothing chosen: the hint, and the cursor shows where it was tapped
    expect(page.get_by_test_id("message")).to_have_text("Choose a tile from your rack, then tap a square.")
    expect(cell(page, 112)).to_have_attribute("data-cursor", "across")
    cell(page, 112).click()  # again: it turns
    expect(cell(page, 112)).to_have_attribute("data-cursor", "down")
    cell(page, 112).click()
    expect(cell(page, 112)).to_have_attribute("data-cursor", "across")
    rack_tile(page, "z").click()
    cell(page, 112).click()  # a chosen tile goes where it is tapped, as before
    assert tentative(page) == [tile(112, "z")]
    expect(cell(page, 113)).to_have_attribute("data-cursor", "across")
    press(page, "ı")  # typing goes on from there
    assert tentative(page) == [tile(112, "z"), tile(113, "ı")]
    cell(page, 112).click()  # a tap on a placed tile still takes it back
    assert tentative(page) == [tile(113, "ı")]
    assert tab_stops_in_board(page) == 1
    assert not page.js_errors


@pytest.mark.parametrize(
    "viewport,suffix", [({"width": 360, "height": 740}, "phone"), ({"width": 1280, "height": 800}, "desktop")]
)
def test_a_word_typed_mid_game_shows_the_cursor_after_it(open_board, screenshot, viewport, suffix):
    page = open_board(viewport)
    feed(page, FRAMES["playing"])
    tab_into_board(page)
    for key in ("ArrowLeft", "ArrowLeft", "a", "l"):
        page.keyboard.press(key)
    assert focused_cell(page) == 113
    expect(arrow_of(page, 113)).to_have_text("▶")
    box, frame = cell(page, 113).bounding_box(), page.get_by_test_id("viewport").bounding_box()
    assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"]
    screenshot(page, f"cruzadas-keyboard-cursor-{suffix}")
    assert not page.js_errors


@pytest.mark.parametrize("seat,name", [(1, "playing_other"), (None, "playing_spectator")])
def test_off_turn_the_arrows_move_but_nothing_is_placed(open_board, seat, name):
    room = room_for(seat) if seat is not None else DATA["spectator_room"]
    page = open_board(room=room)
    feed(page, FRAMES[name])
    assert tab_stops_in_board(page) == 1
    tab_into_board(page)
    assert focused_cell(page) == 112
    page.keyboard.press("ArrowDown")
    assert focused_cell(page) == 127
    for key in ("a", "Space", "Enter", "Backspace", "Escape"):
        page.keyboard.press(key)
    assert tentative(page) == [] and sent(page) == []
    expect(page.locator(".cz-cell.new")).to_have_count(0)
    assert not page.js_errors
