"""Say something, safely (issue 36), as two friends and a moderator meet it in real browsers: Ana (English, on a
laptop) and Beto (Spanish, on a phone) play in Ana's private room. A reaction of Ana's pops up on Beto's screen;
Ana's insult reaches Beto masked; Beto reports it and mutes her, and no longer sees her lines; a moderator finds
the report in Django admin's queue with what was said before it and mutes Ana from chat for a day; Ana's next
line is refused, saying until when. Apart: with a block (Beto blocked Ana), nothing Ana writes reaches Beto.
On the phone the chat is a drawer opened from the room's header: closed, it covers nothing of the board."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from playwright.sync_api import expect

from chat.models import ModerationLog, Report
from friends.models import Block
from games.runtime import matches
from tests.chat.conftest import member, private_room
from tests.e2e.conftest import ARTIFACTS

SHOTS = ARTIFACTS / "chat"
PHONE, LAPTOP = (360, 740), (1280, 800)


def in_thread(work):
    """Database work on a thread of its own: this one runs the browser's event loop."""

    def run():
        try:
            return work()
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def session_of(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def open_page(browser, site, cookie, path, size, locale):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale, has_touch=width < 600)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": site}])
    page = context.new_page()
    page.goto(f"{site}{path}")
    return context, page


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def table():
    def work():
        ana, beto = member("Ana"), member("Beto")
        room = private_room(ana, beto)
        matches.match_start(room=room, by=ana)
        return ana, beto, room.code, session_of(ana.user), session_of(beto.user)

    return in_thread(work)


def say(page, text: str) -> None:
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-send").click()


def test_reaction_filter_mute_report_and_the_moderators_mute(daphne_url, browser):
    ana, beto, code, ana_cookie, beto_cookie = table()
    ana_context, a = open_page(browser, daphne_url, ana_cookie, f"/r/{code}/", LAPTOP, "en-GB")
    beto_context, b = open_page(browser, daphne_url, beto_cookie, f"/r/{code}/", PHONE, "es-ES")
    try:
        # A reaction: sent by Ana, shown at once on Beto's phone with her name.
        expect(a.get_by_test_id("react-open")).to_be_visible()
        expect(b.get_by_test_id("react-open")).to_be_visible()  # Beto's socket is in the room (its first frame came)
        a.get_by_test_id("react-open").click()
        shot(a, "laptop-en-reactions-open")
        a.get_by_test_id("react-gg").click()
        expect(a.get_by_test_id("reaction-bar")).to_be_hidden()
        bubble = b.get_by_test_id("reaction-bubble").last
        expect(bubble).to_contain_text("GG")
        expect(bubble).to_contain_text("Ana")
        shot(b, "phone-es-reaction")

        # On the phone the chat waits closed in the room's header: the board is whole.
        toggle = b.get_by_test_id("chat-toggle")
        expect(toggle).to_be_visible()
        expect(b.get_by_test_id("chat-panel")).to_be_hidden()
        board = b.get_by_test_id("board").bounding_box()
        button = toggle.bounding_box()
        assert board and button and button["y"] + button["height"] <= board["y"] + 0.5, (board, button)
        shot(b, "phone-es-chat-closed")

        # Ana's insult reaches Beto masked.
        a.get_by_test_id("chat-toggle").click()
        toggle.click()
        expect(b.get_by_test_id("chat-input")).to_be_visible()
        say(b, "hola Ana, buena suerte")
        expect(a.get_by_test_id("chat-text").last).to_have_text("hola Ana, buena suerte")
        say(a, "you are an 1d10t")
        expect(b.get_by_test_id("chat-text").last).to_have_text("you are an *****")
        expect(a.get_by_test_id("chat-text").last).to_have_text("you are an *****")
        shot(b, "phone-es-chat-open")
        shot(a, "laptop-en-chat-open")

        # Beto reports it, then mutes her: her lines leave his screen and the next never comes.
        b.get_by_test_id("chat-report-open").last.click()
        b.get_by_test_id("report-note").fill("me insulta")
        shot(b, "phone-es-report")
        b.get_by_test_id("report-send").click()
        expect(b.get_by_test_id("chat-error")).to_contain_text("Gracias")
        b.get_by_test_id("chat-mute").last.click()
        expect(b.get_by_test_id("chat-text")).to_have_text(["hola Ana, buena suerte"])
        say(a, "are you still there?")
        expect(a.get_by_test_id("chat-text").last).to_have_text("are you still there?")
        b.wait_for_timeout(1500)
        expect(b.get_by_test_id("chat-text")).to_have_text(["hola Ana, buena suerte"])
        expect(b.get_by_test_id("chat-muted")).to_contain_text("Ana")

        # The moderator's queue: the report, its message, the line before it, the reporter; a day's mute.
        moderator = in_thread(
            lambda: get_user_model().objects.create_superuser("mod", "mod@example.com", "a-long-pass-phrase-91")
        )
        admin_context, m = open_page(
            browser, daphne_url, in_thread(lambda: session_of(moderator)), "/admin/chat/report/", LAPTOP, "en-GB"
        )
        expect(m.locator("#result_list")).to_contain_text("you are an *****")
        expect(m.locator("#result_list")).to_contain_text("Beto")
        shot(m, "admin-en-queue")
        m.locator("#result_list tbody th a").first.click()
        expect(m.get_by_test_id("report-context")).to_contain_text("hola Ana, buena suerte")
        expect(m.locator("body")).to_contain_text("me insulta")
        shot(m, "admin-en-report")
        m.go_back()
        m.locator("input[name=_selected_action]").first.check()
        m.locator("select[name=action]").select_option("mute_author_day")
        m.locator("button[name=index]").click()
        expect(m.locator(".messagelist")).to_contain_text("Muted")
        assert in_thread(lambda: list(ModerationLog.objects.values_list("action", "target_id"))) == [("mute", ana.pk)]
        assert in_thread(lambda: Report.objects.get().status) == Report.ACTED
        m.goto(f"{daphne_url}/admin/chat/moderationlog/")
        expect(m.locator("#result_list")).to_contain_text("muted from chat")
        shot(m, "admin-en-log")
        admin_context.close()

        # Ana's next line is refused, saying until when.
        say(a, "sorry")
        expect(a.get_by_test_id("chat-error")).to_contain_text("You are muted from chat until")
        shot(a, "laptop-en-muted")

        # Beto hears Ana again: the server sends him her lines once more, the history too.
        b.get_by_test_id("chat-unmute").click()
        expect(b.get_by_test_id("chat-text")).to_have_text(
            ["hola Ana, buena suerte", "you are an *****", "are you still there?"]
        )
        expect(b.get_by_test_id("chat-muted")).to_be_hidden()
    finally:
        ana_context.close()
        beto_context.close()


