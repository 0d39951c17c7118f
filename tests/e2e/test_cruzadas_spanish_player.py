"""Letras Cruzadas for a Spanish player (issue 33, item 10), on the board fed with the real engine's frames
(tests/e2e/harness/cruzadas.html) and the site's own Spanish catalogue: the premium squares say DL/TL/DP/TP (not the
rules' Turkish H2/H3/K2/K3), typing a plain "s" puts the Ş the rack holds (a Spanish keyboard has no Ş key), the bar's
buttons hold their Spanish words on a 360 px phone, the tiles placed before "Jugar" come back after a reload, and on a
1280x800 laptop the board takes the screen's height with the rack beside it in view."""

import copy
import json
from pathlib import Path

import polib
from playwright.sync_api import expect

from tests.e2e import test_cruzadas_board_harness as harness
from tests.e2e.harness.serve import feed
from tests.e2e.test_cruzadas_board_harness import DATA, FRAMES, cell, rack_tile, tentative

open_board = harness.open_board
screenshot = harness.screenshot

PHONE = {"width": 360, "height": 740}
LOCALE = Path(__file__).resolve().parents[2] / "locale"


def spanish() -> dict:
    """The boards' Spanish texts as /jsi18n/ serves them: djangojs.po, and the texts it shares with django.po."""
    catalogue: dict = {}
    shared = set(json.loads((LOCALE / "djangojs_from_django.json").read_text(encoding="utf-8")))
    for domain in ("djangojs", "django"):
        for entry in polib.pofile(str(LOCALE / "es/LC_MESSAGES" / f"{domain}.po")):
            if entry.obsolete or (domain == "django" and entry.msgid not in shared):
                continue
            if entry.msgid_plural:
                catalogue[entry.msgid] = [entry.msgstr_plural[0], entry.msgstr_plural[1]]
            elif entry.msgstr:
                catalogue[entry.msgid] = entry.msgstr
    return catalogue


SPANISH = spanish()


def test_the_premium_squares_say_dl_tl_dp_tp_in_spanish(open_board, screenshot):
    page = open_board(PHONE, strings=SPANISH)
    feed(page, FRAMES["start"])
    for premium, label, name in (
        ("2L", "DL", "doble letra"),
        ("3L", "TL", "triple letra"),
        ("2W", "DP", "doble palabra"),
        ("3W", "TP", "triple palabra"),
    ):
        square = page.locator(f".cz-cell.p-{premium}:not(.centre):not(.tile)").first
        expect(square.locator(".cz-label")).to_have_text(label)
        expect(square).to_have_attribute(
            "aria-label",
            f"Fila {int(square.get_attribute('data-cell')) // 15 + 1}, "
            f"columna {int(square.get_attribute('data-cell')) % 15 + 1}, {name}",
        )
    screenshot(page, "cruzadas-premiums-es-phone")
    assert not page.js_errors


def test_typing_a_plain_s_places_the_s_cedilla_of_the_rack(open_board, screenshot):
    page = open_board(PHONE, strings=SPANISH)
    feed(page, FRAMES["start"])  # rack o b ı z i ş ?: no S, no U, no G
    cell(page, 112).focus()
    page.keyboard.press("s")  # a Spanish keyboard's s: the rack's Ş, not the blank
    assert tentative(page) == [{"cell": 112, "letter": "ş", "blank": False}]
    expect(cell(page, 112).locator(".cz-letter")).to_have_text("Ş")
    expect(page.get_by_test_id("message")).to_have_text("No tienes ninguna S en tu atril: se pone la Ş.")
    expect(page.get_by_test_id("message")).to_have_class("cz-message note")
    screenshot(page, "cruzadas-typed-s-es-phone")
    page.keyboard.press("o")  # O is on the rack: the O itself
    assert tentative(page)[-1] == {"cell": 113, "letter": "o", "blank": False}
    page.keyboard.press("i")  # and so is İ
    page.keyboard.press("i")  # a second i: the rack has only ı left, so ı
    assert [tile["letter"] for tile in tentative(page)] == ["ş", "o", "i", "ı"]
    page.keyboard.press("u")  # neither U nor Ü: the blank stands for U
    assert tentative(page)[-1] == {"cell": 116, "letter": "u", "blank": True}
    page.keyboard.press("g")  # neither G, Ğ nor a blank left
    expect(page.get_by_test_id("message")).to_have_text("No tienes ninguna G en tu atril.")
    expect(page.get_by_test_id("message")).to_have_class("cz-message")
    assert len(tentative(page)) == 5
    assert not page.js_errors


