"""How the Duelo bots' measured strength is said on its pages (games/bot_strength.py reads this): per level, the
share of the words it solves and its guesses on average."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.bot_strength import decimal, percent

WHOLE = "words"  # a solve rate is out of the words it was given
SHOWS_GUESSES = True


def sentence(level: str, row: dict[str, Any]) -> str:
    text = {
        "easy": _("The easy bot solves %(rate)s of the words, in %(guesses)s guesses on average."),
        "medium": _("The medium bot solves %(rate)s of the words, in %(guesses)s guesses on average."),
        "hard": _("The hard bot solves %(rate)s of the words, in %(guesses)s guesses on average."),
    }[level]
    return text % {"rate": percent(row["solved"], row["words"]), "guesses": decimal(row["guesses"])}
