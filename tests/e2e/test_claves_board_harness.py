"""The Claves a Dúo board in a browser, fed with frames the real engine produced (no server).

tests/e2e/harness/claves.html mounts static/js/room.js and the board with a fake socket; Playwright serves
it and static/ from a made-up origin, so ES modules load as they would from Django. The frames are in
tests/e2e/harness/claves_frames.json (tests/e2e/harness/make_claves_frames.py records them from
games/claves/engine.py with the real lists claves-es-familiar and claves-es-standard). Ana (seat 0) is the
host; Bob is seat 1.
"""

import copy
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.harness.serve import DESKTOP, PHONE, feed, harness_pages, load_frames, sent

DATA = load_frames("claves_frames.json")
FRAMES = DATA["frames"]
ANA, BOB = 0, 1
MAP_LIKE = ".mine-key, .mine-trap, .cl-legend:visible, .cl-maps, .cl-map-cell"


def room_for(seat):
    room = copy.deepcopy(DATA["room"])
    room["room"]["you"] = {"seat": seat, "is_host": seat == ANA, "spectator": seat is None}
    for info in room["room"]["seats"]:
        info["is_you"] = info["index"] == seat
    return room


@pytest.fixture
def open_board(browser):
    with harness_pages(browser, "claves") as open_:
        yield lambda viewport=PHONE, seat=ANA, strings=None: open_(viewport, strings, room=room_for(seat))


def card(page, cell):
    return page.get_by_test_id(f"card-{cell}")


def card_words(page):
    return page.locator(".cl-card").evaluate_all("cards => cards.map((c) => c.dataset.word)")


def shown_words(page):
    """What the cards read, without the soft hyphens that let a long word wrap."""
    return page.locator(".cl-card .cl-word").evaluate_all(
        "spans => spans.map((s) => s.textContent.replaceAll('\\u00ad', ''))"
    )


def cells_with(page, cls):
    return page.locator(f".cl-card.{cls}").evaluate_all("cards => cards.map((c) => Number(c.dataset.cell))")


def assert_fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_the_giver_writes_a_clue_and_a_refusal_says_why(open_board, screenshot):
    page = open_board(seat=ANA)
    frame = FRAMES["clue_giver"]
    feed(page, frame)
    expect(page.get_by_test_id("role")).to_have_text("You give the clue")
    expect(page.get_by_test_id("clue-form")).to_be_visible()
    expect(page.get_by_test_id("guess-controls")).to_be_hidden()
    expect(page.locator(".cl-card:enabled")).to_have_count(0)  # the giver touches nothing
    # An empty clue is explained on the spot, nothing is sent.
    page.get_by_test_id("send-clue").click()
    expect(page.get_by_test_id("clue-message")).to_have_text("Write a one-word clue.")
    assert sent(page) == []

    board_word = frame["view"]["board"][4]["word"]
    page.get_by_test_id("clue-word").fill(f"  {board_word} ")
    page.get_by_test_id("clue-number").select_option("3")
    assert_fits(page)
    screenshot(page, "claves-clue-form-phone")
    page.get_by_test_id("send-clue").click()
    act = sent(page)[-1]
    assert act["type"] == "act" and act["match_id"] == frame["match_id"] and act["ref"]
    assert act["action"] == {"type": "clue", "word": board_word, "number": 3}
    assert act["turn"] == frame["turn"] is not None  # the turn it was made for: the latest match frame's
    expect(page.get_by_test_id("send-clue")).to_be_disabled()  # no double send while it travels
    page.get_by_test_id("clue-word").press("Enter")
    assert len(sent(page)) == 1

    # The server refuses it: its message is shown, the clue stays for the giver to fix.
    message = f"“{board_word}” is a word on the board."
    feed(page, {"type": "error", "code": "board_word", "message": message, "ref": act["ref"]})
    expect(page.get_by_test_id("clue-message")).to_have_text(message)
    expect(page.get_by_test_id("clue-word")).to_have_value(f"  {board_word} ")
    expect(page.get_by_test_id("clue-number")).to_have_value("3")
    expect(page.get_by_test_id("send-clue")).to_be_enabled()
    screenshot(page, "claves-clue-refused-phone")

    # Without a translated message the board's own English text says it, with the words filled in.
    page.get_by_test_id("clue-word").fill("barcos")
    expect(page.get_by_test_id("clue-message")).to_have_text("")  # editing the clue clears the refusal
    page.get_by_test_id("clue-word").press("Enter")
    act = sent(page)[-1]
    assert act["action"] == {"type": "clue", "word": "barcos", "number": 3}
    feed(
        page,
        {"type": "error", "code": "board_variant", "params": {"clue": "barcos", "word": "barco"}, "ref": act["ref"]},
    )
    expect(page.get_by_test_id("clue-message")).to_have_text("“barcos” is too close to “barco”, a word on the board.")
    feed(page, {"type": "error", "code": "not_one_word", "ref": None})
    expect(page.get_by_test_id("clue-message")).to_have_text("A clue is a single word, not several words or a phrase.")

    # Once accepted, the clue shows big for the giver and the form goes away.
    feed(page, FRAMES["guess_giver"])
    expect(page.get_by_test_id("clue-form")).to_be_hidden()
    expect(page.get_by_test_id("clue-text")).to_have_text(FRAMES["guess_giver"]["view"]["clue"]["word"])
    expect(page.get_by_test_id("clue-count")).to_have_text("2")
    expect(page.get_by_test_id("step")).to_have_text("Bob is touching words. Your map decides.")
    assert not page.js_errors


