"""A challenge accepted and played (issue 36, "What must show it"), in two browsers: Ana opens Beto's page and
challenges him to a one-round Duelo; Beto finds it on /challenges/ (from the top bar's menu) and accepts; both are
in the room at once (Ana's open page is sent there), play it to its end and see the result with its Rematch.
Ana plays at a desk in Spanish, Beto on a phone in English; the challenge pages are photographed at both sizes in
both languages (test-artifacts/challenges/)."""

from __future__ import annotations

import re

from django.conf import settings
from playwright.sync_api import expect

from accounts.services import player_create_guest, player_saw_guide
from games.models import Match
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_after_game import in_thread
from tests.e2e.test_one_screen import on_screen, sign_in

SHOTS = ARTIFACTS / "challenges"
PHONE, DESKTOP = {"width": 360, "height": 740}, {"width": 1280, "height": 800}


def shot(page, name: str) -> None:
    """The page at both sizes (for a person to look at), then back to its own size."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    own = page.viewport_size
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)
    page.set_viewport_size(own)


def person(nickname: str):
    def make():
        player = player_create_guest(nickname=nickname)
        player_saw_guide(player=player, game="duelo")  # the first-game guide is another test's matter
        return player

    return in_thread(make)


def browser_of(browser, site, player, viewport, locale):
    context = browser.new_context(viewport=viewport, locale=locale, has_touch=viewport["width"] < 600)
    sign_in(context, site, player)
    return context, context.new_page()


def type_on_screen(page, word: str) -> None:
    for letter in word:
        page.locator(f".wordle-keyboard [data-key='{letter}']").first.click()
    page.locator(".wordle-keyboard [data-action='enter']").click()


def test_a_challenge_accepted_on_the_challenges_page_is_played_to_its_end(live_stack, browser):
    site = live_stack
    ana, beto = person("Ana"), person("Beto")
    ana_context, a = browser_of(browser, site, ana, DESKTOP, "es-ES")
    beto_context, b = browser_of(browser, site, beto, PHONE, "en-GB")

    # Ana, on Beto's page: "Desafiar", the form with Duelo's settings.
    a.goto(f"{site}{beto.get_absolute_url()}")
    shot(a, "player-page-es")
    a.get_by_test_id("challenge-player").click()
    expect(a.get_by_role("heading", level=1)).to_contain_text("Desafiar a Beto")
    form = a.get_by_test_id("challenge-form")
    form.get_by_label("Rondas").select_option("1")
    form.get_by_label("Segundos por ronda").select_option("60")
    form.get_by_label("Idioma de las palabras").select_option("es")
    expect(form.get_by_label("Con puntuación")).to_have_count(0)  # guests' games are not rated
    shot(a, "form-es")
    a.get_by_test_id("send-challenge").click()
    expect(a).to_have_url(f"{site}/challenges/")
    expect(a.get_by_test_id("messages")).to_contain_text("Desafío enviado a Beto.")
    outgoing = a.get_by_test_id("outgoing-challenge")
    expect(outgoing).to_contain_text("Desafías a Beto a Duelo de Palabras")
    expect(outgoing.get_by_test_id("time-left")).to_contain_text(re.compile(r"\d+\s+minutos"))
    shot(a, "list-outgoing-es")

    # Beto, on his phone: the top bar's menu, Challenges, Accept.
    b.goto(f"{site}/")
    b.get_by_test_id("menu-button").click()
    b.get_by_test_id("nav-challenges").click()
    incoming = b.get_by_test_id("incoming-challenge")
    expect(incoming).to_contain_text("Ana challenges you to Duelo de Palabras")
    expect(incoming.get_by_test_id("time-left")).to_contain_text(re.compile(r"\d+\s+minutes left"))
    on_screen(b, incoming.get_by_test_id("accept-challenge"), "Accept on a phone")
    shot(b, "list-incoming-en")
    incoming.get_by_test_id("accept-challenge").click()

    # Both at the table at once: Beto by his answer, Ana's open page sent there.
    expect(b).to_have_url(re.compile(r"/r/[A-Z2-9]{10}/$"))
    expect(a).to_have_url(b.url, timeout=15_000)
    for page in (a, b):
        expect(page.locator(".duelo")).to_have_attribute("data-phase", "playing", timeout=15_000)
    match = in_thread(lambda: Match.objects.get())
    assert [sitter["player"] for sitter in match.lineup] == [ana.pk, beto.pk]
    hidden = match.state["hidden_words"][0]

    type_on_screen(b, hidden)
    a.keyboard.type(hidden)
    a.keyboard.press("Enter")
    for page in (a, b):
        expect(page.locator(".duelo")).to_have_attribute("data-phase", "finished", timeout=90_000)
        expect(page.get_by_test_id("result-title")).to_be_visible()
    on_screen(b, b.get_by_test_id("rematch"), "Rematch on a phone")
    expect(a.get_by_test_id("rematch")).to_have_text("Revancha")
    expect(b.get_by_test_id("rematch")).to_have_text("Rematch")
    a.screenshot(path=str(SHOTS / "result-desktop-es.png"))
    b.screenshot(path=str(SHOTS / "result-phone-en.png"))
    assert in_thread(lambda: Match.objects.get().status) == Match.FINISHED

    # Ana's list, reloaded, says it was accepted and leads to the room.
    a.goto(f"{site}/challenges/")
    done = a.get_by_test_id("recent-challenge")
    expect(done).to_have_attribute("data-status", "accepted")
    expect(done.get_by_test_id("go-to-room")).to_have_attribute("href", re.compile(r"^/r/[A-Z2-9]{10}/$"))
    shot(a, "list-accepted-es")
    ana_context.close()
    beto_context.close()


def signed_in_member(browser, site, nickname, viewport, locale):
    """A member with a confirmed address (the sign-up grant follows it), signed in as the log-in form leaves them."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from accounts.services import player_create_for_user
    from tests.emails import verify_email

    def make():
        user = get_user_model().objects.create_user(username=nickname, email=f"{nickname}@example.com")
        verify_email(user)
        player = player_create_for_user(user=user, nickname=nickname.capitalize())
        client = Client()
        client.force_login(user)
        return player, client.cookies[settings.SESSION_COOKIE_NAME].value

    player, session = in_thread(make)
    context = browser.new_context(viewport=viewport, locale=locale, has_touch=viewport["width"] < 600)
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": site}])
    return player, context, context.new_page()


