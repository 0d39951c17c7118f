"""After a game there is somewhere to go (issue 33, item 1): every game's end card fits the screen's width at a
360x740 phone's size and a 1280x800 laptop's, nothing in it cut or spilling out of it, and shows, inside the screen,
the way on — "Rematch" (the same table again, every person agreeing) where the game has one, and "New
game" back into the way the game came from — with no leftover of the room's waiting panel (the quick match's
"Looking for players…" with its bot seat menus and Cancel) and no sentence without its button; and the button
that shares the result.

The matches are started and played through the services (tests/games/test_move_path_statements.mid_game), then
ended through the same path (an admin's stop); the browser is the seated guest."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from asgiref.sync import async_to_sync
from django.db import connection
from django.utils import timezone
from playwright.sync_api import expect

from accounts.services import player_create_guest, player_saw_guide
from games.models import Match, Room
from games.runtime import matches, presence, rooms
from lobby.quickmatch import quick_match_join, quick_match_launch
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_one_screen import on_screen, sign_in
from tests.games.test_move_path_statements import mid_game

SHOTS = ARTIFACTS / "after-game"  # for a person to look at
PHONE, LAPTOP = (360, 740), (1280, 800)
GAMES = ("duelo", "torneo", "wordgrid", "cruzadas", "claves")


def in_thread(work):
    """Services run on a thread of their own: this one runs the browser's event loop, and the services'
    announcements start one of theirs."""

    def run():
        try:
            return work()
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def finished(slug: str):
    """A match of `slug` played for a few moves and then ended (an admin's stop: the same path as any end)."""

    def work():
        match, people, now = mid_game(slug)
        for person in people:  # the first-game guide is another page's matter (tests/e2e/test_first_game_guide.py)
            player_saw_guide(player=person, game=slug)
        matches.match_stop(match_id=match.pk, now=now + timedelta(seconds=1))
        match.refresh_from_db()
        assert match.status == Match.FINISHED
        return match, people

    return in_thread(work)


def present(match: Match, viewer) -> None:
    """Everyone else at the table has the room open (a socket of theirs is present)."""
    others = [sitter["player"] for sitter in match.lineup if sitter.get("player") and sitter["player"] != viewer.pk]
    for other in others:
        in_thread(lambda other=other: async_to_sync(presence.arrive)(match.room.code, other, "after-game"))


def open_room(browser, site, player, code, size, locale="es-ES"):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale, has_touch=width < 600)
    sign_in(context, site, player)
    page = context.new_page()
    page.goto(f"{site}/r/{code}/")
    return context, page


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def no_stale_panel(page) -> None:
    """Nothing of the room's waiting panel under a finished game: no "Looking for players", no seat menus, no
    Cancel, no Start button the player did not ask for, and no sentence that points at a button elsewhere."""
    for testid in ("quick-wait", "cancel-quick", "start-match", "invite-url"):
        expect(page.get_by_test_id(testid)).to_be_hidden()
    expect(page.locator(".seat-chooser:visible")).to_have_count(0)
    expect(page.get_by_test_id("play-again")).to_have_count(0)


CUT = "(el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto'"


def card_fits(page, label: str) -> None:
    """The end card (the box its title heads) lies inside the screen's width from the top of the board, what it
    holds lies inside it, nothing in it is cut sideways, and the page does not scroll sideways. A card taller than
    the screen (Claves' two maps, a tournament's standings) scrolls down with the page: its title and its way on
    are on the first screen (the checks above)."""
    width = page.viewport_size["width"]
    card = page.get_by_test_id("result-title").locator("xpath=..")
    box = card.bounding_box()
    assert box["x"] >= -0.5 and box["x"] + box["width"] <= width + 0.5, f"{label}: the card spills sideways: {box}"
    assert 0 <= box["y"] < page.viewport_size["height"] / 2, f"{label}: the card starts below the screen: {box}"
    for part in card.locator(":scope *:visible").all():
        inner = part.bounding_box()
        if not inner or not inner["width"]:
            continue
        assert inner["x"] >= box["x"] - 0.5 and inner["x"] + inner["width"] <= box["x"] + box["width"] + 0.5, (
            f"{label}: {part.inner_text()[:40]!r} spills out of the card: {inner} / {box}"
        )
        assert not part.evaluate(CUT), f"{label}: {part.inner_text()[:40]!r} is cut"
    assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{label}: the page scrolls sideways"


