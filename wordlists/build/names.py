"""Proper nouns in a hunspell dictionary, read from the sources' own data (issue 21), never a hand list.

A headword is a name when
- the dictionary lists it only capitalised (`Mary`, `Spain`, `Jesus`): a capital marks a name in every
  language here but German, whose nouns are all capitalised; or
- the dictionary lists it both capitalised and lowercase (`Pedro` and `pedro/S`, `Mark` and `mark/AMDSG`)
  and a second source built from cased running text reads the lowercase word as a name: simplemma's lemma
  table (its lemma is capitalised: a word it does not know stays), pymorphy3's best parse
  for Russian and Ukrainian (a Name/Surn/Patr/Geox/Orgn tag). A word also in common use stays (`mark`,
  `bill`, `rosa`, `pilar`, `роза`).

A part-of-speech source overrides the lemma table where one is reachable:
- English: a word lemminflect knows (its table is the NLM SPECIALIST lexicon's common words with their part of
  speech) is common (`robin` noun, `harry` verb, `august` adjective), whatever simplemma's capital says.
- German, whose nouns are all capitalised: a capitalised headword is a name when German Wiktionary (PyPI
  `german-nouns`) lists it only as a name (every entry of it a Vorname, Nachname, Toponym or Eigenname) and
  the Hanover Tagger's likeliest reading of it (HanTa, trained on tagged newspaper text) is no common noun (NN)
  (`Berlin`, `Peter` go; `Rose`, `Mark`, `Hirsch`, and `Hans`, also a common noun in Wiktionary, stay).
- Portuguese: pt_BR lists many names lowercase; a word is a name when pt_PT (hunspell-pt-pt, whose entries
  carry a category) has it as a capitalised headword of category `np` (nome próprio) and does not accept it
  lowercase (`paulo`, `pedro`, `lisboa` go; `rosa`, `cravo`, `porto` stay).

Korean names are Kiwi's NNP tags (wordlists.build.duelo). A word the dictionary lists only lowercase is a
common word whatever else says (es `carla`, a cloth in the DRAE; it `luigi`, a coin).
"""

from __future__ import annotations

import csv
import importlib.resources
import re
import unicodedata
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from wordlists.build.model import Source

# Languages whose lemma table simplemma ships (uz and kk have none: capitalisation alone decides there).
SIMPLEMMA = frozenset({"en", "es", "fr", "de", "it", "nl", "pl", "pt", "id", "tr"})
PYMORPHY = frozenset({"ru", "uk"})
_NAME_TAGS = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn"})


def lower(language: str, word: str) -> str:
    """Lowercase as the language does (Turkish I→ı, İ→i), NFC."""
    word = unicodedata.normalize("NFC", word)
    if language in ("tr", "az"):
        word = word.replace("I", "ı").replace("İ", "i")
    return word.lower()


def is_capitalised(language: str, word: str) -> bool:
    """`Mary`, `İstanbul`: a capital first letter and lowercase after it (not `NATO`, not `McDonald`)."""
    return len(word) > 1 and word[0].isupper() and word[1:] == lower(language, word[1:])


@cache
def _simplemma_table(language: str) -> Any:
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    return DefaultDictionaryFactory().get_dictionary(language)


@cache
def _morph(language: str) -> Any:
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang=language)


def read_as_name(language: str, word: str, *, part_of_speech: bool = True) -> bool:
    """Does the usage data read the lowercase `word` (which the dictionary also lists capitalised) as a name?
    With `part_of_speech`, a part-of-speech source that knows it as a common word overrules (en `robin`)."""
    if part_of_speech and language == "en" and english_common(word):
        return False
    if language in PYMORPHY:
        parses = _morph(language).parse(word)
        return bool(parses) and bool(_NAME_TAGS & set(parses[0].tag.grammemes))
    if language in SIMPLEMMA:
        # Only a capitalised lemma says "name": a word the table does not know (en genet, emmet, cline, spitz;
        # fr louis) is a rare common word more often than a name, and the dictionary lists it lowercase.
        lemma = simplemma_lemma(language, word)
        return lemma is not None and not lemma[:1].islower()
    return False


def simplemma_lemma(language: str, word: str) -> str | None:
    """simplemma's lemma of `word` (its table, then its rules for forms the table lacks: `diego` -> `Diego`),
    None if it knows nothing of the word."""
    import simplemma

    lemma = _simplemma_table(language).get(word)
    if lemma is None and simplemma.is_known(word, lang=language):
        lemma = simplemma.lemmatize(word, lang=language)
    return lemma


