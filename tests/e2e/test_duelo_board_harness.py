"""The Duelo board in a browser, fed with frames the real engine produced (no server).

tests/e2e/harness/duelo.html mounts static/js/room.js and the board with a fake socket; Playwright serves
it and static/ from a made-up origin (tests/e2e/harness/serve.py), so ES modules load as they would from
Django. The frames are in
tests/e2e/harness/frames.json (tests/e2e/harness/make_frames.py records them from games/duelo/engine.py
with the real word lists).
"""

import copy

import pytest
from playwright.sync_api import expect

from tests.e2e.harness.serve import (
    DESKTOP,
    PHONE,
    ROOT,
    assert_no_sideways_scroll,
    feed,
    harness_pages,
    load_frames,
    sent,
)
from tests.e2e.harness.serve import settle as settled
from wordlists import alphabets

FRAMES = load_frames("frames.json")


@pytest.fixture
def open_board(browser):
    def fixed_clock(page):
        # The browser's clock stands still (timers still run): countdowns then depend only on the
        # frames' server_time, which is what the board must correct for.
        page.clock.set_fixed_time("2031-03-04T05:06:07Z")

    with harness_pages(browser, "duelo") as open_:
        yield lambda viewport=PHONE, strings=None: open_(viewport, strings, setup=fixed_clock)


@pytest.fixture
def screenshot(screenshot):
    """The folder's screenshot, once the board's animations (flips, cards) have finished."""

    def take(page, name):
        settled(page)
        return screenshot(page, name)

    return take


def feed_scenario(page, scenario, name):
    feed(page, FRAMES[scenario]["room"])
    feed(page, FRAMES[scenario]["frames"][name])


def press_letter(page, letter):
    page.evaluate("k => document.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true}))", letter)


def key(page, letter):
    return page.locator(f".wordle-keyboard .keys:visible [data-key='{letter}']")


def action(page, name):
    return page.locator(f".wordle-keyboard .keys:visible [data-action='{name}']")


def current_row(page):
    return page.locator(".wordle-grid .row.current")


def test_a_player_types_with_both_keyboards_and_a_rejected_guess_shakes_the_row(open_board, screenshot):
    page = open_board()
    feed_scenario(page, "es", "playing")
    assert page.evaluate("window.socketPath") == "/ws/rooms/K7Q2ZD/"
    for letter in "cielo":
        key(page, letter).click()
    expect(current_row(page).locator(".tile")).to_have_text(["C", "I", "E", "L", "O"])
    action(page, "enter").click()
    guess = sent(page)[-1]
    assert guess["type"] == "act" and guess["match_id"] == 42
    assert guess["turn"] == FRAMES["es"]["frames"]["playing"]["turn"] is not None  # the latest frame's turn
    assert guess["action"] == {"type": "guess", "word": "cielo"}

    # The server says no: the row shakes, the message shows, the typed word stays for editing.
    feed(page, {"type": "error", "code": "not_in_list", "message": "Not in the word list.", "ref": guess["ref"]})
    expect(current_row(page)).to_have_class("row current shake")
    expect(page.locator(".duelo-message")).to_have_text("Not in the word list.")
    expect(page.locator(".duelo-message")).to_have_attribute("aria-live", "polite")
    expect(page.locator(".wordle-grid .row.done")).to_have_count(2)  # nothing was spent
    screenshot(page, "duelo-rejected-phone")

    for _ in range(5):
        page.keyboard.press("Backspace")
    expect(current_row(page).locator(".tile.filled")).to_have_count(0)
    # Playwright types letters a US keyboard lacks without a keydown: send those as a Spanish one would.
    press_letter(page, "Ñ")
    page.keyboard.type("and")
    press_letter(page, "ú")  # an accented letter folds to its base letter (Ú = U); Ñ stays Ñ
    page.keyboard.type("x")  # a sixth letter does not fit
    expect(current_row(page).locator(".tile")).to_have_text(["Ñ", "A", "N", "D", "U"])
    page.keyboard.press("Enter")
    assert sent(page)[-1]["action"] == {"type": "guess", "word": "ñandu"}
    assert len(sent(page)) == 2

    # A too short word never leaves the browser: it shakes with the length message.
    feed(
        page, {"type": "error", "code": "not_in_list", "message": "No está en la lista.", "ref": sent(page)[-1]["ref"]}
    )
    page.keyboard.press("Backspace")
    page.keyboard.press("Enter")
    assert len(sent(page)) == 2
    expect(page.locator(".duelo-message")).to_have_text("A guess has exactly 5 letters.")
    assert not page.js_errors


