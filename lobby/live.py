"""Telling open lobby and group pages that what they show has changed, once the change is committed.

Frames carry no content, only "look again": each page fetches its own fresh sections over HTTP, so what
a viewer sees is rendered for that viewer (their rating window, their offers) and nothing else leaves the
server. Lobby pages ask to watch LOBBY_GROUP through their lobby socket; a group's members are told
through their own player groups (every lobby socket listens there), so no page needs to subscribe.

Each message is sent after commit through `broadcast.after_commit`: when Redis is down it is logged and
lost, and the pages catch up on their next refresh or reconnect (the change itself stands).
"""

from __future__ import annotations

from collections.abc import Iterable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.runtime.broadcast import after_commit
from notifications import live as notifications_live

LOBBY_GROUP = "lobby"


# Every socket of one player listens there (several tabs, a phone and a desktop): the group notifications are
# told to (notifications.live), below the lobby, so that the lobby socket every page opens carries them too.
player_group = notifications_live.player_group


def lobby_changed() -> None:
    """Queues, offers, open rooms or groups changed: every watching lobby page refreshes (on commit)."""
    after_commit("lobby_changed", "lobby", _send_lobby_changed)


def party_changed(code: str, player_ids: Iterable[int]) -> None:
    """A group changed (members, organizer, language, search, start): its members' pages refresh."""
    ids = sorted(set(player_ids))
    after_commit("party_changed", f"group {code}", lambda: _send_to_players(ids, {"type": "lobby.party", "code": code}))


def matched(player_ids: Iterable[int], code: str) -> None:
    """The site started a match for these players (an accepted offer, a random opponent, a quick match, a
    tournament): every open page of theirs goes to the room at once (static/js/presence.js), so nobody's
    clock runs while they look at another page. Pages that miss it show the banner of games.context_processors."""
    ids = sorted(set(player_ids))
    after_commit(
        "matched", f"room {code}", lambda: _send_to_players(ids, {"type": "lobby.matched", "url": f"/r/{code}/"})
    )


def _send_lobby_changed() -> None:
    async_to_sync(get_channel_layer().group_send)(LOBBY_GROUP, {"type": "lobby.changed"})


def _send_to_players(player_ids: list[int], message: dict) -> None:
    layer = get_channel_layer()
    for player_id in player_ids:
        async_to_sync(layer.group_send)(player_group(player_id), message)
