"""The host's options for a Duelo room: on its own page (games/duelo/views.py) and the room page (its spec's
`settings_form`)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.duelo import engine as duelo_engine
from games.forms import bot_level_choices
from wordlists.alphabets import language_names


class DueloRoomForm(forms.Form):
    """The host's options for a Duelo room (the engine checks them again: one source of rules)."""

    seats = forms.TypedChoiceField(label=_("Seats"), coerce=int, initial=4, choices=[(n, str(n)) for n in range(2, 7)])
    bots = forms.ChoiceField(
        label=_("Free seats"),
        required=False,
        initial="",
        choices=[("", _("Wait for friends")), *[(level, label) for level, label in bot_level_choices()[1:]]],
    )
    language = forms.ChoiceField(label=_("Word language"), choices=list(language_names(duelo_engine.LANGUAGES).items()))
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