def test_every_end_card_shows_the_way_on(daphne_url, browser):
    tables = {slug: finished(slug) for slug in GAMES}
    failures = []
    for slug, (match, people) in tables.items():
        present(match, people[0])
        for size, locale, language in (
            (PHONE, "es-ES", "es"),
            (PHONE, "en-GB", "en"),
            (LAPTOP, "es-ES", "es"),
            (LAPTOP, "en-GB", "en"),
        ):
            context, page = open_room(browser, daphne_url, people[0], match.room.code, size, locale)
            label = f"{slug} at {size[0]}x{size[1]} ({language})"
            try:
                expect(page.get_by_test_id("result-title")).to_be_visible(timeout=15_000)
                if slug == "torneo":
                    # A tournament has no rematch: its way on goes back to where the next one starts.
                    on_screen(page, page.get_by_test_id("back"), f"{label}: back to the lobby")
                    expect(page.get_by_test_id("rematch")).to_have_count(0)
                else:
                    on_screen(page, page.get_by_test_id("new-game"), f"{label}: New game")
                    rematch = on_screen(page, page.get_by_test_id("rematch"), f"{label}: Rematch")
                    expect(page.get_by_test_id("rematch")).to_have_text("Revancha" if language == "es" else "Rematch")
                    assert rematch["height"] >= 40, f"{label}: the Rematch button is too small to touch"
                no_stale_panel(page)
                # Every result card carries the way to share it (issue 33), its text fetched from the server.
                expect(page.get_by_test_id("share")).to_be_enabled(timeout=15_000)
                card_fits(page, label)
            except AssertionError as failure:
                failures.append(f"{label}: {failure}")
            shot(page, f"end-{slug}-{size[0]}x{size[1]}-{language}")
            context.close()
    assert not failures, "\n".join(failures)


def test_a_quick_match_ends_with_a_way_on(daphne_url, browser):
    """The finding as it was met: a newcomer's quick Duelo, the page open since the wait, ends; the result says
    where to go with a button, under no "Looking for players…" panel; "New game" queues again."""

    def newcomer():
        player = player_create_guest(nickname="Anabel")
        player_saw_guide(player=player, game="duelo")
        return player

    ana = in_thread(newcomer)
    room = in_thread(lambda: quick_match_join(player=ana, game="duelo", language="es", interface_language="es"))
    context, page = open_room(browser, daphne_url, ana, room.code, PHONE)
    expect(page.get_by_test_id("quick-wait")).to_be_visible()

    def launch_and_end():
        Room.objects.filter(pk=room.pk).update(launch_at=timezone.now() - timedelta(seconds=2))
        match = quick_match_launch(room_id=room.pk)
        assert match is not None
        matches.match_stop(match_id=match.pk)
        return match

    in_thread(launch_and_end)
    expect(page.get_by_test_id("result-title")).to_be_visible(timeout=15_000)
    no_stale_panel(page)
    new_game = page.get_by_test_id("new-game")
    on_screen(page, new_game, "New game")
    on_screen(page, page.get_by_test_id("rematch"), "Rematch")
    shot(page, "end-duelo-quick-360x740-es")
    new_game.click()
    # Queued again: a quick room's wait, another room than the one that ended.
    expect(page.get_by_test_id("quick-wait")).to_be_visible(timeout=15_000)
    assert room.code not in page.url
    context.close()


def advance_to(match_id: int, done) -> None:
    """The clock's steps (what the clock process does at each deadline), until `done(match)`: the test has no clock
    process, so it moves the match from deadline to deadline itself, through the same service call."""

    def work():
        for _ in range(20):
            match = Match.objects.get(pk=match_id)
            if done(match) or match.deadline is None:
                return
            matches.match_advance(match_id=match_id, now=match.deadline + timedelta(milliseconds=5))
        raise AssertionError("the match never got there")

    in_thread(work)


def type_on_screen(page, word: str) -> None:
    for letter in word:
        page.locator(f".wordle-keyboard [data-key='{letter}']").first.click()
    page.locator(".wordle-keyboard [data-action='enter']").click()


def play_one_round(pages, room_id: int) -> Match:
    """Both people find the word of the room's current one-round match, and the clock takes it to the result."""
    match = Match.objects.filter(room_id=room_id).order_by("-number").first()
    advance_to(match.pk, lambda m: m.state.get("phase") == "playing")
    for page in pages:
        expect(page.locator(".duelo")).to_have_attribute("data-phase", "playing", timeout=15_000)
    hidden = Match.objects.get(pk=match.pk).state["hidden_words"][0]
    for page in pages:
        type_on_screen(page, hidden)
    for page in pages:  # both solved: the round ends at once
        expect(page.locator(".duelo")).to_have_attribute("data-phase", re.compile("ending|finished"), timeout=15_000)
    advance_to(match.pk, lambda m: m.status == Match.FINISHED)
    for page in pages:
        expect(page.locator(".duelo")).to_have_attribute("data-phase", "finished", timeout=15_000)
    return Match.objects.get(pk=match.pk)


