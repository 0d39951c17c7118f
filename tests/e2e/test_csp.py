"""The site works in chromium under its Content-Security-Policy: no page, board or admin screen is refused
anything (issue 17).

One browser and one server for the whole walk: a guest through the home page, the lobby, the word look-up,
a room of each game (each board drawn, its socket open), the language switcher and the invite link's Copy
button (once inline handlers and an inline script), then an operator through the admin log-in, the admin
and the wallet. Chromium reports every refusal as a `securitypolicyviolation` event and a console error;
both are collected, and so is any Permissions-Policy complaint about the header itself.
"""

import re

from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from accounts.services import player_create_for_user

PASSWORD = "a-long-pass-phrase-91"
DESKTOP = {"width": 1280, "height": 900}
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample || ""}`);
});
"""
COMPLAINT = re.compile(r"Content Security Policy|CSP violation|Permissions-Policy|Refused to", re.IGNORECASE)


def watched_context(browser, complaints):
    context = browser.new_context(viewport=DESKTOP, locale="es-ES")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    context.add_init_script(REPORT_VIOLATIONS)
    context.on("console", lambda message: COMPLAINT.search(message.text) and complaints.append(message.text))
    context.on("weberror", lambda error: complaints.append(f"page error: {error.error}"))
    return context


def open_page(page, url):
    response = page.goto(url)
    assert response is not None and response.ok, url
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    return response


def test_every_page_and_board_runs_under_the_policy(site_url, browser, screenshot):
    complaints: list[str] = []
    context = watched_context(browser, complaints)
    page = context.new_page()

    open_page(page, site_url + "/")
    page.get_by_test_id("play-as-guest").click()
    page.get_by_label("Apodo").fill("Lucía")
    page.get_by_role("button", name="¡A jugar!").click()
    expect(page.get_by_test_id("player-chip")).to_contain_text("Lucía")
    # The lobby socket opened: connect-src lets the page reach its own websocket.
    expect(page.locator("[data-presence]")).to_have_attribute("data-presence", "online")

    open_page(page, site_url + "/lobby/")
    open_page(page, site_url + "/words/duelo-es-5-valid/?q=arbol")
    expect(page.get_by_test_id("lookup-result")).to_contain_text("Válida")

    # Duelo against a bot: the room, then the board once the match starts.
    open_page(page, site_url + "/play/duelo/")
    page.locator("select[name=seats]").select_option("2")
    page.locator("select[name=bots]").select_option("easy")
    page.get_by_test_id("create-room").click()
    page.get_by_test_id("start-match").click()
    expect(page.locator(".wordle-keyboard")).to_be_attached()

    open_page(page, site_url + "/play/wordgrid/")
    page.get_by_test_id("practice").click()
    expect(page.get_by_test_id("turn")).to_be_visible()

    open_page(page, site_url + "/play/cruzadas/")
    page.get_by_label("Rival").select_option("easy")
    page.get_by_test_id("cruzadas-new").click()
    expect(page.get_by_test_id("turn")).to_have_text("Tu turno")

    # A Torneo practice with seven bots: its duels are drawn with style properties (kit.js h()).
    open_page(page, site_url + "/lobby/")
    page.get_by_test_id("practice-alone").click()
    expect(page.locator(".torneo-status")).to_be_attached()

    # Claves: the room, and the invite link's Copy button (an inline script before).
    open_page(page, site_url + "/play/claves/")
    page.get_by_test_id("claves-create").click()
    copy = page.locator("[data-copy-invite]")
    # The button is drawn before the page's modules have run (a loaded machine: the full run clicked it before
    # page.js listened, and nothing was copied); a person's click comes later than that.
    expect(copy).to_be_visible()  # the room's page, not the one the form was on
    page.wait_for_load_state("load")
    copy.click()
    expect(copy).to_have_text("Enlace copiado")
    assert page.evaluate("navigator.clipboard.readText()") == page.get_by_test_id("invite-url").input_value()
    screenshot(page, "csp-claves-room")

    # The language switcher sends itself on change (an inline onchange before).
    page.get_by_label("Idioma").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    # The switcher sends itself once page.js (a module, run after parsing) is there: a change made while the new
    # page is still loading goes nowhere, as it would for a person that quick.
    page.wait_for_load_state("load")
    page.get_by_label("Language").select_option("es")
    expect(page.locator("html")).to_have_attribute("lang", "es")

    # The Duelo results' bars take their length from data-share through CSSOM.
    open_page(page, site_url + "/me/")
    context.close()

    # An operator: the admin's log-in, its screens, and the wallet.
    admin = get_user_model().objects.create_superuser("ops", "ops@example.com", PASSWORD)
    player_create_for_user(user=admin, nickname="Operadora")
    context = watched_context(browser, complaints)
    page = context.new_page()
    open_page(page, site_url + "/admin/login/")
    page.get_by_label(re.compile("usuario", re.IGNORECASE)).fill("ops")
    page.get_by_label(re.compile("Contraseña")).fill(PASSWORD)
    page.locator("input[type=submit]").click()
    expect(page.locator("#site-name")).to_be_visible()
    for path in ["/admin/", "/admin/wallet/account/", "/admin/accounts/player/", "/admin/auth/user/add/", "/wallet/"]:
        open_page(page, site_url + path)
    context.close()

    assert complaints == []
