"""The Letras Cruzadas board in a browser, fed with frames the real engine produced (no server).

tests/e2e/harness/cruzadas.html mounts static/js/room.js and the board with a fake socket; Playwright
serves it and static/ from a made-up origin, so ES modules load as they would from Django. The frames are
in tests/e2e/harness/cruzadas_frames.json (tests/e2e/harness/make_cruzadas_frames.py records them from
games/cruzadas/engine.py with the real Turkish list and the move generator; the refusals are the engine's).
"""

import copy

import pytest
from playwright.sync_api import expect

from tests.e2e.harness.serve import DESKTOP, PHONE, feed, harness_pages, load_frames, sent
from tests.e2e.harness.serve import settle as settled

DATA = load_frames("cruzadas_frames.json")
FRAMES = DATA["frames"]
ERRORS = DATA["errors"]
START_RACK = FRAMES["start"]["view"]["rack"]  # o b ı z i ş ? (the recorder picks a seed with these)

# A stand-in for the browser's Notification (headless Chromium has none that shows): records what the
# page asks for. `window.__permission` is what the player answered; `window.__hidden` fakes a hidden tab.
FAKE_NOTIFICATIONS = """
window.__notes = []; window.__asked = 0; window.__permission = %s; window.__hidden = %s;
class FakeNotification {
  constructor(title, options) { window.__notes.push({title, body: options && options.body}); }
  close() {}
  static get permission() { return window.__permission; }
  static requestPermission() {
    window.__asked += 1; window.__permission = "granted"; return Promise.resolve("granted");
  }
}
window.Notification = FakeNotification;
Object.defineProperty(Document.prototype, "hidden", {get() { return window.__hidden; }});
"""


def upper_tr(text):
    """Turkish capitals (Python's upper() turns i into I, which is another Turkish letter)."""
    return "".join({"i": "İ", "ı": "I"}.get(ch, ch.upper()) for ch in text)


@pytest.fixture
def open_board(browser):
    def dictionary_and(init_script):
        def setup(page):
            # The external dictionary is never reached: a word's meaning opens a page we answer here.
            page.context.route(
                "https://sozluk.gov.tr/**",
                lambda route: route.fulfill(
                    status=200, body="<title>TDK</title>sözlük", content_type="text/html; charset=utf-8"
                ),
            )
            if init_script:
                page.add_init_script(init_script)

        return setup

    with harness_pages(browser, "cruzadas") as open_:

        def open_cruzadas(viewport=PHONE, strings=None, room=None, init_script=None, has_touch=False):
            return open_(
                viewport, strings, room=room or DATA["room"], setup=dictionary_and(init_script), has_touch=has_touch
            )

        yield open_cruzadas


@pytest.fixture
def screenshot(screenshot):
    """The folder's screenshot, once the board's animations (shakes) have finished."""

    def take(page, name):
        settled(page)
        return screenshot(page, name)

    return take


def cell(page, index):
    return page.locator(f".cz-cell[data-cell='{index}']")


def rack_tile(page, tile, nth=0):
    return page.locator(f".cz-rack .cz-tile[data-tile='{tile}']").nth(nth)


def place(page, tile, index):
    rack_tile(page, tile).click()
    cell(page, index).click()


def tentative(page):
    return page.evaluate("window.board.tentative()")


def room_for(seat):
    room = copy.deepcopy(DATA["room"])
    room["room"]["you"] = {"seat": seat, "is_host": seat == 0, "spectator": seat is None}
    for info in room["room"]["seats"]:
        info["is_you"] = info["index"] == seat
    return room


def board_letters(page):
    return page.evaluate("""() => [...document.querySelectorAll('.cz-cell')].map(
        (c) => c.querySelector('.cz-letter').textContent)""")


def expected_letters(view):
    return [upper_tr(tile["letter"]) if tile else "" for row in view["board"] for tile in row]


