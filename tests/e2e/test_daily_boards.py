"""The one-move dailies and the day's duel in a real browser (issue 35): on a 360x740 phone a guest plays the day's
Wordgrid (a letter written and a word traced on the game's own grid), the day's Letras Cruzadas (rack tiles tapped
onto the board's squares) and the day's Torneo duel against the hard bot (the bot's row after the player's), and each
ends with the score, the statistics, the share by the share sheet and the best move laid on the board (or the word);
then a Wordgrid given up on the desktop (1280x800). No response before the end holds the best move's word or the
hidden word; nothing spills sideways at 360 px and every button is at least 32 px."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from playwright.sync_api import expect

from daily.models import Puzzle
from daily.services import puzzles_make
from games.torneo import engine as torneo
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_daily import DESKTOP, PHONE, noon, shared_value
from tests.e2e.test_share_result import WEB_SHARE
from tests.e2e.test_sounds import in_thread
from toolkit import days
from wordlists.lexicon import lexicon

# The board squares of Letras Cruzadas are smaller on a phone (15 across): the game's zoom makes them larger, as in
# a game; every other button of a daily page is a touch target of its own.
SMALL_ALLOWED = ".cz-cell"


def the_puzzles(day) -> dict[str, dict]:
    def find():
        puzzles_make(day)
        return {
            "wordgrid": Puzzle.objects.get(game="wordgrid", day=day, variant="").data,
            "cruzadas": Puzzle.objects.get(game="cruzadas", day=day, variant="tr").data,
            "torneo": Puzzle.objects.get(game="torneo", day=day, variant="es").data,
        }

    return in_thread(find)


def watch(page, words: list[str]) -> list[str]:
    """Every page or JSON response that holds one of `words` (as a word) while the player has not finished."""
    leaks: list[str] = []
    found = re.compile("|".join(rf"\b{re.escape(word)}\b" for word in words), re.IGNORECASE)

    def read(response):
        if response.request.resource_type in ("document", "fetch", "xhr"):
            try:
                body = response.text()
            except Exception:  # noqa: BLE001 - a redirect or a body already gone has nothing to read
                return
            if found.search(body) and '"finished": true' not in body:
                leaks.append(response.url)

    page.on("response", read)
    return leaks


def beto_in_ana_s_group_plays_them(day, word: str) -> None:
    """Ana's friend: gives up both one-move dailies and finds the duel's word at once (his ghosts, once she is done)."""
    from accounts.models import Player
    from accounts.services import player_create_guest
    from daily.services import daily_act
    from lobby import parties

    ana = Player.objects.get(nickname="Ana")
    beto = player_create_guest(nickname="Beto")
    parties.party_join(party=parties.party_create(player=ana, language="es"), player=beto)
    for game, variant, action in [
        ("wordgrid", "", {"type": "give_up"}),
        ("cruzadas", "tr", {"type": "give_up"}),
        ("torneo", "es", {"type": "guess", "word": word}),
    ]:
        puzzle = Puzzle.objects.get(game=game, day=day, variant=variant)
        daily_act(player=beto, puzzle=puzzle, action=action, today=day)


def watch_beto(page) -> None:
    """Beto's row on the day's board, and his play replayed (his ghost)."""
    friend = page.get_by_test_id("daily-friend").filter(has_text="Beto")
    expect(friend).to_have_count(1, timeout=15_000)
    friend.get_by_test_id("daily-watch").click()
    expect(page.get_by_test_id("daily-ghost-grid")).to_be_visible()


def fits_a_phone(page, what: str) -> None:
    """Nothing wider than the screen, and every visible button at least 32 px each way."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{what}: the page is {width} px wide"
    small = page.evaluate(
        """(allowed) => [...document.querySelectorAll("[data-testid=daily-game] button")]
          .filter((b) => b.offsetParent !== null && !b.matches(allowed))
          .map((b) => [b.className, b.textContent.trim(), b.getBoundingClientRect()])
          .filter(([, , r]) => r.width < 31.5 || r.height < 31.5)
          .map(([c, t, r]) => `${c} "${t}" ${Math.round(r.width)}x${Math.round(r.height)}`)""",
        SMALL_ALLOWED,
    )
    assert small == [], f"{what}: buttons under 32 px: {small}"


def seen(page, screenshot, name: str) -> None:
    """The whole page (the fixture's) and what the screen shows at once (the board with its keys, on a phone)."""
    screenshot(page, name)
    page.screenshot(path=str(ARTIFACTS / f"{name}-screen.png"))


