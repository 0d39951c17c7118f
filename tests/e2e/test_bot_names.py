"""Issue 33, item 2: the bots' names are words, not people's, so a newcomer's own first name is theirs to take
(the bots were Alba, Bruno, Cleo, Dani, Enzo, Fina, Gala and Hugo: three of six Spanish names tried were refused),
and a bot's name is still refused. On the guest page's nickname form, on a 360x740 phone, in Spanish."""

from playwright.sync_api import expect

from accounts.nicknames import BOT_NAMES

PHONE = {"width": 360, "height": 740}
# The names people tried and were refused, and a few more common first names (Spanish and English).
FIRST_NAMES = ["Alba", "Hugo", "Bruno", "Cleo", "Dani", "Enzo", "Fina", "Gala", "Lucas", "Emma"]


def test_a_newcomer_takes_a_common_first_name_but_not_a_bots_name(site_url, browser, screenshot):
    for name in FIRST_NAMES:
        context = browser.new_context(viewport=PHONE, locale="es-ES")
        page = context.new_page()
        page.goto(site_url + "/guest/")
        page.get_by_label("Apodo").fill(name)
        page.get_by_role("button", name="¡A jugar!").click()
        chip = page.get_by_test_id("player-chip")
        expect(chip).to_contain_text(name)
        expect(chip).to_contain_text("invitado")
        if name == "Alba":
            screenshot(page, "bot-names-alba-taken-phone")
        context.close()

    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    page.goto(site_url + "/guest/")
    for bot in (BOT_NAMES[0], BOT_NAMES[-1].upper()):
        page.get_by_label("Apodo").fill(bot)
        page.get_by_role("button", name="¡A jugar!").click()
        expect(page.get_by_role("alert")).to_contain_text("Ese es el nombre de uno de los bots del sitio")
        expect(page.get_by_test_id("player-chip")).to_have_count(0)
    screenshot(page, "bot-names-bot-refused-phone")
    context.close()
