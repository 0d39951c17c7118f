"""Errors a player can cause in rooms and matches: a stable code, an English message marked for
translation, and parameters. Engines raise IllegalMove for the rules (MalformedAction, code `malformed`,
for an action of the wrong shape); rooms, matches' refusals (not_begun, stale_turn ...), settings and the
lobby raise Refusal. Both are GameError, so consumers and views catch and translate them one way."""

from typing import Any

from django.utils.translation import gettext

from games.kit.contract import gettext_noop as _
from games.kit.errors import GameError, IllegalMove, MalformedAction, Refusal

__all__ = ["GameError", "IllegalMove", "MalformedAction", "Refusal", "error_text", "room_error"]

MESSAGES = {
    "not_host": _("Only the host can do that."),
    "room_playing": _("Wait until the match ends."),
    "room_closed": _("This room is closed."),
    "seat_taken": _("That seat is taken."),
    "no_such_seat": _("There is no such seat."),
    "seats_not_filled": _("Every seat needs a player or a bot before the match starts."),
    "not_seated": _("You are not sitting at this table."),
    "no_match": _("There is no match in progress."),
    "stale_match": _("That match is over; this is a newer one."),
    "host_seat": _("The host's own seat cannot be given away."),
    "seat_in_use": _("Someone sits in a seat you want to remove."),
    "not_in_room": _("That player is not in this room."),
    "not_begun": _("The game begins when every player is at the table."),
    "stale_turn": _("That move was made for a turn that has passed. Here is the game as it is now."),
    "starts_by_itself": _("This game starts by itself when every seat is taken."),
    # The database or Redis away (issue 31): nothing changed, the player tries again in a moment.
    "unavailable": _("The site is catching its breath: nothing changed, try again in a moment."),
}


def room_error(code: str, **params: Any) -> Refusal:
    return Refusal(code, MESSAGES[code], params)


def error_text(error: GameError) -> str:
    """The message in the active language, parameters filled in: what a page or a socket shows."""
    text = gettext(error.message)
    return text % error.params if error.params else text
