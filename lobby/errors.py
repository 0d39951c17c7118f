"""Errors a player can cause in groups and the tournament queue: a stable code and an English message
marked for translation (like games.runtime.errors), raised before anything changes. They are refusals,
never an IllegalMove (no move of a game is involved)."""

from games.kit.contract import gettext_noop as _
from games.runtime.errors import GameError, Refusal, error_text

__all__ = ["GameError", "LobbyRefusal", "Refusal", "error_text", "lobby_error"]

MESSAGES = {
    "group_full": _("This group is full: a group has at most %(max)d players."),
    "not_member": _("You are not in this group."),
    "not_organizer": _("Only the organizer of the group can do that."),
    "group_waiting": _("The group is waiting for a tournament. Cancel the search first."),
    "group_not_waiting": _("The group is not waiting for a tournament."),
    "group_span": _(
        "Your group's ratings are %(span)d points apart; a rated tournament allows at most "
        "%(max)d. You can still play a practice tournament."
    ),
    "already_queued": _("You are already waiting for a tournament."),
    "members_queued": _("Already waiting for a tournament on their own: %(names)s. They must leave the queue first."),
    "still_playing": _("You are still playing a tournament. Finish it first."),
    "members_still_playing": _("Wait until everyone in the group has finished their tournament: %(names)s."),
    "group_ticket": _(
        "Your group is waiting together: the organizer can cancel the search, or you can leave the group."
    ),
    "bad_language": _("Choose one of the word languages."),
}


class LobbyRefusal(Refusal):
    """A refusal of the lobby: groups, the tournament queue, stake offers."""


def lobby_error(code: str, **params) -> LobbyRefusal:
    return LobbyRefusal(code, MESSAGES[code], params)
