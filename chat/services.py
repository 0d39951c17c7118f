"""The one writer of a player's chat rows (issue 36): a message said, a player muted, a message reported.
Each refuses bad input with a ChatRefusal before anything changes; what changed reaches the chat's sockets
once it committed (games.runtime.broadcast.after_commit)."""

from __future__ import annotations

from typing import Any

from channels.layers import get_channel_layer
from django.db import IntegrityError, transaction

from accounts.models import Player
from chat import limits
from chat.errors import ChatRefusal
from chat.models import MAX_LENGTH, Message, Mute, Report
from chat.places import Place
from chat.selectors import message_json, why_not_writer
from chat.words import masked
from games.runtime.broadcast import after_commit, group_send

CONTEXT_SIZE = 10


def tell(group: str, event: dict[str, Any]) -> None:
    """Send the chat's sockets an event once the transaction commits (each socket filters for its viewer)."""
    after_commit("chat", group, lambda: group_send(get_channel_layer(), group, event))


def message_post(*, place: Place, player: Player, text: Any) -> Message:
    """`player` says `text` in the chat of `place` (already resolved for them: chat.places.place_of)."""
    refusal = why_not_writer(player)
    if refusal is not None:
        raise refusal
    text = " ".join(text.split()) if isinstance(text, str) else ""
    if not text:
        raise ChatRefusal("empty")
    if len(text) > MAX_LENGTH:
        raise ChatRefusal("too_long", max=MAX_LENGTH)
    if not limits.may("say", player.pk):
        raise ChatRefusal("slow_down")
    shown, _found = masked(text)
    with transaction.atomic():
        message = Message.objects.create(author=player, text=shown, **place.filter())
        message.author = player
        tell(place.group, {"type": "chat.message", "message": message_json(message)})
    return message


def mute_set(*, place: Place, player: Player, muted_id: Any, on: bool) -> None:
    """`player` mutes (or hears again) someone who wrote in this chat; kept until they change it."""
    if not isinstance(muted_id, int) or isinstance(muted_id, bool) or muted_id == player.pk:
        raise ChatRefusal("no_player")
    if not Message.objects.filter(**place.filter(), author_id=muted_id).exists():
        raise ChatRefusal("no_player")
    if on:
        Mute.objects.get_or_create(muter=player, muted_id=muted_id)
    else:
        Mute.objects.filter(muter=player, muted_id=muted_id).delete()


def report_file(*, place: Place, player: Player, message_id: Any, reason: Any, note: Any = "") -> Report:
    """`player` reports a message of this chat, with its context (the CONTEXT_SIZE messages before it)."""
    if not isinstance(message_id, int) or isinstance(message_id, bool):
        raise ChatRefusal("no_message")
    message = Message.objects.filter(**place.filter(), pk=message_id).select_related("author").first()
    if message is None:
        raise ChatRefusal("no_message")
    if message.author_id == player.pk:
        raise ChatRefusal("own_message")
    if reason not in dict(Report.REASONS):
        raise ChatRefusal("bad_reason")
    note = note.strip()[:300] if isinstance(note, str) else ""
    if Report.objects.filter(message=message, reporter=player).exists():
        raise ChatRefusal("already_reported")
    if not limits.may("report", player.pk):
        raise ChatRefusal("slow_down")
    before = Message.objects.filter(**place.filter(), pk__lt=message.pk).select_related("author").order_by("-id")
    context = [
        {"id": m.pk, "author": f"{m.author.nickname} #{m.author.tag}", "text": m.text, "at": m.created_at.isoformat()}
        for m in reversed(before[:CONTEXT_SIZE])
    ]
    try:
        with transaction.atomic():
            return Report.objects.create(message=message, reporter=player, reason=reason, note=note, context=context)
    except IntegrityError:  # the same report twice at once
        raise ChatRefusal("already_reported") from None
