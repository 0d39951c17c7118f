"""A newcomer, as a person would: guest with a nickname, sign up, log out, log in, switch language."""

import re

from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from playwright.sync_api import expect

PASSWORD = "a-long-pass-phrase-91"
PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}


def test_a_newcomer_plays_as_guest_then_signs_up_logs_in_and_switches_language(site_url, browser, screenshot):
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    page.goto(site_url + "/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Juegos de palabras en directo")
    for name in ["Duelo de Palabras", "Torneo", "Wordgrid", "Letras Cruzadas", "Claves a Dúo"]:
        expect(page.get_by_role("heading", name=name)).to_be_visible()
    # Nothing spills sideways on a 360 px phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "home-phone-newcomer")

    page.get_by_test_id("play-as-guest").click()
    page.get_by_label("Apodo").fill("ab")
    page.get_by_role("button", name="¡A jugar!").click()
    expect(page.get_by_role("alert")).to_contain_text("al menos 3 caracteres")
    page.get_by_label("Apodo").fill("Lucía")
    page.get_by_role("button", name="¡A jugar!").click()

    chip = page.get_by_test_id("player-chip")
    expect(chip).to_contain_text("Lucía")
    expect(chip).to_contain_text("invitado")
    expect(page.get_by_role("heading", level=1)).to_have_text("¡Hola, Lucía!")
    # The page opened the lobby socket and the server knows this guest.
    expect(page.locator("[data-presence]")).to_have_attribute("data-presence", "online")
    screenshot(page, "home-phone-guest")

    page.get_by_role("link", name="Crear una cuenta").first.click()
    page.get_by_label(re.compile("^Apodo")).fill("Lucía")
    page.get_by_label(re.compile("^Correo electrónico")).fill("lucia@example.com")
    page.get_by_label(re.compile("^Contraseña:?$")).fill(PASSWORD)
    page.get_by_label(re.compile("^Contraseña \\(de nuevo\\)")).fill(PASSWORD)
    screenshot(page, "signup-phone")
    page.get_by_role("button", name="Registrarse").click()
    # "Check your e-mail": the account is logged in by the link only, and until she opens it she plays on
    # as the guest she was (issue 17: a sign-up with an address already registered looks the same).
    expect(page).to_have_url(re.compile(r"/accounts/confirm-email/$"))
    expect(chip).to_contain_text("Lucía")
    expect(chip).to_contain_text("invitado")
    screenshot(page, "signup-sent-phone")
    # She opens the link of the mail the site sent her, and confirms: she is in, as the same player.
    address = EmailAddress.objects.get(email="lucia@example.com")
    page.goto(site_url + f"/accounts/confirm-email/{EmailConfirmationHMAC(address).key}/")
    page.get_by_role("button", name="Confirmar").click()
    expect(chip).to_contain_text("Lucía")
    expect(chip).not_to_contain_text("invitado")
    page.goto(site_url + "/")
    expect(page.get_by_test_id("balance")).to_contain_text("1000 créditos")
    page.get_by_test_id("balance").click()
    expect(page.locator("main")).to_contain_text("Créditos de bienvenida")
    expect(page.get_by_test_id("grant-waits")).to_have_count(0)
    screenshot(page, "wallet-phone")
    page.get_by_role("link", name="Dream Games").click()

    page.get_by_test_id("menu-button").click()  # on a phone the bar is one line: the rest is in its menu
    page.get_by_role("button", name="Salir").click()
    expect(page.get_by_test_id("player-chip")).to_have_count(0)
    page.get_by_role("link", name="Entrar").first.click()
    page.get_by_label(re.compile("^Correo electrónico")).fill("lucia@example.com")
    page.get_by_label(re.compile("^Contraseña")).fill(PASSWORD)
    page.get_by_role("button", name="Entrar").click()
    expect(page.get_by_test_id("player-chip")).to_contain_text("Lucía")

    page.get_by_label("Idioma").select_option("en")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hello, Lucía!")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_test_id("menu-button").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    page.keyboard.press("Escape")
    screenshot(page, "home-phone-member-en")

    page.set_viewport_size(DESKTOP)
    screenshot(page, "home-desktop-member-en")
    context.close()


def test_a_quick_match_says_what_happens_while_it_waits_and_can_be_called_off(site_url, browser, screenshot):
    """Quick match, as a newcomer meets it: a waiting screen with what happens ("bots take the free seats in
    N s", counting down), no host controls, and a Cancel that frees the seat and goes back."""
    from games.models import Seat

    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    page.goto(site_url + "/play/duelo/")
    page.get_by_label("Apodo").fill("Nora")
    page.get_by_role("button", name="¡A jugar!").click()
    page.get_by_test_id("quick-match").click()
    waiting = page.get_by_test_id("quick-wait")
    expect(waiting.get_by_role("heading")).to_have_text("Buscando jugadores…")
    expect(waiting).to_contain_text("Los bots ocupan los asientos libres en")
    first = int(waiting.locator("[data-quick-countdown]").inner_text())
    expect(waiting.locator("[data-quick-countdown]")).not_to_have_text(str(first), timeout=3000)  # it counts down
    assert int(waiting.locator("[data-quick-countdown]").inner_text()) < first
    expect(waiting.get_by_test_id("seats")).to_contain_text("Nora")
    for host_control in ("start-match", "invite-url"):
        expect(page.get_by_test_id(host_control)).to_have_count(0)
    expect(page.locator(".seat-chooser")).to_have_count(0)  # nobody arranges a quick room's seats
    screenshot(page, "quick-match-waiting-phone")
    page.get_by_test_id("cancel-quick").click()
    expect(page).to_have_url(re.compile(r"/play/duelo/$"))
    assert not Seat.objects.filter(player__nickname="Nora").exists()
    context.close()


def test_a_language_chosen_before_the_page_s_script_ran_is_still_taken(site_url, browser):
    """On a slow phone the footer's language list can be used before page.js (a deferred module) has run: the
    choice must not be lost (CI saw the page stay in Spanish after 'English' was chosen that early)."""
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    held = []
    page.route("**/js/page*.js", lambda route: held.append(route))  # the script arrives only when released below
    page.goto(site_url + "/", wait_until="commit")  # DOMContentLoaded itself waits for deferred scripts
    page.get_by_label("Idioma").select_option("en")
    page.wait_for_timeout(300)
    expect(page.locator("html")).to_have_attribute("lang", "es")  # nothing heard the choice yet
    for route in held:
        route.continue_()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", level=1)).to_have_text("Word games, live")
    context.close()
