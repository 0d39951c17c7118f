"""The word-language choice of Torneo (13 languages), for the queue, practice and groups."""

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.torneo.engine import LANGUAGES
from games.torneo.spec import LANGUAGE_NAMES as TORNEO_LANGUAGE_NAMES  # each language by its own name


def default_word_language() -> str:
    """The interface language when Torneo has words in it, else Spanish (the house default)."""
    language = (get_language() or "es")[:2]
    return language if language in LANGUAGES else "es"


class TorneoLanguageForm(forms.Form):
    language = forms.ChoiceField(
        label=_("Word language"), choices=[(code, TORNEO_LANGUAGE_NAMES[code]) for code in LANGUAGES]
    )