def assert_fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_selecting_a_tile_and_tapping_squares_sends_the_place_frame(open_board, screenshot):
    page = open_board()
    feed(page, FRAMES["start"])
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    expect(page.get_by_test_id("submit")).to_be_disabled()
    # A square tapped with no tile chosen says what to do.
    cell(page, 112).click()
    expect(page.get_by_test_id("message")).to_have_text("Choose a tile from your rack, then tap a square.")

    rack_tile(page, "o").click()
    expect(rack_tile(page, "o")).to_have_attribute("aria-pressed", "true")
    cell(page, 112).click()
    place(page, "b", 113)
    expect(cell(page, 112)).to_have_class("cz-cell tile new")
    expect(cell(page, 112).locator(".cz-letter")).to_have_text("O")
    expect(cell(page, 113).locator(".cz-letter")).to_have_text("B")
    expect(cell(page, 113).locator(".cz-value")).to_have_text("3")
    expect(page.locator(".cz-rack .cz-tile.used")).to_have_count(2)
    assert tentative(page) == [
        {"cell": 112, "letter": "o", "blank": False},
        {"cell": 113, "letter": "b", "blank": False},
    ]
    assert_fits(page)
    screenshot(page, "cruzadas-placing-phone")

    page.get_by_test_id("submit").click()
    frame = sent(page)[-1]
    assert frame["type"] == "act" and frame["match_id"] == FRAMES["start"]["match_id"] and frame["ref"]
    assert frame["turn"] == FRAMES["start"]["turn"] is not None  # the turn of the latest match frame
    assert frame["action"] == {
        "type": "place",
        "tiles": [{"cell": 112, "letter": "o", "blank": False}, {"cell": 113, "letter": "b", "blank": False}],
    }
    expect(page.get_by_test_id("submit")).to_be_disabled()  # no double send while it travels
    page.get_by_test_id("submit").click(force=True)
    assert len(sent(page)) == 1


def test_a_rejected_move_shows_the_server_reason_and_keeps_the_tiles(open_board, screenshot):
    page = open_board()
    feed(page, FRAMES["start"])
    bad = DATA["facts"]["not_a_word"]
    for tile in bad["tiles"]:
        place(page, tile["letter"], tile["cell"])
    page.get_by_test_id("submit").click()
    ref = sent(page)[-1]["ref"]
    assert sent(page)[-1]["action"]["tiles"] == bad["tiles"]
    feed(page, {**ERRORS["not_a_word"], "ref": ref})
    # The engine's own words: which word, which rule; the tiles stay where they were.
    expect(page.get_by_test_id("message")).to_have_text(ERRORS["not_a_word"]["message"])
    expect(page.get_by_test_id("message")).to_contain_text(bad["word"])
    expect(page.locator(".cz-cell.new")).to_have_count(2)
    assert tentative(page) == bad["tiles"]
    expect(page.get_by_test_id("submit")).to_be_enabled()
    screenshot(page, "cruzadas-rejected-phone")

    # A resent snapshot keeps them too; the player swaps the second tile and resends.
    feed(page, FRAMES["start"])
    expect(page.locator(".cz-cell.new")).to_have_count(2)
    cell(page, bad["tiles"][1]["cell"]).click()  # back to the rack
    place(page, "z", 113)
    page.get_by_test_id("submit").click()
    assert sent(page)[-1]["action"]["tiles"] == [bad["tiles"][0], {"cell": 113, "letter": "z", "blank": False}]
    # An engine code that comes without a message falls back to the board's English text.
    feed(page, {"type": "error", "code": "first_not_on_centre", "ref": sent(page)[-1]["ref"]})
    expect(page.get_by_test_id("message")).to_have_text(ERRORS["first_not_on_centre"]["message"])
    expect(page.locator(".cz-cell.new")).to_have_count(2)

    # A turn was played meanwhile: the tentative tiles belonged to a board that is gone.
    feed(page, FRAMES["playing"])
    expect(page.locator(".cz-cell.new")).to_have_count(0)
    assert tentative(page) == []
    assert not page.js_errors


def test_dragging_a_tile_places_it(open_board):
    page = open_board()
    feed(page, FRAMES["start"])

    def centre(locator):
        box = locator.bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    page.mouse.move(*centre(rack_tile(page, "z")))
    page.mouse.down()
    page.mouse.move(*centre(cell(page, 97)), steps=12)
    expect(cell(page, 97)).to_have_class("cz-cell drop")
    expect(page.locator(".cz-ghost")).to_have_count(1)
    page.mouse.up()
    expect(page.locator(".cz-ghost")).to_have_count(0)
    expect(cell(page, 97).locator(".cz-letter")).to_have_text("Z")
    expect(cell(page, 97).locator(".cz-value")).to_have_text("4")
    assert tentative(page) == [{"cell": 97, "letter": "z", "blank": False}]
    # Dropped on a square that already holds a tile: nothing moves.
    page.mouse.move(*centre(rack_tile(page, "o")))
    page.mouse.down()
    page.mouse.move(*centre(cell(page, 97)), steps=12)
    page.mouse.up()
    assert tentative(page) == [{"cell": 97, "letter": "z", "blank": False}]
    expect(page.get_by_test_id("message")).to_have_text("That square is taken.")
    assert not page.js_errors


