"""Proper nouns in a hunspell dictionary, read from the sources' own data (issue 21), never a hand list.

A headword is a name when
- the dictionary lists it only capitalised (`Mary`, `Spain`, `Jesus`): a capital marks a name in every
  language here but German, whose nouns are all capitalised; or
- the dictionary lists it both capitalised and lowercase (`Pedro` and `pedro/S`, `Mark` and `mark/AMDSG`)
  and a second source built from cased running text reads the lowercase word as a name: simplemma's lemma
  table (its lemma is capitalised: a word it does not know stays), pymorphy3's best parse
  for Russian and Ukrainian (a Name/Surn/Patr/Geox/Orgn tag). A word also in common use stays (`mark`,
  `bill`, `rosa`, `pilar`, `роза`).

Korean names are Kiwi's NNP tags (wordlists.build.duelo). A word the dictionary lists only lowercase is a
common word whatever else says (es `carla`, a cloth in the DRAE).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache
from typing import Any

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


def read_as_name(language: str, word: str) -> bool:
    """Does the usage data read the lowercase `word` (which the dictionary also lists capitalised) as a name?"""
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


def name_stems(language: str, headwords: Iterable[str]) -> frozenset[str]:
    """The names among a dictionary's headwords, lowercased (see the module's docstring).

    German is left out: its capitals mark every noun, so they say nothing about names.
    """
    if language == "de":
        return frozenset()
    words = [unicodedata.normalize("NFC", w) for w in headwords]
    lowercase = {w for w in words if w == lower(language, w)}
    capitalised = {lower(language, w) for w in words if is_capitalised(language, w)}
    only_capitalised = capitalised - lowercase
    both = sorted(capitalised & lowercase)
    return frozenset(only_capitalised | {w for w in both if read_as_name(language, w)})


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
