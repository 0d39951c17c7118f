"""Wordle Tournament lists: 13 languages x 4/5/6 letters, "hidden" (answers) and "valid" (guesses).

Recipe (research survey §3 and §6):
- valid  = the hunspell dictionary expanded with its affix rules, each form checked by the
  dictionary itself, lowercase entries only (German: any case, nouns are capitalised), without the
  forms of proper nouns (wordlists.build.names), plus the hidden words;
  Uzbek adds the Latin lemma list of PyPI `uzbek-language`.
- hidden = hunspell stems (close to lemmas) that are frequent (wordfreq zipf >= ZIPF) and are their
  own lemma (simplemma; pymorphy3 for ru/uk), minus stems that also exist capitalised (names), minus
  the hand-made exclusions in wordlists/curated/torneo-exclude.txt and the blocklists.
  Uzbek and Kazakh have no frequency data anywhere reachable: their hidden words are picked by hand
  (wordlists/curated/torneo-uz.txt, torneo-kk.txt).

The dictionaries come from Debian packages at the exact versions below, fetched and expanded by
wordlists/build/hunspell.py (apt-get download + dpkg-deb -x into a cache folder: no root, and no
network once the cache is filled). Building takes a few minutes (spylls is pure Python).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from wordlists.alphabets import length, normalise, uz_from_cyrillic
from wordlists.build import hunspell
from wordlists.build import names as proper
from wordlists.build.model import BuiltList, Source
from wordlists.build.names import headwords, is_name_in, name_forms, name_stems

LANGUAGES: tuple[str, ...] = ("en", "id", "de", "es", "fr", "it", "nl", "uz", "pl", "pt", "kk", "ru", "uk")
LENGTHS: tuple[int, ...] = (4, 5, 6)
ZIPF = 3.0
# wordfreq has no data for these (it would silently answer with Russian frequencies).
NO_FREQUENCY = frozenset({"uz", "kk"})
# Spelling length cap while expanding: 6 tiles never need more than 9 characters (Uzbek Cyrillic
# letters become two Latin ones at most), and the cap keeps it_IT / pt_BR from blowing up.
MAX_CHARS = 12

HERE = Path(__file__).resolve().parent
CURATED = HERE.parent / "curated"
BLOCKLISTS = HERE.parent / "blocklists"

# language -> (Debian package, exact version, dictionary base name, licence)
DEBIAN: dict[str, tuple[str, str, str, str]] = {
    "en": ("hunspell-en-us", "1:2020.12.07-2", "en_US", "SCOWL permissive licence (hunspell-en-us)"),
    "id": ("hunspell-id", "1:7.5.0-1", "id_ID", "LGPL-3.0"),
    "de": ("hunspell-de-de", "20161207-11", "de_DE", "GPL-2.0-or-later / GPL-3.0"),
    "es": ("hunspell-es", "1:7.5.0-1", "es_ES", "GPL-3.0-or-later / LGPL-3.0-or-later / MPL-1.1"),
    "fr": ("hunspell-fr-comprehensive", "1:7.0-1", "fr", "MPL-2.0"),
    "it": ("hunspell-it", "1:7.5.0-1", "it_IT", "GPL-3.0"),
    "nl": ("hunspell-nl", "2:2.20.19-2", "nl", "BSD-2-Clause or CC-BY-3.0 (OpenTaal)"),
    "uz": ("hunspell-uz", "0.6-6", "uz_UZ", "GPL-2.0-or-later"),
    "pl": ("hunspell-pl", "1:7.5.0-1", "pl_PL", "GPL / LGPL / MPL / Apache-2.0 / CC-SA-1.0 (SJP)"),
    "pt": ("hunspell-pt-br", "1:7.5.0-1", "pt_BR", "LGPL-3.0 or MPL-1.1"),
    "kk": ("hunspell-kk", "1.1-3", "kk_KZ", "MPL-1.1 / GPL-2.0-or-later / LGPL-2.1-or-later"),
    "ru": ("hunspell-ru", "1:7.5.0-1", "ru_RU", "BSD-style (A. Lebedev)"),
    "uk": ("hunspell-uk", "1:7.5.0-1", "uk_UA", "GPL-2.0-or-later / LGPL-2.1-or-later / MPL-1.1"),
}

WORDFREQ = Source("wordfreq 3.1.1 (PyPI), frequencies only", "CC-BY-SA-4.0 (data), Apache-2.0 (code)", "wordfreq")
SIMPLEMMA = Source("simplemma 2.0.0 (PyPI), lemma check only", "MIT", "simplemma")
PYMORPHY = Source(
    "pymorphy3 2.0.6 with pymorphy3-dicts-ru / -uk (PyPI), lemma check only",
    "MIT (code, ru dicts); GPL-3.0 (uk dicts)",
    "pymorphy3",
)
UZBEK_LANGUAGE = Source("uzbek-language 0.1.0 (PyPI), Latin word list", "MIT", "uzbek-language")
CURATION = Source(
    "Dream Games project hand curation (hidden-word picks and exclusions)", "CC0-1.0", "wordlists/curated/"
)


def dictionary_path(language: str) -> Path:
    """Base path (without .dic/.aff) of the language's hunspell dictionary, fetched if missing."""
    package, version, base, _ = DEBIAN[language]
    return hunspell.hunspell_base(package, version, base)