def test_the_guesser_touches_a_word_then_confirms(open_board, screenshot):
    page = open_board(seat=BOB)
    frame = FRAMES["guess_guesser"]
    view = frame["view"]
    feed(page, frame)
    expect(page.get_by_test_id("role")).to_have_text("Your partner gives the clue")
    expect(page.get_by_test_id("clue-text")).to_have_text(view["clue"]["word"])
    expect(page.get_by_test_id("clue-count")).to_have_text(str(view["clue"]["number"]))
    expect(page.get_by_test_id("clue-form")).to_be_hidden()
    uncover = page.get_by_test_id("uncover")
    expect(uncover).to_be_disabled()  # nothing touched yet

    first, second = 3, 17
    words = [c["word"] for c in view["board"]]
    card(page, first).click()
    expect(card(page, first)).to_have_class(re.compile(r"\bselected\b"))
    expect(uncover).to_have_text(f"Uncover “{words[first]}”")
    assert sent(page) == []  # a touch alone sends nothing: a mis-tap costs nothing
    card(page, second).click()  # a second tap on another word moves the choice
    expect(page.locator(".cl-card.selected")).to_have_count(1)
    expect(card(page, second)).to_have_attribute("aria-pressed", "true")
    expect(uncover).to_have_text(f"Uncover “{words[second]}”")
    assert_fits(page)
    screenshot(page, "claves-guess-selected-phone")
    uncover.click()
    act = sent(page)[-1]
    assert act["type"] == "act" and act["match_id"] == frame["match_id"]
    assert act["action"] == {"type": "guess", "cell": second}
    expect(page.get_by_test_id("end-turn")).to_be_disabled()  # while the guess travels

    # Refused (the server's word): the message shows and the buttons come back.
    feed(
        page,
        {"type": "error", "code": "already_uncovered", "message": "That word is already uncovered.", "ref": act["ref"]},
    )
    expect(page.get_by_test_id("message")).to_have_text("That word is already uncovered.")
    page.get_by_test_id("end-turn").click()
    assert sent(page)[-1]["action"] == {"type": "end_turn"}
    assert len(sent(page)) == 2

    # A tap on the chosen word lets it go again.
    feed(page, {"type": "error", "code": "no_clue_yet", "ref": sent(page)[-1]["ref"]})
    expect(page.get_by_test_id("message")).to_have_text("Wait for your partner's clue.")
    card(page, 5).click()
    card(page, 5).click()
    expect(page.locator(".cl-card.selected")).to_have_count(0)
    expect(uncover).to_be_disabled()
    assert not page.js_errors


