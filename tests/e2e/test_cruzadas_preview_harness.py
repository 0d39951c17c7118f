"""What a Letras Cruzadas player sees of a move's score: the live preview of the tiles placed before "Play"
(the words they form and their points, counted by static/js/games/cruzadas/score.js) and the last move's
breakdown by letter × premium. The board harness (tests/e2e/harness/cruzadas.html) is fed frames the real
engine recorded (make_cruzadas_frames.py); the expected words and points come from games/cruzadas/rules.py.
"""

from __future__ import annotations

import copy

import pytest
from playwright.sync_api import expect

from games.cruzadas import movegen, rules
from games.cruzadas.rules import TURKISH, Tile
from games.kit.errors import IllegalMove
from tests.e2e.harness.serve import PHONE, feed, harness_pages, settle
from tests.e2e.test_cruzadas_board_harness import DATA, FRAMES, cell, rack_tile, room_for, upper_tr
from wordlists.lexicon import dawg

SPANISH_PREMIUMS = {"2L": "DL", "3L": "TL", "2W": "DP", "3W": "TP"}
PHONE_740 = {"width": 360, "height": 740}
DESKTOP_800 = {"width": 1280, "height": 800}


@pytest.fixture
def open_board(browser):
    """open_board(viewport=PHONE, strings=None, room=None) -> a harness page with the board mounted."""
    with harness_pages(browser, "cruzadas") as open_:

        def open_cruzadas(viewport=PHONE, strings=None, room=None):
            return open_(viewport, strings, room=room or DATA["room"])

        yield open_cruzadas


def board_of(view) -> rules.Board:
    return tuple(None if tile is None else Tile(tile["letter"], tile["blank"]) for row in view["board"] for tile in row)


def preview_text(view, placement: rules.Placement) -> str:
    """What the preview should say, from the engine's own count: "KELİME 18 · AT 4 → 22"."""
    board = board_of(view)
    try:
        total, breakdown = rules.score_move(board, placement, TURKISH, view["star"]["index"], view["star"]["spent"])
    except IllegalMove as refused:
        return {"not_in_line": "Not in one line", "gap": "A gap between your tiles"}[refused.code]
    bonus = {"star": "★25 square", "bingo": "All 7 tiles"}
    parts = [
        f"{upper_tr(line['word'])} {line['points']}"
        if line["kind"] == "word"
        else f"{bonus[line['kind']]} +{line['points']}"
        for line in breakdown
    ]
    return " · ".join(parts) + f" → {total}"


def a_play_with_crosswords(view) -> rules.Placement:
    """A legal play of the viewer's rack forming 2+ words, whose tiles but the last still form a move."""
    board = board_of(view)
    plays = movegen.generate(
        board, view["rack"], dawg(view["list"]), TURKISH, view["star"]["index"], view["star"]["spent"]
    )
    for play in sorted(plays, key=lambda p: (-p.score, p.placement)):
        if len(play.placement) < 3 or len(rules.words_formed(board, play.placement)) < 2:
            continue
        try:
            rules.placement_line(board, play.placement[:-1])
        except IllegalMove:
            continue
        return play.placement
    raise AssertionError("no play fits")


def where(page, *test_ids: str) -> list[float]:
    """The tops of these parts on the page (not the screen: clicking may scroll it)."""
    return page.evaluate(
        """(ids) => ids.map((id) => document.querySelector(`[data-testid=${id}]`).getBoundingClientRect().top
            + window.scrollY)""",
        list(test_ids),
    )


def lay(page, placement: rules.Placement) -> None:
    for index, letter, blank in placement:
        rack_tile(page, "?" if blank else letter).click()
        cell(page, index).click()
        if blank:
            page.locator(f"[data-testid=blank-picker] .cz-pick[data-letter='{letter}']").click()


