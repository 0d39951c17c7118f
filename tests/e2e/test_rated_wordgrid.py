"""Two members play rated Wordgrid (issue 20): their staked games go through the services (a whole game in a
browser is long: tests/e2e/test_wordgrid_stakes.py plays one), then each opens the finished board and sees the
rating change on the result card, their own page with the rating and its chart, and the leaderboard with
themselves on it. Screenshots of the leaderboard and the chart, phone and desktop."""

import re

from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from accounts.services import player_create_for_user
from games.models import Match
from games.runtime import matches, scheduling
from games.wordgrid import engine, moves
from lobby import offers
from ratings.models import RatingChange
from tests.conftest import PASSWORD
from tests.emails import verify_email
from wordlists.lexicon import dawg

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}


def member(nickname: str):
    user = get_user_model().objects.create_user(username=nickname, email=f"{nickname}@example.com", password=PASSWORD)
    verify_email(user)
    return player_create_for_user(user=user, nickname=nickname.capitalize())


def log_in(browser, site, nickname, viewport):
    context = browser.new_context(viewport=viewport, locale="es-ES")
    page = context.new_page()
    page.goto(site + "/accounts/login/")
    page.get_by_label(re.compile("^Correo electrónico")).fill(f"{nickname}@example.com")
    page.get_by_label(re.compile("^Contraseña")).fill(PASSWORD)
    page.get_by_role("button", name="Entrar").click()
    expect(page.get_by_test_id("balance")).to_be_visible()
    return context, page


def play_staked_game(poster, accepter, loser) -> Match:
    """A rated game for 50 credits: one legal move each, then `loser` resigns."""
    offer = offers.offer_post(player=poster, game="wordgrid", stake=50)
    match = offers.offer_accept(player=accepter, offer_id=offer.pk, interface_language="es")
    for player in (poster, accepter):
        matches.match_arrive(match_id=match.pk, player=player)
    for player in (poster, accepter):
        match.refresh_from_db()
        state = engine.from_json(match.state)
        spent = [engine.START_WORD, *(play.word for play in state.plays)]
        move = moves.legal_moves(state.grid, spent, dawg("wordgrid-en-valid"))[0]
        action = {
            "type": "move",
            "cell": list(divmod(move.cell, engine.SIZE)),
            "letter": move.letter,
            "path": [list(divmod(index, engine.SIZE)) for index in move.path],
        }
        matches.match_act(match_id=match.pk, player=player, action=action)
    matches.match_act(match_id=match.pk, player=loser, action={"type": "resign"})
    match.refresh_from_db()
    return match


def test_two_members_see_their_rating_change_on_the_result_card_their_pages_and_the_leaderboard(
    daphne_url, browser, screenshot
):
    site = daphne_url
    ana, beto = member("ana"), member("beto")
    with scheduling.timers_disabled():
        play_staked_game(ana, beto, loser=beto)
        play_staked_game(beto, ana, loser=ana)
        last = play_staked_game(ana, beto, loser=beto)
    change = {row.player_id: row for row in RatingChange.objects.filter(match=last)}
    assert change[ana.pk].delta > 0 > change[beto.pk].delta

    ana_context, ana_page = log_in(browser, site, "ana", PHONE)
    beto_context, beto_page = log_in(browser, site, "beto", DESKTOP)
    # The finished board: the result card says each one's rating after the game and the change.
    for page, me in ((ana_page, ana), (beto_page, beto)):
        page.goto(f"{site}/r/{last.room.code}/")
        expect(page.get_by_test_id("rated-mark")).to_be_visible()
        seat = 0 if me == ana else 1
        row = page.locator(f".wg-result-table tr[data-seat='{seat}']")
        sign = "+" if change[me.pk].delta > 0 else "−"
        expect(row.get_by_test_id("result-rating")).to_have_text(str(change[me.pk].after))
        expect(row.get_by_test_id("result-change")).to_have_text(f"{sign}{abs(change[me.pk].delta)}")
        # Each under its heading (issue 33: "1662 (+162)" said neither what nor which).
        expect(page.locator(".wg-result-table thead th")).to_have_text(["Jugador", "Puntos", "Puntuación", "Cambio"])
    screenshot(ana_page, "rated-wordgrid-result-phone")

    # Their pages: the rating (provisional after three games) and its chart, one dot per game.
    for page, me, size in ((ana_page, ana, "phone"), (beto_page, beto, "desktop")):
        page.goto(site + me.get_absolute_url())
        card = page.get_by_test_id("rating-wordgrid")
        expect(card.get_by_test_id("rating-value")).to_have_text(f"{change[me.pk].after}?")
        chart = page.get_by_test_id("rating-chart-wordgrid")
        expect(chart.locator("svg circle")).to_have_count(3)
        expect(chart.locator("svg polyline")).to_have_count(1)
        screenshot(page, f"rating-chart-{size}")

    # The leaderboard, reached from the lobby: both are there (provisional, listed apart), each one's own row marked.
    for page, me, size in ((ana_page, ana, "phone"), (beto_page, beto, "desktop")):
        page.goto(site + "/lobby/")
        expect(page.get_by_test_id("lobby-wordgrid").get_by_test_id("rating-value")).to_have_text(
            f"{change[me.pk].after}?"
        )
        screenshot(page, f"rated-lobby-{size}")
        page.get_by_test_id("leaderboard-links").get_by_role("link", name="Wordgrid").click()
        expect(page).to_have_url(re.compile(r"/ratings/wordgrid/$"))
        provisional = page.get_by_test_id("leaderboard-provisional")
        expect(provisional.locator("tbody tr")).to_have_count(2)
        expect(provisional.locator("tr.me")).to_contain_text(me.nickname)
        expect(page.get_by_test_id("my-place")).to_contain_text(str(change[me.pk].after))
        screenshot(page, f"leaderboard-{size}")
    ana_context.close()
    beto_context.close()