def test_the_board_renders_a_snapshot_own_letters_rivals_colours_and_hints(open_board, screenshot):
    for viewport, suffix in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page = open_board(viewport, strings={"Round %(round)s of %(rounds)s": "Ronda %(round)s de %(rounds)s"})
        feed_scenario(page, "es", "playing")
        expect(page.locator(".duelo-round")).to_have_text("Ronda 1 de 3")  # the page's translation wins
        expect(page.locator(".duelo-clock")).to_have_text("1:07")  # server time, not the browser's clock
        rows = page.locator(".wordle-grid .row.done")
        expect(rows.nth(0).locator(".tile")).to_have_text(["B", "O", "L", "L", "O"])
        expect(rows.nth(0).locator(".tile").nth(0)).to_have_attribute("aria-label", "B, amber")
        expect(rows.nth(0).locator(".tile").nth(4)).to_have_attribute("aria-label", "O, green")
        expect(rows.nth(1).locator(".tile").nth(3)).to_have_class("tile green filled")
        # Keyboard hints: the best mark so far; a grey key can still be typed.
        expect(key(page, "o")).to_have_class("key green")
        expect(key(page, "b")).to_have_class("key amber")
        expect(key(page, "l")).to_have_attribute("aria-label", "L, grey")
        key(page, "l").click()
        expect(current_row(page).locator(".tile").nth(0)).to_have_text("L")
        # Rivals: names from the room frame, colours only, filling live.
        bob = page.locator(".rival[data-seat='1']")
        expect(bob.locator(".name")).to_have_text("Bob")
        expect(bob.locator(".minirow .cell.green")).to_have_count(1)
        expect(bob.locator(".minirow .cell.grey")).to_have_count(8)
        assert bob.locator(".minigrid").inner_text().strip() == ""
        expect(page.locator(".rival[data-seat='2'] .tagline")).to_have_text("bot")
        expect(page.locator("[data-seat-list] li")).to_have_count(3)
        expect(page.locator("[data-seat-list] li").nth(2)).to_contain_text("hard bot")
        assert_no_sideways_scroll(page)
        screenshot(page, f"duelo-playing-{suffix}")

        # A rival solves: the closing countdown starts; the half-typed word survives the new snapshot.
        feed_scenario(page, "es", "closing")
        expect(page.locator(".duelo-banner")).to_contain_text("19 s")
        expect(page.locator(".rival[data-seat='1'] .badge")).to_contain_text("Solved")
        expect(page.locator(".rival[data-seat='1'] .points")).to_have_text("+55 · 55")
        expect(current_row(page).locator(".tile").nth(0)).to_have_text("L")
        screenshot(page, f"duelo-closing-{suffix}")

        # The end card: the word, what each needed and earned.
        feed_scenario(page, "es", "ending")
        expect(page.get_by_test_id("end-word")).to_have_text("ÁBACO")
        results = page.locator(".card-results li")
        expect(results.locator(".name")).to_have_text(["Bob", "Ana (you)", "Bot"])
        expect(results.locator(".need")).to_have_text(["Solved in 3", "Solved in 3", "Not solved"])
        expect(results.locator(".earn")).to_have_text(["+55", "+50", "+0"])
        expect(page.locator(".duelo-card .card-note")).to_have_text("Next round in 6 s")
        expect(page.locator(".wordle-grid .row.current")).to_have_count(0)
        screenshot(page, f"duelo-ending-{suffix}")

        # The result screen.
        feed_scenario(page, "es", "finished")
        expect(page.get_by_test_id("result-title")).to_have_text("Bob wins!")
        table = page.locator(".result-table tbody tr")
        expect(table).to_have_count(3)
        expect(table.nth(0)).to_contain_text("Bob")
        expect(table.nth(0).locator(".total")).to_have_text("170")
        expect(table.nth(1).locator(".total")).to_have_text("165")
        expect(page.get_by_test_id("play-again")).to_have_count(0)  # the way on: tests/e2e/test_after_game.py
        expect(page.locator(".duelo-result")).not_to_contain_text("null")
        expect(page.locator(".wordle-keyboard")).to_be_hidden()
        assert_no_sideways_scroll(page)
        screenshot(page, f"duelo-result-{suffix}")
        assert not page.js_errors


