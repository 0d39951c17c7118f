"""Leftovers after the end (issue 33, item 15), as players met them at 360x740:

- Wordgrid kept a refused move's red error on the result screen;
- a room played for credits offered "Empezar la partida" without saying whether credits are staked again;
- the player page listed a win by resignation as "Ganada 12–13", not saying how it was won;
- the Torneo's final standings dropped the BOT badges the round's list shows.

One server for the four (tests/e2e/test_after_game.py: matches set up through the services, the browser the
player)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from accounts.services import player_create_for_user, player_create_guest, player_saw_guide
from games.models import Match, Room
from games.runtime import matches, rooms
from games.wordgrid import engine, moves
from lobby import offers
from tests.e2e.test_after_game import PHONE, in_thread, open_room, shot
from tests.e2e.test_one_screen import on_screen
from tests.emails import verify_email
from wallet.services import wallet_grant
from wordlists.lexicon import dawg


def member(name: str):
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com", password="x" * 20)
    verify_email(user)  # staked play needs a verified address (issue 17)
    player = player_create_for_user(user=user, nickname=name.capitalize())
    wallet_grant(player=player, amount=1000, key=f"test-grant:{player.pk}")
    player_saw_guide(player=player, game="wordgrid")
    return user, player


def signed_in(browser, site, user, size):
    client = Client()
    client.force_login(user)
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, locale="es-ES", has_touch=True)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": site}])
    return context, context.new_page()


def a_refused_word(match: Match) -> tuple[moves.Move, str]:
    """A move the grid allows but the dictionary refuses: a legal move's new letter changed until its word is none."""
    state = engine.from_json(match.state)
    graph = dawg("wordgrid-en-valid")
    spent = [engine.START_WORD, *(play.word for play in state.plays)]
    for move in moves.legal_moves(state.grid, spent, graph):
        position = move.path.index(move.cell)
        for letter in "qjxzvk":
            word = move.word[:position] + letter + move.word[position + 1 :]
            if word not in graph:
                return move, letter
    raise AssertionError("no move to spoil")


def test_nothing_is_left_over_after_the_end(daphne_url, browser):
    site = daphne_url
    failures: list[str] = []

    def check(what: str, step) -> None:
        """Each leftover is its own finding: one that fails is noted and the others are still looked at."""
        try:
            step()
        except AssertionError as failure:
            failures.append(f"{what}: {failure}")

    # -- a staked Wordgrid: Ana's refused word, then Beto resigns ------------------------------------------------
    def staked():
        (ana_user, ana), (_beto_user, beto) = member("ana"), member("beto")
        offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
        match = offers.offer_accept(player=beto, offer_id=offer.pk, interface_language="es")
        for player in (ana, beto):
            matches.match_arrive(match_id=match.pk, player=player)
        return ana_user, ana, beto, Match.objects.get(pk=match.pk)

    ana_user, ana, beto, match = in_thread(staked)
    context, page = signed_in(browser, site, ana_user, PHONE)
    page.goto(f"{site}/r/{match.room.code}/")
    expect(page.get_by_test_id("turn")).to_have_text("Tu turno", timeout=15_000)
    move, letter = a_refused_word(match)
    row, col = divmod(move.cell, engine.SIZE)
    page.locator(f".wg-cell[data-r='{row}'][data-c='{col}']").click()
    page.locator(f".wg-keyboard [data-key='{letter}']").click()
    for index in move.path:
        r, c = divmod(index, engine.SIZE)
        page.locator(f".wg-cell[data-r='{r}'][data-c='{c}']").click()
    page.locator(".wg-submit").click()
    message = page.get_by_test_id("message")
    expect(message).to_contain_text("diccionario", timeout=15_000)  # the red error, as it was met
    in_thread(lambda: matches.match_act(match_id=match.pk, player=beto, action={"type": "resign"}))
    expect(page.get_by_test_id("result-title")).to_have_text("¡Has ganado!", timeout=15_000)
    check("Wordgrid's red error on the result", lambda: expect(message).to_have_text(""))  # the end clears it

    def stake_said():
        # The rematch says that credits are staked again; the room's own start button says it stakes none.
        expect(page.get_by_test_id("start-match")).to_have_text("Empezar una partida gratis (sin apostar créditos)")
        rematch = on_screen(page, page.get_by_test_id("rematch"), "the staked rematch")
        assert rematch["height"] >= 40
        expect(page.get_by_test_id("rematch")).to_have_text("Revancha por 50 créditos")
        expect(page.get_by_test_id("after-game")).to_contain_text("vuelve a apostar 50 créditos cada uno")

    check("whether credits are staked again", stake_said)
    shot(page, "wordgrid-staked-result-360x740-es")

    # -- Ana's page says how she won ---------------------------------------------------------------------------
    page.goto(site + ana.get_absolute_url())
    outcome = page.get_by_test_id("outcome").first

    def how_won():
        expect(outcome).to_contain_text("Ganada")
        expect(page.get_by_test_id("outcome-how").first).to_have_text("por rendición")
        outcome.scroll_into_view_if_needed()  # the list of games is below the player's figures
        on_screen(page, outcome, "the outcome")

    check("how the game was won", how_won)
    shot(page, "player-page-resignation-360x740-es")
    context.close()

    # -- a practice Torneo with bots, ended: the standings keep their BOT badges ---------------------------------
    def torneo():
        eva = player_create_guest(nickname="Eva")
        player_saw_guide(player=eva, game="torneo")
        room = rooms.room_create(
            game="torneo", host=eva, seats=8, interface_language="es", settings={"language": "es"}, bot_level="easy"
        )
        played = matches.match_start(room=room, by=None)
        matches.match_stop(match_id=played.pk)
        return eva, Room.objects.get(pk=room.pk)

    eva, room = in_thread(torneo)
    context, page = open_room(browser, site, eva, room.code, PHONE)
    standings = page.get_by_test_id("standings")
    expect(standings).to_be_visible(timeout=15_000)

    def badges():
        expect(standings.get_by_test_id("bot-badge")).to_have_count(7)
        expect(standings.get_by_test_id("bot-badge").first).to_have_text("bot")
        on_screen(page, page.get_by_test_id("back"), "the way back to the tournament's entry")

    check("the Torneo standings' BOT badges", badges)
    shot(page, "torneo-final-standings-360x740-es")
    context.close()
    assert not failures, "\n".join(failures)
