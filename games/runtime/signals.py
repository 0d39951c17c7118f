"""What the runtime tells the apps above it about a match's life, without knowing them (the layers go one way:
games must not import the daily app, the lobby, ...). A receiver runs inside the match's transaction, with its rows
locked: what it writes commits or rolls back with the match.

- `match_starting(room, people)`: a match is about to start in `room` (locked, waiting, every seat taken); `people`
  are the Players seated. A receiver returns settings to add to the match's (a daily room's board and maps, which
  are never the room's settings: every viewer of the room gets those), or None; or raises a Refusal, which refuses
  the start and changes nothing (someone has played that daily already).
- `match_finished(match, room, state, outcome)`: a match has just ended (its outcome saved, its room locked and
  waiting again; the engine's final `state`). A match called off before its game began (an ARRIVING match's abort)
  has no state and sends nothing.
"""

from __future__ import annotations

from typing import Any

from django.dispatch import Signal

match_starting = Signal()
match_finished = Signal()


def starting_settings(room: Any, people: list[Any]) -> dict[str, Any]:
    """The settings every `match_starting` receiver adds (a Refusal raised by one goes through)."""
    added: dict[str, Any] = {}
    for _receiver, extra in match_starting.send(sender=type(room), room=room, people=people):
        if isinstance(extra, dict):
            added.update(extra)
    return added
