"""Read-only, in-memory word lists, loaded once per process from the committed data files.

Pure Python (no Django): engines and bots use it directly. A lexicon answers
membership and random choice cheaply; the Turkish crossword list (1.1 M words)
is answered by its DAWG file instead of a set, which would cost ~100 MB per process.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from wordlists import alphabets

DATA_DIR = Path(__file__).resolve().parent / "data"
MANIFEST = DATA_DIR / "manifest.json"
HIDDEN = "hidden"
COMMON = "common"  # a valid list's words by frequency, commonest first (wordlists.build.common)
# Lists too large for a Python set: membership goes through their DAWG file.
DAWG_BACKED = {"cruzadas-tr-valid"}


class UnknownList(LookupError):
    pass


class CorruptList(RuntimeError):
    """A data file that does not match the manifest: a broken deployment, never a player's fault."""


@dataclass(frozen=True)
class ListInfo:
    slug: str
    game: str
    language: str
    length: int | None
    kind: str
    count: int
    file: str
    sha256: str
    sources: tuple[dict, ...]
    dawg_sha256: str | None = None

    @property
    def version(self) -> str:
        """The list's version as players and games see it: the start of its content hash."""
        return self.sha256[:12]

    @property
    def is_hidden(self) -> bool:
        return self.kind == HIDDEN

    @property
    def path(self) -> Path:
        return DATA_DIR / self.file


@dataclass(frozen=True)
class Lexicon:
    info: ListInfo
    words: tuple[str, ...]  # sorted, normalised
    _members: frozenset[str] = field(repr=False)
    _display: dict[str, str] = field(repr=False)

    def __contains__(self, word: object) -> bool:
        return word in self._members

    def __len__(self) -> int:
        return len(self.words)

    def display(self, word: str) -> str:
        """The spelling players expect to see (accents, ñ, composed Hangul for Korean)."""
        shown = self._display.get(word, word)
        if self.info.language == "ko" and shown == word:
            return alphabets.compose_korean(alphabets.letters("ko", word))
        return shown

    def choose(self, rng: random.Random, exclude: frozenset[str] | set[str] = frozenset()) -> str:
        """A uniformly random word not in `exclude` (bans, words already used in a room)."""
        if len(exclude) < len(self.words) // 2:
            for _attempt in range(64):
                word = self.words[rng.randrange(len(self.words))]
                if word not in exclude:
                    return word
        remaining = [word for word in self.words if word not in exclude]
        if not remaining:
            raise LookupError(f"{self.info.slug}: every word is excluded")
        return remaining[rng.randrange(len(remaining))]


@cache
def manifest() -> dict[str, ListInfo]:
    data = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return {
        slug: ListInfo(
            slug=slug,
            game=entry["game"],
            language=entry["language"],
            length=entry["length"],
            kind=entry["kind"],
            count=entry["count"],
            file=entry["file"],
            sha256=entry["sha256"],
            sources=tuple(entry.get("sources", ())),
            dawg_sha256=entry.get("dawg", {}).get("sha256"),
        )
        for slug, entry in data["lists"].items()
    }


def list_info(slug: str) -> ListInfo:
    try:
        return manifest()[slug]
    except KeyError:
        raise UnknownList(slug) from None


def slug_for(game: str, language: str, length: int | None, kind: str) -> str:
    size = f"-{length}" if length else ""
    return f"{game}-{language}{size}-{kind}"


def read_entries(info: ListInfo) -> list[tuple[str, str]]:
    """(normalised, display) pairs of a list, checked against the manifest's hash."""
    data = info.path.read_bytes()
    if hashlib.sha256(data).hexdigest() != info.sha256:
        raise CorruptList(f"{info.file} does not match the sha256 in manifest.json")
    entries = []
    for line in data.decode("utf-8").splitlines():
        normalised, _tab, display = line.partition("\t")
        entries.append((normalised, display or normalised))
    return entries


@cache
def lexicon(slug: str) -> Lexicon:
    """The list `slug`, loaded on first use and shared by everything in this process."""
    info = list_info(slug)
    if slug in DAWG_BACKED:
        raise UnknownList(f"{slug} is served by dawg({slug!r}), not as a set")
    entries = read_entries(info)
    if info.kind == COMMON:
        entries = _as_in_valid_list(info, entries)
    words = tuple(normalised for normalised, _ in entries)
    display = {normalised: shown for normalised, shown in entries if shown != normalised}
    return Lexicon(info=info, words=words, _members=frozenset(words), _display=display)


def _as_in_valid_list(info: ListInfo, entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A common list's words are words of its valid list: hold them as that list's own string objects, so that
    a process keeps each word once (otherwise the common lists add about a third to the lists' memory)."""
    valid_slug = slug_for(info.game, info.language, info.length, "valid")
    if valid_slug in DAWG_BACKED or valid_slug not in manifest():
        return entries
    valid = lexicon(valid_slug)
    same = {word: word for word in valid.words}
    return [
        (same.get(normalised, normalised), valid._display.get(normalised, same.get(shown, shown)))
        for normalised, shown in entries
    ]


@cache
def dawg(slug: str):
    """The DAWG of a list (the crossword AI walks it): loaded once per process."""
    from wordlists.dawg import Dawg

    info = list_info(slug)
    path = info.path.with_suffix(".dawg")
    if info.dawg_sha256 is None or hashlib.sha256(path.read_bytes()).hexdigest() != info.dawg_sha256:
        raise CorruptList(f"{path.name} does not match the sha256 in manifest.json")
    return Dawg.load(path)
