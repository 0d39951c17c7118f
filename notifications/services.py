"""The one way anything is told to a player (issue 36): `notify` keeps it for the notification centre and sends
it by the channels the player chose for its kind (notifications.preferences): the bell (stored, and told to their
open pages at once), Web Push to each of their devices, e-mail for the slow kinds. What leaves the process (the
socket's message, the push, the mail) goes after commit: a notification of a change rolled back is never sent."""

from __future__ import annotations

from typing import Any

from celery import current_app
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import Player
from notifications import kinds, live
from notifications.kinds import KINDS
from notifications.models import Notification, Once
from notifications.preferences import channels_for

SEND_PUSH = "notifications.send_push"
SEND_EMAIL = "notifications.send_email"


def notify(player: Player, kind: str, **data: Any) -> Notification | None:
    """Tell `player` something of `kind`, with the facts its text is drawn from (notifications.texts: `url`,
    `by_name`, `game_slug`). Returns the notification kept for the bell, or None when the player turned the bell
    off for that kind (it may still go by push or e-mail)."""
    if kind not in KINDS:
        raise ValueError(f"unknown notification kind {kind!r}")
    channels = channels_for(player, kind)
    note = None
    if kinds.SITE in channels:
        note = Notification.objects.create(player=player, kind=kind, data=data)
        item = {"id": note.pk, "kind": kind, "data": data, "created": note.created_at.isoformat()}
        live.after_commit("notification", lambda: live.told(player.pk, item, unread_count(player_id=player.pk)))
    if kinds.PUSH in channels and settings.VAPID_PUBLIC_KEY:
        live.after_commit("push", lambda: current_app.send_task(SEND_PUSH, (player.pk, kind, data)))
    if kinds.EMAIL in channels:
        live.after_commit("e-mail", lambda: current_app.send_task(SEND_EMAIL, (player.pk, kind, data)))
    return note


def notify_once(player: Player, kind: str, key: str, **data: Any) -> bool:
    """`notify`, unless this player was told of `kind` with `key` before (a task that runs twice, two beats):
    the key is kept in the same transaction, whichever channels carry it. Returns whether this call told."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                Once.objects.create(player=player, kind=kind, key=key)
        except IntegrityError:
            return False
        notify(player, kind, **data)
        return True


def unread_count(*, player_id: int) -> int:
    return Notification.objects.filter(player_id=player_id, read_at=None).count()


def notifications_read(*, player: Player, ids: list[int] | None = None) -> int:
    """Mark the player's notifications read (those of `ids`, or all); another player's ids change nothing."""
    unread = Notification.objects.filter(player=player, read_at=None)
    if ids is not None:
        unread = unread.filter(pk__in=ids)
    return unread.update(read_at=timezone.now())
