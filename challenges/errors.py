"""The "no"s of challenges: a stable code and an English message marked for translation, raised before anything
changes (views translate them with games.runtime.errors.error_text)."""

from games.kit.contract import gettext_noop as _
from games.kit.errors import Refusal

MESSAGES = {
    "no_such_player": _("There is no such player."),
    "own_challenge": _("You cannot challenge yourself."),
    "no_such_game": _("There is no such game to challenge someone to."),
    "not_rated_game": _("This game has no ratings: it cannot be played rated."),
    "guest_rated": _("Games with a guest are not rated: only members' games count for the ratings."),
    "not_staked_game": _("This game is not played for credits."),
    "bad_stake": _("Choose a stake you can cover: %(stakes)s."),
    "challenged_guest_stake": _("%(name)s is a guest and cannot play for credits."),
    "too_many_challenges": _("You already have %(count)d challenges waiting for an answer."),
    "challenge_gone": _("That challenge is no longer open."),
    "challenge_expired": _("That challenge has expired."),
    "cannot_cover": _("You need %(stake)d credits to accept this challenge."),
    "challenger_cannot_cover": _("The player who challenged you can no longer cover the stake."),
    "challenger_frozen": _("The player who challenged you cannot play for credits now."),
}


class ChallengeRefusal(Refusal):
    """A refusal of a challenge: sending, answering, cancelling."""


def challenge_error(code: str, **params) -> ChallengeRefusal:
    return ChallengeRefusal(code, MESSAGES[code], params)