def _source(language: str) -> Source:
    package, version, _, licence = DEBIAN[language]
    return Source(f"{package} (Debian package {package} {version})", licence, package)


# -- hunspell ---------------------------------------------------------------------------------------


def _keep_case(language: str, word: str) -> bool:
    # Capitals mark proper nouns, except in German where every noun has one.
    return language == "de" or word == word.lower()


def _by_norm(language: str, spellings: Iterable[str]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for raw in spellings:
        if not _keep_case(language, raw):
            continue
        spelled = uz_from_cyrillic(raw) if language == "uz" else raw
        norm = normalise(language, spelled)
        if norm is None or length(language, norm) not in LENGTHS:
            continue
        out.setdefault(norm, set()).add(spelled.lower() if language == "de" else spelled)
    return out


def dic_entries(base: Path) -> list[str]:
    """Every headword of a .dic file, decoded with the .aff's SET encoding (pl_PL is ISO-8859-2).

    The flags are not looked at: fr and other Dicollecte-style dictionaries mark almost every noun
    NEEDAFFIX and produce the bare word through an empty suffix, so "stems that stand alone" would
    miss `maison`. A headword counts as a lemma candidate when the expansion also produced it.
    """
    encoding = "utf-8"
    for line in base.with_suffix(".aff").read_bytes().decode("latin-1").splitlines():
        if line.startswith("SET "):
            encoding = line.split()[1].lower().replace("iso8859", "iso-8859")
            break
    entries: list[str] = []
    lines = base.with_suffix(".dic").read_bytes().decode(encoding, errors="replace").splitlines()
    for line in lines[1:]:  # the first line is the entry count
        if not line or line.startswith(("#", "\t", " ")):
            continue
        word = hunspell.headword(line)
        if word:
            entries.append(word)
    return entries


@cache
def dictionary_words(language: str) -> tuple[dict[str, set[str]], dict[str, set[str]], set[str]]:
    """(valid forms, lemma candidates, lowercased headwords that also exist capitalised).

    The first two map a normalised form to its spellings.
    """
    valid, stems, capitalised = _expanded(language)
    if language == "pt":  # pt_BR lists names lowercase (paulo, lisboa): pt_PT's categories find them
        valid, stems = proper.without_portuguese_names(valid), proper.without_portuguese_names(stems)
    if language in NO_FREQUENCY:
        return valid, stems, capitalised
    entries = dic_entries(dictionary_path(language))
    if language == "pt":
        # VERO (pt_BR) stores many headwords in a coded spelling (coisã/B for coisa): every valid
        # form is a candidate there, and the lemma check does the sorting.
        entries = sorted({s for spellings in valid.values() for s in spellings} | set(entries))
    stems = {}
    for norm, spellings in _by_norm(language, entries).items():
        kept = spellings & valid.get(norm, set())
        if kept:
            stems[norm] = kept
    if language != "de":
        capitalised = {e.lower() for e in entries if e[:1].isupper()}
    return valid, stems, capitalised


# The name rule's version per language in the cache file's name: bump a language's when its rule changes
# ("names5": German names from Wiktionary and HanTa's best reading; "names4": English common words from lemminflect).
NAME_RULE = {"de": "names5", "en": "names4"}


def _expanded(language: str) -> tuple[dict[str, set[str]], dict[str, set[str]], set[str]]:
    """(valid forms, stems, lowercased stems that also exist capitalised), normalised -> spellings.

    Expanding and checking takes minutes, so the result is kept in the cache folder, keyed by the
    exact package version; editing the hand-made lists then rebuilds in seconds.
    """
    package, version, _, _ = DEBIAN[language]
    # "names1": the forms of proper nouns are left out (issue 21); older cache files held them.
    rule = NAME_RULE.get(language, "names3")
    stored = hunspell.cache_dir() / "torneo" / f"{package}_{version.replace(':', '_')}_{MAX_CHARS}_{rule}.json"
    if stored.exists():
        data = json.loads(stored.read_text(encoding="utf-8"))
        return (
            {n: set(v) for n, v in data["valid"].items()},
            {n: set(v) for n, v in data["stems"].items()},
            set(data["capitalised"]),
        )
    result = _dictionary_words(language)
    stored.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "valid": {n: sorted(v) for n, v in sorted(result[0].items())},
        "stems": {n: sorted(v) for n, v in sorted(result[1].items())},
        "capitalised": sorted(result[2]),
    }
    stored.write_text(json.dumps(payload, ensure_ascii=False), encoding="utf-8")
    return result


