"""What a player may share of a finished match (issue 33): their game's summary (games/<slug>/share.py, written
with games.kit.share), translated in their language, under the game's name and over the replay's link.

Built here, on the server, from the match's state and the asker's own seat, and never in the browser from a
frame: the rules of what a summary holds (colours, never letters; numbers, never a word) are each game's, in
Python, tested once, and the page is handed only the finished text. A spectator, or anyone who was not at the
table, gets nothing to share (a summary speaks for the one who played).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from games.kit.share import ShareLine
from games.models import Match
from games.runtime.catalogue import game_module, spec_for
from games.runtime.registry import game_for


def _line(line: ShareLine) -> str:
    return line.text if line.literal else gettext(line.text) % dict(line.params)


def share_text(match: Match, player_id: int | None, *, link: str) -> dict[str, str] | None:
    """`{"title", "text", "url"}` for the player at seat in a finished `match` (the text ends with `link`, the
    replay's address), or None: a match still played or aborted, someone not seated, a game with no summary."""
    if match.status != Match.FINISHED or (match.outcome or {}).get("aborted") or player_id is None:
        return None
    seat = match.seat_of(player_id)
    module = game_module(match.game, "share")
    if seat is None or module is None:
        return None
    engine = game_for(match.game).engine
    lines: list[ShareLine] = module.summary(engine.from_json(match.state), seat)
    if not lines:
        return None
    title = spec_for(match.game).name
    body: list[Any] = [title, *(_line(line) for line in lines), link]
    return {"title": title, "text": "\n".join(body), "url": link}