def test_two_friends_play_a_rematch_in_their_private_room(daphne_url, browser):
    """Ana and Bruna finish a Duelo in Ana's room; Ana asks for a rematch and waits for Bruna, who sees the offer on
    her own result card and accepts; the next match is played in the same room, to its result."""

    def table():
        ana, bruna = (player_create_guest(nickname=name) for name in ("Ana", "Bruna"))
        for person in (ana, bruna):
            player_saw_guide(player=person, game="duelo")
        room = rooms.room_create(
            game="duelo", host=ana, seats=2, interface_language="es", settings={"language": "es", "rounds": 1}
        )
        rooms.room_join(room=room, player=bruna)
        return ana, bruna, room

    ana, bruna, room = in_thread(table)
    ana_context, ana_page = open_room(browser, daphne_url, ana, room.code, PHONE)
    bruna_context, bruna_page = open_room(browser, daphne_url, bruna, room.code, LAPTOP, "en-GB")
    ana_page.get_by_test_id("start-match").click()
    first = play_one_round((ana_page, bruna_page), room.pk)

    # Ana asks: her card says whom she waits for; Bruna's own card shows the offer with Accept and Decline.
    rematch = ana_page.get_by_test_id("rematch")
    on_screen(ana_page, rematch, "Ana's Rematch")
    no_stale_panel(ana_page)
    rematch.click()
    expect(ana_page.get_by_test_id("rematch-status")).to_have_text("Esperando a Bruna…", timeout=15_000)
    expect(ana_page.get_by_test_id("rematch")).to_be_disabled()
    expect(bruna_page.get_by_test_id("rematch-status")).to_have_text("Ana asks for a rematch.", timeout=15_000)
    accept = on_screen(bruna_page, bruna_page.get_by_test_id("rematch-accept"), "Bruna's Accept")
    on_screen(bruna_page, bruna_page.get_by_test_id("rematch-decline"), "Bruna's Decline")
    assert accept["height"] >= 40
    shot(ana_page, "rematch-waiting-360x740-es")
    shot(bruna_page, "rematch-offer-1280x800-en")
    bruna_page.get_by_test_id("rematch-accept").click()

    # The next match of the same room begins for both: the result card gives way to the board.
    for page in (ana_page, bruna_page):
        expect(page.get_by_test_id("result-title")).to_be_hidden(timeout=15_000)
    second = play_one_round((ana_page, bruna_page), room.pk)
    assert second.pk != first.pk and second.room_id == first.room_id and second.number == first.number + 1
    assert [sitter["player"] for sitter in second.lineup] == [ana.pk, bruna.pk]
    for page in (ana_page, bruna_page):
        expect(page.get_by_test_id("result-title")).to_be_visible()
        expect(page.get_by_test_id("rematch")).to_be_enabled()  # and another rematch may follow
    shot(ana_page, "rematch-second-result-360x740-es")
    ana_context.close()
    bruna_context.close()


def test_a_group_of_three_plays_again_at_the_same_table(daphne_url, browser):
    """Ana, Bruna and Carla finish a Duelo at Ana's three-seat table: each card offers "Play again, same table"
    (a group is not a duel); Ana asks, the others accept, and the next match seats the same three."""

    def table():
        people = [player_create_guest(nickname=name) for name in ("Ana", "Bruna", "Carla")]
        for person in people:
            player_saw_guide(player=person, game="duelo")
        room = rooms.room_create(
            game="duelo", host=people[0], seats=3, interface_language="es", settings={"language": "es", "rounds": 1}
        )
        for person in people[1:]:
            rooms.room_join(room=room, player=person)
        return people, room

    people, room = in_thread(table)
    opened = [
        open_room(browser, daphne_url, people[0], room.code, PHONE),
        open_room(browser, daphne_url, people[1], room.code, LAPTOP, "en-GB"),
        open_room(browser, daphne_url, people[2], room.code, PHONE),
    ]
    pages = [page for _context, page in opened]
    pages[0].get_by_test_id("start-match").click()
    first = play_one_round(pages, room.pk)

    expect(pages[0].get_by_test_id("rematch")).to_have_text("Otra vez, la misma mesa", timeout=15_000)
    expect(pages[1].get_by_test_id("rematch")).to_have_text("Play again, same table")
    on_screen(pages[0], pages[0].get_by_test_id("rematch"), "Ana's Play again")
    pages[0].get_by_test_id("rematch").click()
    expect(pages[0].get_by_test_id("rematch-status")).to_have_text("Esperando a Bruna, Carla…", timeout=15_000)
    shot(pages[0], "group-again-waiting-360x740-es")
    for page in pages[1:]:
        page.get_by_test_id("rematch-accept").click()
    for page in pages:
        expect(page.get_by_test_id("result-title")).to_be_hidden(timeout=15_000)
    second = play_one_round(pages, room.pk)
    assert second.pk != first.pk and second.room_id == first.room_id
    assert [sitter["player"] for sitter in second.lineup] == [person.pk for person in people]
    for context, _page in opened:
        context.close()
