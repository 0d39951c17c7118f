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
    valid: bool | None = None  # accepted as a guess / play (None: the group has no valid list)
    in_list: bool | None = None  # in this very list (for lists that have no valid list beside them)


def _contains(info: lexicons.ListInfo, word: str) -> bool:
    if info.slug in lexicons.DAWG_BACKED:
        return word in lexicons.dawg(info.slug)
    return word in lexicons.lexicon(info.slug)


def _sibling(info: lexicons.ListInfo, kind: str) -> lexicons.ListInfo | None:
    return lexicons.manifest().get(lexicons.slug_for(info.game, info.language, info.length, kind))


def word_lookup(*, slug: str, query: str) -> LookupResult:
    """Answer the public look-up page: does the game accept this word?

    Never whether it can be a game's answer (issue 17): the hidden lists are not downloadable, and a
    look-up that told answers from mere guesses would rebuild them word by word and serve as a mid-game
    oracle. So a hidden list's page answers from its valid list (every hidden word is in it), and the
    answer, the spelling shown included, is read from that list alone: an answer, a banned answer and a
    plain guess get the same page.
    """
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
    if valid_list is None and info.is_hidden:
        raise lexicons.CorruptList(f"{info.slug} has no valid list beside it")  # a broken manifest, not a player
    answered_by = valid_list or info
    found = _contains(answered_by, normalised)
    display = query
    if answered_by.slug not in lexicons.DAWG_BACKED and found:
        display = lexicons.lexicon(answered_by.slug).display(normalised)
    if valid_list is not None:
        return LookupResult(query, normalised, display, valid=found)
    return LookupResult(query, normalised, display, in_list=found)
