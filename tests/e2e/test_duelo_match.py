"""Two people and a bot play a whole Duelo match, as people would: the host opens a room, a friend
comes by the invite link as a guest, a hard bot takes the third seat, everyone plays to the result."""

import re

from playwright.sync_api import expect

from games.models import Match

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}


def type_on_screen(page, word: str):
    for letter in word:
        page.locator(f".wordle-keyboard [data-key='{letter}']").first.click()
    page.locator(".wordle-keyboard [data-action='enter']").click()


def test_two_players_and_a_bot_play_a_match_to_its_result(live_stack, browser, screenshot):
    site = live_stack
    host_context = browser.new_context(viewport=PHONE, locale="es-ES")
    ana = host_context.new_page()
    ana.goto(site + "/")
    ana.get_by_test_id("play-duelo").click()
    ana.get_by_label("Apodo").fill("Ana")  # a newcomer picks a nickname first, then comes back
    ana.get_by_role("button", name="¡A jugar!").click()
    expect(ana.get_by_role("heading", level=1)).to_have_text("Duelo de Palabras")
    own_room = ana.locator("form", has=ana.get_by_test_id("create-room"))
    own_room.get_by_label("Asientos", exact=True).select_option("3")
    own_room.get_by_label("Rondas").select_option("1")
    own_room.get_by_label("Segundos por ronda").select_option("60")
    own_room.get_by_label("Idioma de las palabras").select_option("es")
    ana.get_by_test_id("create-room").click()
    invite = ana.get_by_test_id("invite-url").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/r/[A-Z2-9]{10}/", invite)
    ana.get_by_test_id("seat-chooser-2").select_option("hard")
    # A seat is still free: the start button looks disabled and says why.
    expect(ana.get_by_test_id("start-match")).to_be_disabled()
    expect(ana.get_by_test_id("start-match")).to_have_css("opacity", "0.45")
    expect(ana.get_by_test_id("start-why")).to_have_text("Todos los asientos tienen que estar ocupados para empezar.")
    screenshot(ana, "duelo-room-phone-host")

    guest_context = browser.new_context(viewport=DESKTOP, locale="es-ES")
    beto = guest_context.new_page()
    beto.goto(invite)  # the invitation: who invites to what, the nickname and one button
    expect(beto.get_by_test_id("invitation")).to_contain_text("Ana te invita a jugar a Duelo de Palabras")
    beto.get_by_label("Apodo").fill("Beto")
    beto.get_by_role("button", name="Sentarme").click()
    expect(beto.get_by_test_id("waiting-for-host")).to_be_visible()
    expect(ana.get_by_test_id("seats")).to_contain_text("Beto")
    expect(ana.get_by_test_id("start-match")).to_be_enabled()
    expect(ana.get_by_test_id("start-why")).to_be_hidden()
    ana.get_by_test_id("start-match").click()

    for page in (ana, beto):
        expect(page.locator(".duelo")).to_have_attribute("data-phase", "playing", timeout=15_000)
    hidden = Match.objects.get().state["hidden_words"][0]

    type_on_screen(ana, "qqqqq")
    expect(ana.locator(".duelo-message")).to_contain_text("No está en la lista")
    for _ in range(5):  # the refused word stays in the row, as in any Wordle: Ana deletes it
        ana.locator(".wordle-keyboard [data-action='back']").click()
    type_on_screen(ana, hidden)
    screenshot(ana, "duelo-playing-phone")
    beto.keyboard.type(hidden)
    beto.keyboard.press("Enter")
    screenshot(beto, "duelo-playing-desktop")

    # Both solved; the bot has its closing countdown; then the end card, with how each one's guesses narrowed
    # the word (the worker's analysis of the round), then the result.
    for page in (ana, beto):
        expect(page.locator(".duelo")).to_have_attribute("data-phase", "ending", timeout=60_000)
    expect(beto.get_by_test_id("round-analysis")).to_contain_text("Resuelta al primer intento.")
    screenshot(beto, "duelo-end-card-desktop")
    for page in (ana, beto):
        expect(page.locator(".duelo")).to_have_attribute("data-phase", "finished", timeout=60_000)
        expect(page.get_by_test_id("result-title")).to_be_visible()
    expect(ana.get_by_test_id("result-title")).to_have_text("¡Has ganado!")
    expect(beto.get_by_test_id("result-title")).to_have_text("¡Gana Ana!")
    screenshot(ana, "duelo-result-phone")
    screenshot(beto, "duelo-result-desktop")

    match = Match.objects.get()
    assert match.status == Match.FINISHED
    assert match.outcome["totals"][0] == 75 and match.outcome["winners"] == [0]
    # The result links to the match's replay, which opens at the end.
    ana.get_by_test_id("replay-link").click()
    expect(ana).to_have_url(re.compile(rf"/m/{match.pk}/$"))
    expect(ana.get_by_test_id("replay")).to_have_attribute("data-replay-ready", "true", timeout=20_000)
    expect(ana.get_by_test_id("result-title")).to_be_visible()
    host_context.close()
    guest_context.close()
