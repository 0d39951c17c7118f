"""A game's word language said in the page's language (issue 33: Wordgrid's English was a surprise, said only in
its rules): {{ code|words_in }} is "Words in English", "Palabras en inglés"; templates/games/word_language.html
shows it as a mark beside a game's name, its offers and its stake's terms; {{ code|language_title }} is the name
alone, the room's mark on a phone."""

from django import template
from django.utils.translation import get_language, get_language_info, gettext

register = template.Library()

# Interface languages that write a language's name in lower case inside a sentence ("palabras en inglés").
LOWER_CASE_NAMES = {"es", "fr", "it", "pt"}


def language_name(code: str) -> str:
    """The language's name in the page's language, as it reads inside a sentence."""
    try:
        name = str(get_language_info(code)["name_translated"])
    except KeyError:
        return code
    if (get_language() or "")[:2] in LOWER_CASE_NAMES:
        return name[:1].lower() + name[1:]
    return name


@register.filter
def language_title(code: str | None) -> str:
    """The language's name alone, as a title ("Inglés", "English"): the room's mark on a phone, where "Palabras en
    inglés" takes too much of the header's one line (templates/games/room_marks.html)."""
    if not code:
        return ""
    name = language_name(code)
    return name[:1].upper() + name[1:]


@register.filter
def words_in(code: str | None) -> str:
    return gettext("Words in %(language)s") % {"language": language_name(code)} if code else ""
