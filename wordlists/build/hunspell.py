"""Debian dictionary packages and a hunspell expander, shared by every list builder.

Packages are fetched with `apt-get download PKG=VERSION` (an exact version, so a rebuild reads the
same files) into a cache folder and unpacked with `dpkg-deb -x`: no root and no installation.
The trees go to ~/.cache/dreamgames-wordlists/debian/ (the .deb files to debian/debs/); set
DREAMGAMES_WORDLISTS_CACHE to use another root.

`expand` generates every form a hunspell .dic/.aff pair accepts, using spylls' parser (the C
`unmunch` tool drops or garbles forms for FLAG num / UTF-8 / long-flag dictionaries; see the survey,
wordlists.md §5). Validation with the hunspell C library is optional (`validate`), since it needs
libhunspell-dev; the expansion alone was measured to produce no rejected form for tr, fr and ru.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path


def cache_dir() -> Path:
    """The folder where downloaded packages and their unpacked trees are kept."""
    root = os.environ.get("DREAMGAMES_WORDLISTS_CACHE") or Path.home() / ".cache" / "dreamgames-wordlists"
    path = Path(root)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _safe(version: str) -> str:
    return version.replace(":", "_")


def fetch_deb(package: str, version: str) -> Path:
    """Download `package` at exactly `version` (once) and return the folder it is unpacked into."""
    root = cache_dir() / "debian"
    root.mkdir(exist_ok=True)
    tree = root / f"{package}_{_safe(version)}"
    if (tree / ".complete").exists():
        return tree
    debs = root / "debs"
    debs.mkdir(exist_ok=True)
    deb = debs / f"{package}_{_safe(version)}.deb"
    if not deb.exists():
        with tempfile.TemporaryDirectory(dir=root) as tmp:
            cmd = ["apt-get", "download", f"{package}={version}"]
            result = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, check=False)
            if result.returncode != 0:
                raise RuntimeError(
                    f"apt-get download {package}={version} failed (run apt-get update?):\n{result.stderr}"
                )
            (found,) = Path(tmp).glob("*.deb")
            shutil.move(str(found), deb)
    # Unpack beside the final name and rename, so a reader never sees half a tree.
    with tempfile.TemporaryDirectory(dir=root) as tmp:
        subprocess.run(["dpkg-deb", "-x", str(deb), tmp], check=True)
        (Path(tmp) / ".complete").touch()
        if tree.exists():
            shutil.rmtree(tree)
        Path(tmp).rename(tree)
        Path(tmp).mkdir()  # TemporaryDirectory removes it on exit
    return tree


def hunspell_base(package: str, version: str, name: str) -> Path:
    """The path (without .dic/.aff) of dictionary `name` (e.g. "es_ES") inside a Debian package."""
    tree = fetch_deb(package, version)
    for folder in ("usr/share/hunspell", "usr/share/myspell/dicts", "usr/share/myspell"):
        base = tree / folder / name
        if base.with_suffix(".dic").exists():
            return base
    matches = sorted(tree.rglob(f"{name}.dic"))
    if not matches:
        raise FileNotFoundError(f"{name}.dic not in {package} {version}")
    return matches[0].with_suffix("")


def read_dic_stems(base: Path) -> list[str]:
    """The stems of a .dic file, without flags or morphology (for dictionaries spylls cannot load)."""
    stems: list[str] = []
    with open(base.with_suffix(".dic"), encoding="utf-8", errors="replace") as fh:
        next(fh, None)  # the first line is the entry count
        for line in fh:
            line = line.rstrip("\n")
            if not line or line.startswith(("#", "\t")):
                continue
            word = headword(line)
            if word:
                stems.append(word)
    return stems


def headword(line: str) -> str:
    """The word of a .dic line, without its flags and morphology fields.

    A slash escaped with a backslash belongs to the word; the first bare one starts the flags.
    """
    stem = line.split("\t", 1)[0].split(" ", 1)[0]
    out, i = [], 0
    while i < len(stem):
        if stem[i] == "\\" and i + 1 < len(stem):
            out.append(stem[i + 1])
            i += 2
            continue
        if stem[i] == "/":
            break
        out.append(stem[i])
        i += 1
    return "".join(out)


def load(base: Path):  # -> spylls.hunspell.Dictionary
    from spylls.hunspell import Dictionary

    return Dictionary.from_files(str(base))


def stems(dictionary, *, keep: Callable[[str], bool] | None = None, with_needaffix: bool = False) -> list[str]:
    """The stems a dictionary accepts on their own (not forbidden, not only-in-compound/need-affix).

    `with_needaffix` also keeps NEEDAFFIX stems: fr marks most lemmas so and generates the bare form
    with an empty suffix, so there they are lemmas all the same (check them against the expansion).
    """
    aff = dictionary.aff
    flags = (
        (aff.ONLYINCOMPOUND, aff.FORBIDDENWORD)
        if with_needaffix
        else (aff.NEEDAFFIX, aff.ONLYINCOMPOUND, aff.FORBIDDENWORD)
    )
    bad = {f for f in flags if f}
    out = {w.stem for w in dictionary.dic.words if not (set(w.flags) & bad)}
    return sorted(w for w in out if keep is None or keep(w))


def expand(
    dictionary, *, keep: Callable[[str], bool] | None = None, skip: Callable[[str], bool] | None = None
) -> set[str]:
    """Every form of a spylls Dictionary: stems, suffixes, two-level suffixes, prefixes, cross products.

    `keep` filters while generating, which keeps memory low for it_IT / pt_BR (millions of clitic and
    elided forms); forms it rejects are still used to derive further forms. `skip` leaves out whole
    headwords (the names of wordlists.build.names): none of their forms is generated, but the same form
    still comes out of another headword that makes it.
    """
    aff = dictionary.aff
    bad = {f for f in (aff.NEEDAFFIX, aff.ONLYINCOMPOUND, aff.FORBIDDENWORD, aff.CIRCUMFIX) if f}
    out: set[str] = set()

    def add(form: str) -> None:
        if keep is None or keep(form):
            out.add(form)

    def sfx(word: str, s) -> str | None:
        if word.endswith(s.strip) and s.cond_regexp.search(word):
            return (word[: len(word) - len(s.strip)] if s.strip else word) + s.add
        return None

    def pfx(word: str, p) -> str | None:
        if word.startswith(p.strip) and p.cond_regexp.search(word):
            return p.add + word[len(p.strip) :]
        return None

    for word in dictionary.dic.words:
        flags = set(word.flags)
        if aff.FORBIDDENWORD and aff.FORBIDDENWORD in flags:
            continue
        if skip is not None and skip(word.stem):
            continue
        if not (flags & bad):
            add(word.stem)
        sforms = []
        for flag in sorted(flags):
            for s in aff.SFX.get(flag, ()):
                f1 = sfx(word.stem, s)
                if f1 is None:
                    continue
                if not (s.flags & bad):
                    add(f1)
                sforms.append((f1, s))
                for f2 in sorted(s.flags):
                    for s2 in aff.SFX.get(f2, ()):
                        x = sfx(f1, s2)
                        if x is not None:
                            if not (s2.flags & bad):
                                add(x)
                            sforms.append((x, s2))
        for flag in sorted(flags):
            for p in aff.PFX.get(flag, ()):
                f1 = pfx(word.stem, p)
                if f1 is None:
                    continue
                if not (p.flags & bad):
                    add(f1)
                if p.crossproduct:
                    for sf, s in sforms:
                        if s.crossproduct and (x := pfx(sf, p)) is not None:
                            add(x)
                for f2 in sorted(p.flags):
                    for s in aff.SFX.get(f2, ()):
                        if (x := sfx(f1, s)) is not None:
                            add(x)
    return out


def validate(base: Path, words: Iterable[str]) -> list[str]:
    """Keep the words the hunspell C library accepts (needs PyPI `hunspell` and libhunspell-dev)."""
    import hunspell  # type: ignore[import-not-found]

    checker = hunspell.HunSpell(str(base.with_suffix(".dic")), str(base.with_suffix(".aff")))
    return [w for w in words if checker.spell(w)]
