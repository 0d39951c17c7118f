"""The word-language choice of a way into a game: the game's spec's languages, each by its own name (the lobby
imports no engine and names no game)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.runtime.catalogue import spec_for


class WordLanguageForm(forms.Form):
    language = forms.ChoiceField(label=_("Word language"))

    def __init__(self, *args, game: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["language"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = list(spec_for(game).word_languages.items())
