"""Friends in the browser (issue 36), two people: Ana (a phone, in Spanish) and Bea (a laptop, in English) have
just played a Duelo. Ana's result card offers "Añadir amigo" for Bea; Ana asks from Bea's page instead; Bea finds
the request on her friends page (the menu's "Friends") and accepts; Ana sees Bea among her friends, online, and
Bea sees Ana marked a friend in their group. Then Ana blocks Bea, and Bea's new request looks sent to her and
reaches nobody. Screenshots at 360x740 and 1280x800, in both languages (test-artifacts/friends/)."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from playwright.sync_api import expect

from accounts.services import player_create_guest, player_saw_guide
from games.models import Match
from games.runtime import matches, rooms, scheduling
from notifications import kinds, online
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_accessibility import blocking_violations
from tests.e2e.test_after_game import in_thread
from tests.e2e.test_one_screen import on_screen, sign_in
from tests.games.test_move_path_statements import mid_game

SHOTS = ARTIFACTS / "friends"
PHONE, LAPTOP = (360, 740), (1280, 800)


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def open_as(browser, site, player, size, locale):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale, has_touch=width < 600)
    sign_in(context, site, player)
    return context, context.new_page()


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"], "wider than the screen"


def a_finished_duelo():
    def work():
        people = [player_create_guest(nickname="Ana"), player_create_guest(nickname="Bea")]
        for person in people:
            player_saw_guide(player=person, game="duelo")
        match, people, now = mid_game("duelo", people=people)
        matches.match_stop(match_id=match.pk, now=now + timedelta(seconds=1))
        match.refresh_from_db()
        assert match.status == Match.FINISHED
        return match, people

    return in_thread(work)


def bea_plays_a_bot(bea):
    with scheduling.timers_disabled():
        room = rooms.room_create(
            game="duelo", host=bea, seats=2, interface_language="es", settings={"language": "es", "rounds": 1}
        )
        rooms.room_seat_set(room=room, by=bea, index=1, bot_level="easy")
        with transaction.atomic():  # the start commits here: its on_commit tells Bea's friends
            match = matches.match_start(room=room, by=bea)
        matches.match_arrive(match_id=match.pk, player=bea)
    return room


def notes(player, kind) -> int:
    from notifications.models import Notification

    return in_thread(lambda: Notification.objects.filter(player=player, kind=kind).count())


def test_a_friend_request_accepted_then_a_block_that_silences_the_next(daphne_url, browser):
    match, (ana, bea) = a_finished_duelo()
    site = daphne_url
    ana_context, ana_page = open_as(browser, site, ana, PHONE, "es-ES")
    bea_context, bea_page = open_as(browser, site, bea, LAPTOP, "en-GB")

    # The result card: Bea, the other person at the table, with "Añadir amigo" (no line for Ana herself).
    ana_page.goto(f"{site}/r/{match.room.code}/")
    line = ana_page.get_by_test_id("card-friend")
    expect(line).to_have_count(1, timeout=15_000)
    expect(line).to_contain_text("Bea")
    on_screen(ana_page, line.get_by_test_id("card-friend-request"), "the result card's Añadir amigo")
    expect(line.get_by_test_id("card-friend-request")).to_have_text("Añadir amigo")
    shot(ana_page, "result-card-360-es")

    # Ana asks from Bea's page.
    ana_page.goto(site + bea.get_absolute_url())
    actions = ana_page.get_by_test_id("friend-actions")
    actions.get_by_test_id("friend-request").tap()
    expect(ana_page.get_by_test_id("messages")).to_contain_text("Solicitud de amistad enviada a Bea")
    expect(ana_page.get_by_test_id("friend-state")).to_have_text("Solicitud enviada")
    fits(ana_page)
    shot(ana_page, "player-page-sent-360-es")
    assert not blocking_violations(ana_page, "a player page with its friend buttons (phone)")
    assert notes(bea, kinds.FRIEND_REQUEST) == 1

    # Bea finds it from the menu and accepts.
    bea_page.goto(site + "/")
    bea_page.get_by_test_id("nav-friends").click()
    bea_page.wait_for_url("**/friends/")
    request = bea_page.get_by_test_id("incoming-request")
    expect(request).to_have_count(1)
    expect(request).to_contain_text("Ana")
    shot(bea_page, "friends-incoming-1280-en")
    assert not blocking_violations(bea_page, "the friends page with a request (laptop)")
    request.get_by_test_id("friend-accept").click()
    expect(bea_page.get_by_test_id("messages")).to_contain_text("You and Ana")
    expect(bea_page.get_by_test_id("friend")).to_contain_text("Ana")
    assert notes(ana, kinds.FRIEND_ACCEPTED) == 1

    # In a group, the members say so too: Ana is Bea's friend; a newcomer has "Add friend" beside each.
    def group():
        from lobby import parties

        party = parties.party_create(player=ana, language="es")
        for person in (bea, player_create_guest(nickname="Carla")):
            parties.party_join(party=party, player=person)
        return party

    party = in_thread(group)
    bea_page.goto(f"{site}/g/{party.code}/")
    members = bea_page.get_by_test_id("member")
    expect(members.filter(has_text="Ana").get_by_test_id("friend-state")).to_have_text("Friends ✓")
    expect(members.filter(has_text="Carla").get_by_test_id("friend-request")).to_have_text("Add friend")
    expect(members.filter(has_text="Bea").get_by_test_id("friend-actions")).to_have_count(0)
    shot(bea_page, "group-members-1280-en")

    # Ana sees Bea among her friends, online (Bea's socket says so: here, its heartbeat written directly).
    in_thread(lambda: online.seen(bea.pk))
    ana_page.goto(site + "/friends/")
    friend = ana_page.get_by_test_id("friend")
    expect(friend).to_contain_text("Bea")
    expect(friend.get_by_test_id("friend-online")).to_have_text("en línea")
    fits(ana_page)
    shot(ana_page, "friends-list-360-es")
    assert not blocking_violations(ana_page, "the friends list (phone)")
    ana_page.goto(f"{site}/r/{match.room.code}/")
    expect(ana_page.get_by_test_id("card-friend-state")).to_have_text("Amigos ✓", timeout=15_000)

    # Bea starts a game against a bot in a room anyone may watch: Ana is told, and her list says so with Watch.
    room = in_thread(lambda: bea_plays_a_bot(bea))
    assert notes(ana, kinds.FRIEND_PLAYING) == 1
    ana_page.goto(site + "/friends/")
    playing = ana_page.get_by_test_id("friend").get_by_test_id("friend-playing")
    expect(playing).to_contain_text("Jugando a Duelo de Palabras")
    shot(ana_page, "friends-playing-360-es")
    playing.get_by_test_id("friend-watch").tap()
    ana_page.wait_for_url(f"**/r/{room.code}/")
    expect(ana_page.locator("[data-game-root]")).to_be_visible()

    # Ana blocks Bea from her list; Bea's page no longer shows her as a friend.
    ana_page.goto(site + "/friends/")
    ana_page.get_by_test_id("friend").get_by_test_id("friend-block").tap()
    expect(ana_page.get_by_test_id("no-friends")).to_be_visible()
    expect(ana_page.get_by_test_id("blocked-player")).to_contain_text("Bea")
    shot(ana_page, "friends-blocked-360-es")
    assert not blocking_violations(ana_page, "the friends page with a block (phone)")

    # Bea asks again: to her it looks sent, as ever; nothing reaches Ana.
    bea_page.goto(site + ana.get_absolute_url())
    expect(bea_page.get_by_test_id("friend-actions")).to_have_attribute("data-state", "none")
    bea_page.get_by_test_id("friend-request").click()
    expect(bea_page.get_by_test_id("messages")).to_contain_text("Friend request sent to Ana")
    expect(bea_page.get_by_test_id("friend-state")).to_have_text("Request sent")
    shot(bea_page, "player-page-sent-1280-en")
    ana_page.goto(site + "/friends/")
    expect(ana_page.get_by_test_id("incoming-request")).to_have_count(0)
    assert notes(ana, kinds.FRIEND_REQUEST) == 0
    ana_context.close()
    bea_context.close()

    # The same pages in the other language at the other size, for a person to look at.
    ana_context, ana_page = open_as(browser, site, ana, LAPTOP, "en-GB")
    ana_page.goto(site + "/friends/")
    expect(ana_page.get_by_test_id("blocked-player").get_by_test_id("friend-unblock")).to_have_text("Unblock")
    shot(ana_page, "friends-blocked-1280-en")
    ana_context.close()
    bea_context, bea_page = open_as(browser, site, bea, PHONE, "es-ES")
    bea_page.goto(site + "/friends/")
    expect(bea_page.get_by_test_id("outgoing-request")).to_contain_text("Ana")
    fits(bea_page)
    shot(bea_page, "friends-outgoing-360-es")
    bea_context.close()
