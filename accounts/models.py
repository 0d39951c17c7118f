from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """Who sits at a table: a registered user's profile, or a guest known only by a nickname.

    Games, ratings and the wallet refer to Player, never to User, so a guest who
    later signs up keeps everything they played: the account is attached to the
    same row.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
        verbose_name=_("account"),
    )
    nickname = models.CharField(_("nickname"), max_length=20)
    nickname_key = models.CharField(max_length=40, editable=False, db_index=True)
    tag = models.CharField(_("tag"), max_length=4, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_seen_at = models.DateTimeField(_("last seen"), auto_now=True)
    # The client address the account was created from (a guest's row gets it when the guest signs up):
    # the sign-up grant is limited per address (wallet.services.wallet_grant_signup).
    signup_ip = models.GenericIPAddressField(_("sign-up address"), null=True, blank=True, db_index=True)
    # The colours the boards use (issue 18): the standard green and amber, or an orange and blue that differ for
    # colour-blind eyes, with marks that differ by shape too (static/css/palette.css). Asked once, on a first visit.
    STANDARD, CONTRAST = "standard", "contrast"
    PALETTES = [(STANDARD, _("Standard colours")), (CONTRAST, _("High contrast (colour blindness)"))]
    palette = models.CharField(_("colours"), max_length=10, choices=PALETTES, default=STANDARD)
    palette_asked = models.BooleanField(_("asked about the colours"), default=False)
    # The games whose first-game guide this player has finished or skipped (issue 18): the room page shows a
    # game's guide once, over the first board the player opens, and never again (games/views.py guide_seen).
    guides_seen = models.JSONField(_("guides seen"), default=list, blank=True)
    # The player's public page (/p/<nickname>-<tag>/, players/views.py; issue 19): hidden, it answers
    # "not found" to everyone but its owner, as a page that never existed does (docs/player-page.md).
    page_hidden = models.BooleanField(
        _("public page hidden"), default=False, help_text=_("Only the player sees their page: others get not found.")
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(fields=["nickname_key", "tag"], name="player_unique_nickname_tag"),
        ]

    def __str__(self) -> str:
        return self.display_name

    def get_absolute_url(self) -> str:
        """The player's public page (players/views.py)."""
        from django.urls import reverse

        return reverse("player_page", args=[self.page_handle])

    @property
    def is_guest(self) -> bool:
        return self.user_id is None

    @property
    def display_name(self) -> str:
        return f"{self.nickname} #{self.tag}"

    @property
    def page_handle(self) -> str:
        """The player's public page's part of the URL: nickname and tag, unique together (nickname_key and tag
        are), e.g. "Ana María-0412"; a nickname may hold a dash, never the tag (players/views.py)."""
        return f"{self.nickname}-{self.tag}"


class Sighting(models.Model):
    """An account seen with a browser (the signed `dg_device` cookie) or from an address, and when last.

    One row per (player, kind, value), its `last_seen` refreshed at most once an hour (accounts.middleware):
    two accounts that share a row's value within the window are related, and may not stake against each
    other (wallet.trust)."""

    DEVICE, ADDRESS = "device", "ip"
    KINDS = [(DEVICE, _("browser")), (ADDRESS, _("address"))]

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="sightings", verbose_name=_("player"))
    kind = models.CharField(_("kind"), max_length=6, choices=KINDS)
    value = models.CharField(_("value"), max_length=64)
    first_seen = models.DateTimeField(_("first seen"), auto_now_add=True)
    last_seen = models.DateTimeField(_("last seen"))

    class Meta:
        verbose_name = _("sighting")
        verbose_name_plural = _("sightings")
        constraints = [models.UniqueConstraint(fields=["player", "kind", "value"], name="sighting_one_per_value")]
        indexes = [models.Index(fields=["kind", "value", "last_seen"], name="sighting_kind_value_seen")]

    def __str__(self) -> str:
        return f"{self.player} · {self.kind} {self.value}"


class PendingSignup(models.Model):
    """A guest's sign-up waiting for its e-mail address to be confirmed (ACCOUNT_EMAIL_VERIFICATION is
    "mandatory"). Until then the guest plays on as the guest they were, and the account takes over their
    Player (every game stays theirs) when the address is confirmed: so a sign-up with an address that is
    already registered, which creates nothing, looks the same as a new one (issue 17, enumeration)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pending_signup", verbose_name=_("account")
    )
    guest = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="pending_signups", verbose_name=_("guest player")
    )
    nickname = models.CharField(_("nickname"), max_length=20)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("sign-up waiting for its address")
        verbose_name_plural = _("sign-ups waiting for their address")

    def __str__(self) -> str:
        return f"{self.guest} → {self.user}"
