"""A newcomer plays Letras Cruzadas against the easy AI, as a person would: places a word by taps,
sees it rejected with the reason, fixes it with a valid word, and sees the AI answer."""

from playwright.sync_api import expect

from games.cruzadas import engine, movegen
from games.models import Match
from wordlists.lexicon import dawg

PHONE = {"width": 360, "height": 780}


def cell(page, index):
    return page.locator(f".cz-cell[data-cell='{index}']")


def place(page, letter, index):
    page.locator(f".cz-rack .cz-tile[data-tile='{letter}']:not(.used)").first.click()
    cell(page, index).click()


def test_a_solo_game_against_the_easy_ai(live_stack, browser, screenshot):
    site = live_stack
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    page.goto(site + "/play/cruzadas/")
    page.get_by_label("Apodo").fill("Deniz")
    page.get_by_role("button", name="¡A jugar!").click()
    page.get_by_label("Rival").select_option("easy")
    page.get_by_test_id("cruzadas-new").click()
    expect(page.get_by_test_id("turn")).to_have_text("Tu turno")

    state = engine.from_json(Match.objects.get().state)
    rack = [letter for letter in state.racks[0] if letter != "?"]
    # Two tiles in the top row: the first word must cover the centre star.
    place(page, rack[0], 0)
    place(page, rack[1], 1)
    page.get_by_test_id("submit").click()
    expect(page.get_by_test_id("message")).to_have_text("La primera palabra tiene que cubrir la estrella central.")
    expect(page.locator(".cz-cell.new")).to_have_count(2)  # kept, to fix and retry
    screenshot(page, "cruzadas-rejected-phone")
    page.get_by_test_id("undo").click()
    page.get_by_test_id("undo").click()

    plays = movegen.generate(
        state.board,
        state.racks[0],
        dawg("cruzadas-tr-valid"),
        state.ruleset,
        star_cell=state.star_cell,
        star_spent=state.star_spent,
    )
    play = max((p for p in plays if not any(blank for _i, _l, blank in p.placement)), key=lambda p: p.score)
    for index, letter, _blank in play.placement:
        place(page, letter, index)
    page.get_by_test_id("submit").click()
    expect(page.get_by_test_id("score-0")).to_have_text(str(play.score))
    # The AI thinks (a Celery task) and answers through the same service: the turn comes back.
    expect(page.get_by_test_id("turn")).to_have_text("Tu turno", timeout=90_000)
    assert len(engine.from_json(Match.objects.get().state).history) == 2
    screenshot(page, "cruzadas-ai-answered-phone")
    context.close()
