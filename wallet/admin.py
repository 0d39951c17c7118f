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
from config.readonly_admin import ReadOnlyAdmin, ReadOnlyInline
from wallet.models import Account, Leg, Transfer
from wallet.services import WalletError, wallet_debit, wallet_grant


class LegInline(ReadOnlyInline):
    model = Leg
    fields = ["account", "amount", "balance_after"]
    readonly_fields = fields


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


@admin.register(Account)
class AccountAdmin(ReadOnlyAdmin):
    list_display = ["pk", "kind", "holder", "balance", "created_at"]
    list_filter = ["kind"]
    search_fields = ["player__nickname", "player__tag", "player__user__email", "match_ref"]
    list_select_related = ["player"]
    fields = ["kind", "player", "match_ref", "balance", "created_at"]
    readonly_fields = fields

    @admin.display(description=_("holder"))
    def holder(self, obj: Account) -> str:
        return str(obj)

    def get_urls(self):
        adjust = path("adjust/", self.admin_site.admin_view(self.adjust_view), name="wallet_account_adjust")
        return [adjust, *super().get_urls()]

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
    fields = ["kind", "key", "match_ref", "params", "reason", "created_by", "created_at"]
    readonly_fields = fields
    inlines = [LegInline]
