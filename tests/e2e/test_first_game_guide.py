"""The first-game guide (issue 18), as a newcomer meets it: the first Wordgrid board she opens shows a card that
walks through one move in four steps, each ringing the part of the board it speaks of, without stopping play
(she starts her move while it is open); "Entendido" ends it, and it never comes back. In Letras Cruzadas, at
desktop size, another newcomer skips it at once. The card never covers what it points at."""

from playwright.sync_api import expect

from tests.e2e.conftest import ARTIFACTS

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


def on_screen(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def newcomer(browser, site_url, viewport, locale, game, nickname, start):
    context = browser.new_context(viewport=viewport, locale=locale, has_touch=viewport is PHONE)
    page = context.new_page()
    spanish = locale.startswith("es")
    if not spanish:
        page.context.add_cookies([{"name": "django_language", "value": "en", "url": site_url}])
    page.goto(f"{site_url}/play/{game}/")
    page.get_by_label("Apodo" if spanish else "Nickname").fill(nickname)
    page.get_by_role("button", name="¡A jugar!" if spanish else "Let's play").click()
    page.get_by_label("Rival" if spanish else "Opponent").select_option("easy")
    page.get_by_test_id(start).click()
    return context, page


def assert_apart(page, guide):
    """The ringed element and the card do not overlap, and the card is whole on the screen."""
    ring = page.locator(".guide-target")
    expect(ring).to_have_count(1)
    a, b = ring.bounding_box(), guide.bounding_box()
    apart_x = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
    apart_y = a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
    assert apart_x or apart_y, (a, b)
    size = page.viewport_size
    assert (
        b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["width"] <= size["width"] and b["y"] + b["height"] <= size["height"]
    )


def test_a_newcomer_is_walked_through_a_first_move_once_and_another_skips_it(site_url, browser):
    context, page = newcomer(browser, site_url, PHONE, "es-ES", "wordgrid", "Lucía", "practice")
    expect(page.get_by_test_id("turn")).to_have_text("Tu turno")
    guide = page.get_by_role("dialog", name="Tu primera partida")
    expect(guide).to_be_visible()
    expect(page.get_by_test_id("guide-count")).to_have_text("1/4")
    step = guide.locator("li:visible")  # the step on the card
    expect(step).to_have_text("Una jugada, paso 1: toca una casilla vacía junto a las letras. Ahí va tu letra nueva.")
    expect(page.locator(".wg-grid")).to_have_class("wg-grid guide-target")
    assert_apart(page, guide)
    on_screen(page, "guide-wordgrid-phone")

    # The clock runs: she plays while the card is up, and taps reach the board.
    page.locator(".wg-cell[data-r='3'][data-c='2']").tap()
    page.keyboard.press("d")
    expect(page.locator(".wg-cell[data-r='3'][data-c='2']")).to_have_text("D")
    expect(guide).to_be_visible()

    next_step = page.get_by_test_id("guide-next")
    next_step.tap()
    expect(page.get_by_test_id("guide-count")).to_have_text("2/4")
    expect(page.locator(".wg-keyboard")).to_have_class("wg-keyboard guide-target")
    assert_apart(page, guide)
    next_step.tap()
    expect(page.get_by_test_id("guide-count")).to_have_text("3/4")
    expect(step).to_contain_text("Paso 3: traza una palabra que pase por la letra nueva")
    next_step.tap()
    expect(page.get_by_test_id("guide-count")).to_have_text("4/4")
    expect(page.locator(".wg-submit")).to_contain_class("guide-target")
    expect(next_step).to_have_text("Entendido")
    with page.expect_response("**/me/guides/") as told:
        next_step.tap()
    assert told.value.status == 204
    expect(guide).to_be_hidden()
    expect(page.locator(".guide-target")).to_have_count(0)
    expect(page.locator(".wg-cell[data-r='3'][data-c='2']")).to_have_text("D")  # her move is still there

    # Never again: not on this board after a reload, nor in her next Wordgrid.
    page.reload()
    expect(page.get_by_test_id("turn")).to_have_text("Tu turno")
    expect(page.get_by_test_id("guide")).to_have_count(0)
    context.close()

    # Letras Cruzadas at desktop size, in English: another newcomer skips the guide at once.
    context, page = newcomer(browser, site_url, DESKTOP, "en-GB", "cruzadas", "Deniz", "cruzadas-new")
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    guide = page.get_by_role("dialog", name="Your first game")
    expect(guide.locator("li:visible")).to_contain_text("A move, step 1: these are your seven tiles")
    expect(page.locator(".cz-rack")).to_contain_class("guide-target")
    assert_apart(page, guide)
    on_screen(page, "guide-cruzadas-desktop")
    with page.expect_response("**/me/guides/") as told:
        page.get_by_role("button", name="Skip the guide").click()
    assert told.value.status == 204
    expect(guide).to_be_hidden()
    page.reload()
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    expect(page.get_by_test_id("guide")).to_have_count(0)
    context.close()
