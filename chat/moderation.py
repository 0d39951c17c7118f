"""What a moderator does with a report (the Django admin's actions, chat.admin): hide the message, mute its
author from chat for a while, ban them from chat, or dismiss the report. Every action is written to the
moderation log, with who did it and why."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from chat.models import ChatBan, ModerationLog, Report
from chat.services import tell


def _reason(report: Report) -> str:
    said = report.get_reason_display()
    return f"{said}: {report.note}" if report.note else str(said)


def _close(report: Report, status: str) -> None:
    Report.objects.filter(message=report.message, status=Report.OPEN).update(status=status)


def _place_group(report: Report) -> str:
    message = report.message
    if message.room is not None:
        return f"chat.room.{message.room.code}"
    assert message.party is not None  # a message is in a room or a group (the table's constraint)
    return f"chat.party.{message.party.code}"


def hide(report: Report, moderator: Any) -> None:
    with transaction.atomic():
        message = report.message
        message.hidden = True
        message.save(update_fields=["hidden"])
        ModerationLog.objects.create(
            moderator=moderator,
            action=ModerationLog.HIDE,
            target=message.author,
            message=message,
            reason=_reason(report),
        )
        _close(report, Report.ACTED)
        tell(_place_group(report), {"type": "chat.hidden", "id": message.pk})


def restrict(report: Report, moderator: Any, duration: timedelta | None) -> ChatBan:
    """Mute the author from chat for `duration`, or ban them (None)."""
    until = timezone.now() + duration if duration is not None else None
    with transaction.atomic():
        author = report.message.author
        ban = ChatBan.objects.create(player=author, until=until, reason=_reason(report))
        ModerationLog.objects.create(
            moderator=moderator,
            action=ModerationLog.MUTE if until else ModerationLog.BAN,
            target=author,
            message=report.message,
            reason=_reason(report),
            until=until,
        )
        _close(report, Report.ACTED)
    return ban


def dismiss(report: Report, moderator: Any) -> None:
    with transaction.atomic():
        ModerationLog.objects.create(
            moderator=moderator,
            action=ModerationLog.DISMISS,
            target=report.message.author,
            message=report.message,
            reason=_reason(report),
        )
        Report.objects.filter(pk=report.pk, status=Report.OPEN).update(status=Report.DISMISSED)
