"""Two registered players play Wordgrid for credits, as people would: Ana posts an offer, Beto accepts,
they play legal moves on the board, Beto resigns, both see the result and their new balances.

Wordgrid is played in English only: its card on the home page and in the lobby, its page, each offer and the stake's
terms say so before anyone stakes credits, and the result labels the rating and its change (issue 33, item 9)."""

import re

from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from accounts.services import player_create_for_user
from games.models import Match
from games.wordgrid import engine, moves
from tests.conftest import PASSWORD
from tests.emails import verify_email
from wordlists.lexicon import dawg

PHONE = {"width": 360, "height": 740}  # where issue 33 found it
DESKTOP = {"width": 1280, "height": 800}


def member(nickname: str):
    user = get_user_model().objects.create_user(username=nickname, email=f"{nickname}@example.com", password=PASSWORD)
    verify_email(user)  # staked play needs a verified address, and the sign-up grant waits for it (issue 17)
    player_create_for_user(user=user, nickname=nickname.capitalize())  # the sign-up grant follows


def log_in(browser, site, nickname, viewport):
    context = browser.new_context(viewport=viewport, locale="es-ES")
    page = context.new_page()
    page.goto(site + "/accounts/login/")
    page.get_by_label(re.compile("^Correo electrónico")).fill(f"{nickname}@example.com")
    page.get_by_label(re.compile("^Contraseña")).fill(PASSWORD)
    page.get_by_role("button", name="Entrar").click()
    expect(page.get_by_test_id("balance")).to_contain_text("1000 créditos")
    return context, page


def play_a_legal_move(page):
    """The test knows the position (it is on the server); the player taps it in as a person would."""
    match = Match.objects.get()
    state = engine.from_json(match.state)
    spent = [engine.START_WORD, *(play.word for play in state.plays)]
    move = moves.legal_moves(state.grid, spent, dawg("wordgrid-en-valid"))[0]
    row, col = divmod(move.cell, engine.SIZE)
    page.locator(f".wg-cell[data-r='{row}'][data-c='{col}']").click()
    page.locator(f".wg-keyboard [data-key='{move.letter}']").click()
    for index in move.path:
        r, c = divmod(index, engine.SIZE)
        page.locator(f".wg-cell[data-r='{r}'][data-c='{c}']").click()
    expect(page.get_by_test_id("traced")).to_contain_text(move.word.upper())
    page.locator(".wg-submit").click()
    return move.word


