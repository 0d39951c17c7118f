"""The rules one tap away, as a player would find them: in a Wordgrid game against a bot, the room's "?"
opens the rules in a dialog over the board; the player reads the tie rule, types a letter that must not
reach the board behind, closes the dialog and is still in the game, with the board and the move they had
started. Then the rules page itself, from the game's page. Screenshots at 360x740 and 1280x800."""

from playwright.sync_api import expect

from tests.e2e.conftest import ARTIFACTS

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


def on_screen(page, name):
    """What the screen shows (not the whole page): a dialog is drawn over the viewport."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def cell(page, r, c):
    return page.locator(f".wg-cell[data-r='{r}'][data-c='{c}']")


def test_the_question_mark_opens_the_rules_over_the_game_and_closes_back_to_it(site_url, browser, screenshot):
    context = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True)
    page = context.new_page()
    page.goto(site_url + "/play/wordgrid/")
    page.get_by_label("Apodo").fill("Lucía")
    page.get_by_role("button", name="¡A jugar!").click()
    # The game's page links to its rules.
    expect(page.get_by_role("link", name="Cómo jugar")).to_have_attribute("href", "/play/wordgrid/rules/")
    page.get_by_label("Rival").select_option("easy")
    page.get_by_test_id("practice").click()
    expect(page.get_by_test_id("turn")).to_have_text("Tu turno")
    room_url = page.url
    board = page.get_by_test_id("board")
    expect(board).to_be_visible()
    # She starts a move: the cell below SHEEP's first E.
    cell(page, 3, 2).click()

    question = page.get_by_role("link", name="Cómo jugar")
    expect(question).to_have_text("?")
    expect(question).to_be_in_viewport()
    on_screen(page, "rules-room-phone")
    question.tap()
    dialog = page.get_by_role("dialog", name="Cómo jugar a Wordgrid")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Si hay igualdad de puntos, gana el segundo jugador.")
    expect(dialog).to_contain_text("10 minutos")
    # The dialog fits the phone's screen and scrolls inside itself.
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= PHONE["width"] and box["y"] + box["height"] <= PHONE["height"]
    on_screen(page, "rules-dialog-phone")
    # A letter typed while the rules are open is not played on the board behind them.
    page.keyboard.press("d")
    dialog.get_by_role("heading", name="Preguntas frecuentes").scroll_into_view_if_needed()
    expect(dialog.get_by_text("¿Puedo trazar en diagonal?")).to_be_in_viewport()

    dialog.get_by_role("button", name="Volver a la partida").tap()
    expect(dialog).to_be_hidden()
    assert page.url == room_url
    expect(board).to_be_visible()
    expect(page.get_by_test_id("turn")).to_have_text("Tu turno")
    expect(cell(page, 3, 2)).to_have_text("")
    expect(question).to_be_focused()
    # The move she had started is still there: now the letter goes in.
    page.keyboard.press("d")
    expect(cell(page, 3, 2)).to_have_text("D")

    # Escape closes it too, and it opens again as often as she likes.
    question.click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(cell(page, 3, 2)).to_have_text("D")  # the board's Escape (clear the move) never saw it
    context.close()

    # At 1280x800, in English: the dialog over the board, then the rules page from the game's page.
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": site_url}])
    page.goto(site_url + "/play/wordgrid/")
    page.get_by_label("Nickname").fill("Lucy")
    page.get_by_role("button", name="Let's play").click()
    page.get_by_test_id("practice").click()
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    page.get_by_role("link", name="How to play").click()
    dialog = page.get_by_role("dialog", name="How to play Wordgrid")
    expect(dialog).to_contain_text("If the scores are equal, the second player wins.")
    on_screen(page, "rules-dialog-desktop")
    dialog.get_by_role("button", name="Back to the game").click()
    expect(page.get_by_test_id("board")).to_be_visible()

    page.goto(site_url + "/play/duelo/")
    page.get_by_role("link", name="How to play").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("How to play Duelo de Palabras")
    expect(page.get_by_role("main")).to_contain_text("20-second closing countdown")
    screenshot(page, "rules-page-desktop")
    context.close()

    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    page.goto(site_url + "/play/duelo/rules/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Cómo jugar a Duelo de Palabras")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing spills sideways
    on_screen(page, "rules-page-phone-top")
    screenshot(page, "rules-page-phone")
    for game in ("torneo", "wordgrid", "cruzadas", "claves"):
        page.goto(site_url + f"/play/{game}/rules/")
        expect(page.get_by_role("heading", level=2).first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], game
        screenshot(page, f"rules-page-{game}-phone")
    context.close()


def test_a_newcomer_meets_an_easy_bot_and_reads_how_strong_each_bot_is(site_url, browser, screenshot):
    """Issue 21: the opponent preselected for a newcomer is the easy bot, and the game's page and its rules
    page say in a sentence how strong each level is; on a phone the table of every word language fits."""
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    page.goto(site_url + "/play/wordgrid/")
    page.get_by_label("Apodo").fill("Nuria")
    page.get_by_role("button", name="¡A jugar!").click()
    expect(page.get_by_label("Rival")).to_have_value("easy")
    strength = page.get_by_test_id("bot-strength")
    expect(strength.get_by_role("heading", name="La fuerza de los bots")).to_be_visible()
    expect(strength.locator("li[data-level=easy]")).to_contain_text("El bot fácil suma")
    expect(strength.locator("li[data-level=hard]")).to_contain_text("contra el bot medio")

    page.goto(site_url + "/play/duelo/rules/")
    strength = page.get_by_test_id("bot-strength")
    strength.scroll_into_view_if_needed()
    expect(strength.locator("li[data-level=medium]")).to_contain_text("intentos de media")
    region = strength.get_by_role("region")
    expect(region.get_by_role("rowheader", name="Español")).to_be_visible()
    # The three levels fit the phone's width: the table does not scroll sideways inside its region.
    assert region.evaluate("el => el.scrollWidth <= el.clientWidth")
    on_screen(page, "bot-strength-phone")
    context.close()
