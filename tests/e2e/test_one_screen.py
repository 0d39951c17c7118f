"""Every board on one screen (issue 18): in each of the five games, mid-game, on the real room page, what a
player needs to play lies inside the screen without scrolling, at three phone sizes and a laptop's: the
clock(s), the banner (your turn, the closing countdown), the playing area and the input (the on-screen
keyboard, Wordgrid's letters, Cruzadas' rack and its buttons, Claves' clue form or its two buttons), and the
input does not cover the playing area; the Torneo also with its shared board filled to the last row, its hearts
in sight (issue 33); and the room's header says the game's name and its word language whole (issue 33). Bounding
boxes, not screenshot comparisons; the screenshots are saved for a person to look at
(test-artifacts/one-screen-<game>-<size>.png). Letras Cruzadas also shows its premium squares in the interface's
language there (DL/TL/DP/TP in Spanish, issue 33).

The matches are started and played through the services (tests/games/test_move_path_statements.mid_game);
the browser is the seated guest, signed in by the session cookie the guest page would have set."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from importlib import import_module

from asgiref.sync import async_to_sync
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from playwright.sync_api import expect

from accounts.selectors import remember_guest
from accounts.services import player_create_for_user, player_saw_guide
from games.duelo import engine as duelo_engine
from games.models import Match
from games.runtime import matches, presence, rooms
from games.torneo import engine as torneo_engine
from games.wordgrid import engine as wordgrid_engine
from lobby import offers
from tests.e2e.conftest import ARTIFACTS
from tests.emails import verify_email
from tests.games.test_move_path_statements import mid_game
from wallet.services import wallet_grant
from wordlists.lexicon import lexicon

SIZES = {"360x740": (360, 740), "390x844": (390, 844), "412x915": (412, 915), "1280x800": (1280, 800)}


def sign_in(context, site, player) -> None:
    """The guest's session, as the nickname form leaves it (accounts.selectors.remember_guest)."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    remember_guest(session=store, player=player)
    store.save()
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": store.session_key, "url": site}])


def on_screen(page, locator, what: str) -> dict:
    """`locator` is shown whole inside the viewport (no scrolling needed to see or touch it)."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert box is not None, what
    assert box["x"] >= -0.5 and box["x"] + box["width"] <= width + 0.5, f"{what} spills sideways: {box}"
    assert box["y"] >= -0.5 and box["y"] + box["height"] <= height + 0.5, f"{what} is off the screen: {box}"
    return box


def not_covered(area: dict, input_: dict, what: str) -> None:
    """The input (a keyboard pinned to the bottom, say) does not lie over the playing area."""
    assert area["y"] + area["height"] <= input_["y"] + 0.5, f"the input covers {what}: {area} / {input_}"


def apart(area: dict, input_: dict, what: str) -> None:
    """The input lies under or beside the playing area, never over it."""
    beside = input_["x"] >= area["x"] + area["width"] - 0.5 or input_["x"] + input_["width"] <= area["x"] + 0.5
    under = input_["y"] >= area["y"] + area["height"] - 0.5
    assert beside or under, f"the input covers {what}: {area} / {input_}"


def duelo_someone_solved(match: Match, people) -> None:
    """The other player finds the word: the closing countdown's banner is up for the first."""
    state = duelo_engine.from_json(Match.objects.get(pk=match.pk).state)
    hidden = state.hidden_words[len(state.rounds) - 1]
    matches.match_act(match_id=match.pk, player=people[1], action={"type": "guess", "word": hidden})


def check_duelo(page, size) -> None:
    expect(page.locator(".duelo-banner")).to_be_visible()
    on_screen(page, page.locator(".duelo-clock"), "the clock")
    on_screen(page, page.locator(".duelo-banner"), "the closing countdown")
    grid = on_screen(page, page.locator(".wordle-grid").first, "the grid")
    keys = on_screen(page, page.locator(".wordle-keyboard .keys:visible"), "the keyboard")
    not_covered(grid, keys, "the grid")