def test_words_that_cannot_be_touched_are_disabled(open_board):
    page = open_board(seat=BOB)
    frame = FRAMES["mid_guesser"]
    view = frame["view"]
    feed(page, frame)
    locked = [c["cell"] for c in view["board"] if not c["touchable"]]
    # Uncovered keys and the words empty on the giver's (Ana's) map; Bob's own marks stay touchable.
    assert set(locked) == {c["cell"] for c in view["board"] if c["uncovered"] or ANA in c["marks"]}
    assert any(c["marks"] == [BOB] and c["touchable"] for c in view["board"])
    for c in view["board"]:
        if c["touchable"]:
            expect(card(page, c["cell"])).to_be_enabled()
        else:
            expect(card(page, c["cell"])).to_be_disabled()
    marked = next(c["cell"] for c in view["board"] if ANA in c["marks"])
    card(page, marked).click(force=True)
    expect(page.locator(".cl-card.selected")).to_have_count(0)
    expect(card(page, marked)).to_have_class(re.compile(r"\bmarked-giver locked\b"))
    # A selection that became untouchable (the word got uncovered meanwhile) is dropped.
    free = next(c["cell"] for c in view["board"] if c["touchable"])
    card(page, free).click()
    later = copy.deepcopy(frame)
    later["v"] += 1
    later["view"]["board"][free]["touchable"] = False
    later["view"]["board"][free]["uncovered"] = True
    feed(page, later)
    expect(page.locator(".cl-card.selected")).to_have_count(0)
    expect(page.get_by_test_id("uncover")).to_be_disabled()
    assert not page.js_errors