def _dictionary_words(language: str) -> tuple[dict[str, set[str]], dict[str, set[str]], set[str]]:
    dictionary = hunspell.load(dictionary_path(language))
    names = name_stems(language, headwords(dictionary))
    is_name = is_name_in(names)
    stems = [stem for stem in hunspell.stems(dictionary) if not is_name(stem)]
    forms = hunspell.expand(dictionary, keep=lambda w: len(w) <= MAX_CHARS, skip=is_name)
    forms |= name_forms(language, dictionary, names, keep=lambda w: len(w) <= MAX_CHARS)[0]
    valid = _by_norm(language, forms | set(stems))
    if language != "uz":  # hunspell-uz has no affix rules: every entry is a form already.
        checked: dict[str, set[str]] = {}
        for norm, spellings in valid.items():
            good = {s for s in spellings if any(dictionary.lookup(v) for v in {s, s.capitalize()})}
            if good:
                checked[norm] = good
        valid = checked
    capitalised = {s.lower() for s in stems if s[:1].isupper()} if language != "de" else set()
    return valid, _by_norm(language, stems), capitalised


# -- frequency and lemmas ------------------------------------------------------------------------


@cache
def frequencies(language: str) -> dict[str, float]:
    """wordfreq frequency per normalised form, summed over every spelling that folds to it."""
    from wordfreq import get_frequency_dict

    out: dict[str, float] = {}
    for word, freq in get_frequency_dict(language, "best").items():
        norm = normalise(language, word)
        if norm is not None and len(norm) <= MAX_CHARS:
            out[norm] = out.get(norm, 0.0) + freq
    return out


def zipf(language: str, norm: str) -> float:
    freq = frequencies(language).get(norm, 0.0)
    return math.log10(freq) + 9 if freq > 0 else 0.0


@cache
def _morph(language: str) -> Any:
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang=language)


_BAD_TAGS = ("Name", "Surn", "Patr", "Geox", "Orgn", "Abbr", "Trad")


def is_lemma(language: str, word: str) -> bool:
    if language in ("ru", "uk"):
        parse = _morph(language).parse(word)[0]
        return (
            parse.normal_form.replace("ё", "е") == word.replace("ё", "е")
            and parse.tag.POS in ("NOUN", "ADJF", "INFN", "ADVB")
            and not set(_BAD_TAGS) & set(parse.tag.grammemes)
        )
    if language == "id":  # simplemma's small id table turns real roots into others (survey §3.1)
        return True
    import simplemma

    low = word.lower()
    if simplemma.lemmatize(low, lang=language).lower() == low:
        return True
    return simplemma.lemmatize(word, lang=language) == word


def _seen(language: str, spelling: str) -> bool:
    from wordfreq import word_frequency

    return word_frequency(spelling, language) > 0


def best_spelling(language: str, spellings: Iterable[str]) -> str:
    """The spelling players see most (ratón rather than raton), ties broken alphabetically."""
    if language in NO_FREQUENCY:
        return min(spellings)
    from wordfreq import word_frequency

    return min(spellings, key=lambda s: (-word_frequency(s, language), s))


