"""A player's public page on a phone (issue 19): a stranger opens Ana's page, sees her statistics, keeps only
her Wordgrid games, then her Claves game, and follows it to its replay. Screenshots at 360x740 and 1280x800
(test-artifacts/player-page-*.png)."""

from playwright.sync_api import expect

from games.runtime import scheduling
from tests.games.test_match_archive import play_claves
from tests.players.test_player_page import finish

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


def test_a_stranger_reads_a_players_page_filters_it_and_opens_a_game(site_url, browser, screenshot):
    from accounts.models import Player

    with scheduling.timers_disabled():
        claves, _seen = play_claves()  # a real match of two guests, Ana and Beto, through the services
    ana = Player.objects.get(pk=claves.lineup[0]["player"])
    beto = Player.objects.get(pk=claves.lineup[1]["player"])
    plays = [{"seat": 0, "word": "gatos"}, {"seat": 1, "word": "sol"}, {"seat": 0, "word": "montaña"}]
    for hour in range(3):
        finish(
            "wordgrid",
            [ana, "easy"],
            hours=hour,
            won=[0] if hour else [1],
            totals=[12 + hour, 10],
            state={"plays": plays},
        )
    finish(
        "duelo",
        [beto, ana, "medium"],
        hours=4,
        won=[1],
        places=[2, 1, 3],
        totals=[20, 40, 5],
        details={1: {"rounds": [{"solved": True, "guesses": 3}, {"solved": False, "guesses": 6}]}},
    )

    context = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True)
    page = context.new_page()
    page.goto(site_url + ana.get_absolute_url())
    expect(page.get_by_role("heading", level=1)).to_contain_text("Ana")
    expect(page.get_by_test_id("match-row")).to_have_count(5)
    grid = page.get_by_test_id("stats-wordgrid")
    expect(grid.locator("[data-stat=played]")).to_have_text("3")
    expect(grid.locator("[data-stat=current-streak]")).to_have_text("2")
    expect(grid.locator("[data-stat=best-word]")).to_contain_text("montaña")
    expect(page.get_by_test_id("stats-claves").locator("[data-stat=partners]")).to_contain_text("Beto")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than a phone
    screenshot(page, "player-page-phone")

    page.get_by_test_id("game-filter").get_by_role("link", name="Wordgrid").tap()
    expect(page.get_by_test_id("match-row")).to_have_count(3)
    for row in page.get_by_test_id("match-row").all():
        expect(row).to_have_attribute("data-game", "wordgrid")
    expect(page.get_by_test_id("stats-duelo")).to_have_count(0)
    screenshot(page, "player-page-phone-wordgrid")

    page.get_by_test_id("game-filter").get_by_role("link", name="Claves a Dúo").tap()
    row = page.get_by_test_id("match-row")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Beto")
    link = row.get_by_role("link", name="Volver a ver")
    expect(link).to_have_attribute("href", f"/m/{claves.pk}/")
    link.tap()
    page.wait_for_url(f"**/m/{claves.pk}/")
    expect(page.locator("main")).to_contain_text("Ana")
    context.close()

    context = browser.new_context(viewport=DESKTOP, locale="es-ES")
    page = context.new_page()
    page.goto(site_url + ana.get_absolute_url())
    expect(page.get_by_test_id("match-row")).to_have_count(5)
    screenshot(page, "player-page-desktop")
    context.close()
