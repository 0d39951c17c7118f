"""Claves a Dúo on a player's page (games/runtime/statistics.py): a pair plays together, so the page lists
partners, not rivals: per partner (the other seat, a person or a bot by its name at the table), matches played
and won together, most played first, then most won."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from accounts.nicknames import bot_name
from games.runtime.statistics import Names, Played

TEMPLATE = "games/claves/player_stats.html"
TOGETHER = True
SHOWS_SCORE = False  # a pair's clues found are theirs together: the list says won or not


@dataclass(frozen=True)
class Partner:
    name: str  # the nickname, or a bot's name
    tag: str  # "" for a bot
    player_id: int | None  # None for a bot
    played: int
    won: int


def partners(games: Iterable[Played], names: Mapping[int, tuple[str, str]]) -> list[Partner]:
    """Per partner, played and won together; `names`: player id -> (nickname, tag)."""
    tally: dict[tuple[int | None, str], list[int]] = {}
    for game in games:
        for index, sitter in enumerate(game.lineup):
            if index == game.seat:
                continue
            player_id = sitter.get("player")
            key = (player_id, "") if player_id is not None else (None, bot_name(index))
            counts = tally.setdefault(key, [0, 0])
            counts[0] += 1
            counts[1] += int(game.won)
    found = []
    for (player_id, bot), (played, won) in tally.items():
        name, tag = names.get(player_id, ("?", "")) if player_id is not None else (bot, "")
        found.append(Partner(name=name, tag=tag, player_id=player_id, played=played, won=won))
    return sorted(found, key=lambda p: (-p.played, -p.won, p.name.casefold(), p.tag))


def figures(games: Sequence[Played], names: Names) -> dict[str, Any]:
    people = {s["player"] for g in games for s in g.lineup if s.get("player") is not None}
    return {"partners": partners(games, names(people))}
