"""What the wallet may learn about matches without importing the games (it knows them only by match_ref).

The games register their answers when the site starts (games/apps.py -> games.runtime.ledger_links):
the statement asks for each match's game, page and how it ended; the admin's suspicious flows ask how
often a player resigned a staked game after at most one move. With nothing registered (the wallet on its
own, as in its unit tests) the answers are empty and the statement says what the ledger alone knows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class MatchInfo:
    game: str  # the game's name as players read it ("Wordgrid")
    url: str  # the match's page (its room)
    ended: str = ""  # "draw" (agreed), "stopped" (by the site), "aborted" (before the first move), ""


@dataclass(frozen=True)
class ResignCounts:
    staked: int  # staked games finished in the window
    quick_resigns: int  # of which this player resigned after at most one move of their own


MatchLookup = Callable[[list[str]], dict[str, MatchInfo]]
ResignLookup = Callable[[list[int], datetime], dict[int, ResignCounts]]

_lookups: dict[str, Callable] = {}


def register(*, matches: MatchLookup, resigns: ResignLookup) -> None:
    _lookups.update(matches=matches, resigns=resigns)


def match_info(match_refs: Iterable[str]) -> dict[str, MatchInfo]:
    refs = sorted({ref for ref in match_refs if ref})
    lookup = _lookups.get("matches")
    return lookup(refs) if lookup and refs else {}


def resign_counts(player_ids: Iterable[int], since: datetime) -> dict[int, ResignCounts]:
    ids = sorted(set(player_ids))
    lookup = _lookups.get("resigns")
    return lookup(ids, since) if lookup and ids else {}
