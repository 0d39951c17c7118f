from __future__ import annotations

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
