"""What a player may share of a finished match (issue 33): a few lines a game's `share.py` writes from the
state and the viewer's seat, that the runtime (games.runtime.share) translates and ends with the replay's link.

Pure, like the engines: a line is English with %(name)s placeholders, marked with gettext_noop, and its
params (the page translates it), or a literal line (an emoji grid, which no language changes). A game's
summary never holds a letter of a word the viewer guessed, nor a hidden word, nor anything else of the
match the viewer could not see: a shared grid is colours, a shared score is numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.kit.contract import gettext_noop as _

# A Wordle mark as the shared grid draws it.
SQUARES = {"green": "\U0001f7e9", "amber": "\U0001f7e8", "grey": "\u2b1b"}
# A turn that ran out without a guess (the Torneo's skipped turns).
SKIPPED = "\u231b"


@dataclass(frozen=True)
class ShareLine:
    """One line of the shared text: `text` with its `params` (translated by the runtime), or `literal`."""

    text: str
    params: Mapping[str, Any] = field(default_factory=dict)
    literal: bool = False


def said(text: str, **params: Any) -> ShareLine:
    """A line to translate (`text` marked with gettext_noop by the caller)."""
    return ShareLine(text, params)


def literal(text: str) -> ShareLine:
    """A line shown as it is (an emoji row)."""
    return ShareLine(text, literal=True)


def squares(marks: Iterable[str] | None) -> str:
    """A row of Wordle marks as emoji squares (a skipped turn: an hourglass). Unknown marks are grey."""
    if marks is None:
        return SKIPPED
    return "".join(SQUARES.get(mark, SQUARES["grey"]) for mark in marks)


def standing(
    winners: Iterable[int], places: Iterable[int], seat: int, *, draw: bool | None, stopped: str | None
) -> ShareLine:
    """Where the sharer finished, in words: won (alone or sharing it), a draw, or their place among all."""
    winners, places = list(winners), list(places)
    if stopped:
        return said(_("The match was ended early."))
    if draw:
        return said(_("A draw"))
    if seat in winners:
        return said(_("Shared victory")) if len(winners) > 1 else said(_("I won"))
    if len(places) == 2:
        return said(_("I lost"))
    return said(_("Place %(place)s of %(players)s"), place=places[seat], players=len(places))
