"""Wordgrid (English 5x5 grid game): the Letterpress word list from the npm package ``word-list``.

Survey §4.1 wanted ENABLE, but ENABLE is on no reachable registry; ``word-list`` 4.1.0 (MIT) is, and it
has the two-letter words a grid game needs (124 of them: aa ... qi ... za) and no abbreviations.
The tarball is fetched with the ordinary npm client into a cache folder and checked by SHA-256, so a
rebuild reads exactly the same bytes.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import tarfile
from pathlib import Path

from wordlists.build import hunspell
from wordlists.build.hunspell import cache_dir
from wordlists.build.model import BuiltList, Source
from wordlists.build.names import headwords, lower, name_forms, name_stems
from wordlists.build.names import sources as proper_sources
from wordlists.dawg import Dawg

NPM_PACKAGE = "word-list"
NPM_VERSION = "4.1.0"
TARBALL = f"{NPM_PACKAGE}-{NPM_VERSION}.tgz"
TARBALL_SHA256 = "c0cd6e2a112392204960e9998d79347a8ae1571dab5e3fdbfa685ef5977faedb"
WORDS_MEMBER = "package/words.txt"

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
MIN_LEN = 2
MAX_LEN = 25  # the grid has 25 cells and a path visits each at most once
_WORD = re.compile(rf"[a-z]{{{MIN_LEN},{MAX_LEN}}}")

SOURCE = Source(
    name=f"word-list {NPM_VERSION} by Sindre Sorhus (npm package {NPM_PACKAGE}@{NPM_VERSION}, "
    "the Letterpress word list)",
    licence="MIT",
    url_hint=f"npm:{NPM_PACKAGE}@{NPM_VERSION}",
)
DAWG_NAME = "wordgrid-en-valid.dawg"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_tarball() -> Path:
    """The checked ``word-list`` tarball, packed by npm into the cache folder on first use."""
    cache = cache_dir() / "npm"
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / TARBALL
    if not path.exists():
        subprocess.run(
            ["npm", "pack", f"{NPM_PACKAGE}@{NPM_VERSION}", "--pack-destination", str(cache)],
            check=True,
            capture_output=True,
        )
    digest = _sha256(path)
    if digest != TARBALL_SHA256:
        raise RuntimeError(f"{path}: sha256 {digest}, expected {TARBALL_SHA256}; delete it and rebuild")
    return path


def read_words(tarball: Path) -> list[str]:
    """Every line of the package's words.txt (LF-separated, lowercase)."""
    with tarfile.open(tarball) as tar:
        member = tar.extractfile(WORDS_MEMBER)
        if member is None:
            raise RuntimeError(f"{tarball}: no {WORDS_MEMBER}")
        text = member.read().decode("utf-8")
    return text.split("\n")


def select(raw: list[str]) -> list[str]:
    """Sorted unique words of 2-25 letters a-z; anything else (a 27-letter chemical, say) is dropped."""
    return sorted({w for w in (line.strip() for line in raw) if _WORD.fullmatch(w)})


# `word-list` has no capitals, so its names (jesus, mary, spain) are found in a dictionary that has them.
NAMES_PACKAGE = ("hunspell-en-us", "1:2020.12.07-2", "en_US")
BRITISH_PACKAGE = ("hunspell-en-gb", "1:7.5.0-1", "en_GB")
NAMES_SOURCE = Source(
    name="hunspell-en-us (Debian package hunspell-en-us 1:2020.12.07-2), hunspell-en-gb (Debian package "
    "hunspell-en-gb 1:7.5.0-1) and simplemma 2.0.0, to leave out proper nouns",
    licence="SCOWL permissive licence; LGPL-2.1 (en_GB); MIT",
    url_hint="hunspell-en-us",
)


# en_US's capitalised words of two letters are chemical symbols and abbreviations (Ag, Fe, Ar, Ut, Oe), not the
# names of people and places the rules leave out, and `word-list`'s 124 two-letter words are its editors' game
# words (those of the Scrabble lists: ag, fe, gi, ki, oe, om, ut ...): a two-letter word is never left out as a name.
SYMBOL_LENGTH = 2


def proper_nouns() -> set[str]:
    """Lowercased forms of en_US's proper nouns (wordlists.build.names) that no common headword of en_US
    or en_GB makes.

    `Mary` (only capitalised) is a name; `mark` is kept, since `mark/AMDSG` is a common headword too; a
    name's form that a common word also makes (`Burns`, `burns`) is kept.
    """
    dictionary = hunspell.load(hunspell.hunspell_base(*NAMES_PACKAGE))
    names = name_stems("en", headwords(dictionary))
    _, named = name_forms("en", dictionary, names, lowercase_only=False)
    common = hunspell.expand(
        dictionary, keep=lambda form: form in named, skip=lambda s: s != lower("en", s) or s in names
    )
    # British spellings (armour) are names only in en_US (Armour): en_GB's common words are common too.
    british = hunspell.load(hunspell.hunspell_base(*BRITISH_PACKAGE))
    british_names = name_stems("en", headwords(british))
    common |= hunspell.expand(
        british, keep=lambda form: form in named, skip=lambda s: s != lower("en", s) or s in british_names
    )
    return named - common


def build() -> list[BuiltList]:
    """The one Wordgrid list: every playable word but proper nouns, display spelling = normalised spelling."""
    names = proper_nouns()
    words = [w for w in select(read_words(fetch_tarball())) if w not in names or len(w) <= SYMBOL_LENGTH]
    return [
        BuiltList(
            game="wordgrid",
            language="en",
            length=None,
            kind="valid",
            words=[(w, w) for w in words],
            sources=[SOURCE, NAMES_SOURCE, *proper_sources("en")],
        )
    ]


def write_extra(out_dir: str | Path, lists: list[BuiltList]) -> list[Path]:
    """Write ``wordgrid-en-valid.dawg`` next to the .txt lists (deterministic bytes)."""
    written = []
    for built in lists:
        if (built.game, built.language, built.kind) == ("wordgrid", "en", "valid"):
            path = Path(out_dir) / DAWG_NAME
            Dawg.build((w for w, _ in built.words), ALPHABET).save(path)
            written.append(path)
    return written
