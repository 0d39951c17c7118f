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