def test_the_preview_shows_the_words_and_points_of_the_tiles_placed_and_follows_a_take_back(open_board) -> None:
    frame = FRAMES["playing"]
    view = frame["view"]
    page = open_board()
    feed(page, frame)
    preview = page.get_by_test_id("preview")
    expect(preview).to_have_text("")  # nothing placed, nothing to count
    before = where(page, "rack", "bar")

    placement = a_play_with_crosswords(view)
    lay(page, placement)
    # The preview's line was kept while empty: neither the rack nor the bar moved under the finger.
    assert where(page, "rack", "bar") == before
    expected = preview_text(view, placement)
    assert expected.count(" · ") >= 1 and " → " in expected
    expect(preview).to_have_text(expected)
    words = preview.locator(".cz-preview-line.word .cz-preview-word")
    expect(words).to_have_text(
        [upper_tr(w) for w in rules.check_placement(board_of(view), placement, lambda w: True, view["rack"])]
    )
    # The server's count is still the one that counts: nothing was sent.
    assert page.evaluate("window.sent") == []

    # The last tile goes back to the rack: the preview counts the others.
    last = placement[-1][0]
    cell(page, last).click()
    expect(preview).to_have_text(preview_text(view, placement[:-1]))
    assert preview_text(view, placement[:-1]) != expected

    # Two tiles in no one line: the preview says so; taken back, nothing is shown.
    for index, _letter, _blank in placement[:-1]:
        cell(page, index).click()
    expect(preview).to_have_text("")
    free = [i for i in range(rules.CELLS) if board_of(view)[i] is None]
    a, b = free[0], next(i for i in free if i // 15 != free[0] // 15 and i % 15 != free[0] % 15)
    first, second = (t for t in view["rack"][:2])
    rack_tile(page, first).click()
    cell(page, a).click()
    rack_tile(page, second, nth=1 if second == first else 0).click()
    cell(page, b).click()
    expect(preview).to_have_text("Not in one line")
    page.get_by_test_id("undo").click()
    page.get_by_test_id("undo").click()
    expect(preview).to_have_text("")
    assert not page.js_errors


def test_the_preview_counts_the_star_square_and_all_seven_tiles(open_board) -> None:
    # The recorded move that took the ★25 square, laid again by the viewer on the board before it (the
    # star not yet spent), with a rack of its tiles.
    frame = FRAMES["star_move"]
    view = frame["view"]
    move = view["last_move"]
    before = copy.deepcopy(frame)
    for tile in move["tiles"]:
        before["view"]["board"][tile["cell"] // 15][tile["cell"] % 15] = None
    before["view"]["star"]["spent"] = False
    before["view"]["last_move"] = None
    before["view"]["history"] = before["view"]["history"][:-1]
    before["view"]["rack"] = [("?" if t["blank"] else t["letter"]) for t in move["tiles"]] + ["e"] * (
        7 - len(move["tiles"])
    )
    page = open_board(room=room_for(view["you"]))
    feed(page, before)
    placement = tuple((t["cell"], t["letter"], t["blank"]) for t in move["tiles"])
    lay(page, placement)
    expected = preview_text(before["view"], placement)
    assert "★25 square +25" in expected and expected.endswith(f" → {move['points']}")
    expect(page.get_by_test_id("preview")).to_have_text(expected)
    assert not page.js_errors


def test_the_last_moves_breakdown_shows_each_letter_with_its_value_and_premium(open_board) -> None:
    frame = FRAMES["before_turn"]  # Ana's seven-tile word over a 2W and two 2L
    line = frame["view"]["last_move"]["breakdown"][0]
    for strings, labels in ((None, {k: k for k in SPANISH_PREMIUMS}), (SPANISH_PREMIUMS, SPANISH_PREMIUMS)):
        page = open_board(strings=strings)
        feed(page, frame)
        page.get_by_test_id("last-move").click()
        row = page.locator(".cz-line.word").first.get_by_test_id("word-letters")
        chips = row.locator(".cz-l")
        expect(chips).to_have_count(len(line["letters"]))
        expect(chips.locator(".cz-l-letter")).to_have_text([upper_tr(c["letter"]) for c in line["letters"]])
        expect(chips.locator(".cz-l-value")).to_have_text([str(c["value"]) for c in line["letters"]])
        premiums = [labels[c["premium"]] for c in line["letters"] if c["premium"]]
        assert len(premiums) >= 2
        expect(row.locator(".cz-l-premium")).to_have_text(premiums)
        summed = sum(c["value"] * {"2L": 2, "3L": 3}.get(c["premium"], 1) for c in line["letters"])
        assert summed * line["multiplier"] == line["points"] and line["multiplier"] > 1
        expect(row.locator(".cz-l-sum")).to_have_text(f"= {summed} ×{line['multiplier']} = {line['points']}")
        # The seven-tile bonus stays a line of its own, without letters.
        expect(page.locator(".cz-line.bingo")).to_have_text("All 7 tiles+30")
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        assert not page.js_errors


def test_a_breakdown_recorded_before_letters_were_listed_shows_words_and_points_as_before(open_board) -> None:
    frame = copy.deepcopy(FRAMES["playing"])
    for line in frame["view"]["last_move"]["breakdown"]:
        line.pop("letters", None)
        line.pop("multiplier", None)
    page = open_board()
    feed(page, frame)
    page.get_by_test_id("last-move").click()
    words = [line for line in frame["view"]["last_move"]["breakdown"] if line["kind"] == "word"]
    expect(page.locator("[data-testid=breakdown] a.cz-word")).to_have_text([upper_tr(w["word"]) for w in words])
    expect(page.locator("[data-testid=breakdown] .cz-line .p")).to_have_text(
        [f"+{w['points']}" for w in words] + [str(frame["view"]["last_move"]["points"])]
    )
    expect(page.get_by_test_id("word-letters")).to_have_count(0)
    assert not page.js_errors


def test_screenshots_of_the_preview_and_the_breakdown(open_board, screenshot) -> None:
    """For a person to look at: the preview over the bar and the breakdown by letter, phone and desktop."""
    frame = FRAMES["star_move"]
    view = frame["view"]
    for viewport, name in ((PHONE_740, "phone"), (DESKTOP_800, "desktop")):
        page = open_board(viewport, strings=SPANISH_PREMIUMS, room=room_for(view["you"]))
        feed(page, frame)
        lay(page, a_play_with_crosswords(view))
        page.get_by_test_id("last-move").click()
        expect(page.get_by_test_id("word-letters").first).to_be_visible()
        settle(page)
        screenshot(page, f"cruzadas-preview-{name}")
        assert not page.js_errors
