"""The chat's word filter (issue 36): a short list of insults and slurs per interface language, matched in a
way that survives case, accents, simple leetspeak (1d10t4) and stretched letters (idiooota), and masked with
asterisks, the rest of the message kept (docs/decisions.md 161).

Every message is checked against the lists of all the site's interface languages, not only its author's: the
text is stored once and read by every member of a private room or a group, who may read it in either language,
and an English insult is one in a Spanish room too. An entry is a word's beginning: "idiot" also masks "idiots",
"idiota" and "idiotas"; one marked "=" is a whole word only ("puta", not "putativo").
"""

from __future__ import annotations

import re
import unicodedata

WORDS: dict[str, tuple[str, ...]] = {
    "es": (
        "idiota",
        "imbecil",
        "estupid",
        "gilipolla",
        "cabron",
        "=puta",
        "=putas",
        "=puto",
        "=putos",
        "mierda",
        "pendej",
        "subnormal",
        "maricon",
        "tarad",
        "hijueputa",
        "malparid",
    ),
    "en": (
        "idiot",
        "stupid",
        "moron",
        "fuck",
        "shit",
        "bitch",
        "asshole",
        "retard",
        "bastard",
        "cunt",
        "faggot",
        "dickhead",
    ),
}

LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i"})
# A word as typed: letters, digits and the signs that stand for letters in leetspeak.
TOKEN = re.compile(r"[\w@$!]+")


def plain(word: str) -> str:
    """A word as compared: lower case, no accents, leetspeak read back, each run of one letter kept once."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    letters = "".join(char for char in decomposed if not unicodedata.combining(char)).translate(LEET)
    letters = re.sub(r"[^a-z]", "", letters)
    return re.sub(r"(.)\1+", r"\1", letters)


STEMS = tuple(sorted({plain(word) for words in WORDS.values() for word in words if not word.startswith("=")}))
WHOLE = frozenset(plain(word[1:]) for words in WORDS.values() for word in words if word.startswith("="))


def _offensive(form: str) -> bool:
    return bool(form) and (form in WHOLE or any(form.startswith(stem) for stem in STEMS))


def offensive_part(word: str) -> str | None:
    """The part of a typed word to mask, or None. A sign that stands for a letter counts only inside a word:
    "idiota!" is "idiota" and an exclamation mark, "!diota" is "idiota"."""
    core = word.strip("!@$")
    if core and _offensive(plain(core)):
        return core
    return word if _offensive(plain(word)) else None


def masked(text: str) -> tuple[str, bool]:
    """The text with every offensive word turned into asterisks, and whether any was."""
    found = False

    def mask(match: re.Match[str]) -> str:
        nonlocal found
        word = match.group()
        part = offensive_part(word)
        if part is None:
            return word
        found = True
        return word.replace(part, "*" * len(part), 1)

    return TOKEN.sub(mask, text), found