def test_a_challenge_for_credits_holds_both_stakes_when_accepted(daphne_url, browser):
    from wallet.selectors import balance_of, escrow_state

    site = daphne_url
    ana, ana_context, a = signed_in_member(browser, site, "ana", DESKTOP, "en-GB")
    beto, beto_context, b = signed_in_member(browser, site, "beto", PHONE, "es-ES")
    start = in_thread(lambda: balance_of(player=ana))

    a.goto(f"{site}/challenges/new/{beto.pk}/?game=wordgrid")
    form = a.get_by_test_id("challenge-form")
    form.get_by_label("Credits at stake").select_option("50")
    form.get_by_label("Rated").check()
    shot(a, "form-stake-en")
    a.get_by_test_id("send-challenge").click()
    expect(a.get_by_test_id("outgoing-challenge")).to_contain_text("50 credits each · rated")

    b.goto(f"{site}/challenges/")
    incoming = b.get_by_test_id("incoming-challenge")
    expect(incoming).to_contain_text("Ana te desafía a Wordgrid")
    expect(incoming).to_contain_text("50 créditos cada uno · puntuable")
    expect(incoming).to_contain_text("Palabras en inglés")  # said before anyone stakes on English words
    shot(b, "list-incoming-stake-es")
    incoming.get_by_test_id("accept-challenge").click()
    expect(b).to_have_url(re.compile(r"/r/[A-Z2-9]{10}/$"))
    expect(a).to_have_url(b.url, timeout=15_000)
    for page in (a, b):  # both opened the room: the join grace is over and the board is there
        expect(page.locator(".wg-cell").first).to_be_visible(timeout=15_000)
    match = in_thread(lambda: Match.objects.get())
    assert match.stake == 50
    assert in_thread(lambda: escrow_state(match_ref=match.match_ref).status) == "held"
    assert in_thread(lambda: (balance_of(player=ana), balance_of(player=beto))) == (start - 50, start - 50)
    expect(a.get_by_test_id("header-balance")).to_contain_text(f"{start - 50} credits")
    a.screenshot(path=str(SHOTS / "room-stake-desktop-en.png"))
    b.screenshot(path=str(SHOTS / "room-stake-phone-es.png"))
    ana_context.close()
    beto_context.close()
