"""The Daily Five's first daily, Duelo's (issue 35), played in a real browser as a newcomer plays it: on a 360x740
phone a visitor chooses a nickname on the puzzle's page, plays the day's word on the on-screen keyboard, sees the
word, the statistics and the streak, and shares it the three ways text leaves a page (the share sheet, else the
clipboard, else a text box: the iPhone's lot), as a picture, and by its link; the next day (the browser's clock
moved on, the player's own date as Wordle counts it) the streak is two; a past day from the archive plays and
leaves the streak alone; the desktop (1280x800) shows the same. Nothing of the word reaches the browser before the
player has finished: every response is read."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from playwright.sync_api import expect

from daily.models import Puzzle
from daily.services import puzzles_make
from games.duelo import engine
from tests.e2e.test_one_screen import on_screen
from tests.e2e.test_share_result import CLIPBOARD_REFUSES, NO_WEB_SHARE, WEB_SHARE
from tests.e2e.test_sounds import in_thread
from toolkit import days
from wordlists.lexicon import lexicon

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
SHARE_FILES = """
Navigator.prototype.canShare = function (data) { return Boolean(data && data.files); };
Object.defineProperty(Navigator.prototype, "share", {
  configurable: true,
  value: async function (data) { window.__sharedFiles = (data.files || []).map((f) => [f.type, f.size]); },
});
"""


def noon(day) -> datetime:
    return datetime(day.year, day.month, day.day, 12, 0, tzinfo=UTC)


def the_puzzle(day, language="es") -> dict:
    """The day's puzzle as the server keeps it: the word (as typed) and how it is shown."""

    def find():
        puzzles_make(day)
        return Puzzle.objects.get(game="duelo", day=day, variant=language).data

    return in_thread(find)


def misses(word: str, count: int, language="es") -> list[str]:
    valid = lexicon(engine.list_slugs(language)[0])
    return [candidate for candidate in valid.words[:300] if candidate != word and candidate.isascii()][:count]


def watch(page, word: str) -> list[str]:
    """Every response's text that holds `word`, while the player has not finished."""
    leaks: list[str] = []

    def read(response):
        if response.request.resource_type in ("document", "fetch", "xhr"):
            try:
                body = response.text()
            except Exception:  # noqa: BLE001 - a redirect or a body already gone has nothing to read
                return
            if word in body.lower() and '"finished": true' not in body:
                leaks.append(response.url)

    page.on("response", read)
    return leaks


def beto_in_ana_s_group_solves_it_in_four(day, word: str) -> None:
    from accounts.models import Player
    from accounts.services import player_create_guest
    from daily.services import daily_act
    from lobby import parties

    ana = Player.objects.get(nickname="Ana")
    beto = player_create_guest(nickname="Beto")
    group = parties.party_create(player=ana, language="es")
    parties.party_join(party=group, player=beto)
    puzzle = Puzzle.objects.get(game="duelo", day=day, variant="es")
    for guess in [*misses(word, 5)[2:], word]:
        daily_act(player=beto, puzzle=puzzle, action={"type": "guess", "word": guess}, today=day)


def shared_value(page, expression: str, seconds: float = 15):
    """What the stand-in share sheet received, once it has (polled from here: the page's Content-Security-Policy
    refuses the eval that wait_for_function's polling needs)."""
    for _ in range(int(seconds * 10)):
        value = page.evaluate(expression)
        if value is not None:
            return value
        page.wait_for_timeout(100)
    raise AssertionError(f"{expression} never came")


def guess(page, word: str) -> None:
    rows = page.get_by_test_id("daily-row").filter(has=page.locator(".tile[data-mark]")).count()
    page.keyboard.type(word)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("daily-row").filter(has=page.locator(".tile[data-mark]"))).to_have_count(
        rows + 1, timeout=15_000
    )


def open_puzzle(context, site, day, *, query=""):
    page = context.new_page()
    context.clock.install(time=noon(day))
    page.goto(f"{site}/daily/duelo/{query}")
    expect(page.get_by_test_id("daily-grid")).to_be_visible(timeout=15_000)
    return page