def check_torneo(page, size) -> None:
    on_screen(page, page.locator(".torneo-clock"), "the clock")
    on_screen(page, page.locator(".torneo-mylives .hearts"), "the hearts")
    on_screen(page, page.get_by_test_id("turn"), "whose turn")
    row = on_screen(page, page.locator(".row.current").first, "the current row")
    keys = on_screen(page, page.locator(".wordle-keyboard .keys:visible"), "the keyboard")
    not_covered(row, keys, "the current row")


def check_wordgrid(page, size) -> None:
    state = wordgrid_engine.from_json(Match.objects.filter(game="wordgrid").get().state)
    empty = next(
        index
        for index, letter in enumerate(state.grid)
        if letter == "."
        and any(
            state.grid[other] != "."
            for other in (index - 5, index + 5, index - 1 if index % 5 else -1, index + 1 if index % 5 < 4 else -1)
            if 0 <= other < 25
        )
    )
    row, col = divmod(empty, 5)
    page.locator(f".wg-cell[data-r='{row}'][data-c='{col}']").click()
    for seat in (0, 1):
        on_screen(page, page.get_by_test_id(f"clock-{seat}"), f"clock {seat}")
    on_screen(page, page.get_by_test_id("turn"), "whose turn")
    grid = on_screen(page, page.locator(".wg-grid"), "the grid")
    letters = on_screen(page, page.locator(".wg-keyboard"), "the letters")
    not_covered(grid, letters, "the grid")


def check_cruzadas(page, size) -> None:
    on_screen(page, page.get_by_test_id("turn"), "whose turn")
    for seat in (0, 1):
        on_screen(page, page.get_by_test_id(f"score-{seat}"), f"score {seat}")
    board = on_screen(page, page.get_by_test_id("viewport"), "the board")
    rack = on_screen(page, page.get_by_test_id("rack"), "the rack")
    bar = on_screen(page, page.get_by_test_id("bar"), "the buttons")
    apart(board, rack, "the board")
    apart(board, bar, "the board")
    if size == "1280x800":
        # A laptop's width used (issue 33: the board was 414 px with empty space beside it): the rack and its buttons
        # beside the board, which takes the screen's height less the site's chrome and the turn line.
        assert board["width"] >= 600, f"the board is {board['width']} px wide at 1280x800"
        assert rack["x"] >= board["x"] + board["width"], "the rack is beside the board"
    # The premium squares in the interface's language: doble/triple letra, doble/triple palabra in Spanish.
    for premium, label in (("2L", "DL"), ("3L", "TL"), ("2W", "DP"), ("3W", "TP")):
        expect(page.locator(f".cz-cell.p-{premium}:not(.centre) .cz-label").first).to_have_text(label)


def check_claves(page, size) -> bool:
    """Returns whether this seat had something to do (the other one waits: one of the two always has)."""
    on_screen(page, page.get_by_test_id("role"), "whose turn")
    on_screen(page, page.get_by_test_id("turns"), "the turns left")
    grid = on_screen(page, page.get_by_test_id("grid"), "the words")
    controls = page.locator("[data-testid=clue-form]:visible, [data-testid=guess-controls]:visible")
    if controls.count() == 0:
        return False
    not_covered(grid, on_screen(page, controls.first, "the clue form or the guess buttons"), "the words")
    return True


def head_whole(page) -> None:
    """The room's header says the game's name, its word language and its other marks whole (issue 33: at 360 px
    "Palabras en turco" beside "Letras Cruzadas" was clipped to "Palabras en", a staked Wordgrid's "Con puntuación" was
    cut mid-letter): nothing of its text is cut, and the text lies beside the buttons."""
    head = page.locator(".room-head > div").first
    on_screen(page, head, "the room's header")
    found = head.evaluate(SEEN)
    assert not found["cut"], f"cut in the header: {found['cut']} (seen: {found['seen']!r})"
    tools = page.locator(".room-head-tools").bounding_box()
    outer = head.bounding_box()
    assert outer["x"] + outer["width"] <= tools["x"] + 0.5, "the header's text runs under its buttons"


