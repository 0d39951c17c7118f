"""A date's puzzles committed before the date, revealed after it (pure): fair by construction (issue 35).

The document of a game's date is canonical JSON: the game, the date, a salt, and for each variant its seed and
its answers. Its SHA-256 is shown on the daily pages before the date begins anywhere; once the date is over
everywhere the document itself is published, and anyone can check that it hashes to the digest shown before
(`sha256sum` of the text, or the check page). The salt is 32 random bytes kept secret until then: without it a
five-letter answer could be found from the digest by trying every word of the list."""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable
from datetime import date
from typing import Any


def new_salt() -> str:
    return secrets.token_hex(32)


def document(game: str, day: date, salt: str, puzzles: Iterable[tuple[str, str, dict[str, Any]]]) -> str:
    """The text committed to, from (variant, seed, answers) of each of the date's puzzles of `game`."""
    body = {
        "game": game,
        "day": day.isoformat(),
        "salt": salt,
        "puzzles": [
            {"variant": variant, "seed": seed, "answers": answers}
            for variant, seed, answers in sorted(puzzles, key=lambda puzzle: puzzle[0])
        ],
    }
    return json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def verifies(text: str, expected: str) -> bool:
    return secrets.compare_digest(digest(text), expected.strip().lower())
