"""Claves a Dúo board words: the hand-curated Spanish file turned into the two level lists.

The words are chosen by hand (wordlists/curated/claves-es.txt); no tool can tell a concrete,
child-friendly noun or a word with several meanings apart. This module only parses, checks and
normalises them, so the build needs no network and no third-party package.
"""

from __future__ import annotations

from pathlib import Path

from wordlists.alphabets import normalise
from wordlists.build.model import BuiltList, Source

CURATED = Path(__file__).resolve().parent.parent / "curated" / "claves-es.txt"
LEVELS = ("familiar", "standard")

SOURCE = Source(
    name="Claves a Dúo word list, hand-curated by the Dream Games project (original work)",
    licence="CC0-1.0",
    url_hint="wordlists/curated/claves-es.txt",
)


def read_curated(path: Path = CURATED) -> list[tuple[str, str]]:
    """(display word, level) pairs in file order; raises ValueError on a malformed line."""
    entries: list[tuple[str, str]] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 2 or parts[1] not in LEVELS:
            raise ValueError(f"{path.name}:{number}: expected '<word> <level>', got {raw!r}")
        entries.append((parts[0], parts[1]))
    return entries


def build(path: Path = CURATED) -> list[BuiltList]:
    """The "familiar" list and the "standard" list (which also holds every familiar word)."""
    by_level: dict[str, dict[str, str]] = {level: {} for level in LEVELS}
    for display, level in read_curated(path):
        # A capital would mean a proper noun slipped in; normalise() would lowercase it silently.
        if display != display.lower():
            raise ValueError(f"claves word not lowercase: {display!r}")
        norm = normalise("es", display)
        if norm is None:
            raise ValueError(f"claves word has a non-Spanish letter: {display!r}")
        for other in by_level.values():
            if norm in other:
                raise ValueError(f"claves word listed twice: {display!r}")
        by_level[level][norm] = display
    familiar = by_level["familiar"]
    standard = {**familiar, **by_level["standard"]}
    return [
        BuiltList(
            game="claves",
            language="es",
            length=None,
            kind=kind,
            words=sorted(words.items()),
            sources=[SOURCE],
        )
        for kind, words in (("familiar", familiar), ("standard", standard))
    ]
