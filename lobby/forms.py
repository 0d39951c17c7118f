"""The word-language choice of Torneo (13 languages), for the queue, practice and groups."""

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.runtime.catalogue import spec_for

# The Torneo's word languages, each by its own name (its spec's: the lobby imports no engine).
TORNEO_LANGUAGE_NAMES = spec_for("torneo").word_languages
LANGUAGES = tuple(TORNEO_LANGUAGE_NAMES)


def default_word_language() -> str:
    """The interface language when Torneo has words in it, else Spanish (the house default)."""
    language = (get_language() or "es")[:2]
    return language if language in LANGUAGES else "es"


class TorneoLanguageForm(forms.Form):
    language = forms.ChoiceField(
        label=_("Word language"), choices=[(code, TORNEO_LANGUAGE_NAMES[code]) for code in LANGUAGES]
    )
