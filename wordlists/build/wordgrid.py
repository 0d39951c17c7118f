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

from wordlists.build.hunspell import cache_dir
from wordlists.build.model import BuiltList, Source
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


def build() -> list[BuiltList]:
    """The one Wordgrid list: every playable word, display spelling = normalised spelling."""
    words = select(read_words(fetch_tarball()))
    return [
        BuiltList(
            game="wordgrid",
            language="en",
            length=None,
            kind="valid",
            words=[(w, w) for w in words],
            sources=[SOURCE],
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
