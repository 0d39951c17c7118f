"""The one shape every list builder returns, so the pipeline can write and credit them alike."""

from __future__ import annotations

from dataclasses import dataclass, field

COMMON = "common"  # a valid list's words by frequency, commonest first (wordlists.build.common)


@dataclass(frozen=True)
class Source:
    """Where words came from, for the credits page."""

    name: str  # e.g. "hunspell-es (Debian package hunspell-es 1:2.7-1)"
    licence: str  # e.g. "LGPL-3.0-or-later / MPL-1.1"
    url_hint: str = ""  # registry package name, never a live URL fetched at run time


@dataclass
class BuiltList:
    """One word list as the games see it.

    game: "duelo" | "torneo" | "wordgrid" | "cruzadas" | "claves"
    language: ISO 639-1 code ("es", "tr", ...)
    length: word length in normalised letters, or None for lists of mixed length
    kind: "hidden" (possible secret/answer words), "valid" (accepted guesses/plays),
          "familiar" / "standard" (Claves levels), "common" (a valid list's words by frequency)
    words: (normalised, display) pairs, sorted by normalised form (a "common" list: commonest first), no
           duplicates
    """

    game: str
    language: str
    length: int | None
    kind: str
    words: list[tuple[str, str]]
    sources: list[Source] = field(default_factory=list)

    @property
    def ranked(self) -> bool:
        """Is the order of the words part of the list (its rank), rather than alphabetical?"""
        return self.kind == COMMON

    @property
    def slug(self) -> str:
        size = f"-{self.length}" if self.length else ""
        return f"{self.game}-{self.language}{size}-{self.kind}"
