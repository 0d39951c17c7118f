"""Sharing a result from the result card (issue 33), on a 360x740 phone, for Duelo and Claves a Dúo: the three
ways the text leaves the page, each where the browser leaves no other: the Web Share API (the phone's share
sheet), else the clipboard, else a text box, selected, for the player to copy by hand (iOS: no share sheet here
and the clipboard refusing). The Torneo, Wordgrid and Letras Cruzadas through the clipboard: the same path, each
game's own summary.

The matches are played to their end through the services by people in every seat; the browser is one of them.
What is shared is the server's text for that player (games/runtime/share.py): the game, the result, the grid of
colours or the keys found, the replay's link; never the hidden word, a guessed word or a word of the board."""

from __future__ import annotations

import re

from django.utils import translation
from playwright.sync_api import expect

from games.models import Match
from games.runtime.registry import engine_for
from games.runtime.share import share_text
from tests.e2e.test_one_screen import on_screen, sign_in
from tests.e2e.test_sounds import in_thread
from tests.games.test_match_archive import play_claves
from tests.games.test_share import play_out, words_of

PHONE = {"width": 360, "height": 740}
WEB_SHARE = """
Object.defineProperty(Navigator.prototype, "share", {
  configurable: true, value: async function (data) { window.__shared = data; },
});
"""
NO_WEB_SHARE = """
Object.defineProperty(Navigator.prototype, "share", { configurable: true, value: undefined });
"""
CLIPBOARD_REFUSES = """
Clipboard.prototype.writeText = () => Promise.reject(new DOMException("Not allowed", "NotAllowedError"));
"""


def card(browser, site, match, player, script, *, language="es"):
    context = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    context.add_init_script(script)
    if language != "es":
        context.add_cookies([{"name": "django_language", "value": language, "url": site}])
    sign_in(context, site, player)
    page = context.new_page()
    page.goto(f"{site}/r/{match.room.code}/")
    share = page.get_by_test_id("share")
    expect(share).to_be_enabled(timeout=15_000)
    share.scroll_into_view_if_needed()
    on_screen(page, share, "the share button")
    return context, page


def check_text(text: str, match: Match, *, game_name: str, site: str) -> None:
    lines = text.splitlines()
    assert lines[0] == game_name and lines[-1] == f"{site}/m/{match.pk}/"
    lowered = text.lower()
    for word in words_of(match):
        assert not re.search(rf"(?<![a-zà-ÿ]){re.escape(word)}(?![a-zà-ÿ])", lowered), (word, text)


