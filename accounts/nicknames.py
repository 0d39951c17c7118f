"""What a nickname may be. Pure rules, no database: tested as a table.

A nickname need not be unique on the whole site (guests come and go); a four-digit
tag, unique per nickname, tells two "Ana" apart at a table (Ana #0412, Ana #7730).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

MIN_LENGTH = 3
MAX_LENGTH = 20
ALLOWED_PUNCTUATION = {" ", "_", "-", "."}

# Names that would let a player pass for the house, staff or a bot.
RESERVED = {
    "admin",
    "administrador",
    "administrator",
    "moderador",
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
}


@dataclass(frozen=True)
class NicknameError(Exception):
    code: str
    message: str

    def __str__(self) -> str:
        return str(self.message)


def clean_nickname(raw: str) -> str:
    """The nickname as stored: NFC, trimmed, inner runs of spaces folded to one.

    Raises NicknameError with a stable code and a message for the player.
    """
    if not isinstance(raw, str):
        raise NicknameError("invalid", _("Choose a nickname."))
    nickname = " ".join(unicodedata.normalize("NFC", raw).split())
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
    if nickname_key(nickname) in RESERVED or nickname_key(nickname).replace(" ", "") in RESERVED:
        raise NicknameError("reserved", _("That nickname is reserved. Please choose another."))
    return nickname


def nickname_key(nickname: str) -> str:
    """The comparison form: two nicknames with the same key look the same to people.

    Accents are folded and case is ignored, so 'José' and 'JOSE' share tags.
    """
    decomposed = unicodedata.normalize("NFKD", nickname.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))