def torneo_to_the_last_row(match: Match, people, now) -> None:
    """The first person's duel is played to its twelfth row, nobody finding the word (issue 33: the board filled to
    its last row still fits)."""
    viewer = 0
    while True:
        state = torneo_engine.from_json(Match.objects.get(pk=match.pk).state)
        duel = next(duel for duel in state.current.duels if viewer in duel.seats)
        if len(duel.rows) == 2 * torneo_engine.TURNS_EACH - 1:
            return
        words = lexicon(torneo_engine.list_slugs("es", duel.length)[1]).words
        word = next(word for word in words[len(duel.rows) :] if word != duel.hidden)
        now += timedelta(milliseconds=300)
        turn = torneo_engine.turn_of(state, duel.to_play)
        action = {"type": "guess", "word": word}
        matches.match_act(match_id=match.pk, player=people[duel.to_play], action=action, turn=turn, now=now)


def set_up(slug: str, *, last_row: bool = False):
    """A match of `slug`, mid-game, played through the services on a thread of its own: this one runs the
    browser's event loop, and the services' announcements start one of theirs."""

    def start():
        try:
            match, people, now = mid_game(slug)
            if slug == "duelo":
                duelo_someone_solved(match, people)
            if last_row:
                torneo_to_the_last_row(match, people, now)
            return match, people
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(start).result()


def at_the_table(match: Match, viewer) -> None:
    """Everyone else seated is at the table (a socket of theirs is present), as in a game being played: a rival
    who has walked away is told in a bar above the board (static/js/room.js), a case of its own
    (tests/e2e/test_claim_win.py)."""
    others = [sitter["player"] for sitter in match.lineup if sitter.get("player") and sitter["player"] != viewer.pk]
    with ThreadPoolExecutor(1) as pool:  # this thread runs the browser's event loop
        for other in others:
            pool.submit(async_to_sync(presence.arrive), match.room.code, other, "one-screen").result()


CHECKS = {
    "duelo": check_duelo,
    "torneo": check_torneo,
    "wordgrid": check_wordgrid,
    "cruzadas": check_cruzadas,
    "claves": check_claves,
}


