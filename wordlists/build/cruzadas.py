"""Letras Cruzadas (Turkish 15x15 tile game): every form of the Debian hunspell-tr dictionary.

The hunspell .dic/.aff pair is expanded in full (survey §4.2: finite, ~1.35 M forms, no blow-up,
since tr_TR has one suffix per flag and no continuation classes, so nothing recursive is lost) and
filtered to what a board accepts: forms written all in lowercase (a capital marks a proper noun:
İstanbul, Ahmet), made only of the 29 Turkish letters once normalised (no apostrophes: İstanbul'da),
2 to 15 letters long (the board is 15 squares wide).

The survey checked this expansion word by word with the hunspell C library (0 rejections), so the
build does not need the library. The .deb is fetched by wordlists.build.hunspell (``apt-get download``
of the exact version into a cache folder); the .dic and .aff are checked here by SHA-256.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from pathlib import Path

from wordlists import alphabets
from wordlists.build import hunspell
from wordlists.build.model import BuiltList, Source
from wordlists.build.names import headwords, is_name_in, name_forms, name_stems
from wordlists.dawg import Dawg

DEBIAN_PACKAGE = "hunspell-tr"
DEBIAN_VERSION = "1:7.5.0-1"
DIC_NAME = "tr_TR"
# The files themselves are checked (not the .deb, which the shared cache may have dropped once unpacked).
SHA256 = {
    ".aff": "d221e3032a8a53adfa67292145a63fdf402ba20038f382931b4e9788662fd427",
    ".dic": "2bfbc4ec08be10fa2dc34092d7ae96a2c03d1cc9b0c05992e9473e08de4afe19",
}

LANGUAGE = "tr"
MIN_LEN = 2
MAX_LEN = 15  # the board is 15 squares wide

SOURCE = Source(
    name=f"hunspell-tr by Harun Reşit Zafer (Debian package {DEBIAN_PACKAGE} {DEBIAN_VERSION}, "
    "LibreOffice dictionaries), all affixed forms",
    licence="MPL-2.0",
    url_hint=f"debian:{DEBIAN_PACKAGE}={DEBIAN_VERSION}",
)
DAWG_NAME = "cruzadas-tr-valid.dawg"


def fetch_dictionary() -> Path:
    """The tr_TR base path (without .dic/.aff) inside the unpacked .deb, its files checked."""
    base = hunspell.hunspell_base(DEBIAN_PACKAGE, DEBIAN_VERSION, DIC_NAME)
    for suffix, expected in SHA256.items():
        path = base.with_suffix(suffix)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if digest != expected:
            raise RuntimeError(f"{path}: sha256 {digest}, expected {expected}; delete it and rebuild")
    return base


def expand(base: Path) -> set[str]:
    """Every lowercase form of the dictionary (apostrophe forms included; ``select`` drops them), without
    the forms of proper nouns (wordlists.build.names: a headword also listed capitalised that simplemma's
    Turkish lemma table reads as a name)."""
    dictionary = hunspell.load(base)
    names = name_stems(LANGUAGE, headwords(dictionary))
    forms = hunspell.expand(dictionary, keep=_is_lowercase, skip=is_name_in(names))
    return forms | name_forms(LANGUAGE, dictionary, names, keep=_is_lowercase)[0]


# Most forms are already plain Turkish letters, for which normalise() is the identity; testing that
# with one regex first makes the selection about 3x faster.
_PLAIN = re.compile("[" + "".join(alphabets.alphabet(LANGUAGE)) + "]+")


def _is_lowercase(form: str) -> bool:
    return form == form.replace("I", "ı").replace("İ", "i").lower()


def select(forms: Iterable[str]) -> list[tuple[str, str]]:
    """(normalised, display) pairs of board-playable forms, sorted by normalised form.

    Circumflexed spellings (kâr, hâlâ) fold onto their plain twins, which the dictionary also
    lists, so the plain spelling is shown when it exists.
    """
    spellings: dict[str, list[str]] = {}
    for form in forms:
        if not _is_lowercase(form):
            continue
        norm = form if _PLAIN.fullmatch(form) else alphabets.normalise(LANGUAGE, form)
        if norm is None or not MIN_LEN <= alphabets.length(LANGUAGE, norm) <= MAX_LEN:
            continue
        spellings.setdefault(norm, []).append(form)
    out = []
    for norm in sorted(spellings):
        forms_ = spellings[norm]
        out.append((norm, norm if norm in forms_ else min(forms_)))
    return out


def build() -> list[BuiltList]:
    """The one Cruzadas list: every word a play may form."""
    words = select(expand(fetch_dictionary()))
    return [
        BuiltList(
            game="cruzadas",
            language=LANGUAGE,
            length=None,
            kind="valid",
            words=words,
            sources=[SOURCE],
        )
    ]


def write_extra(out_dir: str | Path, lists: list[BuiltList]) -> list[Path]:
    """Write ``cruzadas-tr-valid.dawg`` next to the .txt list (deterministic bytes)."""
    written = []
    for built in lists:
        if (built.game, built.language, built.kind) == ("cruzadas", LANGUAGE, "valid"):
            path = Path(out_dir) / DAWG_NAME
            Dawg.build((w for w, _ in built.words), "".join(alphabets.alphabet(LANGUAGE))).save(path)
            written.append(path)
    return written