def test_tapping_a_placed_tile_returns_it_and_undo_takes_the_last_one(open_board):
    page = open_board()
    feed(page, FRAMES["start"])
    place(page, "o", 112)
    place(page, "b", 113)
    place(page, "z", 114)
    expect(page.locator(".cz-rack .cz-tile.used")).to_have_count(3)
    cell(page, 113).click()  # the B goes back to the rack
    assert [t["cell"] for t in tentative(page)] == [112, 114]
    expect(rack_tile(page, "b")).not_to_have_class("cz-tile used")
    expect(cell(page, 113).locator(".cz-letter")).to_have_text("")
    page.get_by_test_id("undo").click()  # the last placed: Z
    assert tentative(page) == [{"cell": 112, "letter": "o", "blank": False}]
    page.get_by_test_id("undo").click()
    assert tentative(page) == []
    expect(page.get_by_test_id("undo")).to_be_disabled()
    expect(page.locator(".cz-rack .cz-tile.used")).to_have_count(0)
    # Shuffle reorders the rack on this screen only: same tiles, no frame.
    before = page.evaluate("window.board.rackOrder()")
    page.get_by_test_id("shuffle").click()
    after = page.evaluate("window.board.rackOrder()")
    assert sorted(after) == sorted(before) and after != before
    shown = page.locator(".cz-rack .cz-tile").evaluate_all("els => els.map((e) => e.dataset.tile)")
    assert shown == after
    assert sent(page) == []
    assert not page.js_errors


def test_a_blank_asks_for_its_letter(open_board, screenshot):
    page = open_board()
    feed(page, FRAMES["start"])
    expect(rack_tile(page, "?").locator(".cz-value")).to_have_text("0")
    place(page, "?", 112)
    picker = page.get_by_test_id("blank-picker")
    expect(picker).to_be_visible()
    expect(picker.locator(".cz-pick")).to_have_count(29)
    expect(picker.locator(".cz-pick[data-letter='i']")).to_have_text("İ")
    expect(picker.locator(".cz-pick[data-letter='ı']")).to_have_text("I")
    expect(picker.locator(".cz-pick")).to_have_text([upper_tr(ch) for ch in "abcçdefgğhıijklmnoöprsştuüvyz"])
    assert tentative(page) == []  # nothing on the board until the letter is chosen
    assert_fits(page)
    screenshot(page, "cruzadas-blank-picker-phone")
    page.get_by_test_id("blank-cancel").click()
    expect(picker).to_be_hidden()
    assert tentative(page) == []

    place(page, "?", 112)
    picker.locator(".cz-pick[data-letter='ı']").click()
    expect(picker).to_be_hidden()
    expect(cell(page, 112)).to_have_class("cz-cell tile blank new")
    expect(cell(page, 112).locator(".cz-letter")).to_have_text("I")
    expect(cell(page, 112).locator(".cz-value")).to_have_text("0")
    place(page, "z", 113)
    page.get_by_test_id("submit").click()
    assert sent(page)[-1]["action"] == {
        "type": "place",
        "tiles": [{"cell": 112, "letter": "ı", "blank": True}, {"cell": 113, "letter": "z", "blank": False}],
    }
    assert not page.js_errors


def test_turkish_capitals_keep_the_dot(open_board):
    page = open_board()
    feed(page, FRAMES["start"])
    # The rack holds both i and ı: İ and I are two letters with different values.
    expect(rack_tile(page, "i").locator(".cz-letter")).to_have_text("İ")
    expect(rack_tile(page, "ı").locator(".cz-letter")).to_have_text("I")
    values = FRAMES["start"]["view"]["ruleset"]["values"]
    expect(rack_tile(page, "i").locator(".cz-value")).to_have_text(str(values["i"]))
    expect(rack_tile(page, "ı").locator(".cz-value")).to_have_text(str(values["ı"]))
    place(page, "i", 112)
    place(page, "ı", 113)
    expect(cell(page, 112).locator(".cz-letter")).to_have_text("İ")
    expect(cell(page, 113).locator(".cz-letter")).to_have_text("I")
    # On a board from the engine, every i shows İ and every ı shows I.
    feed(page, FRAMES["late"])
    view = FRAMES["late"]["view"]
    letters = {tile["letter"] for row in view["board"] for tile in row if tile}
    assert {"i", "ı"} <= letters
    assert board_letters(page) == expected_letters(view)
    page.get_by_test_id("unseen-summary").click()
    for letter in view["unseen"]:
        shown = page.locator(f".cz-unseen-list li[data-letter='{letter}'] .cz-unseen-letter")
        expect(shown).to_have_text("?" if letter == "?" else upper_tr(letter))
    assert not page.js_errors