@pytest.mark.parametrize("viewport,suffix", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_snapshot_renders_keys_marks_turns_clue_and_roles(open_board, screenshot, viewport, suffix):
    page = open_board(viewport, seat=ANA, strings={"You give the clue": "Das tú la pista"})
    frame = FRAMES["mid_giver"]
    view = frame["view"]
    feed(page, frame)
    expect(page.get_by_test_id("role")).to_have_text("Das tú la pista")  # the page's translation wins
    assert card_words(page) == [c["word"] for c in view["board"]]
    assert shown_words(page) == [c["word"] for c in view["board"]]
    # Uncovered keys, for everyone.
    assert cells_with(page, "found") == [c["cell"] for c in view["board"] if c["uncovered"]]
    assert len(cells_with(page, "found")) == view["keys_found"] == 3
    expect(page.get_by_test_id("keys")).to_have_text("Keys3/15")
    # Marks: a dot of each colour, orange for Ana (seat 0), blue for Bob.
    for c in view["board"]:
        dots = card(page, c["cell"]).locator(".cl-mark")
        expect(dots).to_have_count(len(c["marks"]))
        for i, seat in enumerate(c["marks"]):
            expect(dots.nth(i)).to_have_class(f"cl-mark seat-{view['colours'][seat]}")
    assert page.locator(".cl-mark.seat-orange").count() >= 1 and page.locator(".cl-mark.seat-blue").count() >= 1
    # Ana's own map: green border for her keys, dashed border and a no-entry sign for her three traps.
    assert cells_with(page, "mine-key") == [i for i, kind in enumerate(view["map"]) if kind == "key"]
    assert cells_with(page, "mine-trap") == [i for i, kind in enumerate(view["map"]) if kind == "trap"]
    expect(page.locator(".cl-card .cl-sign:visible")).to_have_count(3)
    # Turn circles: 9, three spent.
    expect(page.locator(".cl-circle")).to_have_count(view["turns"])
    expect(page.locator(".cl-circle.used")).to_have_count(view["turns_used"])
    expect(page.get_by_test_id("turns")).to_have_attribute("aria-label", "6 of 9 turns left")
    # The clue, big; the history, newest first, with what each touch was.
    expect(page.get_by_test_id("clue-text")).to_have_text(view["clue"]["word"])
    expect(page.get_by_test_id("clue-count")).to_have_text(str(view["clue"]["number"]))
    expect(page.get_by_test_id("clue")).to_contain_text("Ana's clue · turn 3")
    heads = page.locator(".cl-turn-head strong")
    expect(heads).to_have_text([f"{t['number']}. {t['word']} · {t['count']}" for t in reversed(view["history"])])
    expect(page.locator(".cl-turn").last).to_contain_text("empty word: turn over")
    expect(page.locator(".cl-guess.result-key")).to_have_count(3)
    expect(page.get_by_test_id("legend")).to_be_visible()
    expect(page.get_by_test_id("guess-controls")).to_be_hidden()
    assert_fits(page)
    screenshot(page, f"claves-playing-giver-{suffix}")

    # Bob's page of the same moment: his own map, not Ana's; his role.
    page = open_board(viewport, seat=BOB)
    view = FRAMES["mid_guesser"]["view"]
    feed(page, FRAMES["mid_guesser"])
    expect(page.get_by_test_id("role")).to_have_text("Your partner gives the clue")
    assert cells_with(page, "mine-key") == [i for i, kind in enumerate(view["map"]) if kind == "key"]
    assert view["map"] != FRAMES["mid_giver"]["view"]["map"]
    assert_fits(page)
    screenshot(page, f"claves-playing-guesser-{suffix}")
    assert not page.js_errors


@pytest.mark.parametrize("viewport,suffix", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_spectator_has_no_controls_and_no_map(open_board, screenshot, viewport, suffix):
    page = open_board(viewport, seat=None)
    for name in ("clue_spectator", "guess_spectator", "mid_spectator"):
        frame = FRAMES[name]
        assert frame["view"]["map"] is None and frame["view"]["maps"] is None
        feed(page, frame)
        expect(page.get_by_test_id("role")).to_have_text("Ana gives the clue, Bob guesses")
        expect(page.get_by_test_id("clue-form")).to_be_hidden()
        expect(page.get_by_test_id("guess-controls")).to_be_hidden()
        expect(
            page.locator(".claves button:visible:enabled, .claves input:visible, .claves select:visible")
        ).to_have_count(0)
        expect(page.locator(MAP_LIKE)).to_have_count(0)
        expect(page.locator(".cl-sign:visible")).to_have_count(0)
    view = FRAMES["mid_spectator"]["view"]
    expect(page.get_by_test_id("step")).to_have_text("You are watching. Bob is touching words.")
    assert cells_with(page, "found") == [c["cell"] for c in view["board"] if c["uncovered"]]
    expect(page.locator(".cl-mark")).to_have_count(sum(len(c["marks"]) for c in view["board"]))
    card(page, 0).click(force=True)
    assert sent(page) == []
    assert_fits(page)
    screenshot(page, f"claves-spectator-{suffix}")
    assert not page.js_errors


@pytest.mark.parametrize(
    "name,seat,title,reason",
    [
        (
            "won",
            ANA,
            "You won!",
            "All 15 keys found with 5 turns left.",
        ),
        ("won_spectator", None, "They won!", "All 15 keys found with 5 turns left."),
        (
            "lost_trap",
            ANA,
            "Lost",
            "“{trap}” was a trap on Ana's map.",
        ),
        ("lost_turns", BOB, "Lost", "No turns left: 3 of 15 keys found."),
        (
            "stopped",
            ANA,
            "Game interrupted",
            "Someone left the room: the game stopped before the end.",
        ),
    ],
)
def test_the_end_screen_says_why_and_shows_both_maps(open_board, screenshot, name, seat, title, reason):
    frame = FRAMES[name]
    view = frame["view"]
    outcome = view["outcome"]
    assert view["maps"] is not None
    words = [c["word"] for c in view["board"]]
    if outcome["trap_cell"] is not None:
        reason = reason.format(trap=words[outcome["trap_cell"]])
    for viewport, suffix in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page = open_board(viewport, seat=seat)
        feed(page, frame)
        expect(page.get_by_test_id("role")).to_have_text("Game over")
        expect(page.get_by_test_id("result-title")).to_have_text(title)
        expect(page.get_by_test_id("result-reason")).to_have_text(reason)
        # No sentence that points at a button elsewhere: the way on is the room's bar (tests/e2e/test_after_game.py).
        expect(page.get_by_test_id("play-again")).to_have_count(0)
        # Both maps, to everyone (spectators too), each cell with its kind and its word.
        for s in (ANA, BOB):
            cells = page.get_by_test_id(f"map-{s}").locator(".cl-map-cell")
            assert cells.evaluate_all("cs => cs.map((c) => c.dataset.kind)") == view["maps"][s]
            assert cells.evaluate_all("cs => cs.map((c) => c.textContent.replaceAll('\\u00ad', ''))") == words
        expect(page.get_by_test_id("map-0")).to_contain_text("Ana's map")
        expect(page.get_by_test_id("map-1")).to_contain_text("Bob's map")
        if outcome["trap_cell"] is not None:
            expect(card(page, outcome["trap_cell"])).to_have_class(re.compile(r"\btrap-hit\b"))
            expect(page.locator(".cl-card.trap-hit")).to_have_count(1)
            expect(page.locator(".cl-map-cell.trap-hit")).to_have_count(2)
        assert len(cells_with(page, "found")) == outcome["keys_found"]
        # Nothing left to press.
        expect(page.get_by_test_id("clue-form")).to_be_hidden()
        expect(page.get_by_test_id("guess-controls")).to_be_hidden()
        expect(page.locator(".cl-card:enabled")).to_have_count(0)
        expect(page.locator(".claves")).not_to_contain_text("null")
        expect(page.locator(".claves")).not_to_contain_text("undefined")
        assert_fits(page)
        screenshot(page, f"claves-end-{name}-{suffix}")
        assert not page.js_errors


@pytest.mark.parametrize("name", ["long_words", "mid_guesser"])
def test_at_360px_every_card_is_readable_tappable_and_holds_its_word(open_board, screenshot, name):
    frame = FRAMES[name]
    page = open_board(PHONE, seat=BOB)
    feed(page, frame)
    words = [c["word"] for c in frame["view"]["board"]]
    if name == "long_words":  # the board of the 25 longest words of both lists
        assert set(DATA["longest"]) <= set(words)
    assert shown_words(page) == words
    boxes = [card(page, i).bounding_box() for i in range(25)]
    assert all(box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] for box in boxes)
    assert min(box["height"] for box in boxes) >= 44
    assert min(box["width"] for box in boxes) >= 56
    sizes = page.locator(".cl-card").evaluate_all("""cards => cards.map((c) => {
        const w = c.querySelector('.cl-word');
        return {word: c.dataset.word, card: [c.scrollWidth, c.clientWidth], text: [w.scrollWidth, w.clientWidth],
                tall: [w.scrollHeight, w.clientHeight], font: parseFloat(getComputedStyle(w).fontSize)};
    })""")
    for size in sizes:
        assert size["card"][0] <= size["card"][1], size
        assert size["text"][0] <= size["text"][1], size
        assert size["tall"][0] <= size["tall"][1], size
        assert size["font"] >= 9, size  # shrunk, yet readable
    short = [s["font"] for s in sizes if len(s["word"]) <= 5]
    assert not short or min(short) >= 12  # short words keep the full size
    assert_fits(page)
    screenshot(page, f"claves-fit-{name}-phone")
    assert not page.js_errors


def test_snapshots_are_idempotent_and_late_ones_are_ignored(open_board):
    page = open_board(seat=BOB)
    feed(page, FRAMES["mid_guesser"])
    html = page.locator(".claves").inner_html()
    feed(page, FRAMES["mid_guesser"])
    assert page.locator(".claves").inner_html() == html
    feed(page, FRAMES["guess_guesser"])  # an older version of the same match, arriving late
    expect(page.get_by_test_id("keys")).to_have_text("Keys3/15")
    # A new match in the room (another match_id) is taken whatever its version.
    feed(page, FRAMES["lost_turns"])
    expect(page.get_by_test_id("result-title")).to_have_text("Lost")
    assert not page.js_errors
