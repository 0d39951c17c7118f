"""The "no"s an engine or a room rule answers: raised before anything changes, so the caller's state is intact."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class GameError(Exception):
    """A "no" a player is told: raised before anything changes, so the caller's state is intact.

    `code` is stable (clients and tests switch on it); `message` is English with %-style
    placeholders filled from `params`, marked for translation but never translated here
    (games.runtime.errors.error_text translates). Raise one of the kinds below, never this.
    """

    def __init__(self, code: str, message: str, params: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self.message = message
        self.params = dict(params or {})
        super().__init__(f"{code}: {self.text}")

    @property
    def text(self) -> str:
        """The English message with its parameters filled in."""
        return self.message % self.params if self.params else self.message


class IllegalMove(GameError):
    """A move against the rules of the game (a word not in the list, not your turn, the match is over)."""


class MalformedAction(IllegalMove):
    """An action that is no move at all: the wrong shape or types (python-chess's InvalidMoveError, beside its
    IllegalMoveError). Its code is always `malformed`; a client that sends one has a bug, not a bad move."""

    def __init__(self, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("malformed", message, params)


class Refusal(GameError):
    """A refusal that is no move: a room, lobby or settings rule (not the host, a full group, 7 rounds)."""