def name_stems(language: str, headwords: Iterable[str], *, part_of_speech: bool = True) -> frozenset[str]:
    """The names among a dictionary's headwords, lowercased (see the module's docstring). Without
    `part_of_speech`, also the words the usage data reads mostly as names that are common words too (en `robin`,
    `harry`): valid guesses, but no answer to draw.

    German's names are returned as written (`Berlin`), since its capitals mark every noun: `german_names`.
    """
    if language == "de":
        return german_names(headwords)
    words = [unicodedata.normalize("NFC", w) for w in headwords]
    lowercase = {w for w in words if w == lower(language, w)}
    capitalised = {lower(language, w) for w in words if is_capitalised(language, w)}
    only_capitalised = capitalised - lowercase
    both = sorted(capitalised & lowercase)
    return frozenset(only_capitalised | {w for w in both if read_as_name(language, w, part_of_speech=part_of_speech)})


def headwords(dictionary: Any) -> list[str]:
    """The headwords of a spylls Dictionary."""
    return [word.stem for word in dictionary.dic.words]


def is_name_in(names: frozenset[str]):
    """A `skip` for wordlists.build.hunspell.expand: does this headword (as written) belong to `names`?"""
    return lambda stem: unicodedata.normalize("NFC", stem) in names


def is_name_form(language: str, form: str, names: frozenset[str]) -> bool:
    """Is `form`, made by a name's headword, a name too? A form the usage data knows as a common word that
    is no name's (`alive`, which en_US makes from `al/VY`; `augers`) is not."""
    if form in names:
        return True
    if language in PYMORPHY:
        parses = _morph(language).parse(form)
        if not parses:
            return True
        return bool(_NAME_TAGS & set(parses[0].tag.grammemes)) or lower(language, parses[0].normal_form) in names
    if language in SIMPLEMMA:
        lemma = _simplemma_table(language).get(form)
        return lemma is None or not lemma[:1].islower() or lower(language, lemma) in names
    return True


def name_forms(
    language: str, dictionary: Any, names: frozenset[str], *, keep=None, lowercase_only: bool = True
) -> tuple[set[str], set[str]]:
    """(common forms, name forms) among the forms the headwords in `names` make (lowercased unless
    `lowercase_only`, which reads only the lowercase headwords, as the valid lists do)."""
    from wordlists.build.hunspell import expand

    def skip(stem: str) -> bool:
        stem = unicodedata.normalize("NFC", stem)
        return lower(language, stem) not in names or (lowercase_only and stem != lower(language, stem))

    forms = expand(dictionary, keep=keep, skip=skip)
    if not lowercase_only:
        forms = {lower(language, form) for form in forms}
    dropped = {form for form in forms if is_name_form(language, lower(language, form), names)}
    return forms - dropped, dropped


# -- part-of-speech sources ------------------------------------------------------------------------------

PT_PT = ("hunspell-pt-pt", "1:7.5.0-1", "pt_PT")
_SOURCES: dict[str, tuple[Source, ...]] = {
    "en": (
        Source(
            "lemminflect 0.2.3 (PyPI), parts of speech, to keep common words out of the names", "MIT", "lemminflect"
        ),
    ),
    "de": (
        Source(
            "german-nouns 1.2.5 (PyPI), German Wiktionary's nouns, to leave out names", "CC-BY-SA-4.0", "german-nouns"
        ),
        Source("HanTa 1.2.1 (PyPI), Hanover Tagger's German model, to leave out names", "LGPL-3.0-or-later", "HanTa"),
    ),
    "pt": (
        Source(
            "hunspell-pt-pt (Debian package hunspell-pt-pt 1:7.5.0-1), its nomes próprios, to leave out names",
            "LGPL-3.0 / GPL-2.0 / MPL-1.1",
            "hunspell-pt-pt",
        ),
    ),
}


def sources(language: str) -> list[Source]:
    """The part-of-speech sources that decide `language`'s names, for a list's credits."""
    return list(_SOURCES.get(language, ()))


def english_common(word: str) -> bool:
    """Does lemminflect (the SPECIALIST lexicon's common words, each with its part of speech) know `word`?
    `robin`, `carol`, `harry`, `august` yes; `john`, `mary`, `jesus`, `spain` no."""
    import lemminflect

    return bool(lemminflect.getAllLemmas(word))