def three_ways(browser, site, match, player, *, game_name, screenshot, name):
    # 1. The Web Share API: the phone's share sheet gets the text.
    context, page = card(browser, site, match, player, WEB_SHARE)
    page.get_by_test_id("share").click()
    page.wait_for_function("window.__shared !== undefined", timeout=15_000)
    shared = page.evaluate("window.__shared")
    check_text(shared["text"], match, game_name=game_name, site=site)
    expect(page.get_by_test_id("share-status")).to_have_text("Compartido.")
    screenshot(page, f"share-{name}-sheet-360x740")
    context.close()

    # 2. No share sheet: the clipboard holds it, and the card says so.
    context, page = card(browser, site, match, player, NO_WEB_SHARE)
    page.get_by_test_id("share").click()
    expect(page.get_by_test_id("share-status")).to_have_text("Copiado: pégalo donde quieras.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == shared["text"]
    expect(page.get_by_test_id("share-text")).to_be_hidden()
    context.close()

    # 3. No share sheet and the clipboard refuses: the text, selected, in a box the player copies from.
    context, page = card(browser, site, match, player, NO_WEB_SHARE + CLIPBOARD_REFUSES)
    page.get_by_test_id("share").click()
    box = page.get_by_test_id("share-text")
    expect(box).to_be_visible()
    expect(page.get_by_test_id("share-status")).to_have_text("Selecciona el texto y cópialo.")
    assert box.input_value() == shared["text"]
    # all of it selected (the positions count UTF-16 units, as the page does)
    assert page.evaluate("(el) => el.selectionStart === 0 && el.selectionEnd === el.value.length", box.element_handle())
    box.scroll_into_view_if_needed()
    on_screen(page, box, "the text to copy")
    screenshot(page, f"share-{name}-textbox-360x740")
    context.close()
    return shared["text"]


def test_a_result_is_shared_by_the_share_sheet_else_the_clipboard_else_a_text_box(daphne_url, browser, screenshot):
    site = daphne_url
    duelo, people = in_thread(lambda: play_out("duelo"))
    text = three_ways(
        browser, site, duelo, people[0], game_name="Duelo de Palabras", screenshot=screenshot, name="duelo"
    )
    # The grid is the player's own rows, as colours.
    state = engine_for("duelo").from_json(Match.objects.get(pk=duelo.pk).state)
    rows = sum(len(played.seats[0].rows) for played in state.rounds)
    assert len([line for line in text.splitlines() if re.fullmatch("[🟩🟨⬛]+", line)]) == rows
    assert "Ronda 1:" in text

    claves, _seen = in_thread(play_claves)
    ana = claves.lineup[0]["player"]
    from accounts.models import Player

    text = three_ways(
        browser,
        site,
        claves,
        Player.objects.get(pk=ana),
        game_name="Claves a Dúo",
        screenshot=screenshot,
        name="claves",
    )
    assert "claves encontradas" in text

    # In English, the same card says it in English.
    context, page = card(browser, site, claves, Player.objects.get(pk=ana), WEB_SHARE, language="en")
    expect(page.get_by_test_id("share")).to_have_text("Share the result")
    page.get_by_test_id("share").click()
    page.wait_for_function("window.__shared !== undefined", timeout=15_000)
    assert "keys found" in page.evaluate("window.__shared.text")
    context.close()

    # Someone watching (no seat) has nothing to share: no button.
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    page.goto(f"{site}/m/{duelo.pk}/")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-replay-ready", "true", timeout=20_000)
    expect(page.get_by_test_id("share")).to_have_count(0)
    context.close()


def what_the_card_copies(browser, site, match, player, *, name, screenshot) -> str:
    """The result card's Share, where the browser has no share sheet: what lands on the clipboard."""
    context, page = card(browser, site, match, player, NO_WEB_SHARE)
    page.get_by_test_id("share").click()
    expect(page.get_by_test_id("share-status")).to_have_text("Copiado: pégalo donde quieras.")
    copied = page.evaluate("navigator.clipboard.readText()")
    screenshot(page, f"share-{name}-copied-360x740")
    context.close()
    return copied


def test_the_torneo_wordgrid_and_cruzadas_share_their_summary_and_the_replay_link_never_a_word(
    daphne_url, browser, screenshot
):
    site = daphne_url
    for slug, game_name in (("torneo", "Torneo"), ("wordgrid", "Wordgrid"), ("cruzadas", "Letras Cruzadas")):
        match, people = in_thread(lambda slug=slug: play_out(slug))
        match = Match.objects.get(pk=match.pk)
        copied = what_the_card_copies(browser, site, match, people[0], name=slug, screenshot=screenshot)
        # The game's name, its summary for this seat (the game's share.py, in the page's Spanish), the replay's link.
        check_text(copied, match, game_name=game_name, site=site)
        with translation.override("es"):
            expected = share_text(match, people[0].pk, link=f"{site}/m/{match.pk}/")
        assert expected is not None and copied == expected["text"], (copied, expected)
        lines = copied.splitlines()
        assert len(lines) >= 3, copied  # more than the name and the link: a summary
        state = engine_for(slug).from_json(match.state)
        lowered = copied.lower()
        if slug == "torneo":
            # the seat's duels as squares, row by row; no letter of a guess or of a hidden word
            assert any(re.fullmatch("[🟩🟨⬛⌛]+", line) for line in lines), copied
            assert re.search(r"^(Gané|Victoria compartida|Puesto \d+ de 8)$", copied, re.M), copied
        else:
            assert re.search(r"^(Gané|Perdí|Empate)$", copied, re.M), copied
            assert re.search(r"^Marcador \d+–\d+$", copied, re.M), copied
            played = (
                [play.word for play in state.plays]
                if slug == "wordgrid"
                else [word for turn in state.history for word in turn.words]
            )
            for word in played:
                if len(word) >= 3:
                    assert not re.search(rf"(?<![a-zà-ÿ]){re.escape(word.lower())}(?![a-zà-ÿ])", lowered), word
        if slug == "cruzadas":
            # never a rack: neither player's last letters, nor the word "atril" with them
            assert "atril" not in lowered, copied
            for rack in state.racks:
                if len(rack) >= 2:
                    assert "".join(rack).lower() not in lowered.replace(", ", "").replace(" ", ""), (rack, copied)
