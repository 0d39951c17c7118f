"""Keyboard play (issue 18), as a player with a keyboard finds it on the board harness pages fed with frames
the real engines produced: each grid is one Tab stop that the arrow keys move within, Space and Enter press
what a tap presses, the shortcuts help opens from the board with "?" or its button, lists the game's keys and
closes with Escape back to where the focus was, and the words carry the word language (`lang`)."""

from __future__ import annotations

import copy

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.harness.serve import DESKTOP, PHONE, feed, harness_pages, load_frames, sent, settle
from tests.e2e.test_accessibility import blocking_violations
from tests.e2e.test_claves_board_harness import room_for as claves_room
from tests.e2e.test_one_screen import set_up, sign_in
from tests.e2e.test_torneo_board_harness import room_for as torneo_room

WORDGRID = load_frames("wordgrid_frames.json")
CLAVES = load_frames("claves_frames.json")
DUELO = load_frames("frames.json")
TORNEO = load_frames("torneo_frames.json")
CRUZADAS = load_frames("cruzadas_frames.json")
# Elements the Tab key stops at: enabled, not hidden from the keyboard.
TAB_STOPS = """root => [...root.querySelectorAll('button, [tabindex], a[href], input, select')]
    .filter((el) => el.tabIndex >= 0 && !el.disabled).length"""


@pytest.fixture
def open_page(browser):
    pages = {}

    def open_(game, viewport=DESKTOP, **options):
        if game not in pages:
            pages[game] = harness_pages(browser, game)
            pages[game].opener = pages[game].__enter__()
        return pages[game].opener(viewport, **options)

    yield open_
    for manager in pages.values():
        manager.__exit__(None, None, None)


def focused(page, selector="*"):
    """The focused element's data attributes and whether it matches `selector`."""
    return page.evaluate(
        "s => { const el = document.activeElement; return el ? {...el.dataset, is: el.matches(s)} : null; }", selector
    )


