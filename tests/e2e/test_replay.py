"""A finished match's replay in a real browser (issue 19): for every game, a short match is played through the
services (bots where the game has them, two guests in Claves), its page `/m/<id>/` is opened on a phone, stepped
through with the buttons, the slider, the keys and a swipe, and what the board shows at three moments is checked
against the match's event log. One server and one browser for the whole module (one test)."""

from __future__ import annotations

from django.conf import settings
from playwright.sync_api import expect

from games.models import MatchEvent
from games.runtime import archive
from tests.e2e.conftest import ARTIFACTS
from tests.games.test_match_archive import play_bots, play_claves

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}
PHONE_SMALL = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}


def events_to(match, version, kind):
    """The `kind` events of the log up to and including `version`."""
    return [
        data
        for data in MatchEvent.objects.filter(match=match, kind=kind, version__lte=version)
        .order_by("id")
        .values_list("data", flat=True)
    ]


def events_at(match, version, kind):
    return list(MatchEvent.objects.filter(match=match, kind=kind, version=version).values_list("data", flat=True))


def open_replay(browser, site, match, viewport=PHONE):
    context = browser.new_context(viewport=viewport, locale="es-ES", has_touch=viewport["width"] < 600)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site}/m/{match.pk}/")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-replay-ready", "true", timeout=20_000)
    page.js_errors = errors
    return page


def at(page, index):
    """Move the replay to the frame `index` with the slider (any move), and wait for the board to show it."""
    page.get_by_test_id("replay-slider").fill(str(index))
    expect(page.get_by_test_id("replay")).to_have_attribute("data-replay-index", str(index))


def versions(page):
    return page.evaluate(
        """async () => {
            const url = document.querySelector('[data-replay]').dataset.replayUrl;
            return (await (await fetch(url)).json()).frames.map((f) => f.v);
        }"""
    )


