from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player


class Block(models.Model):
    """`blocker` no longer hears from `blocked`: their messages are hidden, their challenges and friend requests
    refused without telling them (issue 36). One way: the blocked player may still be blocked back."""

    blocker = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="blocks", verbose_name=_("blocker"))
    blocked = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="blocked_by", verbose_name=_("blocked player")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("block")
        verbose_name_plural = _("blocks")
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once"),
            models.CheckConstraint(condition=~models.Q(blocker=models.F("blocked")), name="block_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.blocker_id} ⊘ {self.blocked_id}"