# German Wiktionary's parts of speech that mark a name (german-nouns' `pos` column).
GERMAN_NAME_POS = frozenset({"Vorname", "Nachname", "Toponym", "Eigenname", "Straßenname"})


@cache
def _wiktionary_de() -> dict[str, bool]:
    """German Wiktionary's nouns (PyPI german-nouns): lemma -> is every entry of it a name?"""
    only_name: dict[str, bool] = {}
    with (importlib.resources.files("german_nouns") / "nouns.csv").open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            is_name = bool(GERMAN_NAME_POS & set(row["pos"].split(",")))
            only_name[row["lemma"]] = only_name.get(row["lemma"], True) and is_name
    return only_name


@cache
def _hanta() -> Any:
    from HanTa import HanoverTagger

    return HanoverTagger.HanoverTagger("morphmodel_ger.pgz")


def german_names(headwords: Iterable[str]) -> frozenset[str]:
    """The capitalised headwords that Wiktionary lists only as names and whose likeliest reading in HanTa is not a
    common noun (HanTa's best reading rescues Wiktionary's gaps: `Sonne`, `Medien`, `Waren`; a lesser NN reading is
    its guess for any capitalised word: `Bayern`, `Alaska` have one)."""
    wiktionary = _wiktionary_de()
    out = set()
    for word in headwords:
        word = unicodedata.normalize("NFC", word)
        if not (is_capitalised("de", word) and wiktionary.get(word)):
            continue
        readings = _hanta().tag_word(word)
        best = max(readings, key=lambda reading: reading[1])[0] if readings else ""
        if not best.startswith("NN"):
            out.add(word)
    return frozenset(out)


# pt_PT's entries: `Lisboa\t[CAT=np,SEM=cid,G=m,N=s]`, `rosa/p\t[CAT=nc,G=f,N=s]`.
_PT_CATEGORY = re.compile(r"\[[^]]*CAT=([a-z_]+)")


@cache
def _pt_pt() -> tuple[frozenset[str], Any]:
    """(pt_PT's capitalised headwords of category np, its dictionary) from hunspell-pt-pt."""
    from wordlists.build import hunspell

    base = hunspell.hunspell_base(*PT_PT)
    proper = set()
    for line in Path(base).with_suffix(".dic").read_text(encoding="utf-8").splitlines()[1:]:
        word = unicodedata.normalize("NFC", hunspell.headword(line) or "")
        match = _PT_CATEGORY.search(line)
        if match and match.group(1) == "np" and is_capitalised("pt", word):
            proper.add(word)
    return frozenset(proper), hunspell.load(base)


def portuguese_names(words: Iterable[str]) -> frozenset[str]:
    """The lowercase `words` that pt_PT lists as a nome próprio and does not accept lowercase."""
    proper, dictionary = _pt_pt()
    return frozenset(
        w for w in words if unicodedata.normalize("NFC", w[:1].upper() + w[1:]) in proper and not dictionary.lookup(w)
    )


def without_portuguese_names(words: dict[str, set[str]]) -> dict[str, set[str]]:
    """`words` (normalised -> spellings) without the Portuguese names. A name takes its normalised form with it
    (`paulo` goes with `paúlo`, a spelling pt_BR's checker accepts and nobody writes) unless another spelling of it
    is a word pt_PT accepts lowercase (`franca` stays, without `frança`)."""
    names = portuguese_names({s for spellings in words.values() for s in spellings})
    dictionary = _pt_pt()[1]
    out: dict[str, set[str]] = {}
    for norm, spellings in words.items():
        if not spellings & names:
            out[norm] = spellings
        elif any(dictionary.lookup(s) for s in spellings - names):
            out[norm] = spellings - names
    return out


def check_rule() -> None:
    """Refuse to build with a rule that misreads words it is known to settle (the build runs this before any
    list is made: the site's tests cannot, since they run without the build tools)."""
    wrong = [w for w in ("robin", "carol", "harry", "august") if read_as_name("en", w)]
    wrong += [w for w in ("john", "mary") if not read_as_name("en", w)]
    german = german_names(["Berlin", "Peter", "Bayern", "Rose", "Mark", "Hirsch", "Hans", "Sonne", "berlin"])
    if wrong or german != {"Berlin", "Peter", "Bayern"}:
        raise RuntimeError(f"the names rule misreads {wrong} (en) or gives {sorted(german)} (de)")