def test_the_start_card_blocks_typing_and_results_name_shared_victories_and_draws(open_board, screenshot):
    page = open_board()
    feed_scenario(page, "es", "starting")
    expect(page.locator(".duelo-card .card-title")).to_have_text("Round 1")
    expect(page.locator(".duelo-card .card-count")).to_have_text("3")
    page.keyboard.type("cielo")
    key(page, "a").dispatch_event("click")  # the card lies over the keys; a click that reached one types nothing
    expect(page.locator(".wordle-grid .tile.filled")).to_have_count(0)
    expect(page.locator(".wordle-keyboard")).to_have_class("wordle-keyboard locked")
    screenshot(page, "duelo-start-phone")

    feed_scenario(page, "en_shared", "finished")
    expect(page.get_by_test_id("result-title")).to_have_text("Shared victory: Ana, Bob")
    feed_scenario(page, "en_draw", "finished")
    expect(page.get_by_test_id("result-title")).to_have_text("A draw: everyone scored 0.")
    expect(page.get_by_test_id("play-again")).to_have_count(0)
    screenshot(page, "duelo-draw-phone")


def test_long_names_fit_the_round_card_and_the_final_table_on_a_phone(open_board, screenshot):
    """Names fit (issue 18): the longest nickname the site allows (20 letters) is shown whole on the round's
    card, never cut with an ellipsis, and the final table shows every total inside a 360 px screen."""
    page = open_board()
    room = copy.deepcopy(FRAMES["es"]["room"])
    long_names = {0: "Maximiliana Ferreira", 1: "Bartolomé Casasnovas"}
    for seat in room["room"]["seats"]:
        seat["nickname"] = long_names.get(seat["index"], seat["nickname"])
    feed(page, room)
    feed(page, FRAMES["es"]["frames"]["ending"])
    names = page.locator(".card-results .name")
    expect(names).to_have_text(["Bartolomé Casasnovas", "Maximiliana Ferreira (you)", "Bot"])
    for index in range(3):
        assert names.nth(index).evaluate("el => el.scrollWidth <= el.clientWidth"), "a name is cut"
    seat_names = page.locator("[data-seat-list] .seat-name")
    expect(seat_names.first).to_have_text("Maximiliana Ferreira")
    for index in range(2):  # the room's people list too
        assert seat_names.nth(index).evaluate("el => el.scrollWidth <= el.clientWidth"), "a name is cut"
    screenshot(page, "duelo-ending-long-names-phone")
    feed(page, FRAMES["es"]["frames"]["finished"])
    for total in page.locator(".result-table .total").all():
        box = total.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], "a total is off the screen"
    expect(page.locator(".result-table tbody th").first).to_contain_text("Bartolomé Casasnovas")
    assert_no_sideways_scroll(page)
    screenshot(page, "duelo-result-long-names-phone")


def test_a_spectator_sees_every_grid_in_colour_only(open_board, screenshot):
    page = open_board(DESKTOP)
    room = copy.deepcopy(FRAMES["es"]["room"])
    room["room"]["you"] = {"seat": None, "is_host": False, "spectator": True}
    feed(page, room)
    feed(page, FRAMES["es"]["frames"]["spectator"])
    expect(page.locator(".rival")).to_have_count(3)
    expect(page.locator(".duelo-main")).to_be_hidden()
    expect(page.locator(".duelo-mine")).to_have_text("You are watching this match.")
    for grid in page.locator(".rival .minigrid").all():  # colours, never letters
        assert grid.inner_text().strip() == ""
    expect(page.locator(".rival .minirow .cell.green")).to_have_count(5)
    screenshot(page, "duelo-spectator-desktop")


