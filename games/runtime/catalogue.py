"""What the runtime and the pages need to know about each game beyond its engine: seats, bots, room
settings, and what the room page shows of it.

Pure (no Django): a GameSpec is data plus a few functions, so rooms of every game are created, checked,
filled and shown the same way. The games are found, not listed: every games/<slug>/spec.py with a SPEC.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.kit.contract import gettext_noop as _
from games.kit.errors import Refusal


@dataclass(frozen=True)
class GameSpec:
    slug: str
    name: str
    min_seats: int
    max_seats: int
    guest_host_max_seats: int
    bot_levels: tuple[str, ...]
    spectators: bool
    # (raw settings from a form or a client, interface language) -> clean settings, or Refusal
    clean_settings: Callable[[Mapping[str, Any], str], dict[str, Any]]
    defaults: Mapping[str, Any] = field(default_factory=dict)
    # (clean settings) -> the slug(s) of the list(s) hidden words are drawn from, so admins' bans apply
    hidden_list: Callable[[Mapping[str, Any]], str | tuple[str, ...]] | None = None
    # The room remembers every hidden word it drew from that list (Room.used_words), and a new game avoids all of
    # them while the list has enough others, then starts a new cycle (Claves a Dúo: a few hundred words). False:
    # a new game avoids the words of the room's last AVOID_RECENT_MATCHES matches (long lists: Duelo, Torneo).
    remembers_words: bool = False
    # The word languages a match may be played in, each by its own name, in the order they are offered (the
    # lobby's forms and pages read them here, never from the engine). A game of one language names it too: the
    # pages say it (`word_language`), so that nobody stakes credits on Spanish words in an English game.
    word_languages: Mapping[str, str] = field(default_factory=dict)
    # () -> extra keyword arguments for the engine and bots (e.g. a prebuilt word graph)
    engine_kwargs: Callable[[], dict[str, Any]] = dict
    # () -> None: what a site process makes once at start-up, after every word list is loaded, so that no
    # player's first move waits for it (config/warmup.py; Letras Cruzadas: its move generator's tables)
    warm_up: Callable[[], None] | None = None
    # The game's colour wherever the site marks a game (its card, its live games, its figures on a player's
    # page): "#rrggbb", served as the custom property --game of the class game-<slug> (games/colours.py).
    colour: str = "#1d2b53"  # the site's own (--brand), for a game that names none
    # Room codes: long enough that scanning for rooms is hopeless (games.runtime.rooms.CODE_LENGTH).
    code_length: int = 10
    # Seat 0 moves first (Wordgrid, Letras Cruzadas): a rematch turns the seats round, so that whoever followed
    # begins (games.runtime.rematch). False: the game has no first move (simultaneous, or drawn by the engine).
    rematch_swaps_seats: bool = False
    # A seated player who leaves mid-match ends it and everyone returns to the waiting room (Claves).
    leave_interrupts: bool = False
    # False: the match starts when the lobby has seated everyone (Torneo), never from the host's button.
    host_starts: bool = True
    # A seated person with no open socket this long (seconds) has abandoned: the service plays
    # `{"type": "leave"}` for them (Torneo). None: a game that waits for whoever is away.
    abandon_seconds: float | None = None
    # A game without a clock (Letras Cruzadas, Claves) does not end by itself when someone walks away (issue 31).
    # A person whose every other person at the table has been away this long (seconds, no open socket) may end
    # it (lichess's "claim victory"): with `claim_action` the absent seat plays it (Cruzadas: resign, so the
    # one who stayed wins, rated as any win); without, the match is stopped (Claves, cooperative: no loss for
    # anyone). Whoever comes back before plays on. None: no claim (a clock ends the game).
    claim_after_seconds: float | None = None
    claim_action: Mapping[str, Any] | None = None
    # Everyone at the table away this long (seconds): the match is stopped and the room closed, so the live
    # list shows only games being played (games.runtime.abandon.deserted_sweep). None: a clock ends it.
    deserted_after_seconds: float | None = None
    # Two-player clock games: a match the site starts for two people waits this long (seconds) for both
    # to open the room before any clock runs; whoever never arrives loses nothing, the match is aborted
    # and stakes are refunded (games.runtime.matches.match_arrive). None: the clock starts at once.
    join_grace_seconds: float | None = None
    # A rated room's match moves its people's ratings (games.runtime.rated; the ratings learn it at start-up,
    # ratings/games.py): by Glicko-2 (issue 20), or by the game's own formula, (ratings at the start, places
    # fixed so far, seat) -> that seat's change (Torneo's rules).
    glicko: bool = False
    rating_change: Callable[[list[int], list[int | None], int], int] | None = None

    # -- the pages (games/views.py and templates/games/room.html read these; no page names a game) --
    # Where the game comes in lists (the home page's cards, game_slugs()): lower first.
    order: int = 100
    # The home page's card (lobby/games.py): English, marked with gettext_noop, translated by the page.
    blurb: str = ""
    players: str = ""
    # The URL name of the game's own page ("" none); its views and urls live in games/<slug>/ (games/urls.py
    # includes every games/<slug>/urls.py it finds), or the lobby's (`home_by_lobby`).
    home_url_name: str = ""
    # How the lobby seats people for this game, in the order its section shows them (lobby/ways.py, which says
    # what each means): "quick_match", "offers" (for credits), "random_opponent", "tournament". The lobby names
    # no game: its page, its live parts and its pages under /play/<slug>/ follow these.
    ways_in: tuple[str, ...] = ()
    # The settings of a player's first quick match of the game (the lobby's quick_match way), over the room's
    # defaults: Duelo plays one round, so that the first game stays short.
    newcomer_settings: Mapping[str, Any] = field(default_factory=dict)
    # The game's page (/play/<slug>/, templates/games/<slug>/home.html) is served by the lobby, because it shows
    # the game's ways in (its offers, its queue) beside the game's own ways to play.
    home_by_lobby: bool = False
    # Stylesheets the room page loads before the game's own `css/<slug>.css` (shared board pieces).
    stylesheets: tuple[str, ...] = ()
    # Templates the room page includes ("" none): after the game's name (the room's options in a line),
    # as the start button's label (default "Start the match"), and at the end of the seats panel.
    room_subtitle: str = ""
    start_label: str = ""
    room_people: str = ""
    # The first-game guide's steps (issue 18; "" none): a template of <li data-target="CSS selector"> items,
    # each pointing at a part of the board; the room page shows them once per player and game (static/js/guide.js).
    guide: str = ""
    # Dotted path of the host's options form on the room page ("" none). Its fields are the settings,
    # plus optionally `seats`; a field named `bots` (for creating a room) is not shown there.
    settings_form: str = ""
    # (room) -> extra context for the room page and its templates (Claves: the room's record).
    room_context: Callable[[Any], dict[str, Any]] | None = None
    # (clean settings) -> the path a player goes to after leaving a room of this game.
    leave_to: Callable[[Mapping[str, Any]], str] = lambda settings: "/"

    @property
    def word_language(self) -> str | None:
        """The one word language of a game played in one only (Wordgrid: English), said wherever the game is offered
        (its card, its page, an offer, the stake's terms, the room); None when a match chooses among several."""
        return next(iter(self.word_languages)) if len(self.word_languages) == 1 else None

    def seat_limit(self, *, host_is_guest: bool) -> int:
        return self.guest_host_max_seats if host_is_guest else self.max_seats

    def check_seats(self, seats: Any, *, host_is_guest: bool) -> int:
        limit = self.seat_limit(host_is_guest=host_is_guest)
        try:
            count = int(seats)
        except (TypeError, ValueError):
            count = -1
        if not self.min_seats <= count <= limit:
            if host_is_guest and count > limit and count <= self.max_seats:
                raise Refusal(
                    "guest_seat_limit",
                    _("A guest can open rooms of up to %(max)d seats. Create an account for more."),
                    {"max": limit},
                )
            raise Refusal(
                "bad_seats", _("A room has from %(min)d to %(max)d seats."), {"min": self.min_seats, "max": limit}
            )
        return count

    def check_bot_level(self, level: Any) -> str:
        if level not in self.bot_levels:
            raise Refusal(
                "bad_bot_level", _("Choose a bot level: %(choices)s."), {"choices": ", ".join(self.bot_levels)}
            )
        return str(level)


def _discover() -> dict[str, GameSpec]:
    """Every game: each package games/<slug>/ with a spec.py defining SPEC, in the specs' `order`.

    A new game adds its folder; no list here names it (docs/engine-interface.md, "The files a new game adds").
    """
    import games

    specs = []
    for info in pkgutil.iter_modules(games.__path__):
        if not info.ispkg or importlib.util.find_spec(f"games.{info.name}.spec") is None:
            continue
        spec = importlib.import_module(f"games.{info.name}.spec").SPEC
        if spec.slug != info.name:
            raise RuntimeError(f"games/{info.name}/spec.py names its game {spec.slug!r}: the slug is the folder's")
        specs.append(spec)
    return {spec.slug: spec for spec in sorted(specs, key=lambda spec: (spec.order, spec.slug))}


@functools.cache
def _specs() -> dict[str, GameSpec]:
    return _discover()


def spec_for(slug: str) -> GameSpec:
    try:
        return _specs()[slug]
    except KeyError:
        raise KeyError(f"no game {slug!r}") from None


def game_slugs() -> list[str]:
    return list(_specs())


def game_module(slug: str, part: str) -> Any | None:
    """A game's own module games/<slug>/<part>.py (its analysis, its statistics, its pages), or None for a game
    without one: what each game answers for itself is found in its folder, never listed elsewhere."""
    name = f"games.{slug}.{part}"
    return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None