def tab_to(page, selector, most=40):
    """Presses Tab until the focus is on `selector` (from the top of the page); fails after `most`."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("s => Boolean(document.activeElement && document.activeElement.matches(s))", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def shot(page, name):
    """What the screen shows (a dialog is drawn over the viewport), once the animations have finished."""
    settle(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_wordgrid_is_one_tab_stop_the_arrows_move_and_space_and_enter_build_the_move(open_page, viewport):
    page = open_page("wordgrid", viewport, room=WORDGRID["room"])
    feed(page, WORDGRID["frames"]["start"])
    grid = page.get_by_role("grid", name="Grid")
    assert grid.evaluate(TAB_STOPS) == 1
    assert grid.locator(":scope > [role=row] > [role=gridcell]").count() == 25
    tab_to(page, ".wg-cell")
    assert focused(page) == {"r": "2", "c": "2", "is": True}  # the middle of the grid: SHEEP's E
    page.keyboard.press("ArrowUp")
    assert focused(page) == {"r": "1", "c": "2", "is": True}
    assert grid.evaluate(TAB_STOPS) == 1  # the Tab stop moved with the focus
    expect(page.locator(".wg-cell[data-r='1'][data-c='2']")).to_have_attribute("tabindex", "0")
    page.keyboard.press("Space")  # the new letter's cell, as a tap chooses it
    expect(page.locator(".wg-cell.new")).to_have_count(1)
    page.keyboard.press("a")
    expect(page.locator(".wg-cell[data-r='1'][data-c='2']")).to_have_text("A")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # the edge stops it
    assert focused(page) == {"r": "2", "c": "0", "is": True}
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # Enter on a cell presses it too
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("traced")).to_have_text("SHEA")
    page.keyboard.press("Enter")  # again on the last traced cell: it comes off, as a second tap does
    expect(page.get_by_test_id("traced")).to_have_text("SHE")
    page.keyboard.press("Space")
    expect(page.get_by_test_id("traced")).to_have_text("SHEA")
    assert sent(page) == []
    if viewport == PHONE:
        shot(page, "keyboard-wordgrid-phone")
    else:
        shot(page, "keyboard-wordgrid-desktop")
    # The word languages: the letters and the traced word are English.
    expect(page.locator(".wg-cell[data-r='2'][data-c='0'] .wg-letter")).to_have_attribute("lang", "en")
    expect(page.get_by_test_id("traced")).to_have_attribute("lang", "en")
    expect(page.locator(".wg-key[data-key='a']")).to_have_attribute("lang", "en")
    # Off the grid, Enter plays: Tab goes on to the buttons.
    tab_to(page, ".wg-submit")
    page.keyboard.press("Enter")
    assert sent(page)[-1]["action"] == {
        "type": "move",
        "cell": [1, 2],
        "letter": "a",
        "path": [[2, 0], [2, 1], [2, 2], [1, 2]],
    }
    assert not page.js_errors


def test_wordgrid_a_tapped_cell_still_lets_enter_play(open_page):
    """A mouse player's Enter plays the word, whichever cell the click left focused (as before)."""
    page = open_page("wordgrid", room=WORDGRID["room"])
    feed(page, WORDGRID["frames"]["start"])
    page.locator(".wg-cell[data-r='1'][data-c='2']").click()
    page.keyboard.press("d")
    for r, c in ((2, 0), (2, 1), (2, 2), (1, 2)):
        page.locator(f".wg-cell[data-r='{r}'][data-c='{c}']").click()
    page.keyboard.press("Enter")
    assert sent(page)[-1]["action"]["path"] == [[2, 0], [2, 1], [2, 2], [1, 2]]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_claves_cards_are_one_tab_stop_arrows_move_space_touches_and_uncover_guesses(open_page, viewport):
    page = open_page("claves", viewport, room=claves_room(1))
    frame = CLAVES["frames"]["mid_guesser"]
    feed(page, frame)
    grid = page.get_by_test_id("grid")
    assert grid.evaluate(TAB_STOPS) == 1
    touchable = [cell["cell"] for cell in frame["view"]["board"] if cell["touchable"]]
    tab_to(page, ".cl-card")
    first = int(focused(page)["cell"])
    assert first == touchable[0]
    page.keyboard.press("ArrowRight")
    here = int(focused(page)["cell"])
    assert here == min(c for c in touchable if c > first and c // 5 == first // 5)  # the next one in the row
    page.keyboard.press("ArrowDown")
    below = int(focused(page)["cell"])
    assert below % 5 == here % 5 and below > here and below in touchable
    assert grid.evaluate(TAB_STOPS) == 1
    page.keyboard.press("Space")
    expect(page.get_by_test_id(f"card-{below}")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Enter")  # a second touch lets it go
    expect(page.get_by_test_id(f"card-{below}")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id(f"card-{below}")).to_have_attribute("aria-pressed", "true")
    word = frame["view"]["board"][below]["word"]
    expect(page.get_by_test_id("uncover")).to_have_text(f"Uncover “{word}”")
    shot(page, f"keyboard-claves-{'phone' if viewport == PHONE else 'desktop'}")
    expect(page.locator(f"[data-testid=card-{below}] .cl-word")).to_have_attribute("lang", "es")
    tab_to(page, "[data-testid=uncover]")
    page.keyboard.press("Enter")
    assert sent(page)[-1]["action"] == {"type": "guess", "cell": below}
    assert not page.js_errors


def open_help_by_key(page):
    page.keyboard.press("?")
    return page.get_by_role("dialog", name="Keyboard shortcuts")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_shortcuts_help_opens_from_the_board_lists_its_keys_and_escape_returns(open_page, viewport):
    page = open_page("wordgrid", viewport, room=WORDGRID["room"])
    feed(page, WORDGRID["frames"]["start"])
    tab_to(page, ".wg-cell")
    page.keyboard.press("ArrowUp")
    dialog = open_help_by_key(page)
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Move between the cells")
    expect(dialog).to_contain_text("Clear the move")
    expect(dialog.locator("kbd", has_text="Esc").first).to_be_visible()
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert box["y"] + box["height"] <= viewport["height"]
    shot(page, f"keyboard-help-wordgrid-{'phone' if viewport == PHONE else 'desktop'}")
    page.keyboard.press("d")  # a letter while the help is open never reaches the board
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert focused(page) == {"r": "1", "c": "2", "is": True}  # back on the cell it left
    expect(page.locator(".wg-cell.new")).to_have_count(0)
    # The button opens it too, and the focus goes back to the button.
    button = page.get_by_role("button", name="Keyboard shortcuts")
    button.click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Back to the game").click()
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    assert not page.js_errors


BOARDS = {
    "duelo": (lambda: DUELO["es"]["room"], lambda: DUELO["es"]["frames"]["playing"], "Send the guess"),
    "torneo": (lambda: torneo_room(0, "rated"), lambda: TORNEO["frames"]["my_turn"], "Delete the last letter"),
    "cruzadas": (lambda: CRUZADAS["room"], lambda: CRUZADAS["frames"]["start"], "Switch the direction: across or down"),
    "claves": (lambda: claves_room(1), lambda: CLAVES["frames"]["mid_guesser"], "Touch the word (again: let it go)"),
}


@pytest.mark.parametrize("game", list(BOARDS))
def test_every_board_has_its_shortcuts_help(open_page, game):
    room, frame, line = BOARDS[game]
    page = open_page(game, room=room())
    feed(page, frame())
    button = page.get_by_role("button", name="Keyboard shortcuts")
    button.click()
    dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(dialog).to_contain_text(line)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    assert sent(page) == []  # Escape and the clicks reached no board
    assert not page.js_errors


def test_no_shortcuts_button_on_a_touch_phone(open_page):
    page = open_page("wordgrid", PHONE, room=WORDGRID["room"], has_touch=True, is_mobile=True)
    feed(page, WORDGRID["frames"]["start"])
    expect(page.get_by_test_id("keys-open")).to_be_hidden()


@pytest.mark.parametrize(("scenario", "lang"), [("tr", "tr"), ("ko", "ko"), ("es", "es")])
def test_duelo_tiles_and_keys_carry_the_word_language(open_page, scenario, lang):
    page = open_page("duelo", PHONE)
    feed(page, DUELO[scenario]["room"])
    feed(page, DUELO[scenario]["frames"]["playing"])
    tiles = page.locator(".wordle-grid .tile")
    expect(tiles.first).to_have_attribute("lang", lang)
    assert tiles.evaluate_all(f"ts => ts.every((t) => t.lang === '{lang}')")
    expect(page.locator(".wordle-keyboard [data-key]").first).to_have_attribute("lang", lang)
    if lang == "ko":  # the syllables the jamo compose, beside each row
        expect(page.locator(".wordle-grid .syllables").first).to_have_attribute("lang", "ko")


def test_torneo_tiles_carry_the_word_language(open_page):
    page = open_page("torneo", PHONE, room=torneo_room(0, "rated"))
    frame = copy.deepcopy(TORNEO["frames"]["my_turn"])
    feed(page, frame)
    expect(page.locator(".tile").first).to_have_attribute("lang", frame["view"]["language"])


def test_the_keyboard_grids_and_the_help_pass_axe(open_page):
    """The roving grids (grid > row > gridcell; the cards' group) and the open help: no serious or critical
    violation."""
    found = []
    page = open_page("wordgrid", room=WORDGRID["room"])
    feed(page, WORDGRID["frames"]["start"])
    tab_to(page, ".wg-cell")
    page.keyboard.press("Space")
    found += blocking_violations(page, "wordgrid, a cell chosen by keys")
    page.keyboard.press("?")
    expect(page.get_by_test_id("keys-dialog")).to_be_visible()
    found += blocking_violations(page, "the shortcuts help")
    page = open_page("claves", room=claves_room(1))
    feed(page, CLAVES["frames"]["mid_guesser"])
    tab_to(page, ".cl-card")
    page.keyboard.press("Space")
    found += blocking_violations(page, "claves, a card touched by keys")
    assert not found, "\n".join(found)


def test_in_a_real_room_the_help_sits_by_the_rules_and_speaks_spanish(daphne_url, browser):
    """On the room page (Django, the /jsi18n/ catalogue): the "⌨" button next to the "?" at 1280x800, the help in
    Spanish over the board, and no button on a touch phone."""
    match, people = set_up("wordgrid")
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    sign_in(context, daphne_url, people[0])
    page = context.new_page()
    page.goto(f"{daphne_url}/r/{match.room.code}/")
    expect(page.locator("[data-game-root]")).to_be_visible()
    button = page.locator(".room-head").get_by_role("button", name="Atajos de teclado")
    expect(button).to_be_visible()
    rules = page.get_by_test_id("rules-open")
    assert abs(button.bounding_box()["y"] - rules.bounding_box()["y"]) < 8  # side by side in the header
    button.click()
    dialog = page.get_by_role("dialog", name="Atajos de teclado")
    expect(dialog).to_contain_text("Muévete entre las casillas")
    # The keys by the names a Spanish keyboard prints on them (issue 33), never the English ones.
    keys = dialog.locator("kbd")
    for name in ("Intro", "Retroceso", "Esc"):
        expect(keys.filter(has_text=name).first).to_be_visible()
    assert not {"Enter", "Backspace"} & set(keys.all_inner_texts())
    expect(dialog.get_by_role("button", name="Volver a la partida")).to_be_visible()
    shot(page, "keyboard-help-room-desktop")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    context.close()

    context = browser.new_context(
        viewport={"width": 360, "height": 740}, locale="es-ES", has_touch=True, is_mobile=True
    )
    sign_in(context, daphne_url, people[0])
    page = context.new_page()
    page.goto(f"{daphne_url}/r/{match.room.code}/")
    expect(page.locator("[data-game-root]")).to_be_visible()
    expect(page.get_by_test_id("keys-open")).to_be_hidden()
    expect(page.get_by_test_id("rules-open")).to_be_visible()
    context.close()


def test_cruzadas_letters_carry_the_word_language(open_page):
    """Turkish letters on the board, the rack and the last move's words are read by a Turkish voice."""
    page = open_page("cruzadas", PHONE)
    feed(page, CRUZADAS["room"])
    feed(page, CRUZADAS["frames"]["playing"])
    board_letters = page.locator(".cz-board .cz-cell.filled .cz-letter, .cz-board .cz-cell .cz-letter:not(:empty)")
    expect(board_letters.first).to_have_attribute("lang", "tr")
    assert board_letters.evaluate_all("ls => ls.every((l) => l.lang === 'tr')")
    expect(page.locator(".cz-rack .cz-tile:not(.blank) .cz-letter").first).to_have_attribute("lang", "tr")
    page.get_by_test_id("last-move").click()
    expect(page.locator(".cz-breakdown .cz-word").first).to_have_attribute("lang", "tr")
