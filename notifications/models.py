from __future__ import annotations

from urllib.parse import urlsplit

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from notifications.kinds import KINDS


class Notification(models.Model):
    """One thing told to one player: what kind, and the facts its text is drawn from (ids, names, a link), never
    a text already translated (the player reads it in the language of the page they read it on)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="notifications", verbose_name=_("player"))
    kind = models.CharField(_("kind"), max_length=20, choices=list(KINDS.items()))
    data = models.JSONField(_("data"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True, db_index=True)
    read_at = models.DateTimeField(_("read"), null=True, blank=True)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        indexes = [models.Index(fields=["player", "read_at"], name="notification_unread")]

    def __str__(self) -> str:
        return f"{self.kind} → {self.player_id}"


class Preferences(models.Model):
    """A player's choices, per kind, of the channels that reach them (kinds.CHANNELS); a kind not in `channels`
    has its defaults (kinds.DEFAULTS). One row a player, made the first time they save the settings page.
    `language` is the page's language at that moment: what their e-mails are written in."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="notification_preferences", verbose_name=_("player")
    )
    channels = models.JSONField(_("channels"), default=dict, blank=True)
    language = models.CharField(_("language"), max_length=10, blank=True)

    class Meta:
        verbose_name = _("notification settings")
        verbose_name_plural = _("notification settings")

    def __str__(self) -> str:
        return f"{self.player_id}"


class PushSubscription(models.Model):
    """One device's (one browser's) Web Push subscription: where its push service takes messages for it
    (`endpoint`) and its keys for encrypting them (RFC 8291). Dropped when the push service says it is gone."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="push_subscriptions", verbose_name=_("player")
    )
    endpoint = models.URLField(_("endpoint"), max_length=1000, unique=True)
    p256dh = models.CharField(max_length=120)
    auth = models.CharField(max_length=40)
    user_agent = models.CharField(_("browser"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_ok = models.DateTimeField(_("last delivered"), null=True, blank=True)

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self) -> str:
        # never the endpoint itself: with the keys it is what lets anyone push to the device
        return f"{self.player_id}: {urlsplit(self.endpoint).hostname}"


class Once(models.Model):
    """A notification that must go once only (the daily of a date): its key, kept whether or not any channel
    carried it, so that a task run twice tells nobody twice."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=20)
    key = models.CharField(max_length=60)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "kind", "key"], name="notification_once")]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} → {self.player_id}"
