from django import forms
from django.utils.translation import gettext_lazy as _

from games.runtime.catalogue import spec_for

# Duelo's word languages by their own names, and its bots' levels: its spec's (no engine needed here).
LANGUAGE_NAMES = spec_for("duelo").word_languages
LEVELS = spec_for("duelo").bot_levels


def bot_level_choices():
    return [("", _("Free seat")), ("easy", _("Bot: easy")), ("medium", _("Bot: medium")), ("hard", _("Bot: hard"))]


class SeatForm(forms.Form):
    bot_level = forms.ChoiceField(required=False, choices=[("", "")] + [(level, level) for level in LEVELS])


class QuickMatchForm(forms.Form):
    language = forms.ChoiceField(choices=list(LANGUAGE_NAMES.items()))
