"""What games ask of the word lists: lexicons, and hidden words that respect the admins' bans."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from wordlists import alphabets
from wordlists import lexicon as lexicons
from wordlists.models import BannedWord


def banned_hidden_words(slug: str) -> frozenset[str]:
    return frozenset(BannedWord.objects.filter(word_list__slug=slug).values_list("word", flat=True))


def is_possible_hidden_word(*, game: str, language: str, length: int | None, word: str) -> bool:
    slug = lexicons.slug_for(game, language, length, lexicons.HIDDEN)
    try:
        hidden = lexicons.lexicon(slug)
    except lexicons.UnknownList:
        return False
    return word in hidden and word not in banned_hidden_words(slug)


@dataclass(frozen=True)
class LookupResult:
    query: str
    normalised: str | None
    display: str | None
    error: str | None = None  # a message for the player when the query cannot be looked up
    valid: bool | None = None  # accepted as a guess / play
    in_list: bool | None = None  # in this very list (for lists that are neither hidden nor valid)
    hidden: bool | None = None  # could be the answer of a game (None: the group has no hidden list)


def _contains(info: lexicons.ListInfo, word: str) -> bool:
    if info.slug in lexicons.DAWG_BACKED:
        return word in lexicons.dawg(info.slug)
    return word in lexicons.lexicon(info.slug)


def _sibling(info: lexicons.ListInfo, kind: str) -> lexicons.ListInfo | None:
    return lexicons.manifest().get(lexicons.slug_for(info.game, info.language, info.length, kind))


def word_lookup(*, slug: str, query: str) -> LookupResult:
    """Answer the public look-up page: is this word valid here, could it be a hidden word?"""
    info = lexicons.list_info(slug)
    query = (query or "").strip()[:60]
    normalised = alphabets.normalise(info.language, query) if query else None
    if not normalised:
        return LookupResult(query, None, None, error=_("Type a single word in this list's alphabet."))
    size = alphabets.length(info.language, normalised)
    if info.length and size != info.length:
        return LookupResult(
            query,
            normalised,
            None,
            error=_("This list has words of %(length)d letters; “%(word)s” has %(size)d.")
            % {"length": info.length, "word": query, "size": size},
        )
    valid_list = _sibling(info, "valid")
    hidden_list = _sibling(info, lexicons.HIDDEN)
    valid = _contains(valid_list, normalised) if valid_list else None
    hidden = (
        is_possible_hidden_word(game=info.game, language=info.language, length=info.length, word=normalised)
        if hidden_list
        else None
    )
    in_list = _contains(info, normalised)
    display = query
    if info.slug not in lexicons.DAWG_BACKED and in_list:
        display = lexicons.lexicon(info.slug).display(normalised)
    return LookupResult(query, normalised, display, valid=valid, in_list=in_list, hidden=hidden)
