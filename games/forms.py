from django import forms
from django.utils.translation import gettext_lazy as _

from games.duelo import engine as duelo_engine
from games.duelo.bots import LEVELS
from wordlists.alphabets import language_names

LANGUAGE_NAMES = language_names(duelo_engine.LANGUAGES)


def bot_level_choices():
    return [("", _("Free seat")), ("easy", _("Bot: easy")), ("medium", _("Bot: medium")), ("hard", _("Bot: hard"))]


class DueloRoomForm(forms.Form):
    """The host's options for a Duelo room (the engine checks them again: one source of rules)."""

    seats = forms.TypedChoiceField(label=_("Seats"), coerce=int, initial=4, choices=[(n, str(n)) for n in range(2, 7)])
    bots = forms.ChoiceField(
        label=_("Free seats"),
        required=False,
        initial="",
        choices=[("", _("Wait for friends")), *[(level, label) for level, label in bot_level_choices()[1:]]],
    )
    language = forms.ChoiceField(
        label=_("Word language"), choices=[(code, LANGUAGE_NAMES[code]) for code in duelo_engine.LANGUAGES]
    )
    rounds = forms.TypedChoiceField(
        label=_("Rounds"),
        coerce=int,
        initial=duelo_engine.DEFAULT_ROUNDS,
        choices=[(n, str(n)) for n in duelo_engine.ROUND_CHOICES],
    )
    round_seconds = forms.TypedChoiceField(
        label=_("Seconds per round"),
        coerce=int,
        initial=duelo_engine.DEFAULT_ROUND_SECONDS,
        choices=[(n, str(n)) for n in duelo_engine.SECONDS_CHOICES],
    )


class SeatForm(forms.Form):
    bot_level = forms.ChoiceField(required=False, choices=[("", "")] + [(level, level) for level in LEVELS])


class QuickMatchForm(forms.Form):
    language = forms.ChoiceField(choices=[(code, LANGUAGE_NAMES[code]) for code in duelo_engine.LANGUAGES])


class ClavesRoomForm(forms.Form):
    """The host's choices for Claves a Dúo: the word set and the number of turns."""

    level = forms.ChoiceField(
        label=_("Words"),
        initial="familiar",
        choices=[
            ("familiar", _("Familiar (ages 8 and up)")),
            ("standard", _("Standard (words with several meanings)")),
        ],
    )
    turns = forms.TypedChoiceField(label=_("Turns"), coerce=int, initial=9, choices=[(9, "9"), (11, "11")])
