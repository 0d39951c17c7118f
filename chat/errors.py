"""Chat's "no"s: a code clients and tests switch on, an English text marked for translation (translated where
it is shown, in the reader's language: games.runtime.errors.error_text)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop as _

from games.kit.errors import GameError

TEXTS = {
    "not_member": _("This chat is only for the people in this room or group."),
    "no_chat_here": _("There is no chat in public or rated games: only in private rooms and groups."),
    "guest": _("Chat is for members with a verified e-mail address: sign up to write."),
    "unverified": _("Chat is for members with a verified e-mail address: confirm yours to write."),
    "chat_muted": _("You are muted from chat until %(until)s: a moderator's decision."),
    "chat_banned": _("A moderator banned you from chat."),
    "empty": _("Write something first."),
    "too_long": _("A message has at most %(max)s characters."),
    "slow_down": _("You are writing too fast. Wait a moment."),
    "no_message": _("That message is not in this chat."),
    "own_message": _("You cannot report your own message."),
    "already_reported": _("You already reported this message."),
    "bad_reason": _("Choose a reason: spam, insult, cheating or other."),
    "no_player": _("That player is not in this chat."),
}


class ChatRefusal(GameError):
    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, TEXTS[code], params or None)
