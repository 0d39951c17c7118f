"""Positions of real games for the dailies that are a position (Wordgrid's grid, Letras Cruzadas's board and rack):
the states recent finished matches went through, played again from their logs (games.runtime.archive's
match_steps, the replay's own path). The game's daily maker draws one, keeps it only if its analysis finds a best
move worth finding (its quality check), and plays a position with its bots otherwise."""

from __future__ import annotations

import inspect
import logging
from typing import Any

from games.kit.rerun import ACT, RerunMismatch
from games.models import Match
from games.runtime.archive import match_steps
from games.runtime.registry import engine_for

log = logging.getLogger(__name__)

RECENT_MATCHES = 20  # the newest finished matches a date's puzzle is mined from
MAX_POSITIONS = 400


def mines_positions(module: Any) -> bool:
    """A daily whose maker takes `positions` (its signature says so)."""
    return "positions" in inspect.signature(module.make_puzzle).parameters


def mined_positions(game: str) -> list[dict[str, Any]]:
    """The states (engine JSON) before each move of the game's newest finished matches, oldest move first; a match
    whose log cannot be played again (one from before replays were kept) is left out."""
    engine = engine_for(game)
    positions: list[dict[str, Any]] = []
    finished = Match.objects.filter(game=game, status=Match.FINISHED).order_by("-finished_at")[:RECENT_MATCHES]
    for match in finished:
        if (match.outcome or {}).get("aborted"):
            continue
        try:
            _first, steps = match_steps(match)
        except RerunMismatch:
            log.info("match %s cannot be played again: no positions from it", match.pk)
            continue
        positions.extend(engine.to_json(step.before) for step in steps if step.input.kind == ACT)
        if len(positions) >= MAX_POSITIONS:
            break
    return positions[:MAX_POSITIONS]
