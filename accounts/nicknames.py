"""What a nickname may be. Pure rules, no database: tested as a table.

A nickname need not be unique on the whole site (guests come and go); a four-digit
tag, unique per nickname, tells two "Ana" apart at a table (Ana #0412, Ana #7730).

A nickname must not pass for someone else (docs/security.md, "Accounts and log-in"): no invisible
characters (Hangul fillers, braille blank, zero-width ones), no letter under more than two marks, letters
of one script (or one writing system: Japanese mixes Han and kana), and no reserved word or bot's name,
also when spelt with lookalikes (a Cyrillic А, a fullwidth ａ, a 0 for an o): each is compared by its
skeleton, where every letter that looks like a Latin one (Unicode's confusables, from the
confusable-homoglyphs package) is that Latin letter.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MIN_LENGTH = 3
MAX_LENGTH = 20
ALLOWED_PUNCTUATION = {" ", "_", "-", "."}
MAX_MARKS_PER_LETTER = 2

# Names that would let a player pass for the house, staff or a bot: refused when the whole nickname, or
# one word of it, is one of these (or looks like one). A word: split at spaces, dots, dashes, underscores,
# digits and where a lower-case letter is followed by a capital ("TheAdmin").
RESERVED = {
    "admin",
    "administrador",
    "administradora",
    "administrator",
    "moderador",
    "moderadora",
    "moderator",
    "staff",
    "soporte",
    "support",
    "sistema",
    "system",
    "bot",
    "dreamgames",
    "dream games",
    "anfitrion",
    "host",
    # the same claims in the other languages of the site's players (Latin spellings fold their accents)
    "administrateur",
    "amministratore",
    "moderateur",
    "moderatore",
    "yonetici",
    # ... and in the other scripts: Cyrillic, Korean, Greek, Arabic, Hebrew, Devanagari, Han, kana, Thai
    "админ",
    "адмін",
    "администратор",
    "адміністратор",
    "модератор",
    "관리자",
    "운영자",
    "어드민",
    "모더레이터",
    "διαχειριστης",
    "συντονιστης",
    "مدير",
    "مشرف",
    "מנהל",
    "מנהלן",
    "प्रशासक",
    "व्यवस्थापक",
    "管理员",
    "管理員",
    "管理者",
    "版主",
    "運営",
    "アドミン",
    "モデレーター",
    "ผู้ดูแล",
}
# Scripts written without spaces between words: a reserved word in one of them is refused anywhere in a
# nickname ("管理者です"), not only as a word of it.
UNSPACED_SCRIPTS = {"HAN", "HIRAGANA", "KATAKANA", "THAI"}
# A plural of a reserved word ("Admins", "Modérateurs") is as much a claim as the word.
PLURALS = ("es", "s")
# The bots' display names (games/runtime/views.py shows them at a table): refused as a whole nickname. Eight, one
# per seat of the largest table (the Torneo's), so no two bots at a table share a name. Words, never people's
# first names (issue 33: bots called Alba, Bruno, Hugo... refused half the Spanish names a newcomer tried): short,
# read the same in Spanish and English, a different first letter each.
BOT_NAMES = ("Astro", "Bip", "Cactus", "Domino", "Eco", "Faro", "Gizmo", "Halo")


def bot_name(seat: int) -> str:
    """The name a bot in seat `seat` goes by, wherever the table is shown (room, replay, lobby, player page)."""
    return BOT_NAMES[seat % len(BOT_NAMES)]


# Characters that show as nothing (Unicode's Default_Ignorable_Code_Point, the Hangul fillers, which are
# letters, and the braille blank): a nickname of them looks empty, or like another with them added.
INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
# Scripts that one writing system mixes (Unicode TS #39's "highly restrictive" level): any other mix of
# two scripts, Latin with Cyrillic or Greek above all, is refused.
WRITING_SYSTEMS = (
    {"LATIN", "HAN", "HIRAGANA", "KATAKANA"},
    {"LATIN", "HAN", "BOPOMOFO"},
    {"LATIN", "HAN", "HANGUL"},
)
NEUTRAL_SCRIPTS = {"COMMON", "INHERITED"}  # digits, punctuation, combining marks
# Latin lookalikes among Latin letters and digits themselves, applied to skeletons after lookalikes of other
# scripts became Latin: "rn" reads as "m", "0" as "o", "1", "i" and "l" as one another.
SKELETON_PAIRS = (("rn", "m"), ("vv", "w"))
SKELETON_LETTERS = str.maketrans({"0": "o", "1": "l", "i": "l", "|": "l", "5": "s"})
WORD_BREAK = re.compile(r"[\s._\-0-9]+|(?<=[^\W\d_])(?=[A-Z])")


@dataclass(frozen=True)
class NicknameError(Exception):
    code: str
    message: StrOrPromise  # a lazy translation, said in the asker's language

    def __str__(self) -> str:
        return str(self.message)


def clean_nickname(raw: str) -> str:
    """The nickname as stored: NFC, trimmed, inner runs of spaces folded to one.

    Raises NicknameError with a stable code and a message for the player.
    """
    if not isinstance(raw, str):
        raise NicknameError("invalid", _("Choose a nickname."))
    nickname = " ".join(unicodedata.normalize("NFC", raw).split())
    if INVISIBLE.search(nickname):
        raise NicknameError(
            "invisible",
            _("A nickname cannot have invisible characters (fillers, blank or zero-width characters)."),
        )
    if len(nickname) < MIN_LENGTH:
        raise NicknameError("too_short", _("A nickname needs at least 3 characters."))
    if len(nickname) > MAX_LENGTH:
        raise NicknameError("too_long", _("A nickname can have at most 20 characters."))
    for char in nickname:
        category = unicodedata.category(char)
        if not (category[0] in "LMN" or char in ALLOWED_PUNCTUATION):
            raise NicknameError(
                "bad_characters",
                _("Use letters, digits, spaces, dots, dashes or underscores only."),
            )
    if not any(unicodedata.category(char)[0] == "L" for char in nickname):
        raise NicknameError("no_letter", _("A nickname needs at least one letter."))
    if _most_marks_on_a_letter(nickname) > MAX_MARKS_PER_LETTER:
        raise NicknameError("too_many_marks", _("At most two accents or marks on one letter, please."))
    if not _one_writing_system(nickname):
        raise NicknameError(
            "mixed_scripts",
            _("Use the letters of one alphabet: this nickname mixes alphabets (such as Latin and Cyrillic)."),
        )
    if _is_reserved(nickname):
        raise NicknameError("reserved", _("That nickname is reserved. Please choose another."))
    if _is_bot_name(nickname):
        raise NicknameError("bot_name", _("That is the name of one of the site's bots. Please choose another."))
    return nickname


def _most_marks_on_a_letter(nickname: str) -> int:
    most = run = 0
    for char in nickname:
        run = run + 1 if unicodedata.category(char)[0] == "M" else 0
        most = max(most, run)
    return most


def _one_writing_system(nickname: str) -> bool:
    from confusable_homoglyphs import categories  # type: ignore[import-untyped]

    scripts = {categories.alias(char) for char in nickname} - NEUTRAL_SCRIPTS
    return len(scripts) <= 1 or any(scripts <= system for system in WRITING_SYSTEMS)


def skeleton(text: str) -> str:
    """How a text looks, for comparing: lookalikes of Latin letters made Latin, accents and case dropped."""
    decomposed = unicodedata.normalize("NFKD", text)
    latin = "".join(_latin_lookalike(char) for char in decomposed if not unicodedata.combining(char))
    folded = unicodedata.normalize("NFKD", latin.casefold())
    folded = "".join(char for char in folded if not unicodedata.combining(char))
    for pair, single in SKELETON_PAIRS:
        folded = folded.replace(pair, single)
    return folded.translate(SKELETON_LETTERS)


# Latin letters drawn another way that Unicode's confusables leave out: small capitals (ᴀᴅᴍɪɴ), read by
# their names ("LATIN LETTER SMALL CAPITAL A").
DRAWN_LATIN = re.compile(r"LATIN (?:SMALL |CAPITAL )?LETTER (?:SMALL CAPITAL |INVERTED SMALL CAPITAL )?([A-Z])")


def _latin_lookalike(char: str) -> str:
    if char.isascii():
        return char
    table = _confusables()
    for form in (char, char.upper()):  # a lower-case Cyrillic в is a small capital B
        for glyph in table.get(form, ()):
            latin = glyph["c"].strip("\u200e")
            if len(latin) == 1 and latin.isascii() and latin.isalnum():
                return latin
    drawn = DRAWN_LATIN.fullmatch(unicodedata.name(char, ""))
    return drawn.group(1).lower() if drawn else char


@functools.cache
def _confusables() -> dict:
    from confusable_homoglyphs import confusables

    return confusables.confusables_data


def _squeezed(text: str) -> str:
    return "".join(skeleton(text).split()).replace("_", "").replace("-", "").replace(".", "")


def _is_reserved(nickname: str) -> bool:
    words = {skeleton(word) for word in WORD_BREAK.split(nickname) if word}
    singulars = {word[: -len(ending)] for word in words for ending in PLURALS if word.endswith(ending)}
    reserved = _reserved_skeletons()
    squeezed = _squeezed(nickname)
    return (
        squeezed in reserved
        or bool((words | singulars) & reserved)
        or any(phrase in squeezed for phrase in _reserved_phrases())
    )


def _is_bot_name(nickname: str) -> bool:
    """A bot's name as the whole nickname, also with digits or separators around it ("Alba2", "Alba_01")."""
    return _squeezed(NUMBERED.sub("", nickname)) in _bot_skeletons()


NUMBERED = re.compile(r"^[\d\s._\-]+|[\d\s._\-]+$")


@functools.cache
def _reserved_skeletons() -> frozenset[str]:
    return frozenset(_squeezed(word) for word in RESERVED)


@functools.cache
def _reserved_phrases() -> frozenset[str]:
    """Reserved names refused anywhere in a nickname: those of more than one word ("Dream Games"), spaced or
    not, and those of scripts written without spaces (UNSPACED_SCRIPTS)."""
    from confusable_homoglyphs import categories

    def unspaced(word: str) -> bool:
        return any(categories.alias(char) in UNSPACED_SCRIPTS for char in word)

    return frozenset(_squeezed(word) for word in RESERVED if " " in word or unspaced(word))


@functools.cache
def _bot_skeletons() -> frozenset[str]:
    return frozenset(_squeezed(name) for name in BOT_NAMES)


def nickname_key(nickname: str) -> str:
    """The comparison form: two nicknames with the same key look the same to people.

    Accents are folded and case is ignored, so 'José' and 'JOSE' share tags.
    """
    decomposed = unicodedata.normalize("NFKD", nickname.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))
