"""The host's choices for a Claves room: on its own page (games/claves/views.py) and the room page (its
spec's `settings_form`)."""

from django import forms
from django.utils.translation import gettext_lazy as _


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