def test_korean_keys_type_basic_jamo_shown_composed(open_board, screenshot):
    page = open_board()
    feed_scenario(page, "ko", "playing")
    own = page.locator(".wordle-grid .row.done").nth(0)
    expect(own.locator(".tile")).to_have_text(list("ㅂㅏㅣㅇㅜ"))
    expect(own.locator(".syllables")).to_have_text("배우")
    key(page, "ㅅ").click()
    key(page, "ㅐ").click()  # a composite vowel types its basic letters
    expect(current_row(page).locator(".tile.filled")).to_have_text(["ㅅ", "ㅏ", "ㅣ"])
    expect(page.get_by_test_id("composed")).to_have_text("새")
    action(page, "shift").click()
    expect(key(page, "ㄲ")).to_be_visible()
    key(page, "ㄲ").click()  # shifted: a tense consonant is two basic letters; shift releases
    expect(key(page, "ㄱ")).to_be_visible()
    expect(current_row(page).locator(".tile")).to_have_text(["ㅅ", "ㅏ", "ㅣ", "ㄱ", "ㄱ"])
    expect(page.get_by_test_id("composed")).to_have_text("샊")  # as wordlists.alphabets composes it
    page.keyboard.press("Enter")
    assert sent(page)[-1]["action"] == {"type": "guess", "word": "ㅅㅏㅣㄱㄱ"}
    # Hints: ㅂ was grey, ㅏ green; ㅐ (two letters) has no hint of its own.
    expect(key(page, "ㅏ")).to_have_class("key green")
    expect(key(page, "ㅐ")).to_have_attribute("data-hint", "")
    # A physical keyboard in the dubeolsik positions (no Korean input method needed): T, K, F, K, A.
    for _ in range(5):
        page.keyboard.press("Backspace")
    for code in ("KeyT", "KeyK", "KeyF", "KeyK", "KeyA"):
        page.keyboard.press(code)
    expect(page.get_by_test_id("composed")).to_have_text("사람")
    assert_no_sideways_scroll(page)
    screenshot(page, "duelo-ko-phone")

    feed_scenario(page, "ko", "ending")
    expect(page.get_by_test_id("end-word")).to_have_text("사람ㅅㅏㄹㅏㅁ")
    screenshot(page, "duelo-ko-ending-phone")


def test_turkish_dotted_and_dotless_i_are_distinct_keys(open_board, screenshot):
    page = open_board()
    feed_scenario(page, "tr", "playing")
    expect(key(page, "i")).to_have_text("İ")
    expect(key(page, "ı")).to_have_text("I")
    expect(key(page, "i")).to_have_class("key grey")  # iğnem against kısal
    expect(key(page, "ı")).to_have_class("key amber")  # abacı: ı is 5th here, 2nd in kısal
    key(page, "ı").click()
    key(page, "i").click()
    page.keyboard.press("Shift+I")  # a physical capital I is the dotless ı in Turkish
    expect(current_row(page).locator(".tile.filled")).to_have_text(["I", "İ", "I"])
    for letter in "çğöşü":
        expect(key(page, letter)).to_be_visible()
    for letter in "qwx":
        expect(key(page, letter)).to_have_count(0)
    assert_no_sideways_scroll(page)
    screenshot(page, "duelo-tr-phone")


@pytest.mark.parametrize("language", ["tr", "en", "fr", "es", "ru", "ko"])
def test_every_keyboard_fits_a_phone_with_keys_at_least_32px(open_board, screenshot, language):
    frame = copy.deepcopy(FRAMES["en_shared"]["frames"]["finished"])
    frame["view"] = copy.deepcopy(FRAMES["es"]["frames"]["opened"]["view"])
    frame["view"].update(language=language, alphabet=alphabets.alphabet(language))
    for viewport in (PHONE, DESKTOP):
        page = open_board(viewport)
        feed(page, FRAMES["es"]["room"])
        feed(page, frame)
        keys = page.locator(".wordle-keyboard .keys:visible .key")
        widths = [box["width"] for box in (k.bounding_box() for k in keys.all())]
        assert widths and min(widths) >= 32
        letter_keys = page.locator(".wordle-keyboard .keys:visible [data-key]").all()
        letters = {k.get_attribute("data-key") for k in letter_keys}
        if language != "ko":
            assert letters == set(alphabets.alphabet(language))
        else:
            assert set(alphabets.alphabet("ko")) <= letters | {"ㅏ", "ㅣ"}
        assert_no_sideways_scroll(page)
        if viewport is PHONE:
            screenshot(page, f"wordle-keyboard-{language}-phone")


def test_snapshots_are_idempotent_and_an_accepted_guess_clears_the_typed_word(open_board):
    page = open_board()
    feed_scenario(page, "es", "opened")
    page.keyboard.type("nieve")
    page.keyboard.press("Enter")
    ref = sent(page)[-1]["ref"]
    html = page.locator(".duelo-rivals").inner_html()
    feed_scenario(page, "es", "opened")  # a resent snapshot (sync, reconnect) changes nothing
    assert page.locator(".duelo-rivals").inner_html() == html
    expect(current_row(page).locator(".tile")).to_have_text(["N", "I", "E", "V", "E"])
    # An older snapshot arriving late is ignored.
    feed_scenario(page, "es", "playing")
    stale = copy.deepcopy(FRAMES["es"]["frames"]["opened"])
    feed(page, stale)
    expect(page.locator(".wordle-grid .row.done")).to_have_count(2)
    # Own rows grew: the typed word is spent and the next row is empty.
    expect(current_row(page).locator(".tile.filled")).to_have_count(0)
    assert ref.startswith("guess-")


