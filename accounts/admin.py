from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from accounts.forms import NicknameField
from accounts.models import PendingSignup, Player, Sighting
from accounts.nicknames import NicknameError
from accounts.services import player_rename
from toolkit.readonly_admin import ReadOnlyAdmin


class PlayerAdminForm(forms.ModelForm):
    nickname = NicknameField()

    class Meta:
        model = Player
        fields = ["nickname", "user"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    form = PlayerAdminForm
    list_display = ["nickname", "tag", "user", "is_guest", "created_at", "last_seen_at"]
    list_filter = [("user", admin.EmptyFieldListFilter)]
    search_fields = ["nickname", "nickname_key", "tag", "user__email"]
    readonly_fields = ["tag", "created_at", "last_seen_at", "signup_ip"]
    raw_id_fields = ["user"]

    @admin.display(boolean=True, description=_("guest"))
    def is_guest(self, obj):
        return obj.is_guest

    def has_add_permission(self, request):
        # Players come from sign-ups and guest links; an admin-made one would have no way in.
        return False

    def save_model(self, request, obj, form, change):
        try:
            player_rename(player=obj, nickname=form.cleaned_data["nickname"])
        except NicknameError as error:
            self.message_user(request, error.message, level="error")


@admin.register(Sighting)
class SightingAdmin(ReadOnlyAdmin):
    """Which browsers (device cookie) and addresses each account was seen with: accounts sharing a value are
    related, and may not stake against each other (wallet/trust.py). Search a value to find its accounts."""

    list_display = ["player", "kind", "value", "first_seen", "last_seen"]
    list_filter = ["kind", ("last_seen", admin.DateFieldListFilter)]
    search_fields = ["value", "player__nickname", "player__user__email"]
    list_select_related = ["player"]


@admin.register(PendingSignup)
class PendingSignupAdmin(ReadOnlyAdmin):
    """Guests who signed up and have not opened their link yet: the account takes over the guest's Player
    once the address is confirmed (accounts.services.player_for_user)."""

    list_display = ["guest", "user", "nickname", "created_at"]
    search_fields = ["nickname", "guest__nickname", "user__email"]
    list_select_related = ["guest", "user"]
