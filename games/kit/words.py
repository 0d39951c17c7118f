"""What an engine asks of a word list, a small list for tests and tools, and a valid list's common words."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable


@runtime_checkable
class WordList(Protocol):
    """What an engine asks of a word list: `wordlists.lexicon.Lexicon` has exactly this surface."""

    @property
    def words(self) -> Sequence[str]:  # normalised forms; read-only (Lexicon and WordSet are frozen)
        ...

    def __contains__(self, word: object) -> bool: ...

    def choose(self, rng: random.Random, exclude: frozenset[str] | set[str] = ...) -> str: ...

    def display(self, word: str) -> str: ...


# The lists an engine may read, by slug ("duelo-es-5-valid"). In production: wordlists.lexicon.lexicon.
WordSource = Callable[[str], WordList]


@dataclass(frozen=True)
class WordSet:
    """A small in-memory `WordList` (tests, tools): normalised words and optional display spellings."""

    words: tuple[str, ...]
    shown: Mapping[str, str] = field(default_factory=dict)
    _members: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "words", tuple(self.words))
        object.__setattr__(self, "_members", frozenset(self.words))

    def __contains__(self, word: object) -> bool:
        return word in self._members

    def __len__(self) -> int:
        return len(self.words)

    def display(self, word: str) -> str:
        return self.shown.get(word, word)

    def choose(self, rng: random.Random, exclude: frozenset[str] | set[str] = frozenset()) -> str:
        remaining = [word for word in self.words if word not in exclude]
        if not remaining:
            raise LookupError("every word is excluded")
        return remaining[rng.randrange(len(remaining))]


def common_slug(valid_slug: str) -> str:
    """The common words of a valid list, commonest first: `wordgrid-en-valid` -> `wordgrid-en-common`
    (wordlists.build.common). The bots' easy and medium levels play from them (issue 21)."""
    return valid_slug.removesuffix("-valid") + "-common"


def common_list(words: WordSource, valid_slug: str) -> WordList | None:
    """A valid list's common words (commonest first), or None when the source has none for it (a hand-made set
    of lists in a test or tool, a language without frequency data): the bot then plays from the whole list."""
    try:
        return words(common_slug(valid_slug))
    except LookupError:
        return None


_COMMON: dict[tuple[int, int], tuple[WordList, frozenset[str]]] = {}


def common_words(words: WordSource, valid_slug: str, top: int) -> frozenset[str] | None:
    """The `top` commonest words of a valid list as a set (None: see `common_list`)."""
    common = common_list(words, valid_slug)
    if common is None:
        return None
    # Keyed by identity with the list kept alive next to it, so that an id is never reused wrongly.
    cached = _COMMON.get((id(common), top))
    if cached is None or cached[0] is not common:
        if len(_COMMON) > 64:
            _COMMON.clear()
        cached = _COMMON[(id(common), top)] = (common, frozenset(common.words[:top]))
    return cached[1]


def list_version(word_list: object) -> str | None:
    """The version of a list as the wordlists app reports it (None for a hand-made set)."""
    info = getattr(word_list, "info", None)
    return getattr(info, "version", None)