@pytest.mark.parametrize("viewport,suffix", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_snapshot_renders_board_premiums_rack_scores_bag_and_unseen(open_board, screenshot, viewport, suffix):
    page = open_board(viewport, strings={"Your turn": "Te toca"})
    frame = FRAMES["playing"]
    view = frame["view"]
    feed(page, frame)
    expect(page.get_by_test_id("turn")).to_have_text("Te toca")  # the page's translation wins
    assert board_letters(page) == expected_letters(view)
    # Premium squares: coloured and labelled where no tile covers them.
    for premium, label, total in (("2L", "2L", 24), ("3L", "3L", 12), ("2W", "2W", 17), ("3W", "3W", 8)):
        free = [
            r * 15 + c
            for r in range(15)
            for c in range(15)
            if view["premiums"][r][c] == premium and not view["board"][r][c]
        ]
        covered = sum(
            1 for r in range(15) for c in range(15) if view["premiums"][r][c] == premium and view["board"][r][c]
        )
        assert len(free) + covered == total
        expect(page.locator(f".cz-cell.p-{premium}")).to_have_count(len(free))
        expect(cell(page, free[0]).locator(".cz-label")).to_have_text(label)
    star = view["star"]["index"]
    expect(cell(page, star)).to_have_class("cz-cell star")
    expect(cell(page, star).locator(".cz-label")).to_have_text("★25")
    # Tiles carry their value; the last move's tiles are marked.
    values = view["ruleset"]["values"]
    for row in range(15):
        for col in range(15):
            tile = view["board"][row][col]
            if tile:
                expect(cell(page, row * 15 + col).locator(".cz-value")).to_have_text(
                    "0" if tile["blank"] else str(values[tile["letter"]])
                )
                break
    expect(page.locator(".cz-cell.last")).to_have_count(len(view["last_move"]["tiles"]))
    blanks = [r * 15 + c for r in range(15) for c in range(15) if view["board"][r][c] and view["board"][r][c]["blank"]]
    assert blanks  # Ana opened with her blank
    expect(cell(page, blanks[0])).to_have_class("cz-cell tile blank")
    expect(cell(page, blanks[0]).locator(".cz-value")).to_have_text("0")
    # The rack: letters and values from the ruleset.
    tiles = page.locator(".cz-rack .cz-tile")
    expect(tiles).to_have_count(len(view["rack"]))
    expect(tiles.locator(".cz-letter")).to_have_text([upper_tr(t) for t in view["rack"]])
    expect(tiles.locator(".cz-value")).to_have_text([str(values[t]) for t in view["rack"]])
    expect(page.get_by_test_id("score-0")).to_have_text(str(view["scores"][0]))
    expect(page.get_by_test_id("score-1")).to_have_text(str(view["scores"][1]))
    expect(page.locator(".cz-player").nth(0)).to_contain_text("Ana")
    expect(page.locator(".cz-player").nth(1)).to_contain_text("Bob")
    expect(page.locator(".cz-player.is-turn")).to_have_attribute("data-seat", "0")
    expect(page.get_by_test_id("bag")).to_have_text(f"Bag: {view['bag_count']}")
    # The unseen tally (bag + Bob's rack), closed until tapped.
    total = sum(view["unseen"].values())
    assert total == view["bag_count"] + view["rack_counts"][1]
    expect(page.get_by_test_id("unseen-summary")).to_have_text(f"Unseen tiles: {total}")
    expect(page.get_by_test_id("unseen-list")).to_be_hidden()
    page.get_by_test_id("unseen-summary").click()
    expect(page.locator(".cz-unseen-list li")).to_have_count(len(view["unseen"]))
    expect(page.locator(".cz-unseen-list .cz-unseen-count")).to_have_text([f"×{n}" for n in view["unseen"].values()])
    # The rack tiles and the bar's buttons hold a finger; the page does not scroll sideways.
    boxes = [t.bounding_box() for t in tiles.all()] + [
        page.get_by_test_id(name).bounding_box() for name in ("undo", "pass", "shuffle", "more", "submit")
    ]
    assert min(min(b["width"], b["height"]) for b in boxes) >= 40
    assert_fits(page)
    screenshot(page, f"cruzadas-playing-{suffix}")
    assert not page.js_errors


def test_the_first_board_shows_the_centre_star(open_board, screenshot):
    for viewport, suffix in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page = open_board(viewport)
        view = FRAMES["start"]["view"]
        feed(page, FRAMES["start"])
        expect(cell(page, 112)).to_have_class("cz-cell centre p-2W")
        expect(cell(page, 112).locator(".cz-label")).to_have_text("★")
        expect(cell(page, view["star"]["index"]).locator(".cz-label")).to_have_text("★25")
        expect(page.get_by_test_id("last-move")).to_have_count(0)
        expect(page.get_by_test_id("last")).to_contain_text("No moves yet.")
        assert_fits(page)
        screenshot(page, f"cruzadas-start-{suffix}")
    # Once covered, the ★25 square is spent: a plain square again.
    spent = FRAMES["late"]
    feed(page, spent)
    assert spent["view"]["star"]["spent"]
    expect(page.locator(".cz-cell.star")).to_have_count(0)


def test_pass_exchange_and_resign_send_their_frames_after_confirmation(open_board, screenshot):
    page = open_board()
    feed(page, FRAMES["playing"])
    # Pass: asked first; "Keep playing" sends nothing.
    place(page, "p", 0)
    page.get_by_test_id("pass").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("Pass this turn?")
    page.get_by_test_id("confirm-no").click()
    expect(page.get_by_test_id("confirm")).to_be_hidden()
    assert sent(page) == []
    page.get_by_test_id("pass").click()
    page.get_by_test_id("confirm-yes").click()
    assert sent(page)[-1]["action"] == {"type": "pass"}
    assert tentative(page) == []  # passing returns the unsent tiles
    feed(page, {"type": "ok", "ref": sent(page)[-1]["ref"]})

    # Exchange and Resign live behind "…".
    feed(page, FRAMES["playing"])
    expect(page.get_by_test_id("menu")).to_be_hidden()
    page.get_by_test_id("more").click()
    expect(page.get_by_test_id("exchange")).to_be_visible()
    expect(page.get_by_test_id("resign")).to_be_visible()
    assert_fits(page)
    screenshot(page, "cruzadas-menu-phone")
    page.get_by_test_id("exchange").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("Exchange all your tiles?")
    screenshot(page, "cruzadas-exchange-confirm-phone")
    assert len(sent(page)) == 1
    page.get_by_test_id("confirm-yes").click()
    assert sent(page)[-1]["action"] == {"type": "exchange"}
    feed(page, FRAMES["playing"])
    page.get_by_test_id("more").click()
    page.get_by_test_id("resign").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("Resign this game? It counts as a loss.")
    page.get_by_test_id("confirm-no").click()
    assert len(sent(page)) == 2
    page.get_by_test_id("more").click()
    page.get_by_test_id("resign").click()
    page.get_by_test_id("confirm-yes").click()
    assert [f["action"] for f in sent(page)] == [{"type": "pass"}, {"type": "exchange"}, {"type": "resign"}]
    assert all(f["match_id"] == FRAMES["playing"]["match_id"] for f in sent(page))

    # With fewer tiles in the bag than on the rack there is no exchange; resigning stays.
    page = open_board()
    feed(page, FRAMES["late"])
    page.get_by_test_id("more").click()
    expect(page.get_by_test_id("exchange")).to_be_hidden()
    expect(page.get_by_test_id("resign")).to_be_visible()
    # Waiting for the opponent: no pass, no placing, but one may resign.
    page = open_board(room=room_for(1))
    feed(page, FRAMES["playing_other"])
    expect(page.get_by_test_id("turn")).to_have_text("Ana's turn")
    expect(page.get_by_test_id("pass")).to_be_disabled()
    expect(page.get_by_test_id("submit")).to_be_disabled()
    rack_tile(page, "a").click(force=True)
    cell(page, 0).click(force=True)
    assert tentative(page) == []
    page.get_by_test_id("more").click()
    expect(page.get_by_test_id("exchange")).to_be_hidden()
    page.get_by_test_id("resign").click()
    page.get_by_test_id("confirm-yes").click()
    assert sent(page)[-1]["action"] == {"type": "resign"}
    assert not page.js_errors


def test_the_last_move_opens_its_breakdown_and_words_link_to_a_dictionary(open_board, screenshot):
    page = open_board()
    view = FRAMES["playing"]["view"]
    move = view["last_move"]
    feed(page, FRAMES["playing"])
    summary = page.get_by_test_id("last-move")
    expect(summary).to_contain_text(f"Bob: {upper_tr(move['words'][0])}, +{move['points']}")
    expect(page.get_by_test_id("breakdown")).to_have_count(0)
    summary.click()
    lines = page.locator("[data-testid=breakdown] li")
    words = [line for line in move["breakdown"] if line["kind"] == "word"]
    assert len(words) >= 2  # the main word and its crosswords
    expect(lines).to_have_count(len(move["breakdown"]) + 1)
    expect(lines.locator(".p")).to_have_text(
        [f"+{line['points']}" for line in move["breakdown"]] + [str(move["points"])]
    )
    links = page.locator("[data-testid=breakdown] a.cz-word")
    expect(links).to_have_text([upper_tr(line["word"]) for line in words])
    for link, line in zip(links.all(), words, strict=True):
        assert link.get_attribute("href") == "https://sozluk.gov.tr/?ara=" + "".join(
            ch if ch.isascii() else "".join(f"%{b:02X}" for b in ch.encode()) for ch in line["word"]
        )
        assert link.get_attribute("target") == "_blank"
        assert "noopener" in link.get_attribute("rel")
    assert_fits(page)
    screenshot(page, "cruzadas-breakdown-phone")
    with page.expect_popup() as popup:
        links.first.click()
    tab = popup.value
    tab.wait_for_load_state()
    assert tab.url.startswith("https://sozluk.gov.tr/?ara=")
    # The meaning never decides anything: nothing was sent.
    assert sent(page) == []
    summary.click()
    expect(page.get_by_test_id("breakdown")).to_have_count(0)

    # The ★25 square and the seven-tile bonus have their own lines.
    feed(page, FRAMES["star_move"])
    page.get_by_test_id("last-move").click()
    expect(page.locator(".cz-line.star")).to_have_text("★25 square+25")
    feed(page, FRAMES["before_turn"])
    page.get_by_test_id("last-move").click()
    expect(page.locator(".cz-line.bingo")).to_have_text("All 7 tiles+30")
    # Passes and exchanges are told in words.
    page = open_board(room=room_for(1))
    feed(page, FRAMES["after_pass"])
    expect(page.get_by_test_id("last-move")).to_have_text("Ana passed.")
    feed(page, FRAMES["after_exchange"])
    expect(page.get_by_test_id("last-move")).to_have_text("Ana exchanged 7 tiles.")
    assert not page.js_errors


def test_a_spectator_sees_no_rack_and_no_controls(open_board, screenshot):
    for viewport, suffix in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page = open_board(viewport, room=room_for(None))
        frame = FRAMES["playing_spectator"]
        feed(page, frame)
        expect(page.get_by_test_id("turn")).to_have_text("You are watching this match. Ana's turn")
        assert board_letters(page) == expected_letters(frame["view"])
        expect(page.locator(".cz-tile")).to_have_count(0)
        expect(page.locator(".cz-controls")).to_be_hidden()
        expect(page.get_by_test_id("notify")).to_be_hidden()
        total = sum(frame["view"]["unseen"].values())  # both racks are unseen to a spectator
        assert total == frame["view"]["bag_count"] + sum(frame["view"]["rack_counts"])
        expect(page.get_by_test_id("unseen-summary")).to_have_text(f"Unseen tiles: {total}")
        cell(page, 0).click()
        assert sent(page) == []
        assert_fits(page)
        screenshot(page, f"cruzadas-spectator-{suffix}")
        assert not page.js_errors


def test_zoom_enlarges_the_board_inside_a_scrolling_viewport_at_360(open_board, screenshot):
    page = open_board(PHONE)
    feed(page, FRAMES["playing"])
    small = cell(page, 0).bounding_box()
    viewport = page.get_by_test_id("viewport")
    assert small["width"] < 30  # the whole board fits the phone's width
    assert viewport.evaluate("el => el.scrollWidth <= el.clientWidth")
    page.get_by_test_id("zoom").click()
    expect(page.get_by_test_id("zoom")).to_have_attribute("aria-pressed", "true")
    big = cell(page, 0).bounding_box()
    assert big["width"] >= 44
    # The board scrolls inside its viewport, the page itself does not scroll sideways.
    assert viewport.evaluate("el => el.scrollWidth > el.clientWidth + 200")
    assert_fits(page)
    viewport.evaluate("el => { el.scrollLeft = 0; el.scrollTop = 0; }")
    page.mouse.move(180, viewport.bounding_box()["y"] + 100)
    page.mouse.wheel(250, 0)
    page.wait_for_function("document.querySelector('[data-testid=viewport]').scrollLeft > 0")
    screenshot(page, "cruzadas-zoomed-phone")
    # Placing works while zoomed: a square out of reach before zooming is now a finger wide.
    target = 5 * 15 + 9
    cell(page, target).scroll_into_view_if_needed()
    rack_tile(page, view_rack_letter := FRAMES["playing"]["view"]["rack"][0]).click()
    cell(page, target).click()
    assert tentative(page) == [{"cell": target, "letter": view_rack_letter, "blank": False}]
    page.get_by_test_id("zoom").click()
    expect(page.get_by_test_id("zoom")).to_have_attribute("aria-pressed", "false")
    assert cell(page, 0).bounding_box()["width"] < 30
    assert_fits(page)
    assert not page.js_errors


@pytest.mark.parametrize("name,title", [("out_end", None), ("passes_end", None), ("resign", "You win!")])
def test_the_result_screen_shows_scores_winner_and_why(open_board, screenshot, name, title):
    frame = FRAMES[name]
    view = frame["view"]
    outcome = view["outcome"]
    names = ["Ana", "Bob"]
    if title is None:
        title = "Draw" if outcome["draw"] else ("You win!" if outcome["winner"] == 0 else f"{names[1]} wins!")
    for viewport, suffix in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page = open_board(viewport)
        feed(page, frame)
        expect(page.get_by_test_id("turn")).to_have_text("Game over")
        expect(page.get_by_test_id("result-title")).to_have_text(title)
        reason = page.get_by_test_id("result-reason")
        if name == "out_end":
            finisher = view["last_move"]["seat"]
            expect(reason).to_have_text(f"{names[finisher]} used all their tiles with the bag empty.")
            adj = outcome["adjustment"]
            assert adj[finisher] > 0 and adj[1 - finisher] == -adj[finisher]
            signs = [f"{names[s]} {'+' if adj[s] > 0 else '−'}{abs(adj[s])}" for s in (0, 1)]
            expect(page.get_by_test_id("result-adjustment")).to_have_text(f"Rack adjustment: {', '.join(signs)}.")
        elif name == "passes_end":
            expect(reason).to_have_text("4 turns in a row without a word, with fewer than 20 tiles in the bag.")
            expect(page.get_by_test_id("result-adjustment")).to_have_count(0)
        else:
            expect(reason).to_have_text("Bob resigned.")
        rows = page.locator(".cz-result-table tr")
        expect(rows.locator(".num")).to_have_text([str(s) for s in outcome["scores"]])
        # What the end reveals: both racks as they were left (the finisher's is empty after going out).
        left = [", ".join("?" if tile == "?" else upper_tr(tile) for tile in rack) for rack in view["final_racks"]]
        expect(page.get_by_test_id("result-racks").locator("li")).to_have_text(
            [f"{names[s]}, left on the rack: {tiles or 'nothing'}" for s, tiles in enumerate(left)]
        )
        expect(rows.nth(0)).to_contain_text("Ana (you)")
        expect(page.locator(".cz-result-table tr.winner")).to_have_attribute("data-seat", str(outcome["winner"]))
        # The final board stays in view, with nothing left to press.
        assert board_letters(page) == expected_letters(view)
        expect(page.locator(".cz-controls")).to_be_hidden()
        expect(page.locator(".cruzadas")).not_to_contain_text("null")
        expect(page.locator(".cruzadas")).not_to_contain_text("undefined")
        assert_fits(page)
        screenshot(page, f"cruzadas-result-{name}-{suffix}")
        assert not page.js_errors


def test_the_turn_is_notified_only_when_allowed_and_hidden(open_board):
    # Permission already granted and the tab hidden: the turn passing to Ana notifies her once.
    page = open_board(init_script=FAKE_NOTIFICATIONS % ('"granted"', "true"))
    feed(page, FRAMES["before_turn"])
    expect(page.get_by_test_id("turn")).to_have_text("Bob's turn")
    assert page.evaluate("window.__notes") == []
    feed(page, FRAMES["playing"])
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    assert page.evaluate("window.__notes") == [{"title": "Letras Cruzadas", "body": "Your turn against Bob."}]
    feed(page, FRAMES["playing"])  # the same snapshot again: no second notification
    assert len(page.evaluate("window.__notes")) == 1
    expect(page.get_by_test_id("notify")).to_be_hidden()

    # A visible tab needs no notification: the page says it.
    page = open_board(init_script=FAKE_NOTIFICATIONS % ('"granted"', "false"))
    feed(page, FRAMES["before_turn"])
    feed(page, FRAMES["playing"])
    assert page.evaluate("window.__notes") == []

    # Not asked yet: the page never asks on its own; "Notify me" asks, then goes away.
    page = open_board(init_script=FAKE_NOTIFICATIONS % ('"default"', "true"))
    feed(page, FRAMES["before_turn"])
    feed(page, FRAMES["playing"])
    assert page.evaluate("window.__asked") == 0
    assert page.evaluate("window.__notes") == []
    page.get_by_test_id("notify").click()
    expect(page.get_by_test_id("notify")).to_be_hidden()
    assert page.evaluate("window.__asked") == 1
    assert not page.js_errors


def test_snapshots_are_idempotent_and_late_ones_are_ignored(open_board):
    page = open_board()
    feed(page, FRAMES["playing"])
    html = page.locator(".cz-side").inner_html()
    feed(page, FRAMES["playing"])
    assert page.locator(".cz-side").inner_html() == html
    feed(page, FRAMES["start"])  # v 1 after v 5 of the same match: an old snapshot arriving late
    expect(page.get_by_test_id("score-0")).to_have_text(str(FRAMES["playing"]["view"]["scores"][0]))
    # A new match in the room (another match_id) is taken whatever its version.
    feed(page, FRAMES["resign"])
    expect(page.get_by_test_id("result-title")).to_have_text("You win!")


# Where the letters of a line's last words lie: the lines (distinct tops) that `words`, the end of `line`'s text, takes.
LINES_OF = """(line, words) => {
  const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  const nodes = [];
  let text = "";
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push([node, text.length]);
    text += node.textContent;
  }
  const start = text.lastIndexOf(words);
  const at = (index) => {
    const [node, from] = nodes.filter(([, from]) => from <= index).pop();
    return [node, index - from];
  };
  const range = document.createRange();
  range.setStart(...at(start));
  const [node, offset] = at(start + words.length - 1);
  range.setEnd(node, offset + 1);
  return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
}"""


@pytest.mark.parametrize("name", ["out_end", "passes_end", "resign"])
def test_the_racks_left_at_the_end_keep_their_letters_together_on_a_phone(open_board, screenshot, name):
    """Issue 33: at 360 px, in Spanish, "en el atril al final: O, B, I, Z, İ, Ş, ?" could leave its last letter alone
    on the next line. The letters of a rack are one unit: on one line, whichever line that is (and on a laptop, in
    English too)."""
    spanish = {
        "%(name)s, left on the rack: %(tiles)s": "%(name)s, en el atril al final: %(tiles)s",
        "%(name)s, left on the rack: nothing": "%(name)s, en el atril al final: nada",
    }
    view = FRAMES[name]["view"]
    for (viewport, size), (language, strings, said) in (
        ((PHONE, "phone"), ("es", spanish, "en el atril al final")),
        ((PHONE, "phone"), ("en", None, "left on the rack")),
        ((DESKTOP, "desktop"), ("es", spanish, "en el atril al final")),
        ((DESKTOP, "desktop"), ("en", None, "left on the rack")),
    ):
        page = open_board(viewport, strings)
        feed(page, FRAMES[name])
        lines = page.get_by_test_id("result-racks").locator("li")
        expect(lines).to_have_count(2)
        for seat, rack in enumerate(view["final_racks"]):
            if not rack:
                continue
            tiles = ", ".join("?" if tile == "?" else upper_tr(tile) for tile in rack)
            line = lines.nth(seat)
            expect(line).to_have_text(f"{['Ana', 'Bob'][seat]}, {said}: {tiles}")
            assert line.evaluate(LINES_OF, tiles) == 1, f"{tiles} is broken across lines ({language}, {size})"
            box, card = line.bounding_box(), page.locator(".cz-result").bounding_box()
            assert box["x"] + box["width"] <= card["x"] + card["width"] + 0.5, "the line runs out of the card"
        screenshot(page, f"cruzadas-result-racks-{name}-{language}-{size}")
