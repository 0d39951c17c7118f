"""The lobby's "Live now": matches of every game being played in rooms not marked private, each with its
players, how far along it is, and the link that opens it to watch (games.views.room_watch_view).

How far along is read from the engine's stored state (the JSON of games/<slug>/engine.py), one small function
per game in PROGRESS; a game without one shows no progress."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import Player
from accounts.nicknames import bot_name
from games.runtime.catalogue import spec_for
from games.selectors import listed_live_matches

LIMIT = 20


def _duelo(state: dict[str, Any]) -> str:
    return _("Round %(round)s of %(rounds)s") % {
        "round": max(1, len(state.get("rounds", []))),
        "rounds": state.get("settings", {}).get("rounds", "?"),
    }


def _torneo(state: dict[str, Any]) -> str:
    still_in = sum(1 for out in state.get("out_round", []) if out is None)
    return _("Round %(round)s · %(count)s still in") % {
        "round": max(1, len(state.get("rounds", []))),
        "count": still_in,
    }


def _wordgrid(state: dict[str, Any]) -> str:
    return _("%(count)s words played") % {"count": len(state.get("plays", []))}


def _cruzadas(state: dict[str, Any]) -> str:
    scores = state.get("scores", [])
    return _("Move %(move)s · %(scores)s") % {
        "move": len(state.get("history", [])) + 1,
        "scores": " – ".join(str(score) for score in scores),
    }


def _claves(state: dict[str, Any]) -> str:
    turns = state.get("turns", 0)
    used = turns - state.get("turns_left", turns)
    return _("Turn %(turn)s of %(turns)s") % {"turn": min(turns, used + 1), "turns": turns}


PROGRESS: dict[str, Callable[[dict[str, Any]], str]] = {
    "duelo": _duelo,
    "torneo": _torneo,
    "wordgrid": _wordgrid,
    "cruzadas": _cruzadas,
    "claves": _claves,
}


@dataclass(frozen=True)
class LiveGame:
    game: str
    game_name: str
    players: list[str]
    # Torneo: the duels being played this round, as "Ana – Bruno" (the players' line would be eight names).
    duels: list[str]
    progress: str
    rated: bool
    url: str


def _names(lineup: list[dict[str, Any]], nicknames: dict[int, str]) -> list[str]:
    """Each seat's name: the person's nickname, or the bot's name as the room shows it (games.runtime.views)."""
    return [
        nicknames.get(sitter["player"], "?") if sitter.get("player") else bot_name(seat)
        for seat, sitter in enumerate(lineup)
    ]


def _live_duels(state: dict[str, Any], names: list[str]) -> list[str]:
    rounds = state.get("rounds") or [{}]
    return [
        " – ".join(names[seat] for seat in duel["seats"] if seat < len(names))
        for duel in rounds[-1].get("duels", [])
        if duel.get("end") is None
    ]


def live_games(limit: int = LIMIT) -> list[LiveGame]:
    """The newest `limit` listed live matches, of every game that may be watched."""
    matches = list(listed_live_matches().select_related("room")[:limit])
    ids = {sitter["player"] for match in matches for sitter in match.lineup if sitter.get("player")}
    nicknames = dict(Player.objects.filter(pk__in=ids).values_list("pk", "nickname"))
    games = []
    for match in matches:
        spec = spec_for(match.game)
        if not spec.spectators:
            continue
        names = _names(match.lineup, nicknames)
        progress = PROGRESS.get(match.game)
        games.append(
            LiveGame(
                game=match.game,
                game_name=spec.name,
                players=names,
                duels=_live_duels(match.state, names) if match.game == "torneo" else [],
                progress=progress(match.state) if progress else "",
                rated=bool(match.room.settings.get("rated")),
                url=reverse("room_watch", args=[match.room.code]),
            )
        )
    return games
