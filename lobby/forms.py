"""The word-language choice of Torneo (13 languages), for the queue, practice and groups."""

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.torneo.engine import LANGUAGES

# Each language by its own name: a player looks for the one they read, whatever the interface language.
TORNEO_LANGUAGE_NAMES = {
    "en": "English", "id": "Bahasa Indonesia", "de": "Deutsch", "es": "Español", "fr": "Français",
    "it": "Italiano", "nl": "Nederlands", "uz": "Oʻzbekcha", "pl": "Polski", "pt": "Português",
    "kk": "Қазақша", "ru": "Русский", "uk": "Українська",
}
assert set(TORNEO_LANGUAGE_NAMES) == set(LANGUAGES)  # noqa: S101 - a new engine language needs a name here


def default_word_language() -> str:
    """The interface language when Torneo has words in it, else Spanish (the house default)."""
    language = (get_language() or "es")[:2]
    return language if language in LANGUAGES else "es"


class TorneoLanguageForm(forms.Form):
    language = forms.ChoiceField(label=_("Word language"),
                                 choices=[(code, TORNEO_LANGUAGE_NAMES[code]) for code in LANGUAGES])
