"""The ledger in Django admin: everything read-only (history is append-only: nobody edits or deletes a
ledger row, not even a superuser); credits move only through the adjust form, which is itself a ledger
transfer made by wallet/services.py."""

import uuid

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.widgets import ForeignKeyRawIdWidget
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from toolkit.readonly_admin import ReadOnlyAdmin, ReadOnlyInline
from wallet.models import Account, AccountFreeze, GrantWithheld, Leg, PairingRefusal, Transfer
from wallet.selectors import suspicious_flows
from wallet.services import WalletError, wallet_debit, wallet_freeze, wallet_grant, wallet_unfreeze


class LegInline(ReadOnlyInline):
    model = Leg
    fields = readonly_fields = ("account", "amount", "balance_after")


class AdjustForm(forms.Form):
    OPERATIONS = [
        ("grant", _("Grant credits (new credits to the player)")),
        ("debit", _("Debit credits (taken from the player)")),
    ]

    player = forms.ModelChoiceField(
        queryset=Player.objects.filter(user__isnull=False),
        label=_("Player"),
        widget=ForeignKeyRawIdWidget(Account._meta.get_field("player").remote_field, admin.site),
        help_text=_("Only registered players have credits."),
    )
    operation = forms.ChoiceField(choices=OPERATIONS, label=_("Operation"), widget=forms.RadioSelect)
    amount = forms.IntegerField(min_value=1, label=_("Credits"))
    reason = forms.CharField(max_length=300, label=_("Reason"), help_text=_("Kept in the ledger for good."))
    # One key per form shown: a double click or a resubmitted page moves the credits once.
    key = forms.CharField(widget=forms.HiddenInput, max_length=100)


class FreezeForm(forms.Form):
    reason = forms.CharField(
        max_length=300, label=_("Reason"), help_text=_("Kept for good, and shown to the player on their wallet page.")
    )


class FreezeInline(ReadOnlyInline):
    model = AccountFreeze
    fields = readonly_fields = ("created_at", "frozen", "reason", "created_by")


@admin.register(Account)
class AccountAdmin(ReadOnlyAdmin):
    list_display = ["pk", "kind", "holder", "balance", "frozen", "created_at"]
    list_filter = ["kind", "frozen"]
    search_fields = ["player__nickname", "player__tag", "player__user__email", "match_ref"]
    list_select_related = ["player"]
    fields = readonly_fields = ("kind", "player", "match_ref", "balance", "frozen", "created_at")
    inlines = [FreezeInline]
    actions = ["freeze_wallets", "unfreeze_wallets"]

    def get_actions(self, request):
        # Actions need no change permission (nothing is edited: a wallet service acts), the ledger's does.
        actions = super().get_actions(request)
        if not (request.user.is_superuser or request.user.has_perm("wallet.add_transfer")):
            actions.pop("freeze_wallets", None)
            actions.pop("unfreeze_wallets", None)
        return actions

    @admin.action(description=_("Freeze the selected wallets (no stake, no credits out)"))
    def freeze_wallets(self, request, queryset):
        return self._freeze_view(request, queryset, frozen=True)

    @admin.action(description=_("Unfreeze the selected wallets"))
    def unfreeze_wallets(self, request, queryset):
        return self._freeze_view(request, queryset, frozen=False)

    def _freeze_view(self, request, queryset, *, frozen: bool):
        """The reason first (a page between the list and the service), then wallet_freeze or wallet_unfreeze."""
        if not (request.user.is_superuser or request.user.has_perm("wallet.add_transfer")):
            raise PermissionDenied
        accounts = list(queryset.filter(kind=Account.Kind.PLAYER).select_related("player"))
        form = FreezeForm(request.POST if "reason" in request.POST else None)
        if form.is_bound and form.is_valid():
            service = wallet_freeze if frozen else wallet_unfreeze
            for account in accounts:
                try:
                    service(player=account.player, reason=form.cleaned_data["reason"], by=request.user)
                except WalletError as error:
                    self.message_user(request, error.message, messages.WARNING)
                else:
                    self.message_user(request, _("Done: %(player)s.") % {"player": account.player}, messages.SUCCESS)
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": _("Freeze wallets") if frozen else _("Unfreeze wallets"),
            "form": form,
            "accounts": accounts,
            "action": "freeze_wallets" if frozen else "unfreeze_wallets",
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/wallet/account/freeze.html", context)

    @admin.display(description=_("holder"))
    def holder(self, obj: Account) -> str:
        return str(obj)

    def get_urls(self):
        adjust = path("adjust/", self.admin_site.admin_view(self.adjust_view), name="wallet_account_adjust")
        flows = path("suspicious/", self.admin_site.admin_view(self.suspicious_view), name="wallet_account_suspicious")
        return [adjust, flows, *super().get_urls()]

    def suspicious_view(self, request):
        """Who won mostly from one opponent, and who resigns staked games after at most one move."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        try:
            days = max(1, min(365, int(request.GET.get("days", 30))))
        except ValueError:
            days = 30
        context = {
            **self.admin_site.each_context(request),
            "title": _("Suspicious flows of credits"),
            "flows": suspicious_flows(days=days),
            "days": days,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/wallet/account/suspicious.html", context)

    def adjust_view(self, request):
        if not (request.user.is_superuser or request.user.has_perm("wallet.add_transfer")):
            raise PermissionDenied
        initial = {"key": f"admin:{uuid.uuid4()}", "player": request.GET.get("player")}
        form = AdjustForm(request.POST or None, initial=initial)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            move = wallet_grant if data["operation"] == "grant" else wallet_debit
            try:
                transfer = move(
                    player=data["player"],
                    amount=data["amount"],
                    key=data["key"],
                    reason=data["reason"],
                    by=request.user,
                )
            except WalletError as error:
                form.add_error(None, error.message)
            else:
                self.message_user(
                    request,
                    _("Done: %(transfer)s, %(amount)s credits, %(player)s.")
                    % {"transfer": transfer, "amount": data["amount"], "player": data["player"]},
                    messages.SUCCESS,
                )
                return redirect(reverse("admin:wallet_transfer_change", args=[transfer.pk]))
        context = {
            **self.admin_site.each_context(request),
            "title": _("Grant or debit credits"),
            "form": form,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/wallet/account/adjust.html", context)


@admin.register(Transfer)
class TransferAdmin(ReadOnlyAdmin):
    list_display = ["pk", "kind", "match_ref", "reason", "created_by", "created_at"]
    list_filter = ["kind"]
    search_fields = ["key", "match_ref", "reason"]
    date_hierarchy = "created_at"
    fields = readonly_fields = ("kind", "key", "match_ref", "params", "reason", "created_by", "created_at")
    inlines = [LegInline]


@admin.register(PairingRefusal)
class PairingRefusalAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "game", "poster", "accepter", "reason", "stake"]
    list_filter = ["reason", "game", ("created_at", admin.DateFieldListFilter)]
    search_fields = ["poster__nickname", "accepter__nickname", "poster__user__email", "accepter__user__email"]
    list_select_related = ["poster", "accepter"]
    date_hierarchy = "created_at"


@admin.register(GrantWithheld)
class GrantWithheldAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "player", "reason", "address"]
    list_filter = ["reason", ("created_at", admin.DateFieldListFilter)]
    search_fields = ["player__nickname", "player__user__email", "address"]
    list_select_related = ["player"]