def test_korean_composition_matches_the_server(open_board):
    """The JS port of compose_korean gives the same syllables as wordlists.alphabets for real words."""
    words = [
        line.split("\t")[0]
        for line in (ROOT / "wordlists/data/duelo-ko-5-valid.txt").read_text(encoding="utf-8").splitlines()[::20]
    ]
    words += ["ㅅㅏㅣㄱㄱ", "ㅎㅏㄱㄱㅛ", "ㅇㅣㄷㄷㅏ", "ㄱㅗㅏㅣ", "ㄹㅏㅂ", "ㅏ"]
    page = open_board()
    composed = page.evaluate(
        """async (words) => {
        const { composeKorean, splitKorean } = await import("/static/js/keyboards.js");
        return words.map((w) => [composeKorean(w), splitKorean(composeKorean(w)).join("")]);
    }""",
        words,
    )
    for word, (syllables, split_back) in zip(words, composed, strict=True):
        assert syllables == alphabets.compose_korean(word), word
        assert split_back == word


NOTES = [
    "Your 2nd guess left 14 possible words; the hard bot's left 3.",
    "Your 3rd guess left 1 possible word: well played.",
    "The hard bot solved it in 3.",
]
END_CARDS = [("es", "ending"), ("ko", "ending"), ("es", "finished"), ("en_shared", "finished"), ("en_draw", "finished")]


def apart(a, b) -> bool:
    return (
        a["x"] + a["width"] <= b["x"] + 0.5
        or b["x"] + b["width"] <= a["x"] + 0.5
        or a["y"] + a["height"] <= b["y"] + 0.5
        or b["y"] + b["height"] <= a["y"] + 0.5
    )


def inside(inner, outer) -> bool:
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["y"] >= outer["y"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    )


def test_every_end_card_fits_the_screen_with_nothing_over_anything(browser, screenshot):
    """Issue 33: at 360 px the round's end card spilled out of itself ("The word was" over "Round 1 of 1", "Results
    in 1 s" over the keys). Every end card, a round's (with its analysis, Latin and Korean) and the match's, lies
    inside the screen at a phone's, an iPhone's and a laptop's size; what it says lies inside it, line under line,
    and it covers neither the round's line nor lies under anything."""
    notes = {"seats": [{"seat": seat, "notes": NOTES} for seat in range(4)]}

    def setup(page):
        page.clock.set_fixed_time("2031-03-04T05:06:07Z")
        page.route("**/analysis.json", lambda route: route.fulfill(json=notes))

    sizes = {"360x740": (360, 740), "390x844": (390, 844), "1280x800": (1280, 800)}
    with harness_pages(browser, "duelo") as open_:
        for size, (width, height) in sizes.items():
            screen = {"x": 0, "y": 0, "width": width, "height": height}
            for scenario, name in END_CARDS:
                page = open_({"width": width, "height": height}, setup=setup)
                feed_scenario(page, scenario, name)
                what = f"the {scenario} {name} card at {size}"
                if name == "ending":
                    card = page.locator(".duelo-card")
                    expect(card.get_by_test_id("round-analysis").locator("li")).to_have_count(3)
                    status = page.locator(".duelo-status").bounding_box()
                else:
                    card = page.locator(".duelo-result")
                    status = None
                expect(card).to_be_visible()
                settled(page)
                box = card.bounding_box()
                assert inside(box, screen), f"{what} is off the screen: {box}"
                if status:
                    assert apart(box, status), f"{what} lies over the round's line"
                parts = [part.bounding_box() for part in card.locator(":scope > *:visible").all()]
                lines = [line.bounding_box() for line in card.locator(":scope > :is(ul, div) > *:visible").all()]
                for part in parts + lines:
                    assert inside(part, box), f"{what}: a part spills out of it: {part} / {box}"
                for index, part in enumerate(parts):
                    for other in parts[index + 1 :]:
                        assert apart(part, other), f"{what}: two parts overlap: {part} / {other}"
                assert card.evaluate("el => el.scrollHeight <= el.clientHeight + 1"), f"{what} must be scrolled"
                assert_no_sideways_scroll(page)
                page.screenshot(path=str(ROOT / "test-artifacts" / f"duelo-{name}-{scenario}-{size}.png"))
                assert not page.js_errors
