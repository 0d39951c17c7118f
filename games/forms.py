from django import forms
from django.utils.translation import gettext_lazy as _

from games.duelo import engine as duelo_engine
from games.duelo.bots import LEVELS
from wordlists.alphabets import language_names

LANGUAGE_NAMES = language_names(duelo_engine.LANGUAGES)


def bot_level_choices():
    return [("", _("Free seat")), ("easy", _("Bot: easy")), ("medium", _("Bot: medium")), ("hard", _("Bot: hard"))]


class SeatForm(forms.Form):
    bot_level = forms.ChoiceField(required=False, choices=[("", "")] + [(level, level) for level in LEVELS])


class QuickMatchForm(forms.Form):
    language = forms.ChoiceField(choices=[(code, LANGUAGE_NAMES[code]) for code in duelo_engine.LANGUAGES])
