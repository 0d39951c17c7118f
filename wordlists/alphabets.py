"""What a letter is, per word language: the one place where spellings are normalised.

Every list, every game and every typed guess goes through `normalise`, so that a word typed on a
phone keyboard (with or without accents, in capitals, in NFD) meets the same form the lists store.

- `normalise(language, word)` gives the normalised form, or None when the word holds anything that
  is not a letter of the language (digits, apostrophes, hyphens, spaces...). It lowercases (with
  Turkish rules for tr), folds the accents the language does not treat as letters, and never drops
  a character silently.
- `letters(language, normalised)` splits a normalised form into tiles: Uzbek oʻ gʻ sh ch are one tile
  each, Korean is split into the 24 basic jamo.
- `length(language, normalised)` is the number of tiles.
- `alphabet(language)` lists the tiles, in keyboard/alphabet order.

The display spelling (with accents, in syllables...) is not derived from the normalised form: the
list builders keep the original spelling next to it. `compose_korean` only rebuilds syllables for
a guess being typed, where there is no list entry to look up.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache

LANGUAGES: tuple[str, ...] = (
    "tr",
    "en",
    "fr",
    "es",
    "ru",
    "ko",
    "id",
    "de",
    "it",
    "nl",
    "uz",
    "pl",
    "pt",
    "kk",
    "uk",
)

# Each word language by its own name: a player looks for the one they read, whatever the interface
# language (every game's forms, the lobby and the room page take their names from here).
LANGUAGE_NAMES: dict[str, str] = {
    "tr": "Türkçe",
    "en": "English",
    "fr": "Français",
    "es": "Español",
    "ru": "Русский",
    "ko": "한국어",
    "id": "Bahasa Indonesia",
    "de": "Deutsch",
    "it": "Italiano",
    "nl": "Nederlands",
    "uz": "Oʻzbekcha",
    "pl": "Polski",
    "pt": "Português",
    "kk": "Қазақша",
    "uk": "Українська",
}


def language_names(codes: Iterable[str]) -> dict[str, str]:
    """The names of a game's word languages, in the game's order."""
    return {code: LANGUAGE_NAMES[code] for code in codes}


_LATIN = "abcdefghijklmnopqrstuvwxyz"
_RU = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
_UK = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя"
_KK = "аәбвгғдеёжзийкқлмнңоөпрстуұүфхһцчшщъыіьэюя"

# Uzbek oʻ and gʻ are written with U+02BB (modifier letter turned comma), the official sign; the
# other marks are what keyboards actually produce and are accepted as the same letter.
UZ_TURNED_COMMA = "\u02bb"
_UZ_APOSTROPHES = "\u02bb'\u2018\u2019`\u02bc"
_UZ = [*"abdefghijklmnopqrstuvxyz", "o" + UZ_TURNED_COMMA, "g" + UZ_TURNED_COMMA, "sh", "ch"]

# The 24 basic letters of Korean, consonants then vowels (the order Korean clones show them in).
KO_CONSONANTS = "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ"
KO_VOWELS = "ㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣ"

_ALPHABETS: dict[str, list[str]] = {
    "tr": list("abcçdefgğhıijklmnoöprsştuüvyz"),
    "en": list(_LATIN),
    "fr": list(_LATIN),
    "id": list(_LATIN),
    "it": list(_LATIN),
    "nl": list(_LATIN),
    "pt": list(_LATIN),
    "es": list("abcdefghijklmnñopqrstuvwxyz"),
    "de": list(_LATIN + "äöü"),
    "pl": list("aąbcćdeęfghijklłmnńoóprsśtuvwxyzźż"),
    "ru": list(_RU),
    "uk": list(_UK),
    "kk": list(_KK),
    "uz": _UZ,
    "ko": list(KO_CONSONANTS + KO_VOWELS),
}

# Letters that are never folded, although Unicode would decompose them (ñ = n + tilde, й = и + breve).
_KEEP: dict[str, frozenset[str]] = {
    lang: frozenset(c for c in alpha if len(c) == 1) for lang, alpha in _ALPHABETS.items()
}

# Replacements applied after lowercasing and before accent folding. Only ligatures and letters that
# Unicode does not decompose need an entry; accents fold by themselves.
_REPLACE: dict[str, dict[str, str]] = {
    "fr": {"œ": "oe", "æ": "ae"},
    "en": {"œ": "oe", "æ": "ae"},
    "nl": {"ĳ": "ij"},
    "de": {"ß": "ss"},
    "ru": {"ё": "е"},
}

# -- Korean ---------------------------------------------------------------------------------------

_KO_LEADS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
_KO_MEDIALS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
_KO_TAILS = ["", *"ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"]

# Every compatibility jamo that is not basic, as its basic letters (the "full" 24-letter rule).
_KO_SPLIT: dict[str, str] = {
    "ㄲ": "ㄱㄱ",
    "ㄸ": "ㄷㄷ",
    "ㅃ": "ㅂㅂ",
    "ㅆ": "ㅅㅅ",
    "ㅉ": "ㅈㅈ",
    "ㅐ": "ㅏㅣ",
    "ㅒ": "ㅑㅣ",
    "ㅔ": "ㅓㅣ",
    "ㅖ": "ㅕㅣ",
    "ㅘ": "ㅗㅏ",
    "ㅙ": "ㅗㅏㅣ",
    "ㅚ": "ㅗㅣ",
    "ㅝ": "ㅜㅓ",
    "ㅞ": "ㅜㅓㅣ",
    "ㅟ": "ㅜㅣ",
    "ㅢ": "ㅡㅣ",
    "ㄳ": "ㄱㅅ",
    "ㄵ": "ㄴㅈ",
    "ㄶ": "ㄴㅎ",
    "ㄺ": "ㄹㄱ",
    "ㄻ": "ㄹㅁ",
    "ㄼ": "ㄹㅂ",
    "ㄽ": "ㄹㅅ",
    "ㄾ": "ㄹㅌ",
    "ㄿ": "ㄹㅍ",
    "ㅀ": "ㄹㅎ",
    "ㅄ": "ㅂㅅ",
}
for _basic in KO_CONSONANTS + KO_VOWELS:
    _KO_SPLIT[_basic] = _basic

# Conjoining jamo (U+1100 block) that NFC could not compose into a syllable, as compatibility jamo.
_KO_CONJOINING: dict[str, str] = {}
for _i, _c in enumerate(_KO_LEADS):
    _KO_CONJOINING[chr(0x1100 + _i)] = _c
for _i, _c in enumerate(_KO_MEDIALS):
    _KO_CONJOINING[chr(0x1161 + _i)] = _c
for _i, _c in enumerate(_KO_TAILS[1:]):
    _KO_CONJOINING[chr(0x11A8 + _i)] = _c


def _split_korean(word: str) -> str | None:
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", word):
        code = ord(ch)
        if 0xAC00 <= code <= 0xD7A3:
            i = code - 0xAC00
            parts: tuple[str, ...] = (_KO_LEADS[i // 588], _KO_MEDIALS[(i % 588) // 28], _KO_TAILS[i % 28])
        else:
            parts = (_KO_CONJOINING.get(ch, ch),)
        for part in parts:
            if part == "":
                continue
            basic = _KO_SPLIT.get(part)
            if basic is None:
                return None
            out.append(basic)
    return "".join(out) or None


# Composition tables: basic-letter sequences back to the jamo a syllable block is built from.
_KO_LEAD_OF: dict[str, int] = {_KO_SPLIT[c]: i for i, c in enumerate(_KO_LEADS)}
_KO_MEDIAL_OF: dict[str, int] = {_KO_SPLIT[c]: i for i, c in enumerate(_KO_MEDIALS)}
_KO_TAIL_OF: dict[str, int] = {_KO_SPLIT[c]: i for i, c in enumerate(_KO_TAILS) if c}

# When basic letters can be grouped two ways (ㅎㅏㄱㄱㅛ = 학교 or 하꾜), the split loses the
# difference. Sino-Korean syllables end only in ㄱ ㄴ ㄹ ㅁ ㅂ ㅇ, so a doubled ㄱ or ㅂ is more often
# final + initial (학교, 압박) and a doubled ㄷ ㅅ ㅈ more often a tense initial (이따, 비싸, 가짜).
_KO_UNLIKELY_LEADS = {_KO_LEADS.index("ㄲ"), _KO_LEADS.index("ㅃ")}
_KO_UNLIKELY_TAILS = {_KO_TAILS.index("ㄷ"), _KO_TAILS.index("ㅅ"), _KO_TAILS.index("ㅈ")}


def compose_korean(jamo_letters: Iterable[str]) -> str:
    """Rebuild Hangul syllables from basic jamo (a guess as typed), for display.

    Splitting a word into basic letters and composing it back always gives the same letters, but
    not always the same syllables when the grouping is ambiguous (아까 / 악가): show the list's own
    spelling when the word is in a list, and this only for words being typed. Letters that fit no
    syllable are shown as they are.
    """
    seq = list("".join(jamo_letters))
    n = len(seq)
    # best[i] = (leftover letters, unlikely choices, pieces) for seq[i:], filled from the end.
    best: list[tuple[int, int, list[str]]] = [(0, 0, [])] * (n + 1)
    for i in range(n - 1, -1, -1):
        rest = best[i + 1]
        options = [(rest[0] + 1, rest[1], [seq[i], *rest[2]])]
        for lead_len in (1, 2):
            lead = _KO_LEAD_OF.get("".join(seq[i : i + lead_len]))
            if lead is None or i + lead_len > n:
                continue
            v_start = i + lead_len
            for vowel_len in (1, 2, 3):
                medial = _KO_MEDIAL_OF.get("".join(seq[v_start : v_start + vowel_len]))
                if medial is None or v_start + vowel_len > n:
                    continue
                t_start = v_start + vowel_len
                for tail_len in (0, 1, 2):
                    if t_start + tail_len > n:
                        continue
                    tail = _KO_TAIL_OF.get("".join(seq[t_start : t_start + tail_len])) if tail_len else 0
                    if tail is None:
                        continue
                    after = best[t_start + tail_len]
                    penalty = (lead in _KO_UNLIKELY_LEADS) + (tail in _KO_UNLIKELY_TAILS)
                    syllable = chr(0xAC00 + lead * 588 + medial * 28 + tail)
                    options.append((after[0], after[1] + penalty, [syllable, *after[2]]))
        best[i] = min(options, key=lambda o: (o[0], o[1], len(o[2])))
    return "".join(best[0][2])


# -- Uzbek ----------------------------------------------------------------------------------------

_UZ_FROM_CYRILLIC = {
    "а": "a",
    "б": "b",
    "в": "v",
    "г": "g",
    "д": "d",
    "ё": "yo",
    "ж": "j",
    "з": "z",
    "и": "i",
    "й": "y",
    "к": "k",
    "л": "l",
    "м": "m",
    "н": "n",
    "о": "o",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "у": "u",
    "ф": "f",
    "х": "x",
    "ч": "ch",
    "ш": "sh",
    "щ": "shch",
    "ъ": "\u02bc",
    "ь": "",
    "э": "e",
    "ю": "yu",
    "я": "ya",
    "ў": "o" + UZ_TURNED_COMMA,
    "қ": "q",
    "ғ": "g" + UZ_TURNED_COMMA,
    "ҳ": "h",
}
_CYR_VOWELS = set("аеёиоуўэюя")


def uz_from_cyrillic(word: str) -> str:
    """Transliterate Uzbek Cyrillic (the Debian lists) to Latin, lowercase.

    е is ye at the start of a word or after a vowel or ъ/ь; ц is s at the start or after a consonant
    and ts after a vowel. ъ becomes the tutuq belgisi ʼ, which `normalise` rejects.
    """
    out: list[str] = []
    low = word.lower()
    for i, ch in enumerate(low):
        prev = low[i - 1] if i else ""
        if ch == "е":
            out.append("ye" if not prev or prev in _CYR_VOWELS or prev in "ъь" else "e")
        elif ch == "ц":
            out.append("ts" if prev and prev in _CYR_VOWELS else "s")
        else:
            out.append(_UZ_FROM_CYRILLIC.get(ch, ch))
    return "".join(out)


def _normalise_uz(word: str) -> str | None:
    low = unicodedata.normalize("NFC", word).lower()
    out: list[str] = []
    i = 0
    while i < len(low):
        ch = low[i]
        if ch in "og" and i + 1 < len(low) and low[i + 1] in _UZ_APOSTROPHES:
            out.append(ch + UZ_TURNED_COMMA)
            i += 2
            continue
        if ch == "c" and low[i + 1 : i + 2] == "h":
            out.append("ch")
            i += 2
            continue
        if ch not in _KEEP["uz"]:
            folded = _strip_marks(ch)
            if not folded or any(c not in _KEEP["uz"] for c in folded):
                return None
            ch = folded
        out.append(ch)
        i += 1
    return "".join(out) or None


def _uz_letters(normalised: str) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(normalised):
        pair = normalised[i : i + 2]
        if pair in ("o" + UZ_TURNED_COMMA, "g" + UZ_TURNED_COMMA, "sh", "ch"):
            out.append(pair)
            i += 2
        else:
            out.append(normalised[i])
            i += 1
    return out


# -- Generic --------------------------------------------------------------------------------------


@cache
def _strip_marks(ch: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))


@cache
def _strip_stress(ch: str) -> str:
    # Cyrillic letters with a diaeresis or breve are letters of their own (ё ї й): only the stress
    # marks of dictionaries and textbooks are dropped.
    return unicodedata.normalize("NFC", "".join(c for c in unicodedata.normalize("NFD", ch) if c not in "\u0300\u0301"))


_CYRILLIC = frozenset({"ru", "uk", "kk"})


def _lower(language: str, word: str) -> str:
    if language == "tr":
        # Python's lower() maps I to i and İ to i + combining dot; Turkish needs I→ı, İ→i.
        word = word.replace("I", "ı").replace("İ", "i")
    return word.lower()


def normalise(language: str, word: str) -> str | None:
    """The normalised form of `word` in `language`, or None if it holds a non-letter."""
    if language not in _ALPHABETS:
        raise ValueError(f"unknown language {language!r}")
    if not word:
        return None
    if language == "ko":
        return _split_korean(word)
    if language == "uz":
        return _normalise_uz(word)
    keep = _KEEP[language]
    replace = _REPLACE.get(language, {})
    low = _lower(language, unicodedata.normalize("NFC", word))
    out: list[str] = []
    for ch in low:
        ch = replace.get(ch, ch)
        if ch in keep or len(ch) > 1:
            out.append(ch)
            continue
        folded = _strip_stress(ch) if language in _CYRILLIC else _strip_marks(ch)
        # A lone combining mark (the dot of a lowercased İ, a stress mark) folds to nothing.
        if folded and any(c not in keep for c in folded):
            return None
        out.append(folded)
    result = "".join(out)
    if not result or any(c not in keep for c in result):
        return None
    return result


def letters(language: str, normalised: str) -> list[str]:
    """The tiles of a normalised word."""
    if language == "uz":
        return _uz_letters(normalised)
    return list(normalised)


def length(language: str, normalised: str) -> int:
    """The number of tiles of a normalised word."""
    return len(letters(language, normalised))


def alphabet(language: str) -> list[str]:
    """The tiles of `language`, in alphabet order (Korean: 14 consonants, then 10 vowels)."""
    return list(_ALPHABETS[language])
