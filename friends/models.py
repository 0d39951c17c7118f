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


class FriendRequest(models.Model):
    """`sender` asked `receiver` to be friends. PENDING: waiting for the receiver. ACCEPTED: the friendship
    was made from it (kept as history). DECLINED: the receiver said no, or the receiver had blocked the sender
    when it was sent; either way the sender still sees "request sent" and the receiver sees nothing (decision
    f3). At most one waiting request (pending or declined) per direction; cancelling one deletes it."""

    PENDING, ACCEPTED, DECLINED = "pending", "accepted", "declined"
    STATUSES = [(PENDING, _("pending")), (ACCEPTED, _("accepted")), (DECLINED, _("declined"))]

    sender = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="friend_requests_sent", verbose_name=_("from")
    )
    receiver = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="friend_requests_received", verbose_name=_("to")
    )
    status = models.CharField(_("status"), max_length=10, choices=STATUSES, default=PENDING)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    answered_at = models.DateTimeField(_("answered"), null=True, blank=True)

    class Meta:
        verbose_name = _("friend request")
        verbose_name_plural = _("friend requests")
        constraints = [
            models.UniqueConstraint(
                fields=["sender", "receiver"],
                name="friend_request_one_waiting",
                condition=~models.Q(status="accepted"),
            ),
            models.CheckConstraint(condition=~models.Q(sender=models.F("receiver")), name="friend_request_not_self"),
        ]
        indexes = [models.Index(fields=["receiver", "status"], name="friend_request_inbox")]

    def __str__(self) -> str:
        return f"{self.sender_id} → {self.receiver_id} ({self.status})"


class Friendship(models.Model):
    """Two players are friends: one row per pair, the lower id first (decision 142), so the database's unique
    constraint makes two acceptances at once one friendship."""

    low = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player"))
    high = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player"))
    created_at = models.DateTimeField(_("friends since"), auto_now_add=True)

    class Meta:
        verbose_name = _("friendship")
        verbose_name_plural = _("friendships")
        constraints = [
            models.UniqueConstraint(fields=["low", "high"], name="friendship_once"),
            models.CheckConstraint(condition=models.Q(low__lt=models.F("high")), name="friendship_low_first"),
        ]
        indexes = [models.Index(fields=["high"], name="friendship_high")]

    def __str__(self) -> str:
        return f"{self.low_id} ♥ {self.high_id}"

    @staticmethod
    def pair(a_id: int, b_id: int) -> tuple[int, int]:
        """The pair in the order it is stored."""
        return (a_id, b_id) if a_id < b_id else (b_id, a_id)