# -- curated data --------------------------------------------------------------------------------


def _read_words(path: Path) -> list[str]:
    if not path.exists():
        return []
    words = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            words.append(line)
    return words


def exclusions(language: str) -> set[str]:
    """Normalised words kept out of the hidden list: hand exclusions plus the shared blocklist."""
    out: set[str] = set()
    for line in _read_words(CURATED / "torneo-exclude.txt"):
        lang, _, words = line.partition(":")
        if lang.strip() == language:
            out.update(n for w in words.split() if (n := normalise(language, w)))
    for name in (f"{language}.txt", f"{language}.stop.txt"):  # offensive words, function words
        for word in _read_words(BLOCKLISTS / name):
            if (norm := normalise(language, word)) is not None:
                out.add(norm)
    return out


def curated_hidden(language: str) -> dict[str, str]:
    """Hand-picked hidden words (uz, kk): normalised -> display."""
    out: dict[str, str] = {}
    for word in _read_words(CURATED / f"torneo-{language}.txt"):
        norm = normalise(language, word)
        if norm is None:
            raise ValueError(f"torneo-{language}.txt: not a {language} word: {word!r}")
        out[norm] = word
    return out


# -- lists ---------------------------------------------------------------------------------------


def uzbek_latin_lemmas() -> dict[str, set[str]]:
    from uzbek_language.uzwords_latin import words

    return _by_norm("uz", [w.replace("'", "\u02bb").replace("\u2018", "\u02bb") for w in words])


def hidden_candidates(language: str, min_zipf: float = ZIPF) -> dict[str, str]:
    """Automatic hidden-word pool before the hand exclusions: normalised -> display."""
    valid, stems, capitalised = dictionary_words(language)
    out: dict[str, str] = {}
    for norm, spellings in stems.items():
        if norm not in valid or zipf(language, norm) < min_zipf:
            continue
        if any(s.lower() in capitalised for s in spellings):
            continue
        if language == "nl":
            # Dutch accents only mark stress (gáát, één) and ĳ is a ligature: answers use plain spellings.
            spellings = {s for s in spellings if s == norm}
        # A spelling nobody writes is a dictionary artefact (pt_BR has diás, coisã): it cannot be shown.
        lemmas = sorted(s for s in spellings if is_lemma(language, s) and _seen(language, s))
        if lemmas:
            out[norm] = best_spelling(language, lemmas)
    return out


def build_language(language: str) -> list[BuiltList]:
    valid_forms = {norm: set(spellings) for norm, spellings in dictionary_words(language)[0].items()}
    sources = [_source(language)]
    if language in ("uz", "kk"):
        excluded = exclusions(language)
        hidden = {n: d for n, d in curated_hidden(language).items() if n not in excluded}
        sources.append(CURATION)
        if language == "uz":
            sources.append(UZBEK_LANGUAGE)
            for norm, spellings in uzbek_latin_lemmas().items():
                valid_forms.setdefault(norm, set()).update(spellings)
    else:
        excluded = exclusions(language)
        hidden = {n: d for n, d in hidden_candidates(language).items() if n not in excluded}
        sources += [WORDFREQ, PYMORPHY if language in ("ru", "uk") else SIMPLEMMA, CURATION]
    sources += proper.sources(language)
    valid = {norm: best_spelling(language, spellings) for norm, spellings in valid_forms.items()}
    valid.update(hidden)  # every hidden word is a valid guess, with the same display spelling
    lists = []
    for size in LENGTHS:
        for kind, words in (("hidden", hidden), ("valid", valid)):
            chosen = sorted((n, d) for n, d in words.items() if length(language, n) == size)
            lists.append(BuiltList("torneo", language, size, kind, chosen, list(sources)))
    return lists


def build(languages: Iterable[str] = LANGUAGES, only: str | None = None) -> list[BuiltList]:
    """The 78 Torneo lists (hidden and valid for 13 languages x 3 lengths); with `only` (`torneo-pt`), only the
    languages that prefix names."""
    if only:
        languages = [
            lang for lang in languages if f"torneo-{lang}".startswith(only) or only.startswith(f"torneo-{lang}")
        ]
    return [built for language in languages for built in build_language(language)]