def test_a_newcomer_plays_the_daily_shares_it_keeps_a_streak_and_plays_a_past_day(daphne_url, browser, screenshot):
    site = daphne_url
    first = days.earliest_open(datetime.now(UTC))  # this date and the next are both open somewhere now
    second = first + timedelta(days=1)
    puzzle = the_puzzle(first)
    word = puzzle["word"]

    # A visitor on a phone, whose date is `first`: the page asks for a nickname, and comes back to the puzzle.
    context = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True, timezone_id="UTC")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    context.add_init_script(WEB_SHARE)
    page = open_puzzle(context, site, first)
    leaks = watch(page, word)
    page.get_by_test_id("daily-guest").click()
    page.locator("section.panel input[name=nickname]").fill("Ana")
    page.locator("section.panel button[type=submit]").click()
    expect(page.get_by_test_id("daily-grid")).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("daily-needs-player")).to_have_count(0)
    expect(page.get_by_test_id("daily-date")).to_have_text(first.isoformat())
    in_thread(lambda: beto_in_ana_s_group_solves_it_in_four(first, word))

    # A word not in the list is refused, in Spanish, and spends nothing.
    page.keyboard.type("qzqzq")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("daily-message")).to_have_text("No está en la lista de palabras.")
    for _ in range(5):
        page.keyboard.press("Backspace")

    # Two misses, typed on the on-screen keyboard for the first, then the word.
    one, two = misses(word, 2)
    for letter in one:
        page.locator(f".wordle-keyboard .keys:visible [data-key='{letter}']").first.click()
    page.locator(".wordle-keyboard .keys:visible [data-action=enter]").first.click()
    expect(page.get_by_test_id("daily-row").filter(has=page.locator(".tile[data-mark]"))).to_have_count(1)
    expect(page.get_by_test_id("daily-hard")).to_be_disabled()  # hard mode is chosen before the first guess
    guess(page, two)
    assert leaks == [], leaks
    screenshot(page, "daily-duelo-playing-360x740")
    guess(page, word)
    expect(page.get_by_test_id("daily-answer")).to_have_text(f"Encontrada: {puzzle['shown'].upper()}")
    stats = page.get_by_test_id("daily-stats")
    expect(stats).to_contain_text("1")
    # Duelo alone is not the Daily Five: its streak needs every game's daily of the day.
    expect(page.get_by_test_id("daily-five-streak")).to_contain_text("0 días seguidos")
    # Her group's board: Beto, in her group, solved it in four, after her three; his ghost replays his rows.
    friends = page.get_by_test_id("daily-friend")
    expect(friends).to_have_count(2)
    expect(friends.nth(1)).to_contain_text("Beto")
    expect(friends.nth(0)).to_contain_text("Ana")
    expect(friends.nth(1)).to_contain_text("4/6")
    page.get_by_test_id("daily-watch").click()
    expect(page.get_by_test_id("daily-ghost")).to_have_attribute("data-step", "4", timeout=10_000)
    expect(page.get_by_test_id("daily-ghost-grid").locator(".row")).to_have_count(4)
    share = page.get_by_test_id("share")
    share.scroll_into_view_if_needed()
    on_screen(page, share, "the share button")
    screenshot(page, "daily-duelo-finished-360x740")

    # 1. The share sheet.
    share.click()
    text = shared_value(page, "window.__shared")["text"]
    lines = text.splitlines()
    assert "3/6" in lines[0] and first.isoformat() in lines[0]
    assert lines[-1] == f"{site}/daily/duelo/?day={first.isoformat()}&v=es"
    assert word not in text.lower() and one not in text.lower()
    session = context.storage_state()
    context.close()

    def again(script: str, day=first, viewport=PHONE):
        ctx = browser.new_context(
            viewport=viewport, locale="es-ES", has_touch=True, timezone_id="UTC", storage_state=session
        )
        ctx.grant_permissions(["clipboard-read", "clipboard-write"])
        ctx.add_init_script(script)
        return ctx, open_puzzle(ctx, site, day)

    # 2. No share sheet: the clipboard.
    ctx, page = again(NO_WEB_SHARE)
    page.get_by_test_id("share").click()
    expect(page.get_by_test_id("share-status")).to_have_text("Copiado: pégalo donde quieras.")
    assert page.evaluate("navigator.clipboard.readText()") == text
    ctx.close()
    # 3. Neither (the iPhone here): the text, selected, to copy by hand.
    ctx, page = again(NO_WEB_SHARE + CLIPBOARD_REFUSES)
    page.get_by_test_id("share").click()
    box = page.get_by_test_id("share-text")
    expect(box).to_be_visible()
    assert box.input_value() == text
    assert page.evaluate("(el) => el.selectionStart === 0 && el.selectionEnd === el.value.length", box.element_handle())
    ctx.close()
    # The picture: a PNG, shared as a file where the browser can.
    ctx, page = again(SHARE_FILES)
    page.get_by_test_id("share-picture").click()
    [(kind, size)] = shared_value(page, "window.__sharedFiles")
    assert kind == "image/png" and size > 1000
    # The link opens the day's puzzle, finished for this player (the same date, from anywhere later: the archive).
    page.get_by_test_id("share-link").click()
    expect(page.get_by_test_id("daily-answer")).to_be_visible(timeout=15_000)
    ctx.close()

    # The next day by the player's own clock: today's word, and the streak is two.
    next_word = the_puzzle(second)["word"]
    ctx, page = again(WEB_SHARE, day=second)
    leaks = watch(page, next_word)
    expect(page.get_by_test_id("daily-date")).to_have_text(second.isoformat())
    guess(page, next_word)
    expect(page.get_by_test_id("daily-stats")).to_contain_text("2")
    assert leaks == []
    ctx.close()

    # A past day from the archive: it plays, says it is from the archive, and the streak stays two.
    past = first - timedelta(days=4)
    old_word = the_puzzle(past)["word"]
    ctx, page = again(WEB_SHARE, day=second)
    page.goto(f"{site}/daily/archive/")
    page.get_by_test_id(f"archive-duelo-{past.isoformat()}").click()
    expect(page.get_by_test_id("daily-grid")).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("daily-date")).to_contain_text(past.isoformat())
    guess(page, misses(old_word, 1)[0])
    guess(page, old_word)
    expect(page.get_by_test_id("daily-archive-note")).to_be_visible()
    figures = page.locator(".daily-figures li strong").all_inner_texts()
    assert figures[0] == "3" and figures[2] == "2"  # played three, streak two
    ctx.close()

    # The desktop: the day's cards say what is done, and a puzzle fits the screen.
    ctx, page = again(WEB_SHARE, day=second, viewport=DESKTOP)
    page.goto(f"{site}/daily/")
    expect(page.get_by_test_id("daily-card-duelo")).to_contain_text("Hecho: 1/6", timeout=15_000)
    expect(page.get_by_test_id("five-streak")).to_contain_text("0 días seguidos")
    screenshot(page, "daily-home-1280x800")
    page.goto(f"{site}/daily/duelo/?v=en")
    expect(page.get_by_test_id("daily-grid")).to_be_visible(timeout=15_000)
    on_screen(page, page.get_by_test_id("daily-grid"), "the grid")
    screenshot(page, "daily-duelo-english-words-1280x800")
    ctx.close()