def test_two_members_play_for_credits_and_both_see_the_result_and_their_balances(daphne_url, browser, screenshot):
    site = daphne_url
    member("ana")
    member("beto")
    ana_context, ana = log_in(browser, site, "ana", PHONE)
    # The words' language, wherever the game is offered: its card on the home page, its section of the lobby, its page.
    expect(ana.locator(".game-card.game-wordgrid").get_by_test_id("word-language")).to_have_text("Palabras en inglés")
    ana.goto(site + "/lobby/")
    expect(ana.get_by_test_id("lobby-wordgrid").get_by_test_id("word-language")).to_have_text("Palabras en inglés")
    expect(ana.get_by_test_id("lobby-cruzadas").get_by_test_id("word-language")).to_have_text("Palabras en turco")
    expect(ana.get_by_test_id("lobby-duelo").get_by_test_id("word-language")).to_have_count(0)  # a room chooses
    ana.goto(site + "/play/wordgrid/")
    expect(ana.locator(".hero").get_by_test_id("word-language")).to_be_in_viewport()
    expect(ana.locator(".hero").get_by_test_id("word-language")).to_have_text("Palabras en inglés")
    ana.locator("#offer-stake").select_option("50")
    ana.get_by_test_id("post-offer").click()
    expect(ana.get_by_role("button", name="Retirar")).to_be_visible()

    beto_context, beto = log_in(browser, site, "beto", DESKTOP)
    beto.goto(site + "/play/wordgrid/")
    offer = beto.get_by_test_id("offer")
    expect(offer).to_contain_text("Ana")
    expect(offer).to_contain_text("Apuesta 50 · el ganador se lleva 90")
    expect(offer.get_by_test_id("word-language")).to_have_text("Palabras en inglés")
    screenshot(beto, "wordgrid-offers-desktop")
    # Accepting restates, in the page, what the stake means before any credit moves.
    beto.get_by_test_id("accept-offer").click()
    terms = beto.get_by_test_id("confirm-dialog")
    expect(terms).to_be_visible()
    expect(terms).to_contain_text("¿Jugar a Wordgrid contra Ana por créditos?")
    for name, value in (("language", "Inglés"), ("stake", "50"), ("pot", "100"), ("payout", "90"), ("fee", "10")):
        expect(terms.get_by_test_id(f"terms-{name}")).to_have_text(value)
    screenshot(beto, "wordgrid-stake-terms-desktop")
    beto.get_by_test_id("confirm-no").click()  # "Ahora no": nothing happens, the offer stays
    expect(terms).to_be_hidden()
    expect(beto.get_by_test_id("offer")).to_contain_text("Ana")
    beto.get_by_test_id("accept-offer").click()
    expect(terms.get_by_test_id("confirm-yes")).to_have_text("Apostar 50 y jugar")
    terms.get_by_test_id("confirm-yes").click()
    expect(beto.locator(".wg-cell")).to_have_count(25)
    expect(beto.get_by_test_id("stake")).to_contain_text("Apuesta 50")
    head = beto.locator(".room-head")  # what is seen: the mark also holds its short form for a phone, not shown here
    expect(head.get_by_test_id("word-language")).to_have_text("Palabras en inglés", use_inner_text=True)

    ana.goto(site + "/")
    ana.get_by_test_id("my-rooms").get_by_role("link").first.click()
    expect(ana.get_by_test_id("turn")).to_have_text("Tu turno")
    # A text only the board's JavaScript says comes from the page's catalogue (/jsi18n/) in Spanish too.
    ana.locator(".wg-cell[data-r='0'][data-c='0']").click()  # nowhere near a letter
    expect(ana.get_by_test_id("message")).to_have_text("Escribe tu letra junto a una casilla llena (no en diagonal).")
    first = play_a_legal_move(ana)
    expect(beto.get_by_test_id("turn")).to_have_text("Tu turno")
    expect(beto.locator(".wg-words")).to_contain_text(first.upper(), ignore_case=True)
    # Beto never touched his first-game guide: his first move, once accepted, ends it for good.
    expect(beto.get_by_test_id("guide")).to_be_visible()
    play_a_legal_move(beto)
    expect(ana.get_by_test_id("turn")).to_have_text("Tu turno")
    expect(beto.get_by_test_id("guide")).to_be_hidden()
    screenshot(ana, "wordgrid-playing-phone")

    beto.get_by_test_id("resign").click()
    beto.get_by_test_id("resign-yes").click()
    expect(ana.get_by_test_id("result-title")).to_have_text("¡Has ganado!")
    expect(beto.get_by_test_id("result-title")).to_have_text("¡Gana Ana!")
    # The result card says what the game did to each one's credits.
    expect(ana.get_by_test_id("result-credits")).to_have_text("Ganas 90 créditos.")
    expect(beto.get_by_test_id("result-credits")).to_have_text("Pierdes tu apuesta de 50 créditos.")
    # A game for credits between confirmed members is rated: the rating after it and its change, each labelled.
    for page in (ana, beto):
        expect(page.locator(".wg-result-table thead th")).to_have_text(["Jugador", "Puntos", "Puntuación", "Cambio"])
        # The four columns fit the result card, on a 360 px phone too.
        inside = page.locator(".wg-result-table").evaluate(
            "(t) => t.getBoundingClientRect().right <= t.parentElement.getBoundingClientRect().right + 0.5"
        )
        assert inside, "the result table spills out of its card"
    expect(ana.locator(".wg-result-table tr.me [data-testid=result-change]")).to_have_text(re.compile(r"^\+\d+$"))
    expect(beto.locator(".wg-result-table tr.me [data-testid=result-change]")).to_have_text(re.compile(r"^−\d+$"))
    screenshot(ana, "wordgrid-result-phone")
    screenshot(beto, "wordgrid-result-desktop")

    ana.goto(site + "/")
    expect(ana.get_by_test_id("balance")).to_contain_text("1040 créditos")  # +90 pot, -50 stake
    expect(ana.get_by_test_id("header-balance")).to_have_text("1040 créditos")  # and in the top bar of every page
    beto.goto(site + "/")
    expect(beto.get_by_test_id("balance")).to_contain_text("950 créditos")
    ana_context.close()
    beto_context.close()