def three_moments(count):
    return [1, count // 2, count - 1]


def three_picks(items):
    return [items[0], items[len(items) // 2], items[-1]]


def test_every_game_replays_move_by_move_as_its_log_says(daphne_url, browser):
    site = daphne_url
    played = {
        "wordgrid": play_bots("wordgrid", ["easy", "hard"], {}, seed=21)[0],
        "cruzadas": play_bots("cruzadas", ["hard", "medium"], {"language": "tr"}, seed=22)[0],
        "duelo": play_bots("duelo", ["easy", "hard"], {"language": "es", "rounds": 1, "round_seconds": 60}, seed=23)[0],
        "torneo": play_bots("torneo", ["hard"] * 8, {"language": "es", "rated": False}, seed=24)[0],
        "claves": play_claves()[0],
    }

    # Wordgrid: each player's score at three moments is the sum of their words' points in the log so far.
    match = played["wordgrid"]
    page = open_replay(browser, site, match)
    shown = versions(page)
    for index in three_moments(len(shown)):
        at(page, index)
        for seat in (0, 1):
            points = sum(e["points"] for e in events_to(match, shown[index], "word_played") if e["seat"] == seat)
            expect(page.get_by_test_id(f"score-{seat}")).to_contain_text(str(points))
    page.screenshot(path=str(ARTIFACTS / "replay-wordgrid-phone.png"), full_page=True)

    # Stepping: the buttons, the keys and a swipe move one frame; Home and End go to the ends.
    at(page, 3)
    page.get_by_test_id("replay-next").click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-replay-index", "4")
    page.get_by_test_id("replay-prev").click()
    page.get_by_test_id("replay-prev").click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-replay-index", "2")
    page.locator("body").focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-replay-index", "3")
    page.keyboard.press("End")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-replay-index", str(len(shown) - 1))
    page.keyboard.press("Home")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-replay-index", "0")
    expect(page.get_by_test_id("replay-label")).to_have_text("El comienzo")
    board = page.get_by_test_id("board").bounding_box()
    y = board["y"] + board["height"] / 2
    page.evaluate(
        """([x0, x1, y]) => {
            const root = document.querySelector('[data-game-root]');
            const touch = (x) => new Touch({identifier: 1, target: root, clientX: x, clientY: y});
            const fire = (type, touches, changed) =>
                root.dispatchEvent(new TouchEvent(type, {touches, changedTouches: changed, bubbles: true}));
            fire('touchstart', [touch(x0)], [touch(x0)]);
            fire('touchend', [], [touch(x1)]);
        }""",
        [300, 120, y],
    )
    expect(page.get_by_test_id("replay")).to_have_attribute("data-replay-index", "1")
    assert page.js_errors == []

    # Letras Cruzadas: the scores at three moments are the log's placed points (and the end's adjustment last).
    match = played["cruzadas"]
    page = open_replay(browser, site, match)
    shown = versions(page)
    for index in three_moments(len(shown) - 1):
        at(page, index)
        for seat in (0, 1):
            points = sum(e["points"] for e in events_to(match, shown[index], "placed") if e["seat"] == seat)
            expect(page.get_by_test_id(f"score-{seat}")).to_have_text(str(points))
        placed = sum(len(e["tiles"]) for e in events_to(match, shown[index], "placed"))
        expect(page.locator(".cz-cell.tile")).to_have_count(placed)
    page.screenshot(path=str(ARTIFACTS / "replay-cruzadas-phone.png"), full_page=True)
    expect(page.locator(".cz-rack .cz-tile")).to_have_count(0)  # a spectator's board: never a rack
    assert page.js_errors == []

    # Duelo: each seat's grid has as many rows as the log's guesses by that seat so far, and each guess comes
    # with its analysis (made by the worker at the end: here called directly).
    match = played["duelo"]
    archive.archive_analyse(match.pk)
    page = open_replay(browser, site, match)
    shown = versions(page)
    for index in three_moments(len(shown)):
        at(page, index)
        guessed = events_to(match, shown[index], "guessed")
        for seat in (0, 1):
            rows = len([e for e in guessed if e["seat"] == seat])
            expect(page.locator(f"article.rival[data-seat='{seat}'] .minirow[role='img']")).to_have_count(rows)
    a_guess = next(i for i, v in enumerate(shown) if any(e["seat"] is not None for e in events_at(match, v, "guessed")))
    at(page, a_guess)
    expect(page.get_by_test_id("replay-move-notes")).to_contain_text("palabras")
    expect(page.get_by_test_id("replay-summary")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "replay-duelo-phone.png"), full_page=True)
    assert page.js_errors == []

    # Torneo: the duels of the round being played show as many rows as the log has guesses and skipped turns in
    # that round so far.
    match = played["torneo"]
    page = open_replay(browser, site, match)
    shown = versions(page)
    # Three moments in the middle of a duel (a guess that ended nothing): between rounds the page shows cards.
    kinds = {
        version: set(MatchEvent.objects.filter(match=match, version=version).values_list("kind", flat=True))
        for version in shown
    }
    mid_duel = [
        i for i, v in enumerate(shown) if "guessed" in kinds[v] and not kinds[v] & {"duel_ended", "round_ended"}
    ]
    for index in three_picks(mid_duel):
        at(page, index)
        opened = events_to(match, shown[index], "round_opened")
        current = opened[-1]["round"] if opened else 1
        rows = [
            e
            for kind in ("guessed", "turn_skipped")
            for e in events_to(match, shown[index], kind)
            if e["round"] == current
        ]
        expect(page.locator(".duel-card .mini-row")).to_have_count(len(rows))
    page.screenshot(path=str(ARTIFACTS / "replay-torneo-phone.png"), full_page=True)
    assert page.js_errors == []

    # Claves: the cards uncovered at three moments are the log's guesses so far; both maps at the end.
    match = played["claves"]
    page = open_replay(browser, site, match)
    shown = versions(page)
    for index in three_moments(len(shown)):
        at(page, index)
        uncovered = len([e for e in events_to(match, shown[index], "guessed") if e["result"] == "key"])
        expect(page.locator(".cl-card.found")).to_have_count(uncovered)
    page.screenshot(path=str(ARTIFACTS / "replay-claves-phone.png"), full_page=True)
    assert page.js_errors == []


def header_fits(page):
    """Every line of the replay's header is shown whole: inside the screen, and not cut with an ellipsis."""
    width = page.viewport_size["width"]
    for line in page.locator(".replay .room-head p").all():
        box = line.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, line.inner_text()
        assert line.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1"), f"cut: {line.inner_text()}"


def test_a_finished_duelo_replay_shows_every_players_letters_and_says_it_is_a_replay(daphne_url, browser, screenshot):
    """Issue 33, item 5: after the end a Duelo replay shows every word of every player, from the frame in which it
    was played, says it is a replay (not "you are watching"), and its header wraps on a phone instead of cutting who
    played, when and with which dictionary. A match still being played has no replay: nothing of its guesses."""
    site = daphne_url
    match = play_bots("duelo", ["easy", "hard"], {"language": "es", "rounds": 1, "round_seconds": 60}, seed=23)[0]
    live = play_bots(
        "duelo",
        ["easy", "medium"],
        {"language": "es", "rounds": 3, "round_seconds": 60},
        seed=24,
        until=lambda m: MatchEvent.objects.filter(match=m, kind="guessed").count() >= 2,
    )[0]
    guesses = list(MatchEvent.objects.filter(match=match, kind="guessed").order_by("id").values_list("version", "data"))
    for viewport, size in ((PHONE_SMALL, "360x740"), (LAPTOP, "1280x800")):
        page = open_replay(browser, site, match, viewport)
        header_fits(page)
        expect(page.get_by_test_id("replay-mark")).to_have_text("Repetición")
        shown = versions(page)
        # The last guess of each seat, at the frame it was played: its row shows its letters.
        for seat in (0, 1):
            version, event = [(v, e) for v, e in guesses if e["seat"] == seat][-1]
            at(page, shown.index(version))
            row = page.locator(f"article.rival[data-seat='{seat}'] .minirow[role='img']").last
            expect(row).to_have_text(event["word"].upper(), timeout=10_000)
        expect(page.locator(".duelo-mine")).to_have_text("Repetición de una partida terminada.")
        expect(page.get_by_test_id("board")).not_to_contain_text("Estás mirando")
        screenshot(page, f"replay-duelo-letters-{size}")
        page.get_by_test_id("replay-last").click()  # the end: the result, and the last round's words under it
        expect(page.get_by_test_id("result-title")).to_be_visible()
        expect(page.locator("article.rival .minirow[role='img']").first).not_to_have_text("")
        screenshot(page, f"replay-duelo-end-{size}")
        page.context.close()

    # English: the same page says it in English.
    context = browser.new_context(viewport=PHONE_SMALL, locale="en-GB")
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": site}])
    page = context.new_page()
    page.goto(f"{site}/m/{match.pk}/")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-replay-ready", "true", timeout=20_000)
    expect(page.get_by_test_id("replay-mark")).to_have_text("Replay")
    at(page, 2)
    expect(page.locator(".duelo-mine")).to_have_text("Replay of a finished match.")
    header_fits(page)
    screenshot(page, "replay-duelo-letters-360x740-en")
    page.set_viewport_size(LAPTOP)
    screenshot(page, "replay-duelo-letters-1280x800-en")

    # A match still being played: no board, no frames; the replay's data is not served.
    page.goto(f"{site}/m/{live.pk}/")
    expect(page.get_by_test_id("replay-live")).to_be_visible()
    expect(page.get_by_test_id("replay-mark")).to_have_text("Being played")
    expect(page.locator(".minirow")).to_have_count(0)
    assert page.request.get(f"{site}/m/{live.pk}/replay.json").status == 404
    context.close()
