"""The way to play is on the first screen of a phone (issue 33, item 8): a newcomer on a 360x740 Android phone and a
390x844 iPhone, in Spanish and English, finds the games in the first screen of the home page under a top bar of one
line; picks Duelo, chooses a nickname, and finds "Find a match" in sight, clear of the colours' question, which is
small, asked once and gone on the next page; the menu holds the rest of the bar (the lobby, logging in, the colours)
and Escape closes it. On a laptop the menu's items stand in the bar. Bounding boxes, as a player would see them."""

from playwright.sync_api import expect

from accounts.models import Player
from tests.e2e.conftest import ARTIFACTS

PHONES = {"360x740": (360, 740), "390x844": (390, 844)}
TEXT = {
    "es": {"nickname": "Apodo", "go": "¡A jugar!", "find": "Buscar partida", "lobby": "Lobby", "login": "Entrar"},
    "en": {"nickname": "Nickname", "go": "Let's play", "find": "Find a match", "lobby": "Lobby", "login": "Log in"},
}


def box_of(page, locator, what):
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert box["x"] >= -0.5 and box["x"] + box["width"] <= width + 0.5, f"{what} spills sideways: {box}"
    assert box["y"] >= -0.5 and box["y"] + box["height"] <= height + 0.5, f"{what} is off the screen: {box}"
    return box


def apart(a, b) -> bool:
    return (
        a["x"] + a["width"] <= b["x"] + 0.5
        or b["x"] + b["width"] <= a["x"] + 0.5
        or a["y"] + a["height"] <= b["y"] + 0.5
        or b["y"] + b["height"] <= a["y"] + 0.5
    )


def one_line(page, what):
    bar = page.locator(".topbar").bounding_box()
    assert bar["height"] <= 56, f"the top bar takes {bar['height']} px on {what}"
    for part in page.locator(".topbar .brand, .topbar [data-testid=player-chip], .topbar .topmenu-button").all():
        if part.is_visible():
            box = part.bounding_box()
            assert bar["y"] <= box["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"] + 0.5, what


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_a_newcomer_on_a_phone_sees_the_games_then_find_a_match_and_the_colours_once(site_url, browser):
    for language, text in TEXT.items():
        for size, (width, height) in PHONES.items():
            context = browser.new_context(viewport={"width": width, "height": height}, locale="es-ES", has_touch=True)
            context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
            page = context.new_page()
            page.goto(site_url + "/")
            one_line(page, f"the home page at {size}")
            card = page.locator(".game-card").first
            box_of(page, card.get_by_role("heading"), f"the first game's name at {size}")
            box_of(page, card.get_by_test_id("play-duelo"), f"the first game's Play at {size}")
            shot(page, f"first-screen-home-{language}-{size}")

            # The menu holds the rest of the bar; Escape closes it.
            menu = page.get_by_test_id("site-menu")
            expect(menu).to_be_hidden()
            page.get_by_test_id("menu-button").click()
            box_of(page, menu.get_by_role("link", name=text["lobby"]), "the menu's lobby")
            box_of(page, menu.get_by_role("link", name=text["login"]), "the menu's log in")
            page.keyboard.press("Escape")
            expect(menu).to_be_hidden()

            # Duelo's Play, a nickname, and back: "Find a match" in sight, clear of the colours' question.
            page.get_by_test_id("play-duelo").click()
            page.get_by_label(text["nickname"]).fill(f"Lu{language}{width}")
            page.get_by_role("button", name=text["go"]).click()
            find = page.get_by_role("button", name=text["find"])
            page.wait_for_load_state("load")  # the page is laid out whole, then brings its main action in
            page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            found = box_of(page, find, f"{text['find']} at {size}")
            offer = page.get_by_test_id("palette-offer")
            question = box_of(page, offer, f"the colours' question at {size}")
            assert question["height"] <= 64, f"the colours' question is not small: {question}"
            assert apart(found, question), f"the colours' question covers {text['find']}"
            one_line(page, f"the Duelo page at {size}")
            shot(page, f"first-screen-after-nickname-{language}-{size}")

            # Asked once: the next page has no question, and the colours are on the menu.
            player = Player.objects.get(nickname=f"Lu{language}{width}")
            page.goto(site_url + "/lobby/")
            expect(page.get_by_role("heading", level=1)).to_be_visible()
            expect(page.get_by_test_id("palette-offer")).to_have_count(0)
            player.refresh_from_db()
            assert player.palette_asked and player.palette == Player.STANDARD
            page.get_by_test_id("menu-button").click()
            page.get_by_test_id("menu-colours").click()
            expect(page.get_by_test_id("palette-form")).to_be_in_viewport()
            context.close()

    # Closing the question answers it (the standard colours) and it stays closed; on a laptop the bar's items
    # stand in it, one line.
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    page = context.new_page()
    page.goto(site_url + "/guest/?next=/lobby/")
    page.get_by_label("Apodo").fill("Dana")
    page.get_by_role("button", name="¡A jugar!").click()
    one_line(page, "the lobby on a laptop")
    expect(page.get_by_test_id("menu-button")).to_be_hidden()
    box_of(page, page.get_by_test_id("nav-lobby"), "the bar's lobby on a laptop")
    box_of(page, page.get_by_test_id("menu-colours"), "the bar's colours on a laptop")
    page.get_by_test_id("palette-standard").click()
    expect(page.get_by_test_id("palette-offer")).to_have_count(0)
    shot(page, "first-screen-lobby-es-1280x800")
    page.reload()
    expect(page.get_by_test_id("palette-offer")).to_have_count(0)
    context.close()