def test_every_board_fits_one_screen_at_every_size(daphne_url, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    tables = {slug: set_up(slug) for slug in CHECKS}
    # Claves from both seats: the clue giver's form and the guesser's buttons.
    views = [(slug, match, people[0]) for slug, (match, people) in tables.items()]
    views.append(("claves-partner", tables["claves"][0], tables["claves"][1][1]))
    last = set_up("torneo", last_row=True)
    views.append(("torneo-last-row", last[0], last[1][0]))
    failures, acting = [], set()
    for name, match, player in views:
        check = CHECKS[name.split("-")[0]]
        for size, (width, height) in SIZES.items():
            context = browser.new_context(
                viewport={"width": width, "height": height}, locale="es-ES", has_touch=width < 600
            )
            sign_in(context, daphne_url, player)
            at_the_table(match, player)
            page = context.new_page()
            page.goto(f"{daphne_url}/r/{match.room.code}/")
            expect(page.locator("[data-game-root]")).to_be_visible()
            try:
                if check(page, size):
                    acting.add((name.split("-")[0], size))
                head_whole(page)
            except AssertionError as failure:
                failures.append(f"{name} at {size}: {failure}")
            page.screenshot(path=str(ARTIFACTS / f"one-screen-{name}-{size}.png"))
            context.close()
    assert not failures, "\n".join(failures)
    assert {("claves", size) for size in SIZES} <= acting, "neither Claves seat had the clue form or the buttons"


# -- the header's marks (issue 33) -------------------------------------------------------------------------------
# On a phone the room's one header line cut a staked Wordgrid's "Con puntuación" mid-letter and hid the stake and the
# word language after it. Every mark must read whole at every size, in both languages, the board still on one screen.

SEEN = """head => {
  // Each text node of the header: seen (inside every box that clips it and the screen), cut (partly outside one),
  // or kept for screen readers only (inside a box of 1 px, the site's .visually-hidden).
  const screen = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  const walker = document.createTreeWalker(head, NodeFilter.SHOW_TEXT);
  const seen = [], cut = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (!text) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
    if (!rects.length) continue;  // not rendered (display: none)
    const boxes = [screen];
    let readerOnly = false;
    for (let el = node.parentElement; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.display === "contents") continue;  // no box of its own, so nothing it clips
      if (style.overflowX === "visible" && style.overflowY === "visible" && style.clip === "auto") continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) { readerOnly = true; break; }
      boxes.push(box);
    }
    if (readerOnly) continue;
    // A glyph's box may stand a pixel or two over its line's (line-height under 1.2): a cut line loses far more.
    const inside = rects.every(r => boxes.every(b =>
      r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.top >= b.top - 3 && r.bottom <= b.bottom + 3));
    (inside ? seen : cut).push(text);
  }
  return {seen: seen.join(" "), cut};
}"""

# What each mark must say where a player sees it, and in full to a screen reader (its text, hidden or not).
MARKS = {
    "es": {
        "wordgrid-staked": {
            "stake": ("Apuesta 50", "Apuesta 50 · el ganador se lleva 90"),
            "word-language": ("inglés", "Palabras en inglés"),
            "rated-mark": ("Con puntuación", "Con puntuación"),
        },
        "cruzadas-rated": {
            "word-language": ("turco", "Palabras en turco"),
            "rated-mark": ("Con puntuación", "Con puntuación"),
        },
        "torneo-rated": {"rated-mark": ("Con puntuación", "Con puntuación")},
        "duelo-plain": {},
    },
    "en": {
        "wordgrid-staked": {
            "stake": ("Stake 50", "Stake 50 · the winner gets 90"),
            "word-language": ("English", "Words in English"),
            "rated-mark": ("Rated", "Rated"),
        },
        "cruzadas-rated": {"word-language": ("Turkish", "Words in Turkish"), "rated-mark": ("Rated", "Rated")},
        "torneo-rated": {"rated-mark": ("Rated", "Rated")},
        "duelo-plain": {},
    },
}
# The subtitle's own words, whole (a Duelo room's language, rounds and seconds; the Torneo's language, by its own name).
SUBTITLES = {
    "es": {"torneo-rated": ("Torneo", "Español"), "duelo-plain": ("Duelo de Palabras", "Español", "3 rondas", "60 s")},
    "en": {"torneo-rated": ("Torneo", "Español"), "duelo-plain": ("Duelo de Palabras", "Español", "3 rounds", "60 s")},
}
RATED = {"es": "Con puntuación", "en": "Rated"}
# And a narrow laptop window, with a mouse: the whole marks on one line, beside three buttons (the keyboard help's).
HEADER_SIZES = {**SIZES, "790x720": (790, 720)}


def member(name: str):
    """A member with a confirmed address and credits (staked and rated play need both, issues 17 and 31)."""
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com", password="x" * 20)
    verify_email(user)
    player = player_create_for_user(user=user, nickname=name.capitalize())
    wallet_grant(player=player, amount=1000, key=f"test-grant:{player.pk}")
    return player


def staked_wordgrid():
    """Ana's offer of 50 credits, accepted by Beto: staked, and rated between two members."""
    ana, beto = member("ana"), member("beto")
    offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
    match = offers.offer_accept(player=beto, offer_id=offer.pk, interface_language="es")
    return match, [ana, beto]


def rated_cruzadas():
    """A rated room of two members, as the lobby's rated matchmaking opens it."""
    carla, dario = member("carla"), member("dario")
    room = rooms.room_create(game="cruzadas", host=carla, seats=2, interface_language="es", settings={}, rated=True)
    rooms.room_join(room=room, player=dario)
    match = matches.match_start(room=room, by=None)
    return match, [carla, dario]


def sign_in_as(context, site, player) -> None:
    """A member by their log-in's session, a guest by the nickname form's."""
    if player.user is None:
        sign_in(context, site, player)
        return
    client = Client()
    client.force_login(player.user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": site}])


def header_table(name: str):
    """The match of `name`, started, everyone arrived and past their first-game guide, on a thread of its own."""

    def start():
        try:
            if name == "wordgrid-staked":
                match, people = staked_wordgrid()
            elif name == "cruzadas-rated":
                match, people = rated_cruzadas()
            else:
                match, people, _now = mid_game(name.split("-")[0])
                if match.game == "duelo":
                    duelo_someone_solved(match, people)  # its closing countdown's banner, which check_duelo wants
            for person in people:
                matches.match_arrive(match_id=match.pk, player=person)
                player_saw_guide(player=person, game=match.game)
            match.refresh_from_db()
            assert match.status == Match.PLAYING, match.status
            return match, people
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(start).result()


def marks_whole(page, name: str, language: str) -> None:
    """Nothing of the header is cut; each mark is seen saying what matters (the stake and how much, the word
    language, rated) and says its whole sentence to a screen reader; rated is said once (issue 33: the Torneo said
    "Con puntuación" in its subtitle and as a mark); the header stays one line of the buttons' height."""
    head = page.locator(".room-head > div").first
    found = head.evaluate(SEEN)
    assert not found["cut"], f"cut in the header: {found['cut']} (seen: {found['seen']!r})"
    for testid, (seen, full) in MARKS[language][name].items():
        mark = page.locator(f".room-head [data-testid={testid}]")
        expect(mark).to_have_count(1)
        shown = mark.evaluate(SEEN)
        assert seen.lower() in shown["seen"].lower(), f"{testid} shows {shown['seen']!r}, not {seen!r}"
        assert full in " ".join(mark.text_content().split()), f"{testid} does not say {full!r} in full"
    for words in SUBTITLES[language].get(name, ()):
        assert words in found["seen"], f"{words!r} is not seen whole in the header: {found['seen']!r}"
    assert found["seen"].count(RATED[language]) == (1 if "rated-mark" in MARKS[language][name] else 0), (
        f"rated is said {found['seen'].count(RATED[language])} times: {found['seen']!r}"
    )
    tools = page.locator(".room-head-tools").bounding_box()
    outer = head.bounding_box()
    assert outer["x"] + outer["width"] <= tools["x"] + 0.5, "the header's text runs under its buttons"
    whole = page.locator(".room-head").bounding_box()
    assert whole["height"] <= 40.5, f"the header takes {whole['height']} px: the board loses its height"


def test_the_room_header_says_the_stake_the_word_language_and_rated_whole(daphne_url, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    failures = []
    for name in ("wordgrid-staked", "cruzadas-rated", "torneo-rated", "duelo-plain"):
        match, people = header_table(name)
        check = CHECKS[match.game]
        for language, locale in (("es", "es-ES"), ("en", "en-GB")):
            for size, (width, height) in HEADER_SIZES.items():
                context = browser.new_context(
                    viewport={"width": width, "height": height}, locale=locale, has_touch=width < 600
                )
                sign_in_as(context, daphne_url, people[0])
                at_the_table(match, people[0])
                page = context.new_page()
                page.goto(f"{daphne_url}/r/{match.room.code}/")
                expect(page.locator("[data-game-root]")).to_be_visible()
                try:
                    if size not in SIZES:
                        pass  # a window between a tablet and a laptop: the header alone
                    elif match.game != "cruzadas" or language == "es":  # its premium squares' labels are Spanish
                        check(page, size)
                    else:
                        check_cruzadas_board(page)
                    marks_whole(page, name, language)
                except AssertionError as failure:
                    failures.append(f"{name} in {language} at {size}: {failure}")
                page.screenshot(path=str(ARTIFACTS / f"room-head-{name}-{language}-{size}.png"))
                context.close()
    assert not failures, "\n".join(failures)


def check_cruzadas_board(page) -> None:
    """check_cruzadas without its Spanish labels."""
    on_screen(page, page.get_by_test_id("turn"), "whose turn")
    board = on_screen(page, page.get_by_test_id("viewport"), "the board")
    apart(board, on_screen(page, page.get_by_test_id("rack"), "the rack"), "the board")
