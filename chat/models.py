"""Chat's rows (issue 36): messages of private rooms and groups, each viewer's mutes, reports, and what the
moderators did. Written only by chat.services (and chat.moderation for the moderators' actions)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from games.models import Room
from lobby.models import Party

MAX_LENGTH = 200


class Message(models.Model):
    """One line said in a private room or a group (exactly one of the two)."""

    room = models.ForeignKey(
        Room, null=True, blank=True, on_delete=models.CASCADE, related_name="+", verbose_name=_("room")
    )
    party = models.ForeignKey(
        Party, null=True, blank=True, on_delete=models.CASCADE, related_name="+", verbose_name=_("group")
    )
    author = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("author"))
    # As shown: the word filter's masks already applied (the original is not kept: nobody reads it again).
    text = models.CharField(_("text"), max_length=MAX_LENGTH)
    created_at = models.DateTimeField(_("created"), auto_now_add=True, db_index=True)
    hidden = models.BooleanField(_("hidden by a moderator"), default=False)

    class Meta:
        ordering = ["id"]
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        constraints = [
            models.CheckConstraint(
                name="message_in_room_or_party",
                condition=models.Q(room__isnull=False, party__isnull=True)
                | models.Q(room__isnull=True, party__isnull=False),
            )
        ]
        indexes = [models.Index(fields=["room", "id"]), models.Index(fields=["party", "id"])]

    def __str__(self) -> str:
        return f"{self.author}: {self.text[:40]}"


class Mute(models.Model):
    """`muter` no longer sees `muted`'s chat messages (theirs only; kept until they unmute)."""

    muter = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("muted by"))
    muted = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("muted player"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("mute")
        verbose_name_plural = _("mutes")
        constraints = [models.UniqueConstraint(fields=["muter", "muted"], name="mute_once")]

    def __str__(self) -> str:
        return f"{self.muter_id} mutes {self.muted_id}"


class Report(models.Model):
    SPAM, INSULT, CHEATING, OTHER = "spam", "insult", "cheating", "other"
    REASONS = [(SPAM, _("spam")), (INSULT, _("insult")), (CHEATING, _("cheating")), (OTHER, _("other"))]
    OPEN, ACTED, DISMISSED = "open", "acted", "dismissed"
    STATUSES = [(OPEN, _("open")), (ACTED, _("acted on")), (DISMISSED, _("dismissed"))]

    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="reports", verbose_name=_("message"))
    reporter = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("reporter"))
    reason = models.CharField(_("reason"), max_length=10, choices=REASONS)
    note = models.CharField(_("note"), max_length=300, blank=True)
    # The CONTEXT_SIZE messages said before it, as they were then: [{"id", "author", "text", "at"}].
    context = models.JSONField(_("context"), default=list)
    status = models.CharField(_("status"), max_length=10, choices=STATUSES, default=OPEN, db_index=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="report_once")]

    def __str__(self) -> str:
        return f"{self.get_reason_display()}: {self.message}"


class ChatBan(models.Model):
    """A moderator's mute of a player from chat until `until`, or for good (a ban) when it is empty."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player"))
    until = models.DateTimeField(_("until"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("chat restriction")
        verbose_name_plural = _("chat restrictions")

    def __str__(self) -> str:
        return f"{self.player} until {self.until or 'for good'}"


class ModerationLog(models.Model):
    HIDE, MUTE, BAN, DISMISS = "hide", "mute", "ban", "dismiss"
    ACTIONS = [
        (HIDE, _("hid the message")),
        (MUTE, _("muted from chat")),
        (BAN, _("banned from chat")),
        (DISMISS, _("dismissed the report")),
    ]

    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("moderator")
    )
    action = models.CharField(_("action"), max_length=10, choices=ACTIONS)
    target = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player"))
    message = models.ForeignKey(
        Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("message")
    )
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    until = models.DateTimeField(_("until"), null=True, blank=True)
    at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("moderation log entry")
        verbose_name_plural = _("moderation log")

    def __str__(self) -> str:
        return f"{self.get_action_display()}: {self.target}"
