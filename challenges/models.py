from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player


class Challenge(models.Model):
    """One player asks another to play a game with the settings of a private table of it (issue 36): answered by
    accepting (both seated in a new room, the match started at once), declining, the challenger's cancel, or its
    deadline (`expires_at`, swept by beat: challenges.tasks). The one writer is challenges.services."""

    PENDING, ACCEPTED, DECLINED, CANCELLED, EXPIRED = "pending", "accepted", "declined", "cancelled", "expired"
    STATUSES = [
        (PENDING, _("waiting for an answer")),
        (ACCEPTED, _("Challenge accepted")),
        (DECLINED, _("Challenge declined")),
        (CANCELLED, _("Challenge cancelled")),
        (EXPIRED, _("Challenge expired")),
    ]

    challenger = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="challenges_sent", verbose_name=_("challenger")
    )
    challenged = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="challenges_received", verbose_name=_("challenged player")
    )
    game = models.CharField(_("game"), max_length=20)
    # The game's clean settings (GameSpec.clean_settings), checked when sent: the room is made with them.
    settings = models.JSONField(_("settings"), default=dict)
    rated = models.BooleanField(_("rated"), default=False)
    stake = models.PositiveIntegerField(_("stake"), default=0)
    status = models.CharField(_("status"), max_length=10, choices=STATUSES, default=PENDING)
    # False: one of the pair blocked the other. The challenger sees it as sent; the other never sees it.
    delivered = models.BooleanField(_("delivered"), default=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"), db_index=True)
    answered_at = models.DateTimeField(_("answered"), null=True, blank=True)
    room = models.ForeignKey(
        "games.Room", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("room")
    )

    class Meta:
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")
        indexes = [models.Index(fields=["status", "expires_at"], name="challenge_status_expiry")]
        constraints = [
            models.CheckConstraint(condition=~models.Q(challenger=models.F("challenged")), name="challenge_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.challenger_id} → {self.challenged_id} ({self.game}, {self.status})"
