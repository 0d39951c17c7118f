"""What a viewer may read of a chat: never a message a moderator hid, nor one of a player they blocked
(friends.selectors.blocked_by) or muted. Filtered here, on the server, for each viewer: what they must not
see never reaches their browser."""

from __future__ import annotations

from typing import Any

from django.db.models import F, Q
from django.utils import timezone
from django.utils.formats import date_format

from accounts.models import Player
from accounts.selectors import player_is_verified
from chat.errors import ChatRefusal
from chat.models import ChatBan, Message, Mute
from chat.places import Place
from friends.selectors import blocked_by

HISTORY = 50


def unheard(viewer_id: int) -> set[int]:
    """The players whose messages this viewer does not receive: those they blocked or muted."""
    return blocked_by(viewer_id) | set(Mute.objects.filter(muter_id=viewer_id).values_list("muted_id", flat=True))


def muted(viewer_id: int) -> list[dict[str, Any]]:
    """Whom this viewer muted, for the panel's "hear again"."""
    mutes = Mute.objects.filter(muter_id=viewer_id).select_related("muted").order_by("muted__nickname")
    return [{"id": mute.muted_id, "nickname": mute.muted.nickname} for mute in mutes]


def message_json(message: Message) -> dict[str, Any]:
    return {
        "id": message.pk,
        "author_id": message.author_id,
        "nickname": message.author.nickname,
        "tag": message.author.tag,
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


def history(place: Place, viewer: Player) -> list[dict[str, Any]]:
    """The last HISTORY messages of the place this viewer may read, oldest first."""
    messages = (
        Message.objects.filter(**place.filter(), hidden=False)
        .exclude(author_id__in=unheard(viewer.pk))
        .select_related("author")
        .order_by("-id")[:HISTORY]
    )
    return [message_json(message) for message in reversed(messages)]


def active_restriction(player: Player) -> ChatBan | None:
    """A moderator's mute still running, or a ban (the longest first: a ban outlasts any mute)."""
    now = timezone.now()
    running = ChatBan.objects.filter(Q(player=player) & (Q(until__isnull=True) | Q(until__gt=now)))
    return running.order_by(F("until").desc(nulls_first=True)).first()


def why_not_writer(player: Player) -> ChatRefusal | None:
    """Why this player may not write in chat (they may still read and react), or None."""
    if player.user_id is None:
        return ChatRefusal("guest")
    if not player_is_verified(player=player):
        return ChatRefusal("unverified")
    restriction = active_restriction(player)
    if restriction is not None:
        if restriction.until is None:
            return ChatRefusal("chat_banned")
        until = timezone.localtime(restriction.until)
        return ChatRefusal("chat_muted", until=f"{date_format(until, 'DATETIME_FORMAT')} {until.tzname()}")
    return None


def you(place: Place, viewer: Player) -> dict[str, Any]:
    """What the chat panel says of its viewer: who they are, whether they may write and why not."""
    from games.runtime.errors import error_text

    refusal = why_not_writer(viewer)
    return {
        "id": viewer.pk,
        "can_write": refusal is None,
        "why_not": error_text(refusal) if refusal else "",
        "muted": muted(viewer.pk),
    }


def chat_read(place: Place, viewer: Player) -> dict[str, Any]:
    return {"messages": history(place, viewer), "you": you(place, viewer)}
