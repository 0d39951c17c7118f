"""How the Torneo bots' measured strength is said on its pages (games/bot_strength.py reads this): per level, the
share of its duels it solves and of the tournaments it wins. No guesses: on a shared board they say more about
the rival than the bot."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.bot_strength import percent

WHOLE = "duels"  # a solve rate is out of the duels it played
SHOWS_GUESSES = False


def sentence(level: str, row: dict[str, Any]) -> str:
    text = {
        "easy": _("The easy bot solves %(rate)s of its duels and wins %(titles)s of the tournaments it plays."),
        "medium": _("The medium bot solves %(rate)s of its duels and wins %(titles)s of the tournaments it plays."),
        "hard": _("The hard bot solves %(rate)s of its duels and wins %(titles)s of the tournaments it plays."),
    }[level]
    return text % {
        "rate": percent(row["solved"], row["duels"]),
        "titles": percent(row["titles"], row["tournaments"]),
    }