def test_a_members_top_bar_reads_whole_at_every_width(site_url, browser):
    """A member with credits has the most in the bar (the bell, friends, challenges, the balance, log out, the
    colours): at every width from a phone to a laptop, in both languages, the bar is one line and each of its items
    is whole, on the screen, and clear of the others (at 790 px "Retos diarios" wrapped and "Colores" was cut)."""
    import threading

    from django.contrib.auth import get_user_model
    from django.db import connection

    from accounts.services import player_create_for_user
    from tests.conftest import PASSWORD
    from tests.e2e.test_one_screen import sign_in_as
    from tests.emails import verify_email

    made = {}

    def make():
        try:
            user = get_user_model().objects.create_user(username="marta", email="marta@example.com", password=PASSWORD)
            verify_email(user)  # the sign-up grant follows: the bar shows a balance
            made["player"] = player_create_for_user(user=user, nickname="Martaelena")
        finally:
            connection.close()

    thread = threading.Thread(target=make)
    thread.start()
    thread.join()
    for locale in ("es-ES", "en-GB"):
        for width in (360, 390, 700, 790, 900, 1024, 1280):
            context = browser.new_context(viewport={"width": width, "height": 800}, locale=locale)
            sign_in_as(context, site_url, made["player"])
            page = context.new_page()
            page.goto(site_url + "/lobby/")
            what = f"{width} px, {locale}"
            one_line(page, what)
            assert page.get_by_test_id("header-balance").count() == 1  # in the bar or its menu
            bar = page.locator(".topbar").bounding_box()
            boxes = []
            for item in page.locator(
                ".topbar .brand, .topbar .chip, .topbar .bell, .topbar .topmenu-button, "
                ".topbar .topmenu > a, .topbar .topmenu .link, .topbar .topmenu-settings > a"
            ).all():
                if not item.is_visible():
                    continue
                box = item.bounding_box()
                label = f"{item.inner_text()!r} at {what}"
                assert box["x"] >= -0.5 and box["x"] + box["width"] <= width + 0.5, f"{label} spills: {box}"
                assert bar["y"] - 0.5 <= box["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"] + 0.5, label
                assert item.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), f"{label} is cut"
                assert all(apart(box, other) for other in boxes), f"{label} lies over another item"
                boxes.append(box)
            if width in (790, 1024):
                shot(page, f"topbar-member-{width}-{locale[:2]}")
            context.close()
