"""Letras Cruzadas has no clock (issue 31): when the rival walks away, the one who stayed sees who left and since
when, is told when the win can be claimed, and claims it with one button once the rival has been away two minutes.

Two browsers on a real daphne: Ana makes a table for a friend, Beto comes by the link, the game starts, Beto closes
his page. Two minutes are not waited for: the match's start and Beto's leaving time (presence, in Redis) are set
back, as they would stand after them.
"""

import time
from datetime import timedelta

from playwright.sync_api import expect

from games.models import Match
from games.runtime import presence
from tests.e2e.test_claves_match import DESKTOP, PHONE, newcomer


def test_the_one_left_behind_claims_the_win_once_the_rival_has_been_away_two_minutes(daphne_url, browser, screenshot):
    site = daphne_url
    ana_context, ana = newcomer(browser, site, "/play/cruzadas/", "Ana", PHONE)
    ana.get_by_label("Rival").select_option("")  # a friend, by link
    ana.get_by_test_id("cruzadas-new").click()
    invite = ana.get_by_test_id("invite-url").input_value()
    beto_context, beto = newcomer(browser, site, invite.removeprefix(site), "Beto", DESKTOP, button="Sentarme")
    expect(ana.get_by_test_id("seats")).to_contain_text("Beto")
    ana.get_by_test_id("start-match").click()
    for page in (ana, beto):
        expect(page.get_by_test_id("rack")).to_be_visible(timeout=15_000)
    expect(ana.get_by_test_id("absence")).to_be_hidden()
    ana.get_by_role("button", name="Saltar la guía").click()  # Ana's first game: she knows the game already

    beto_context.close()  # Beto walks away
    absence = ana.get_by_test_id("absence")
    # Not at once (a reload or a change of network is back within seconds): after 15 s away.
    expect(ana.get_by_test_id("absence-who")).to_have_count(1)
    expect(absence).to_be_hidden()
    expect(absence).to_contain_text("Beto dejó la mesa hace 0:1", timeout=20_000)
    expect(absence).to_be_visible()
    expect(absence).to_contain_text("Si nadie vuelve, podrás reclamar la victoria en 1:4")
    expect(ana.get_by_test_id("claim")).to_have_count(0)
    screenshot(ana, "cruzadas-rival-left-phone")

    match = Match.objects.get(status=Match.PLAYING)
    Match.objects.filter(pk=match.pk).update(started_at=match.started_at - timedelta(minutes=3))
    beto_id = match.lineup[1]["player"]
    presence._sync_client().hset(f"dg:away:{match.room.code}", str(beto_id), f"{time.time() - 125:.3f}")
    ana.reload()  # Ana looks at her tab again, two minutes later
    expect(absence).to_contain_text("Beto dejó la mesa hace 2:0")
    expect(absence).to_contain_text("Se ha ido: la victoria es tuya si la quieres.")
    screenshot(ana, "cruzadas-claim-phone")
    ana.get_by_test_id("claim").click()
    expect(ana.get_by_test_id("result-title")).to_have_text("¡Has ganado!")
    expect(ana.get_by_test_id("result-reason")).to_have_text("Beto dejó la mesa; se reclamó la victoria.")
    expect(absence).to_be_hidden()
    screenshot(ana, "cruzadas-win-claimed-phone")
    match.refresh_from_db()
    assert match.status == Match.FINISHED and match.outcome["winners"] == [0]
    ana_context.close()
