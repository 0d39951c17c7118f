"""Claves a Dúo with two players and a spectator in three browsers: the host opens a room, the partner
joins with the code, the spectator with the link; a won game, then a game lost on a trap. The
spectator's page never shows a map before the end."""

from playwright.sync_api import expect

from games.claves import engine
from games.models import Match

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}


def newcomer(browser, site, path, nickname, viewport, button="¡A jugar!"):
    """A newcomer opens `path` and gives a nickname: on the guest page, or on an invitation (its button)."""
    context = browser.new_context(viewport=viewport, locale="es-ES")
    page = context.new_page()
    page.goto(site + path)
    page.get_by_label("Apodo").fill(nickname)
    page.get_by_role("button", name=button).click()
    return context, page


def current_state():
    match = Match.objects.filter(status="playing").get()
    return engine.from_json(match.state)


def give_clue(page, word, number):
    page.get_by_test_id("clue-word").fill(word)
    page.get_by_test_id("clue-number").select_option(str(number))
    page.get_by_test_id("send-clue").click()


def uncover(page, cell, found_after=None):
    page.get_by_test_id(f"card-{cell}").click()
    page.get_by_test_id("uncover").click()
    if found_after is not None:  # wait for the server's answer before the next touch, as a person would
        expect(page.get_by_test_id("keys")).to_have_attribute("aria-label", f"{found_after} de 15 claves encontradas")


def no_map_on(page):
    assert page.locator("[data-testid=maps]").count() == 0
    assert page.locator("[data-testid=clue-form]:visible, [data-testid=guess-controls]:visible").count() == 0


def test_a_pair_wins_then_loses_on_a_trap_while_a_spectator_watches(daphne_url, browser, screenshot):
    site = daphne_url
    host_context, ana = newcomer(browser, site, "/play/claves/", "Ana", DESKTOP)
    ana.get_by_test_id("claves-create").click()
    code = ana.get_by_test_id("room-code").inner_text().strip()
    assert len(code) == 5

    partner_context, beto = newcomer(browser, site, "/play/claves/", "Beto", PHONE)
    beto.get_by_test_id("join-code").fill(code.lower())
    beto.get_by_test_id("join").click()
    expect(beto.get_by_test_id("invitation")).to_contain_text("Ana te invita a jugar a Claves a Dúo")
    beto.get_by_role("button", name="Sentarme").click()  # the code leads to the invitation; its button seats
    # The pair is full: the link's invitation offers to watch.
    spectator_context, carla = newcomer(browser, site, f"/r/{code}/", "Carla", PHONE, button="Mirar")
    expect(ana.get_by_test_id("people")).to_contain_text("Carla")
    ana.get_by_test_id("start-match").click()

    pages = {0: ana, 1: beto}
    for page in (ana, beto, carla):
        expect(page.get_by_test_id("grid").locator(".cl-card")).to_have_count(25)
    state = current_state()
    first_giver = state.giver
    no_map_on(carla)

    # Turn 1: the first giver's nine keys, all found.
    give_clue(pages[first_giver], "zumbido", 9)
    guesser = pages[1 - first_giver]
    expect(guesser.get_by_test_id("clue-text")).to_have_text("zumbido", ignore_case=True)
    found = 0
    for cell, kind in enumerate(state.maps[first_giver]):
        if kind == engine.KEY:
            found += 1
            uncover(guesser, cell, found)
    expect(guesser.get_by_test_id("keys")).to_contain_text("9/15")
    screenshot(carla, "claves-spectator-phone")
    no_map_on(carla)
    if guesser.get_by_test_id("end-turn").is_enabled():
        guesser.get_by_test_id("end-turn").click()

    # Turn 2: the other partner gives every clue left; the six keys still covered are found.
    giver = 1 - first_giver
    expect(pages[giver].get_by_test_id("clue-form")).to_be_visible()
    state = current_state()
    assert state.giver == giver
    give_clue(pages[giver], "relampago", 6)
    guesser = pages[1 - giver]
    expect(guesser.get_by_test_id("clue-text")).to_have_text("relampago", ignore_case=True)
    for cell, kind in enumerate(state.maps[giver]):
        if kind == engine.KEY and cell not in state.uncovered:
            found += 1
            uncover(guesser, cell, found if found < 15 else None)
    for page in (ana, beto):
        expect(page.get_by_test_id("result-title")).to_have_text("¡Habéis ganado!")
    expect(carla.get_by_test_id("result-title")).to_have_text("¡Han ganado!")
    expect(carla.get_by_test_id("maps")).to_be_visible()  # after the end, both maps for everyone
    screenshot(beto, "claves-won-phone")

    # Play again: "New game" on the end card shows the host the room's panel; a new board, where the guesser
    # touches a trap.
    ana.get_by_test_id("new-game").click()
    ana.get_by_test_id("start-match").click()
    expect(beto.get_by_test_id("result")).to_be_hidden()
    expect(ana.locator("[data-testid=clue-form]:visible, [data-testid=step]")).not_to_have_count(0)
    state = current_state()
    expect(pages[state.giver].get_by_test_id("clue-form")).to_be_visible()
    giver = state.giver
    give_clue(pages[giver], "zumbido", 1)
    expect(pages[1 - giver].get_by_test_id("clue-text")).to_have_text("zumbido", ignore_case=True)
    trap = next(cell for cell, kind in enumerate(state.maps[giver]) if kind == engine.TRAP)
    uncover(pages[1 - giver], trap)
    for page in (ana, beto, carla):
        expect(page.get_by_test_id("result-title")).to_have_text("Perdida")
    ana.reload()
    expect(ana.get_by_test_id("record")).to_contain_text("1 ganadas, 1 perdidas")
    screenshot(ana, "claves-lost-desktop")
    for context in (host_context, partner_context, spectator_context):
        context.close()