def share_it(page, day, game: str) -> str:
    share = page.get_by_test_id("share")
    share.scroll_into_view_if_needed()
    share.click()
    text = shared_value(page, "window.__shared")["text"]
    page.evaluate("window.__shared = null")
    assert day.isoformat() in text.splitlines()[0] and f"/daily/{game}/?day={day.isoformat()}" in text
    return text


def open_daily(page, site, game: str) -> None:
    page.goto(f"{site}/daily/{game}/")
    expect(page.get_by_test_id("daily-task")).to_be_visible(timeout=15_000)


def play_wordgrid(page, best: dict, *, check: bool = True) -> None:
    """The best move as a player makes it: the empty cell, its letter, then the word traced cell by cell."""
    row, col = best["cell"]
    page.locator(f".wg-cell[data-r='{row}'][data-c='{col}']").click()
    page.locator(f".wg-key[data-key='{best['letter']}']").click()
    for r, c in best["path"]:
        page.locator(f".wg-cell[data-r='{r}'][data-c='{c}']").click()
    if check:
        expect(page.get_by_test_id("traced")).to_have_text(best["word"].upper())
    page.locator(".wg-submit").click()


def play_cruzadas(page, best: dict) -> None:
    """The best placement tile by tile: a rack tile tapped, then its square (a blank asks for its letter)."""
    for tile in best["tiles"]:
        rack_tile = "?" if tile["blank"] else tile["letter"]
        page.locator(f".cz-tile[data-tile='{rack_tile}']:not(.used)").first.click()
        page.locator(f".cz-cell[data-cell='{tile['cell']}']").click()
        if tile["blank"]:
            page.locator(f".cz-pick[data-letter='{tile['letter']}']").click()
    expect(page.locator(".cz-cell.new")).to_have_count(len(best["tiles"]))
    page.get_by_test_id("submit").click()


def guess(page, word: str) -> None:
    before = page.locator(".torneo-grid .row.done").count()
    page.keyboard.type(word)
    page.keyboard.press("Enter")
    expect(page.locator(".torneo-grid .row.done")).not_to_have_count(before, timeout=15_000)


