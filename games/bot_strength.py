"""How strong each bot level is, measured by `manage.py selfplay --publish` and shown on the games' pages in a
sentence a player understands (issue 21; woogles publishes its bot ladder the same way).

The figures live in games/data/bot_strength.json, committed with the code that made them: selfplay writes one
game's part at a time (`record`), the pages read them (`strength_notes`, `strength_table`). docs/bots.md holds the
same figures with the command lines that made them.

A game measured per language (the Wordle games) says its own sentence: its `strength.py` (found as its analysis
is) gives `sentence(level, row)`, `WHOLE` (what a solve rate is out of: a row's key) and `SHOWS_GUESSES`.
"""

from __future__ import annotations

import json
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from games.runtime.catalogue import game_module

PATH = Path(__file__).resolve().parent / "data" / "bot_strength.json"
LEVELS = ("easy", "medium", "hard")


@cache
def figures() -> dict[str, Any]:
    """Every game's published figures ({} before the first publication)."""
    if not PATH.exists():
        return {}
    return json.loads(PATH.read_text(encoding="utf-8"))


def record(game: str, part: dict[str, Any], *, command: str) -> None:
    """Publish `game`'s new figures (selfplay --publish). A Duelo or Torneo run that measured some languages
    replaces those and keeps the others' earlier figures."""
    data = json.loads(PATH.read_text(encoding="utf-8")) if PATH.exists() else {}
    old = data.get(game, {})
    if "languages" in part:
        part = {**part, "languages": {**old.get("languages", {}), **part["languages"]}}
        commands = {**old.get("commands", {}), **{language: command for language in part["languages"]}}
        part = {**part, "commands": {key: commands[key] for key in sorted(commands)}}
    else:
        part = {**part, "command": command}
    data[game] = {**part, "measured": date.today().isoformat()}
    PATH.parent.mkdir(parents=True, exist_ok=True)
    PATH.write_text(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    figures.cache_clear()


# -- what the pages say -------------------------------------------------------------------------------------


def percent(part: float, whole: float) -> str:
    return f"{number_format(round(100 * part / whole))}\u00a0%" if whole else "—"


def decimal(value: float) -> str:
    return number_format(round(value, 1), decimal_pos=1)  # number_format cuts digits off, it does not round


def _against(level: str, rate: str) -> str:
    return {
        "easy": _("%(rate)s of its games against the easy bot"),
        "medium": _("%(rate)s of its games against the medium bot"),
        "hard": _("%(rate)s of its games against the hard bot"),
    }[level] % {"rate": rate}


def _two_seats(level: str, game: dict[str, Any]) -> str | None:
    row = game["levels"].get(level)
    if row is None:
        return None
    record = []
    for pairing in game["pairings"]:
        first, second = pairing["levels"]
        if level not in (first, second) or first == second:
            continue
        mine, other = (0, second) if level == first else (1, first)
        record.append(_against(other, percent(pairing["wins"][mine], pairing["games"])))
    text = {
        "easy": _("The easy bot scores %(points)s points a game on average and wins %(record)s."),
        "medium": _("The medium bot scores %(points)s points a game on average and wins %(record)s."),
        "hard": _("The hard bot scores %(points)s points a game on average and wins %(record)s."),
    }[level]
    return text % {"points": decimal(row["points"]), "record": _(" and ").join(record)}


def _said(game: str) -> Any:
    """The game's own words for its figures measured per language (its strength.py)."""
    said = game_module(game, "strength")
    if said is None:
        raise LookupError(f"{game} is measured per language but says nothing of it: no games/{game}/strength.py")
    return said


def strength_notes(game: str, language: str | None = None) -> dict[str, Any] | None:
    """The sentences a game's page shows, one per level; for a game measured per language, in `language` (the
    first measured one if it was not): {"measured": date, "language": code or None, "notes": [(level,
    sentence)]}; None before any publication."""
    published = figures().get(game)
    if not published:
        return None
    notes: list[tuple[str, str]] = []
    chosen = None
    if "languages" in published:
        languages = published["languages"]
        chosen = language if language in languages else next(iter(sorted(languages)), None)
        say = _said(game).sentence
        rows = languages.get(chosen, {})
        notes = [(level, say(level, rows[level])) for level in LEVELS if level in rows]
    else:
        notes = [(level, text) for level in LEVELS if (text := _two_seats(level, published))]
    return {"measured": date.fromisoformat(published["measured"]), "language": chosen, "notes": notes}


def strength_table(game: str) -> list[dict[str, Any]]:
    """A game measured per language, every measured language: [{"language", "cells": [(level, solve rate,
    guesses)]}]. A game whose strength.py shows no guesses has None there (the Torneo: on a shared board they say
    more about the rival than the bot)."""
    published = figures().get(game) or {}
    if not published.get("languages"):
        return []
    said = _said(game)
    table = []
    whole = said.WHOLE
    for language, rows in sorted(published.get("languages", {}).items()):
        cells = [
            (
                level,
                percent(rows[level]["solved"], rows[level][whole]),
                decimal(rows[level]["guesses"]) if said.SHOWS_GUESSES else None,
            )
            for level in LEVELS
            if level in rows
        ]
        table.append({"language": language, "cells": cells})
    return table
