"""What the site may tell a player who is not looking (issue 36): each kind once, with its name for the settings
page. The apps above say which kind they send; the player says, per kind, by which channel it reaches them."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

CHALLENGE = "challenge"
FRIEND_REQUEST = "friend_request"
FRIEND_ACCEPTED = "friend_accepted"
YOUR_TURN = "your_turn"
REMATCH_OFFER = "rematch_offer"
FRIEND_PLAYING = "friend_playing"
DAILY_READY = "daily_ready"

KINDS = {
    CHALLENGE: _("A challenge"),
    FRIEND_REQUEST: _("A friend request"),
    FRIEND_ACCEPTED: _("A friend request accepted"),
    YOUR_TURN: _("Your turn in a slow game"),
    REMATCH_OFFER: _("A rematch offer"),
    FRIEND_PLAYING: _("A friend started a game you can watch"),
    DAILY_READY: _("The daily puzzles are ready"),
}

# The channels a notification reaches a player by: the site's bell, this device's push, an e-mail.
SITE, PUSH, EMAIL = "site", "push", "email"
CHANNELS = (SITE, PUSH, EMAIL)

# E-mail only for what still matters hours later (decision 135): a turn in a slow game, a challenge, a friend
# request. A rematch offer or a friend's game is over before a mail is read.
SLOW_KINDS = frozenset({YOUR_TURN, CHALLENGE, FRIEND_REQUEST})

# What a player gets before they choose (decision 135): the bell and push for every kind but the daily's, which
# comes every day and would be noise to those who never asked; no e-mail until asked for.
DEFAULTS: dict[str, frozenset[str]] = {kind: frozenset({SITE, PUSH}) for kind in KINDS}
DEFAULTS[DAILY_READY] = frozenset()


def channels_of(kind: str) -> tuple[str, ...]:
    """The channels `kind` may use at all."""
    return CHANNELS if kind in SLOW_KINDS else (SITE, PUSH)
