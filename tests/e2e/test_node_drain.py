"""Draining a node for a deploy, as the players see it (issue 34): two people at a Claves table when the operator
runs `manage.py drain_sockets` for the node that serves them. Each page's room socket is closed with "going away:
reconnect" (4001) and the page opens a new one at once, not after its back-off; the board resyncs, and the clue
given after the reconnect reaches the partner. (Behind the load balancer the new socket lands on another node;
here the one daphne is the only node, and the drain is one message, so it serves the new sockets itself.)"""

from concurrent.futures import ThreadPoolExecutor
from io import StringIO

from django.core.management import call_command
from playwright.sync_api import expect

from games.claves import engine
from games.models import Match
from toolkit.node import node_name

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
BACK_WITHIN_MS = 10_000

# Every socket the page opens, when it was made, when it opened and how it closed (the page's own clock).
WATCH_SOCKETS = """
(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = function (url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    const note = { url: String(url), made: performance.now(), opened: null, closed: null, code: null };
    window.__sockets.push(note);
    ws.addEventListener("open", () => { note.opened = performance.now(); });
    ws.addEventListener("close", (event) => { note.closed = performance.now(); note.code = event.code; });
    return ws;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
})();
"""


def newcomer(browser, site, path, nickname, viewport, button="Let's play"):
    context = browser.new_context(viewport=viewport, locale="en-GB")
    context.add_init_script(WATCH_SOCKETS)
    page = context.new_page()
    page.goto(site + path)
    page.get_by_label("Nickname").fill(nickname)
    page.get_by_role("button", name=button).click()
    return context, page


def room_sockets(page) -> list[dict]:
    return page.evaluate("window.__sockets.filter((s) => s.url.includes('/ws/rooms/'))")


def reconnected(page) -> list[dict]:
    """The page's first room socket and the one it opened after it (wait_for_function would need the page's CSP to
    allow eval: the page is asked from here instead)."""
    for _ in range(200):
        sockets = room_sockets(page)
        if len(sockets) >= 2:
            return sockets[:2]
        page.wait_for_timeout(50)
    raise AssertionError(f"the page opened no new room socket: {room_sockets(page)}")


def test_a_drained_node_s_players_reconnect_at_once_and_play_on(daphne_url, browser, screenshot):
    site = daphne_url
    ana_context, ana = newcomer(browser, site, "/play/claves/", "Ana", DESKTOP)
    ana.get_by_test_id("claves-create").click()
    code = ana.get_by_test_id("room-code").inner_text().strip()
    beto_context, beto = newcomer(browser, site, f"/r/{code}/", "Beto", PHONE, button="Take the seat")
    expect(ana.get_by_test_id("people")).to_contain_text("Beto")
    ana.get_by_test_id("start-match").click()

    match = Match.objects.get(status=Match.PLAYING)
    state = engine.from_json(match.state)
    pages = {0: ana, 1: beto}
    giver, guesser = pages[state.giver], pages[1 - state.giver]
    expect(giver.get_by_test_id("clue-form")).to_be_visible(timeout=15_000)
    for page in pages.values():
        expect(page.locator("[data-room]")).to_have_attribute("data-connection", "online")
        assert len(room_sockets(page)) == 1

    # The operator drains the node (daphne and this test run on the same host: the same NODE_NAME).
    # (In a thread of its own: sync Playwright keeps an event loop in the test's, where the command's could not run.)
    said = StringIO()
    with ThreadPoolExecutor(1) as pool:
        pool.submit(call_command, "drain_sockets", "--node", node_name(), "--spread", "0", stdout=said).result()
    assert node_name() in said.getvalue()

    for page in pages.values():
        first, second = reconnected(page)
        assert first["code"] == 4001
        # At once: the back-off's shortest wait is 250 ms; a drained socket's page does not wait at all.
        assert second["made"] - first["closed"] < 150, (first, second)
        expect(page.locator("[data-room]")).to_have_attribute("data-connection", "online", timeout=BACK_WITHIN_MS)
        expect(page.get_by_test_id("connection-banner")).to_be_hidden(timeout=BACK_WITHIN_MS)
    screenshot(giver, "drained-and-back")

    # The game goes on over the new sockets: the clue given now reaches the partner.
    giver.get_by_test_id("clue-word").fill("zumbido")
    giver.get_by_test_id("clue-number").select_option("1")
    giver.get_by_test_id("clue-word").press("Enter")
    for page in pages.values():
        expect(page.get_by_test_id("clue-text")).to_have_text("zumbido", ignore_case=True, timeout=BACK_WITHIN_MS)
    expect(guesser.get_by_test_id("guess-controls")).to_be_visible()
    assert all(len(room_sockets(page)) == 2 for page in pages.values())  # and no further reconnect

    ana_context.close()
    beto_context.close()
