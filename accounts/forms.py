from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from accounts.nicknames import MAX_LENGTH, NicknameError, clean_nickname
from accounts.selectors import GUEST_SESSION_KEY
from accounts.services import player_create_for_user


class NicknameField(forms.CharField):
    """A nickname checked by the same rules everywhere (guest form, sign-up, profile, admin)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Nickname"))
        kwargs.setdefault("max_length", MAX_LENGTH * 2)  # the rules, not the widget, give the message
        kwargs.setdefault("strip", True)
        super().__init__(**kwargs)
        self.widget.attrs.update({"autocomplete": "nickname", "maxlength": str(MAX_LENGTH)})

    def clean(self, value):
        value = super().clean(value)
        try:
            return clean_nickname(value)
        except NicknameError as error:
            raise forms.ValidationError(error.message, code=error.code) from None


class PaletteForm(forms.Form):
    """The boards' colours (accounts.models.Player.palette)."""

    palette = forms.ChoiceField(label=_("Colours"), choices=Player.PALETTES, widget=forms.RadioSelect)


class PageVisibilityForm(forms.Form):
    """Whether the player's public page (/p/<nickname>-<tag>/) is shown to others (Player.page_hidden)."""

    hidden = forms.BooleanField(
        label=_("Hide my public page"),
        required=False,
        help_text=_("Others then get “not found”; you still see it."),
    )


class GuestForm(forms.Form):
    nickname = NicknameField()


class NicknameForm(forms.Form):
    nickname = NicknameField()


class NicknameSignupForm(forms.Form):
    """allauth's sign-up with a nickname; a guest who signs up keeps their Player (and games)."""

    nickname = NicknameField()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Shown before email and password: it is the name other players will see.
        self.field_order = ["nickname"]

    def signup(self, request, user):
        """The account is not logged in until its address is confirmed (ACCOUNT_EMAIL_VERIFICATION is
        "mandatory"). A newcomer's account gets its Player now; a guest keeps playing as the guest, and the
        account takes over the guest's Player once the address is confirmed (accounts.services.
        player_for_user): a guest's sign-up changes nothing they can see, as a sign-up with an address
        already registered (which allauth answers the same way, and mails the owner) changes nothing."""
        from accounts.models import PendingSignup, Player

        nickname = self.cleaned_data["nickname"]
        guest_id = request.session.get(GUEST_SESSION_KEY)
        guest = Player.objects.filter(pk=guest_id, user__isnull=True).first() if guest_id else None
        if guest is not None:
            PendingSignup.objects.create(user=user, guest=guest, nickname=nickname)
        else:
            player_create_for_user(user=user, nickname=nickname)
