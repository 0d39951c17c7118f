"""Writes to the word-list tables: mirror the manifest, ban and unban hidden words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from wordlists import alphabets, lexicon
from wordlists.models import BannedWord, WordList

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class BanError(Exception):
    code: str
    message: StrOrPromise  # a lazy translation, said in the admin's language

    def __str__(self) -> str:
        return str(self.message)


def word_lists_sync() -> int:
    """Make the WordList rows match data/manifest.json. Runs after every migrate and build."""
    lexicon.manifest.cache_clear()
    if not lexicon.MANIFEST.exists():
        return 0
    shipped = lexicon.manifest()
    with transaction.atomic():
        for info in shipped.values():
            WordList.objects.update_or_create(
                slug=info.slug,
                defaults={
                    "game": info.game,
                    "language": info.language,
                    "length": info.length,
                    "kind": info.kind,
                    "count": info.count,
                    "sha256": info.sha256,
                    "sources": list(info.sources),
                    "shipped": True,
                },
            )
        WordList.objects.exclude(slug__in=shipped).update(shipped=False)
    return len(shipped)


def hidden_word_ban_check(*, word_list: WordList, word: str, reason: str) -> str:
    """The normalised word a ban would take, or BanError saying why it cannot. Changes nothing."""
    if not word_list.is_hidden:
        raise BanError("not_hidden_list", _("Only hidden-word lists have bans."))
    normalised = alphabets.normalise(word_list.language, (word or "").strip())
    if not normalised:
        raise BanError("bad_word", _("That is not a word in this list's alphabet."))
    if normalised not in lexicon.lexicon(word_list.slug):
        raise BanError("not_in_list", _("“%(word)s” is not in this list.") % {"word": word})
    if not (reason or "").strip():
        raise BanError("no_reason", _("Say why the word is banned."))
    if BannedWord.objects.filter(word_list=word_list, word=normalised).exists():
        raise BanError("already_banned", _("That word is already banned."))
    return normalised


def hidden_word_ban(*, word_list: WordList, word: str, reason: str, banned_by=None) -> BannedWord:
    """Ban a word from being an answer. The word is checked against the list, so a typo bans nothing."""
    normalised = hidden_word_ban_check(word_list=word_list, word=word, reason=reason)
    ban, created = BannedWord.objects.get_or_create(
        word_list=word_list, word=normalised, defaults={"reason": reason.strip(), "banned_by": banned_by}
    )
    if not created:  # another admin banned it a moment ago
        raise BanError("already_banned", _("That word is already banned."))
    return ban