def test_a_guest_plays_the_one_move_dailies_and_the_duel_on_a_phone_then_a_desktop(daphne_url, browser, screenshot):
    site = daphne_url
    first = days.earliest_open(datetime.now(UTC))
    second = first + timedelta(days=1)
    puzzles = the_puzzles(first)

    context = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True, timezone_id="UTC")
    context.add_init_script(WEB_SHARE)
    context.clock.install(time=noon(first))
    page = context.new_page()
    best_words = [move["word"] for move in puzzles["wordgrid"]["best_moves"]]
    best_words += [move["word"] for move in puzzles["cruzadas"]["best_moves"]]
    leaks = watch(page, [*best_words, puzzles["torneo"]["word"]])

    # A guest: the nickname first, back on the day's grid.
    open_daily(page, site, "wordgrid")
    page.get_by_test_id("daily-guest").click()
    page.locator("section.panel input[name=nickname]").fill("Ana")
    page.locator("section.panel button[type=submit]").click()
    expect(page.get_by_test_id("daily-task")).to_be_visible(timeout=15_000)
    in_thread(lambda: beto_in_ana_s_group_plays_them(first, puzzles["torneo"]["word"]))

    # Wordgrid: a word not in the dictionary is refused on the grid and spends nothing; then the best word.
    grid = puzzles["wordgrid"]
    best = grid["best_moves"][0]
    fits_a_phone(page, "Wordgrid's grid")
    screenshot(page, "daily-wordgrid-playing-360x740")
    at = best["path"].index(best["cell"])
    beside = best["path"][at - 1] if at else best["path"][at + 1]
    nonsense = {"cell": best["cell"], "letter": "q", "path": [beside, best["cell"]], "word": "?q"}
    play_wordgrid(page, nonsense, check=False)
    expect(page.get_by_test_id("message")).not_to_be_empty(timeout=15_000)
    expect(page.get_by_test_id("daily-reveal")).to_be_hidden()
    page.locator(".wg-clear").click()
    play_wordgrid(page, best)
    reveal = page.get_by_test_id("daily-reveal")
    expect(reveal).to_be_visible(timeout=15_000)
    assert leaks == [], leaks
    expect(page.get_by_test_id("daily-verdict")).to_contain_text("100 %")
    expect(page.get_by_test_id("daily-best")).to_have_count(len(grid["best_moves"]))
    expect(page.locator(".wg-cell.last-path")).to_have_count(len(best["path"]))
    expect(page.get_by_test_id("daily-stats")).to_be_visible()
    text = share_it(page, first, "wordgrid")
    assert "100 %" in text and not any(word in text.lower() for word in best_words)
    if len(grid["best_moves"]) > 1:  # another longest word, laid on the grid on a tap
        other = grid["best_moves"][1]
        page.get_by_test_id("daily-best").nth(1).click()
        expect(page.locator(".wg-cell.last-path")).to_have_count(len(other["path"]))
    watch_beto(page)
    fits_a_phone(page, "Wordgrid's reveal")
    screenshot(page, "daily-wordgrid-finished-360x740")

    # Letras Cruzadas: the best placement, tile by tile, tapped from the rack onto the board.
    position = puzzles["cruzadas"]
    top = position["best_moves"][0]
    open_daily(page, site, "cruzadas")
    expect(page.locator(".cz-tile")).to_have_count(len(position["rack"]))
    fits_a_phone(page, "Letras Cruzadas's board")
    seen(page, screenshot, "daily-cruzadas-playing-360x740")
    play_cruzadas(page, top)
    expect(page.get_by_test_id("daily-reveal")).to_be_visible(timeout=15_000)
    assert leaks == [], leaks
    expect(page.get_by_test_id("daily-verdict")).to_contain_text("100 %")
    expect(page.locator(".cz-cell.last")).to_have_count(len(top["tiles"]))
    text = share_it(page, first, "cruzadas")
    assert "100 %" in text and top["word"] not in text.lower()
    watch_beto(page)
    fits_a_phone(page, "Letras Cruzadas's reveal")
    screenshot(page, "daily-cruzadas-finished-360x740")

    # Torneo: a miss, the hard bot's row after it, then the word (unless the bot found it first).
    duel = puzzles["torneo"]
    word = duel["word"]
    valid = lexicon(torneo.list_slugs("es", duel["length"])[0])
    miss = next(w for w in valid.words if w != word and w.isascii() and not set(w) & set(word))
    open_daily(page, site, "torneo")
    expect(page.locator(".torneo-grid .row")).to_have_count(12)
    fits_a_phone(page, "Torneo's board")
    page.keyboard.type("q" * duel["length"])  # not a word: refused on the board, no row spent
    page.keyboard.press("Enter")
    expect(page.locator(".torneo-message")).not_to_be_empty(timeout=15_000)
    expect(page.locator(".torneo-grid .row.done")).to_have_count(0)
    for _ in range(duel["length"]):
        page.keyboard.press("Backspace")
    guess(page, miss)
    expect(page.locator(".torneo-grid .row.done.theirs")).to_have_count(1, timeout=15_000)
    assert leaks == [], leaks
    seen(page, screenshot, "daily-torneo-playing-360x740")
    if not page.get_by_test_id("daily-end").is_visible():
        guess(page, word)
    expect(page.get_by_test_id("daily-end")).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("my-word")).to_have_text(duel["shown"].upper())
    text = share_it(page, first, "torneo")
    assert word not in text.lower() and "\U0001f916" in text
    watch_beto(page)
    page.wait_for_timeout(1000)  # the last row's tiles have flipped
    fits_a_phone(page, "Torneo's end")
    screenshot(page, "daily-torneo-finished-360x740")
    session = context.storage_state()
    context.close()

    # The desktop, the next day: Wordgrid given up; the longest words are laid on the grid all the same.
    tomorrow = the_puzzles(second)["wordgrid"]
    context = browser.new_context(viewport=DESKTOP, locale="es-ES", timezone_id="UTC", storage_state=session)
    context.add_init_script(WEB_SHARE)
    context.clock.install(time=noon(second))
    page = context.new_page()
    leaks = watch(page, [move["word"] for move in tomorrow["best_moves"]])
    open_daily(page, site, "wordgrid")
    page.get_by_test_id("daily-give-up").click()
    page.get_by_test_id("daily-give-up-yes").click()
    expect(page.get_by_test_id("daily-verdict")).to_be_visible(timeout=15_000)
    assert leaks == [], leaks
    expect(page.get_by_test_id("daily-best")).to_have_count(len(tomorrow["best_moves"]))
    expect(page.locator(".wg-cell.last-path")).to_have_count(len(tomorrow["best_moves"][0]["path"]))
    text = share_it(page, second, "wordgrid")
    assert "0 %" in text
    screenshot(page, "daily-wordgrid-given-up-1280x800")
    for game in ("cruzadas", "torneo"):  # the other two fit the desktop's screen too, before a move
        open_daily(page, site, game)
        seen(page, screenshot, f"daily-{game}-1280x800")
    context.close()
