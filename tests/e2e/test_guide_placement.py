"""The first-game guide never covers what it points at (issue 33, item 11: it covered Wordgrid's keyboard at the trace
step, the Torneo's clock and banner, Duelo's bottom row of keys), and Escape closes it. For each of the five games,
on the real room page of a newcomer's first match, at a phone's size and a laptop's: at every step the card lies
whole inside the screen and its box does not meet the box of the element it rings. Then Escape closes it, the
server is told, and it does not come back. One server for every game and size."""

from playwright.sync_api import expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_one_screen import at_the_table, set_up, sign_in

SIZES = {"1280x800": (1280, 800), "360x740": (360, 740)}  # the phone last: Escape ends the guide there
GAMES = ("duelo", "torneo", "wordgrid", "cruzadas", "claves")


def apart(a, b) -> bool:
    return (
        a["x"] + a["width"] <= b["x"] + 0.5
        or b["x"] + b["width"] <= a["x"] + 0.5
        or a["y"] + a["height"] <= b["y"] + 0.5
        or b["y"] + b["height"] <= a["y"] + 0.5
    )


def check_step(page, guide, what) -> None:
    card = guide.bounding_box()
    size = page.viewport_size
    assert card["x"] >= -0.5 and card["y"] >= -0.5, f"{what}: the card is off the screen: {card}"
    assert card["x"] + card["width"] <= size["width"] + 0.5, f"{what}: the card is off the screen: {card}"
    assert card["y"] + card["height"] <= size["height"] + 0.5, f"{what}: the card is off the screen: {card}"
    ring = page.locator(".guide-target")
    if ring.count() == 0:
        return  # this step's element is not on this board now (a last move before any move): nothing to cover
    target = ring.bounding_box()
    assert apart(card, target), f"{what}: the card covers what it points at: {card} / {target}"


def test_the_guide_never_covers_what_it_points_at_and_escape_closes_it(daphne_url, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    failures = []
    for game in GAMES:
        match, people = set_up(game)
        player = people[0]
        for size, (width, height) in SIZES.items():
            context = browser.new_context(
                viewport={"width": width, "height": height}, locale="es-ES", has_touch=width < 600
            )
            sign_in(context, daphne_url, player)
            at_the_table(match, player)
            page = context.new_page()
            page.goto(f"{daphne_url}/r/{match.room.code}/")
            guide = page.get_by_test_id("guide")
            expect(guide).to_be_visible(timeout=15_000)
            steps = int(page.get_by_test_id("guide-count").inner_text().split("/")[1])
            for step in range(1, steps + 1):
                expect(page.get_by_test_id("guide-count")).to_have_text(f"{step}/{steps}")
                page.wait_for_timeout(150)  # the ring follows a board that redraws itself
                try:
                    check_step(page, guide, f"{game} step {step} at {size}")
                except AssertionError as failure:
                    failures.append(str(failure))
                page.screenshot(path=str(ARTIFACTS / f"guide-{game}-{step}-{size}.png"))
                if step < steps:
                    page.get_by_test_id("guide-next").click()
            if size == "360x740":
                with page.expect_response("**/me/guides/") as told:
                    page.keyboard.press("Escape")
                assert told.value.status == 204
                expect(guide).to_be_hidden()
                expect(page.locator(".guide-target")).to_have_count(0)
                page.reload()
                expect(page.locator("[data-game-root]")).to_be_visible()
                expect(page.get_by_test_id("guide")).to_have_count(0)
            context.close()
    assert not failures, "\n".join(failures)
