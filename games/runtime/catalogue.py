"""What the runtime needs to know about each game beyond its engine: seats, bots, room settings.

Pure (no Django): a GameSpec is data plus one settings-cleaning function, so rooms of every game are
created, checked and filled the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.runtime.engine import IllegalMove
from games.runtime.engine import gettext_noop as _


@dataclass(frozen=True)
class GameSpec:
    slug: str
    name: str
    min_seats: int
    max_seats: int
    guest_host_max_seats: int
    bot_levels: tuple[str, ...]
    spectators: bool
    # (raw settings from a form or a client, interface language) -> clean settings, or IllegalMove
    clean_settings: Callable[[Mapping[str, Any], str], dict[str, Any]]
    defaults: Mapping[str, Any] = field(default_factory=dict)
    # (clean settings) -> the slug(s) of the list(s) hidden words are drawn from, so admins' bans apply
    hidden_list: Callable[[Mapping[str, Any]], str | tuple[str, ...]] | None = None
    # () -> extra keyword arguments for the engine and bots (e.g. a prebuilt word graph)
    engine_kwargs: Callable[[], dict[str, Any]] = dict
    code_length: int = 6
    # A seated player who leaves mid-match ends it and everyone returns to the waiting room (Claves).
    leave_interrupts: bool = False
    # False: the match starts when the lobby has seated everyone (Torneo), never from the host's button.
    host_starts: bool = True
    # A seated person with no open socket this long (seconds) has abandoned: the service plays
    # `{"type": "leave"}` for them (Torneo). None: a game that waits for whoever is away.
    abandon_seconds: float | None = None
    # Two-player clock games: a match the site starts for two people waits this long (seconds) for both
    # to open the room before any clock runs; whoever never arrives loses nothing, the match is aborted
    # and stakes are refunded (games.runtime.matches.match_arrive). None: the clock starts at once.
    join_grace_seconds: float | None = None
    # Rated games: (ratings at the start, places fixed so far, seat) -> that seat's change (games.runtime.rated)
    rating_change: Callable[[list[int], list[int | None], int], int] | None = None

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
                raise IllegalMove(
                    "guest_seat_limit",
                    _("A guest can open rooms of up to %(max)d seats. Create an account for more."),
                    {"max": limit},
                )
            raise IllegalMove(
                "bad_seats", _("A room has from %(min)d to %(max)d seats."), {"min": self.min_seats, "max": limit}
            )
        return count

    def check_bot_level(self, level: Any) -> str:
        if level not in self.bot_levels:
            raise IllegalMove(
                "bad_bot_level", _("Choose a bot level: %(choices)s."), {"choices": ", ".join(self.bot_levels)}
            )
        return level


_SPECS: dict[str, str] = {
    "duelo": "games.duelo.spec",
    "wordgrid": "games.wordgrid.spec",
    "cruzadas": "games.cruzadas.spec",
    "claves": "games.claves.spec",
    "torneo": "games.torneo.spec",
}


def spec_for(slug: str) -> GameSpec:
    import importlib

    try:
        return importlib.import_module(_SPECS[slug]).SPEC
    except KeyError:
        raise KeyError(f"no game {slug!r}") from None


def game_slugs() -> list[str]:
    return list(_SPECS)
