"""Errors a player can cause with friends and blocks: a stable code and an English message marked for
translation (like games.runtime.errors), raised before anything changes."""

from games.kit.contract import gettext_noop as _
from games.runtime.errors import GameError, Refusal, error_text

__all__ = ["FriendRefusal", "GameError", "error_text", "friends_error"]

MESSAGES = {
    "no_such_player": _("There is no such player."),
    "self_friend": _("You cannot be your own friend."),
    "self_block": _("You cannot block yourself."),
    "already_friends": _("You are friends already."),
    "already_sent": _("Your friend request is waiting for an answer."),
    "you_blocked": _("You blocked this player: unblock them first."),
    "too_many_sent": _("%(max)d of your friend requests are waiting for an answer: cancel some first."),
    "no_request": _("This player has sent you no friend request."),
    "no_request_sent": _("You have sent this player no friend request."),
    "not_friends": _("You are not friends."),
    "already_blocked": _("You blocked this player already."),
    "not_blocked": _("You have not blocked this player."),
}


class FriendRefusal(Refusal):
    """A refusal of the friends app."""


def friends_error(code: str, **params) -> FriendRefusal:
    return FriendRefusal(code, MESSAGES[code], params)
