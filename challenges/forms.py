"""The challenge form: the game's own settings (its host's options, challenges.games.settings_fields), rated where
the game has ratings, and a stake where it is played for credits and the challenger may stake. The service checks
everything again (the game's clean_settings, the wallet's rules): the form only offers what is possible."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from challenges.games import can_be_rated, has_stakes, settings_fields
from wallet.selectors import stakes_open_to


class ChallengeForm(forms.Form):
    def __init__(self, *args, game: str, challenger: Player, challenged: Player, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields.update(settings_fields(game))
        if can_be_rated(game) and not challenger.is_guest and not challenged.is_guest:
            self.fields["rated"] = forms.BooleanField(label=_("Rated"), required=False, initial=False)
        if has_stakes(game) and not challenger.is_guest and not challenged.is_guest:
            stakes = stakes_open_to(player=challenger)
            self.fields["stake"] = forms.TypedChoiceField(
                label=_("Credits at stake"),
                coerce=int,
                required=False,
                empty_value=None,
                choices=[(0, _("None: a free game")), *[(stake, str(stake)) for stake in stakes]],
            )
