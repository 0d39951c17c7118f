"""The ledger's tables: accounts, transfers and their legs (double-entry, integer credits).

A leg's `amount` is signed: positive adds to its account, negative takes away. The legs
of one transfer sum to zero, so credits only ever move; the issuing account (the mint)
goes negative by exactly what it has put into circulation, and the sum over all accounts
stays zero. Transfers and legs are append-only (a PostgreSQL trigger refuses UPDATE and
DELETE; see migrations/0002_postgresql_guards.py). Only wallet/services.py writes here.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Account(models.Model):
    class Kind(models.TextChoices):
        PLAYER = "player", _("Player")
        HOUSE = "house", _("House")
        ESCROW = "escrow", _("Escrow")
        MINT = "mint", _("Issuing account")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    player = models.OneToOneField(
        "accounts.Player",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="wallet_account",
        verbose_name=_("player"),
    )
    # The match an escrow belongs to, as "<game>:<id>": the games' Match models live elsewhere.
    match_ref = models.CharField(_("match"), max_length=64, null=True, blank=True, unique=True)
    # The sum of the account's legs, kept on the row so that the database can CHECK it and
    # the services can lock it. `manage.py ledger_check` proves it equals the legs.
    balance = models.BigIntegerField(_("balance"), default=0)
    # Frozen by an admin (wallet_freeze, with a reason in AccountFreeze): no stake, no transfer out.
    frozen = models.BooleanField(_("frozen"), default=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("account")
        verbose_name_plural = _("accounts")
        constraints = [
            # Only the mint may be negative: players, the house and escrows hold real credits.
            models.CheckConstraint(
                condition=Q(kind="mint") | Q(balance__gte=0), name="wallet_account_balance_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(kind="player", player__isnull=False) | Q(~Q(kind="player"), player__isnull=True),
                name="wallet_account_player_iff_player_kind",
            ),
            models.CheckConstraint(
                condition=Q(kind="escrow", match_ref__isnull=False) | Q(~Q(kind="escrow"), match_ref__isnull=True),
                name="wallet_account_match_iff_escrow_kind",
            ),
            models.UniqueConstraint(
                fields=["kind"],
                condition=Q(kind__in=["house", "mint"]),
                name="wallet_account_one_house_one_mint",
            ),
        ]

    def __str__(self) -> str:
        if self.kind == self.Kind.PLAYER:
            return str(_("Player %(name)s") % {"name": self.player})
        if self.kind == self.Kind.ESCROW:
            return str(_("Escrow of %(match)s") % {"match": self.match_ref})
        return str(self.get_kind_display())


class Transfer(models.Model):
    class Kind(models.TextChoices):
        GRANT = "grant", _("Credits granted")
        DEBIT = "debit", _("Credits debited")
        HOLD = "hold", _("Stake held")
        SETTLE = "settle", _("Match settled")
        REFUND = "refund", _("Stakes refunded")
        CANCEL = "cancel", _("Match cancelled, stakes refunded")

    CLOSING_KINDS = (Kind.SETTLE, Kind.REFUND, Kind.CANCEL)

    # The caller's idempotency key: the same key never moves credits twice.
    key = models.CharField(_("idempotency key"), max_length=200, unique=True)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    # NULL, not "", for transfers outside any match: the one-per-match constraints skip them.
    match_ref = models.CharField(_("match"), max_length=64, null=True, blank=True, db_index=True)  # noqa: DJ001
    # What the caller asked for, compared when the key comes back (same key, other params: error).
    params = models.JSONField(_("parameters"))
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("made by"),
    )
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("transfer")
        verbose_name_plural = _("transfers")
        constraints = [
            # One hold and at most one closing (settle, refund or cancel) per match, whatever the keys.
            models.UniqueConstraint(
                fields=["match_ref"], condition=Q(kind="hold"), name="wallet_transfer_one_hold_per_match"
            ),
            models.UniqueConstraint(
                fields=["match_ref"],
                condition=Q(kind__in=["settle", "refund", "cancel"]),
                name="wallet_transfer_one_closing_per_match",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"


class Leg(models.Model):
    transfer = models.ForeignKey(Transfer, on_delete=models.PROTECT, related_name="legs", verbose_name=_("transfer"))
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="legs", verbose_name=_("account"))
    amount = models.BigIntegerField(_("amount"))
    # The account's balance right after this leg: the statement shows it, ledger_check re-adds it.
    balance_after = models.BigIntegerField(_("balance after"))

    class Meta:
        verbose_name = _("leg")
        verbose_name_plural = _("legs")
        constraints = [
            models.CheckConstraint(condition=~Q(amount=0), name="wallet_leg_amount_not_zero"),
            models.UniqueConstraint(fields=["transfer", "account"], name="wallet_leg_one_per_account"),
        ]
        indexes = [models.Index(fields=["account", "id"], name="wallet_leg_account_id")]

    def __str__(self) -> str:
        return f"{self.account}: {self.amount:+d}"


class AccountFreeze(models.Model):
    """Append-only audit of a wallet's freezes and unfreezes (no credits move: an entry-less row)."""

    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="freezes", verbose_name=_("account"))
    frozen = models.BooleanField(_("frozen"))
    reason = models.CharField(_("reason"), max_length=300)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("made by"),
    )
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("freeze")
        verbose_name_plural = _("freezes")
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"{'freeze' if self.frozen else 'unfreeze'} {self.account}"


class GrantWithheld(models.Model):
    """A registered player whose sign-up grant was not paid, and why (a limit per address or per day)."""

    class Reason(models.TextChoices):
        ADDRESS = "address", _("Too many sign-up grants from the same address")
        DAILY = "daily", _("The site's daily sign-up grants ran out")

    player = models.OneToOneField(
        "accounts.Player", on_delete=models.CASCADE, related_name="grant_withheld", verbose_name=_("player")
    )
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    address = models.GenericIPAddressField(_("sign-up address"), null=True, blank=True)
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("withheld sign-up grant")
        verbose_name_plural = _("withheld sign-up grants")

    def __str__(self) -> str:
        return f"{self.player}: {self.reason}"


class PairingRefusal(models.Model):
    """A staked game the site refused to start between two accounts, and why (wallet.trust)."""

    class Reason(models.TextChoices):
        SHARED_BROWSER = "browser", _("shared a browser")
        SHARED_ADDRESS = "address", _("shared an address")
        PLAYED_TODAY = "played", _("played each other too often today")

    game = models.CharField(_("game"), max_length=20)
    poster = models.ForeignKey(
        "accounts.Player", on_delete=models.CASCADE, related_name="+", verbose_name=_("offer's poster")
    )
    accepter = models.ForeignKey(
        "accounts.Player", on_delete=models.CASCADE, related_name="+", verbose_name=_("accepter")
    )
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    stake = models.PositiveIntegerField(_("stake"))
    created_at = models.DateTimeField(_("time"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("refused pairing")
        verbose_name_plural = _("refused pairings")
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"{self.poster} / {self.accepter}: {self.get_reason_display()}"
