"""The lobby's ways into a game (issue 32): a game's spec lists them (`GameSpec.ways_in`), and the lobby offers each
the same way for every game that lists it, with the same templates (templates/lobby/ways/) and pages under
/play/<slug>/ (lobby/play_views.py). No module of the lobby names a game.

- quick_match: a public room of the game in the chosen word language, filled by whoever asks (rated within the
  window, or anyone), then by bots after a short wait (lobby/quickmatch.py).
- offers: offers to play for credits, posted and accepted from the lobby (lobby/offers.py, the wallet's escrow).
- random_opponent: a queue for one opponent, rated within the window or anyone (lobby/queue.py).
- friend_table: a private table for the player and friends, with the game's default settings (the host changes
  them in the room); the room gives the link to send (games.runtime.rooms.room_create).
- tournament: the rated tournament queue, practice alone with bots, and groups of friends (lobby/tournament_queue.py,
  lobby/parties.py). One game holds it (`game_ways.tournament_game`): the queue's tickets and the groups name no
  game.

A way's `context(player, game, query)` is what its templates show one player (`w` in them, `game` the slug);
`parts` are the templates of it the lobby page keeps live, each under `data-live="<slug>-<part>"`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.http import Http404
from django.utils.translation import get_language

from accounts.models import Player
from games.runtime.catalogue import game_slugs, spec_for
from lobby import selectors
from lobby.matchmaking import WINDOW
from lobby.offers import offers_for
from lobby.queue import waiting_entry
from lobby.quickmatch import is_first_quick_match
from ratings.games import is_rated
from ratings.selectors import standing_of
from wallet.conf import WINNER_SHARE_PERCENT
from wallet.selectors import balance_of, stakes_open_to

QUICK_MATCH, OFFERS, RANDOM_OPPONENT, TOURNAMENT = "quick_match", "offers", "random_opponent", "tournament"
FRIEND_TABLE = "friend_table"

# A way's context for one player, or for a visitor who has not chosen a nickname yet (None): the lobby may be looked
# at by anyone; its buttons ask for a nickname (accounts.decorators.player_required).
Context = Callable[[Player | None, str, Mapping[str, str]], dict[str, Any]]


@dataclass(frozen=True)
class Way:
    name: str
    context: Context
    # part -> its template, each kept live on the lobby page (templates/lobby/ways/<name>.html includes them)
    parts: Mapping[str, str]

    @property
    def template(self) -> str:
        return f"lobby/ways/{self.name}.html"


def word_language_for(game: str, asked: str | None = None) -> str:
    """The word language a way of `game` starts from: `asked` when the game has words in it, else the page's
    language when it has, else its first (the house's own, Spanish, comes first in every spec that has it)."""
    languages = spec_for(game).word_languages
    for language in (asked, (get_language() or "es")[:2], "es"):
        if language is not None and language in languages:
            return language
    return next(iter(languages), "es")


def _quick_match(player: Player | None, game: str, query: Mapping[str, str]) -> dict[str, Any]:
    language = word_language_for(game)
    rating = standing_of(player, game)
    rooms = selectors.open_quick_rooms(game)
    names = spec_for(game).word_languages
    for room in rooms:
        room.language_name = names.get(room.settings.get("language"), room.settings.get("language"))  # type: ignore[attr-defined]
    return {
        "languages": names,
        "language": language,
        # A newcomer's first quick match starts at once (anyone, bots after the wait); then rated comes first.
        "mode": "anyone" if player is None or is_first_quick_match(player, game) else "rated",
        "within": selectors.rated_quick_waiting(game=game, language=language, rating=rating.value, exclude=player),
        "rooms": rooms,
        "window": WINDOW,
    }


def _offers(player: Player | None, game: str, query: Mapping[str, str]) -> dict[str, Any]:
    others, mine = offers_for(viewer=player, game=game)
    return {
        "others": others[:20],
        "mine": mine,
        "stakes": [] if player is None or player.is_guest else stakes_open_to(player=player),
        "balance": None if player is None or player.is_guest else balance_of(player=player),
        "winner_percent": WINNER_SHARE_PERCENT,
        "window": WINDOW,
    }


def _random_opponent(player: Player | None, game: str, query: Mapping[str, str]) -> dict[str, Any]:
    """Whether and how the player waits for an opponent, and how many wait within their window (and in all)."""
    standing = standing_of(player, game)
    entry = waiting_entry(player=player, game=game) if player is not None else None
    return {
        "rated_game": is_rated(game),  # a game without a rating has no "rated" choice: anyone, at once
        "waiting": entry is not None,
        "waiting_rated": bool(entry and entry.rated),
        "rating": standing,
        "within": selectors.waiting_within(game=game, rating=standing.value, exclude=player),
        "total": selectors.waiting_for_opponent(game=game, exclude=player),
        "window": WINDOW,
    }


def _friend_table(player: Player | None, game: str, query: Mapping[str, str]) -> dict[str, Any]:
    """What a table for friends seats: the game's own words for its players ("2 players together")."""
    return {"players": spec_for(game).players}


def _tournament(player: Player | None, game: str, query: Mapping[str, str]) -> dict[str, Any]:
    ticket = selectors.ticket_of(player) if player is not None else None
    language = ticket.language if ticket is not None else word_language_for(game, query.get("language"))
    ids = [player.pk] if player is not None else []
    rating = selectors.tournament_ratings(ids)[player.pk] if player is not None else selectors.START_RATING
    party = selectors.party_of(player) if player is not None else None
    return {
        "ticket": ticket,
        "language": language,
        "default_language": word_language_for(game),
        "languages": spec_for(game).word_languages,
        "rating": rating,
        "in_window": selectors.waiting_in_window(language=language, ratings=[rating], exclude=ids),
        "still_playing": bool(selectors.tournament_players_still_in(ids)),
        "party": party,
        "party_size": party.members.count() if party else 0,
        "window": WINDOW,
        "start_rating": selectors.START_RATING,
    }


WAYS: dict[str, Way] = {
    way.name: way
    for way in (
        Way(QUICK_MATCH, _quick_match, {"rooms": "lobby/ways/quick_match_rooms.html"}),
        Way(OFFERS, _offers, {"offers": "lobby/ways/offers_list.html"}),
        Way(RANDOM_OPPONENT, _random_opponent, {"queue": "lobby/ways/random_opponent_form.html"}),
        Way(FRIEND_TABLE, _friend_table, {}),
        Way(
            TOURNAMENT,
            _tournament,
            {"queue": "lobby/ways/tournament_queue.html", "group": "lobby/ways/tournament_group.html"},
        ),
    )
}


def ways_of(game: str) -> list[Way]:
    """The ways into `game`, as its spec lists them (a name the lobby does not know fails at start-up: games/apps)."""
    return [WAYS[name] for name in spec_for(game).ways_in]


def games_with(way: str) -> list[str]:
    return [slug for slug in game_slugs() if way in spec_for(slug).ways_in]


def require(game: str, way: str) -> None:
    """A page of a way asked for a game without it (or no game at all) is not found, and changes nothing."""
    if game not in game_slugs() or way not in spec_for(game).ways_in:
        raise Http404("no such way into that game")


def check_ways() -> None:
    """Every way a spec lists is one the lobby knows, and at most one game holds the tournament (start-up)."""
    for slug in game_slugs():
        unknown = set(spec_for(slug).ways_in) - set(WAYS)
        if unknown:
            raise LookupError(f"{slug} lists ways the lobby does not know: {sorted(unknown)}")
    if len(games_with(TOURNAMENT)) > 1:  # game_ways.tournament_game
        raise LookupError("more than one game holds the tournament way")


@dataclass(frozen=True)
class Section:
    """A game's section of the lobby page: its ways, each with what it shows this player."""

    game: str
    name: str
    blurb: str
    home_url_name: str
    rating: Any  # the player's standing in a rated game (ratings.selectors.Standing), None in another
    ways: list[tuple[Way, dict[str, Any]]]
    word_language: str | None = None  # a game of one word language says it (GameSpec.word_language)

    @property
    def way_names(self) -> str:
        return " ".join(f"way-{way.name}" for way, _context in self.ways)


def sections(player: Player | None, query: Mapping[str, str]) -> list[Section]:
    """The lobby page's sections, one per game with a way in, in the catalogue's order."""
    found = []
    for slug in game_slugs():
        spec = spec_for(slug)
        if spec.ways_in:
            ways = [(way, way.context(player, slug, query)) for way in ways_of(slug)]
            rating = standing_of(player, slug) if is_rated(slug) and TOURNAMENT not in spec.ways_in else None
            found.append(Section(slug, spec.name, spec.blurb, spec.home_url_name, rating, ways, spec.word_language))
    return found


def live_parts(player: Player | None, query: Mapping[str, str]) -> list[tuple[str, str, dict[str, Any]]]:
    """Each part the lobby page keeps live: its name (`<slug>-<part>`), its template and what it shows."""
    return [
        (f"{section.game}-{part}", template, {"w": context, "game": section.game, "in_lobby": True})
        for section in sections(player, query)
        for way, context in section.ways
        for part, template in way.parts.items()
    ]
