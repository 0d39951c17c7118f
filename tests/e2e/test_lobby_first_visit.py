"""The lobby as a new player finds it (issue 33, item 13), at 360x740 in Spanish.

Found: an anonymous visitor could not look at the lobby without choosing a nickname first; Claves a Dúo had no
section in "every way into a game on one page"; Torneo's rating 1000 stood beside "1500?" for the others with
nothing saying why; and "Entrar" meant both logging in (the top bar) and joining a room with a code.
"""

import re

from django.conf import settings
from playwright.sync_api import expect

from games.models import Room

PHONE = {"width": 360, "height": 740}
GAMES = ["Duelo de Palabras", "Torneo", "Wordgrid", "Letras Cruzadas", "Claves a Dúo"]


def test_a_visitor_looks_at_the_lobby_then_opens_a_claves_table_for_a_friend(daphne_url, browser, screenshot):
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    page.goto(daphne_url + "/lobby/")
    # No nickname asked just to look: every game's section is there, Claves a Dúo's too.
    expect(page).to_have_url(re.compile(r"/lobby/$"))
    for name in GAMES:
        expect(page.get_by_role("heading", level=2, name=name)).to_be_attached()
    claves = page.get_by_test_id("lobby-claves")
    expect(claves.get_by_test_id("claves-friend-table")).to_be_visible()

    # The ratings beside the games say what they are: each game its own, "?" provisional, the tournament's start.
    legend = page.get_by_test_id("rating-legend")
    expect(legend).to_contain_text("?")
    expect(legend).to_contain_text("provisional")
    expect(page.get_by_test_id("lobby-torneo")).to_contain_text("1000")
    expect(page.get_by_test_id("lobby-torneo").get_by_test_id("tournament-rating-note")).to_contain_text("1000")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "lobby-visitor-phone")

    # Playing asks for a nickname, then brings her back to the lobby, where the button now opens a Claves table
    # with its invitation link.
    claves.get_by_test_id("claves-friend-table").click()
    page.get_by_label("Apodo").fill("Lucía")
    page.get_by_role("button", name="¡A jugar!").click()
    expect(page).to_have_url(re.compile(r"/lobby/(#claves)?$"))
    expect(page.get_by_test_id("player-chip")).to_contain_text("Lucía")
    claves.get_by_test_id("claves-friend-table").click()
    expect(page.get_by_test_id("invite-url")).to_be_visible(timeout=15_000)
    room = Room.objects.get(game="claves")
    assert page.url.endswith(f"/r/{room.code}/")
    assert room.seats.filter(player__nickname="Lucía").exists()
    screenshot(page, "claves-table-from-lobby-phone")
    context.close()


def test_entrar_means_logging_in_only(daphne_url, browser):
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    page.goto(daphne_url + "/play/claves/")
    page.get_by_label("Apodo").fill("Carmen")
    page.get_by_role("button", name="¡A jugar!").click()
    join = page.get_by_test_id("join")
    expect(join).to_be_visible()
    expect(join).not_to_have_text("Entrar")
    page.get_by_test_id("menu-button").click()  # on a phone, logging in is in the top bar's menu
    expect(page.get_by_role("link", name="Entrar", exact=True)).to_have_attribute(
        "href", re.compile("/accounts/login/")
    )
    context.close()


# The widest option's text and the room a select gives it (its box less its padding and the arrow).
WIDEST = """(el) => {
  const style = getComputedStyle(el);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const widest = Math.max(...[...el.options].map((option) => pen.measureText(option.text).width));
  const room = el.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 18;
  return [widest, room, [...el.options].map((option) => option.text)];
}"""


def test_every_choice_in_the_lobby_reads_whole_on_a_phone(daphne_url, browser, screenshot):
    """Issue 33's screenshots: at 390x844 in English the quick match's "Anyone, unrated" read "Anyone, unrate" (its
    select shared the row half and half with the word language's). On a 360x740 and a 390x844 phone, in Spanish and
    English, every choice of every form in the lobby shows each of its options whole."""
    for language in ("es", "en"):
        for width, height in ((360, 740), (390, 844)):
            context = browser.new_context(viewport={"width": width, "height": height}, locale="es-ES")
            page = context.new_page()
            page.goto(f"{daphne_url}/guest/?next=/lobby/")
            page.get_by_label("Apodo").fill("Lucía")
            page.get_by_role("button", name="¡A jugar!").click()
            expect(page).to_have_url(re.compile(r"/lobby/$"))
            context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": daphne_url}])
            page.reload()
            expect(page.locator("html")).to_have_attribute("lang", language)
            choices = page.locator("main select:visible")
            assert choices.count() >= 3
            for choice in choices.all():
                widest, room, options = choice.evaluate(WIDEST)
                assert widest <= room, f"{options} cut at {width}x{height} ({language}): {widest:.0f} > {room:.0f} px"
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            screenshot(page, f"lobby-choices-{width}x{height}-{language}")
            context.close()
