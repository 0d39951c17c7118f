"""Telling open lobby and group pages that what they show has changed, once the change is committed.

Frames carry no content, only "look again": each page fetches its own fresh sections over HTTP, so what
a viewer sees is rendered for that viewer (their rating window, their offers) and nothing else leaves the
server. Lobby pages ask to watch LOBBY_GROUP through their lobby socket; a group's members are told
through their own player groups (every lobby socket listens there), so no page needs to subscribe.
"""

from __future__ import annotations

from collections.abc import Iterable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

LOBBY_GROUP = "lobby"


def lobby_changed() -> None:
    """Queues, offers, open rooms or groups changed: every watching lobby page refreshes (on commit)."""
    transaction.on_commit(_send_lobby_changed)


def party_changed(code: str, player_ids: Iterable[int]) -> None:
    """A group changed (members, organizer, language, search, start): its members' pages refresh."""
    ids = sorted(set(player_ids))
    transaction.on_commit(lambda: _send_party_changed(code, ids))


def _send_lobby_changed() -> None:
    async_to_sync(get_channel_layer().group_send)(LOBBY_GROUP, {"type": "lobby.changed"})


def _send_party_changed(code: str, player_ids: list[int]) -> None:
    from lobby.queue import player_group  # lobby.queue announces through this module

    layer = get_channel_layer()
    for player_id in player_ids:
        async_to_sync(layer.group_send)(player_group(player_id), {"type": "lobby.party", "code": code})
