"""The forms every game's room shares: a seat's bot level."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.runtime.catalogue import game_slugs, spec_for


def bot_level_choices():
    return [("", _("Free seat")), ("easy", _("Bot: easy")), ("medium", _("Bot: medium")), ("hard", _("Bot: hard"))]


def _levels() -> list[str]:
    """Every bot level any game offers, in the order the games list them."""
    return list(dict.fromkeys(level for slug in game_slugs() for level in spec_for(slug).bot_levels))


class SeatForm(forms.Form):
    bot_level = forms.ChoiceField(required=False, choices=())

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["bot_level"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", ""), *[(level, level) for level in _levels()]]
