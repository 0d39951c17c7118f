"""A finished daily as the result card, the share text and the picture say it: its score and its rows of squares,
never a letter. A solo daily says them from the player's state (its module's share_score, share_rows); a pair's
daily (Claves a Dúo, played in a room) from the pair's result (pair_score, pair_share_rows)."""

from __future__ import annotations

from typing import Any

from django.core import signing
from django.urls import reverse
from django.utils.translation import gettext as _

from daily.models import Play
from daily.registry import daily_for
from games.runtime.catalogue import spec_for

PICTURE_SALT = "daily-picture"


def score_and_rows(play: Play) -> tuple[str, list[str]]:
    puzzle = play.puzzle
    module = daily_for(puzzle.game)
    if hasattr(module, "start"):
        return module.share_score(puzzle.data, play.state), module.share_rows(puzzle.data, play.state)
    result = play.result or {}
    return module.pair_score(result), module.pair_share_rows(result)


def puzzle_url(play: Play) -> str:
    """The page of the play's puzzle: the day's (or the archive's) puzzle of its game and variant."""
    puzzle = play.puzzle
    base = reverse("daily_game", args=[puzzle.game])
    return f"{base}?day={puzzle.day.isoformat()}" + (f"&v={puzzle.variant}" if puzzle.variant else "")


def share_card(request: Any, play: Play) -> dict[str, str]:
    """{"title", "text", "url", "picture"}: the text to share (the score line, the rows, the puzzle's link) and the
    picture's signed address."""
    puzzle = play.puzzle
    link = request.build_absolute_uri(puzzle_url(play))
    title = _("Daily %(game)s, %(day)s") % {"game": spec_for(puzzle.game).name, "day": puzzle.day.isoformat()}
    language = f" ({puzzle.variant.upper()})" if puzzle.variant else ""
    score, rows = score_and_rows(play)
    return {
        "title": title,
        "text": "\n".join([f"{title}{language}: {score}", *rows, link]),
        "url": link,
        "picture": reverse("daily_picture", args=[signing.dumps(play.pk, salt=PICTURE_SALT)]),
    }
