"""The common words of every valid list, commonest first (issue 21): what the easy and medium bots play.

A `<game>-<lang>[-<n>]-common` list holds the words of its valid list that the frequency data knows, in
order of frequency (rank 1 first), at most TOP of them. It is derived from the valid list alone, so it is
rebuilt whenever that list is (the pipeline derives it after every build), and `--common` derives it from
the committed valid lists without rebuilding them.

The frequencies are wordfreq's (the same data the hidden lists were chosen with), summed over every
spelling that folds to one normalised form (árbol and arbol; 사람 is its jamo). wordfreq has no data for
Uzbek and Kazakh, so their lists have no common words: there every bot level knows the whole valid list (the
hand-chosen hidden words would have been the only candidates, and easy and medium would have known the
answers as well as hard does).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from wordlists.alphabets import normalise
from wordlists.build.model import COMMON, BuiltList, Source

__all__ = ["COMMON", "NO_FREQUENCY", "TOP", "derive", "derive_all", "ranked", "read_committed"]

# Enough for every bot level that plays common words (the bots read at most the first few thousand of a
# five-letter list, and some 20,000 of a board game's); more would only make the files larger.
TOP = 20_000
NO_FREQUENCY = frozenset({"uz", "kk"})  # wordfreq has none (it would answer with another language's)

WORDFREQ = Source("wordfreq 3.1.1 (PyPI), frequency ranks only", "CC-BY-SA-4.0 (data), Apache-2.0 (code)", "wordfreq")


@cache
def frequencies(language: str) -> dict[str, float]:
    """wordfreq's frequency per normalised form, summed over the spellings that fold to it."""
    from wordfreq import get_frequency_dict

    out: dict[str, float] = {}
    for word, freq in get_frequency_dict(language, "best").items():
        norm = normalise(language, word)
        if norm:
            out[norm] = out.get(norm, 0.0) + freq
    return out


def ranked(language: str, words: list[tuple[str, str]]) -> list[str]:
    """The normalised `words` the frequency data knows, commonest first (ties in alphabetical order)."""
    freq = frequencies(language)
    seen = [(freq[norm], norm) for norm, _shown in words if freq.get(norm, 0.0) > 0]
    seen.sort(key=lambda pair: (-pair[0], pair[1]))
    return [norm for _f, norm in seen[:TOP]]


def derive(valid: BuiltList) -> BuiltList:
    """The common list of one valid list."""
    display = dict(valid.words)
    return BuiltList(
        game=valid.game,
        language=valid.language,
        length=valid.length,
        kind=COMMON,
        words=[(norm, display.get(norm, norm)) for norm in ranked(valid.language, valid.words)],
        sources=[WORDFREQ],
    )


def derive_all(lists: list[BuiltList]) -> list[BuiltList]:
    """The common list of every valid list among `lists` whose language has frequency data."""
    return [derive(lst) for lst in lists if lst.kind == "valid" and lst.language not in NO_FREQUENCY]


def read_committed(data_dir: Path, only: str | None = None) -> list[BuiltList]:
    """The committed valid lists (those under `only`, a slug prefix), as BuiltLists."""
    import json

    manifest = json.loads((data_dir / "manifest.json").read_text(encoding="utf-8"))["lists"]
    out = []
    for slug, entry in sorted(manifest.items()):
        if entry["kind"] != "valid" or (only and not slug.startswith(only)):
            continue
        words = []
        for line in (data_dir / entry["file"]).read_text(encoding="utf-8").splitlines():
            norm, _tab, shown = line.partition("\t")
            words.append((norm, shown or norm))
        out.append(BuiltList(entry["game"], entry["language"], entry["length"], entry["kind"], words))
    return out