def test_a_blocked_players_lines_never_reach_the_blocker(daphne_url, browser):
    ana, beto, code, ana_cookie, beto_cookie = table()
    in_thread(lambda: Block.objects.create(blocker=beto, blocked=ana))
    ana_context, a = open_page(browser, daphne_url, ana_cookie, f"/r/{code}/", PHONE, "en-GB")
    beto_context, b = open_page(browser, daphne_url, beto_cookie, f"/r/{code}/", LAPTOP, "es-ES")
    try:
        a.get_by_test_id("chat-toggle").click()
        b.get_by_test_id("chat-toggle").click()
        expect(b.get_by_test_id("chat-input")).to_be_visible()
        say(a, "hello Beto")
        expect(a.get_by_test_id("chat-text").last).to_have_text("hello Beto")
        say(b, "hola")
        expect(b.get_by_test_id("chat-text")).to_have_text(["hola"])
        expect(a.get_by_test_id("chat-text")).to_have_text(["hello Beto", "hola"])  # one way: Ana still hears him
        b.wait_for_timeout(1000)
        b.reload()
        b.get_by_test_id("chat-toggle").click()
        expect(b.get_by_test_id("chat-text")).to_have_text(["hola"])  # nor after a reload (the history)
        shot(b, "laptop-es-blocked")
        shot(a, "phone-en-chat-open")
    finally:
        ana_context.close()
        beto_context.close()


def test_a_groups_chat_and_a_guest_told_why_they_cannot_write(daphne_url, browser):
    """Ana (a member) and Gus (a guest, on a phone) gathered in a group: Gus reads Ana's line and is told that
    writing is for members with a verified address."""

    def work():
        from accounts.services import player_create_guest
        from lobby.parties import party_create, party_join

        ana, gus = member("Ana"), player_create_guest(nickname="Gus")
        party = party_create(player=ana, language="es")
        party_join(party=party, player=gus)
        return party.code, session_of(ana.user), gus

    code, ana_cookie, gus = in_thread(work)
    ana_context, a = open_page(browser, daphne_url, ana_cookie, f"/g/{code}/", LAPTOP, "en-GB")
    gus_context = browser.new_context(viewport={"width": 360, "height": 740}, locale="es-ES", has_touch=True)
    try:
        from tests.e2e.test_one_screen import sign_in

        sign_in(gus_context, daphne_url, gus)
        g = gus_context.new_page()
        g.goto(f"{daphne_url}/g/{code}/")
        a.get_by_test_id("chat-toggle").click()
        g.get_by_test_id("chat-toggle").click()
        expect(g.get_by_test_id("chat-why")).to_contain_text("regístrate")
        expect(g.get_by_test_id("chat-input")).to_be_hidden()
        say(a, "¿una partida?")
        expect(g.get_by_test_id("chat-text").last).to_have_text("¿una partida?")
        shot(g, "phone-es-group-guest")
        shot(a, "laptop-en-group")
    finally:
        ana_context.close()
        gus_context.close()