def test_the_bar_keeps_its_spanish_words_inside_its_buttons_on_a_phone(open_board, screenshot):
    page = open_board(PHONE, strings=SPANISH)
    feed(page, FRAMES["start"])
    rack_tile(page, "o").click()
    cell(page, 112).click()  # a tile placed: "Deshacer" and "Jugar" are enabled
    expect(page.get_by_test_id("undo")).to_have_text("Deshacer")
    page.get_by_test_id("bar").scroll_into_view_if_needed()
    bar = page.get_by_test_id("bar").bounding_box()
    assert bar["x"] >= 0 and bar["x"] + bar["width"] <= PHONE["width"]
    for name in ("undo", "pass", "shuffle", "more", "submit"):
        button = page.get_by_test_id(name)
        box = button.bounding_box()
        assert box["x"] >= bar["x"] - 0.5 and box["x"] + box["width"] <= bar["x"] + bar["width"] + 0.5, name
        # The word is inside its button: nothing cut, nothing spilling over the next one.
        fits = button.evaluate("(b) => b.scrollWidth <= b.clientWidth")
        assert fits, f"{name}'s text spills out: {button.evaluate('(b) => [b.scrollWidth, b.clientWidth]')}"
    screenshot(page, "cruzadas-bar-es-phone")
    assert not page.js_errors


def reopen(page, frame):
    """The player reloads the page: the board starts again and the server sends the room and the match again."""
    page.reload()
    page.wait_for_function("window.harness !== undefined")
    page.evaluate("strings => window.harness.start(strings)", SPANISH)
    feed(page, DATA["room"])
    feed(page, frame)


def test_the_tiles_placed_come_back_after_a_reload(open_board, screenshot):
    page = open_board(PHONE, strings=SPANISH)
    feed(page, FRAMES["start"])
    rack_tile(page, "o").click()
    cell(page, 112).click()
    rack_tile(page, "b").click()
    cell(page, 113).click()
    rack_tile(page, "?").click()
    cell(page, 114).click()
    page.get_by_test_id("blank-picker").locator(".cz-pick[data-letter='a']").click()
    placed = tentative(page)
    assert len(placed) == 3

    reopen(page, FRAMES["start"])
    assert tentative(page) == placed  # the same tiles, the blank still an A
    expect(page.locator(".cz-rack .cz-tile.used")).to_have_count(3)
    expect(cell(page, 114).locator(".cz-letter")).to_have_text("A")
    expect(page.get_by_test_id("submit")).to_be_enabled()
    screenshot(page, "cruzadas-restored-es-phone")

    # Taken back, they stay taken back after another reload.
    page.get_by_test_id("undo").click()
    reopen(page, FRAMES["start"])
    assert tentative(page) == placed[:2]

    # A turn played meanwhile (another board, another rack): nothing of the last turn comes back.
    reopen(page, FRAMES["playing"])
    assert tentative(page) == []
    expect(page.locator(".cz-rack .cz-tile.used")).to_have_count(0)
    assert not page.js_errors


def test_a_rated_result_labels_the_rating_and_its_change(open_board, screenshot):
    frame = copy.deepcopy(FRAMES["out_end"])
    frame["ratings"] = {
        "0": {"before": 1500, "after": 1662, "change": 162},
        "1": {"before": 1500, "after": 1338, "change": -162},
    }
    page = open_board(PHONE, strings=SPANISH)
    feed(page, frame)
    table = page.locator(".cz-result-table")
    expect(table.locator("thead th")).to_have_text(["Jugador", "Puntos", "Puntuación", "Cambio"])
    expect(table.locator("tr[data-seat='0'] [data-testid=result-rating]")).to_have_text("1662")
    expect(table.locator("tr[data-seat='0'] [data-testid=result-change]")).to_have_text("+162")
    expect(table.locator("tr[data-seat='1'] [data-testid=result-change]")).to_have_text("−162")
    inside = table.evaluate(
        "(t) => t.getBoundingClientRect().right <= t.parentElement.getBoundingClientRect().right + 0.5"
    )
    assert inside, "the result table spills out of its card"
    screenshot(page, "cruzadas-rated-result-es-phone")
    assert not page.js_errors
