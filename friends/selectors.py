"""What the other apps ask of friendships and blocks, and what the friends pages read."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from friends.models import Block, FriendRequest, Friendship

# What a player sees of another (the player page's buttons, a result card's, a party's): never whether the other
# blocked them (decision 143).
NONE, SENT, RECEIVED, FRIENDS, SELF = "none", "sent", "received", "friends", "self"
WAITING = (FriendRequest.PENDING, FriendRequest.DECLINED)


def blocked_either(a_id: int, b_id: int) -> bool:
    """Either player blocked the other: nothing passes between them (messages, challenges, friend requests)."""
    return Block.objects.filter(Q(blocker_id=a_id, blocked_id=b_id) | Q(blocker_id=b_id, blocked_id=a_id)).exists()


def blocked_by(player_id: int) -> set[int]:
    """Whom this player blocked: whose messages they do not see."""
    return set(Block.objects.filter(blocker_id=player_id).values_list("blocked_id", flat=True))


def are_friends(a_id: int, b_id: int) -> bool:
    low, high = Friendship.pair(a_id, b_id)
    return Friendship.objects.filter(low_id=low, high_id=high).exists()


def friend_ids(player_id: int) -> set[int]:
    """The player's friends."""
    rows = Friendship.objects.filter(Q(low_id=player_id) | Q(high_id=player_id)).values_list("low_id", "high_id")
    return {high if low == player_id else low for low, high in rows}


def friends_of_any(player_ids: Iterable[int]) -> dict[int, set[int]]:
    """Each friend of any of these players -> which of them they are friends with (one query)."""
    ids = set(player_ids)
    found: dict[int, set[int]] = {}
    for low, high in Friendship.objects.filter(Q(low_id__in=ids) | Q(high_id__in=ids)).values_list("low_id", "high_id"):
        if low in ids:
            found.setdefault(high, set()).add(low)
        if high in ids:
            found.setdefault(low, set()).add(high)
    return found


def relations(viewer_id: int, others: Iterable[int]) -> dict[int, str]:
    """What `viewer` sees of each other player: NONE, SENT (their request waits, or was declined: the sender is
    not told), RECEIVED (a request from them is pending), FRIENDS or SELF. Three queries for any number."""
    ids = set(others)
    states = dict.fromkeys(ids, NONE)
    mine = friend_ids(viewer_id) & ids
    sent = set(
        FriendRequest.objects.filter(sender_id=viewer_id, receiver_id__in=ids, status__in=WAITING).values_list(
            "receiver_id", flat=True
        )
    )
    received = set(
        FriendRequest.objects.filter(
            receiver_id=viewer_id, sender_id__in=ids, status=FriendRequest.PENDING
        ).values_list("sender_id", flat=True)
    )
    for other in ids:
        if other == viewer_id:
            states[other] = SELF
        elif other in mine:
            states[other] = FRIENDS
        elif other in received:
            states[other] = RECEIVED
        elif other in sent:
            states[other] = SENT
    return states


def relation(viewer_id: int, other_id: int) -> str:
    return relations(viewer_id, [other_id])[other_id]


def incoming(player_id: int) -> list[FriendRequest]:
    """Requests waiting for this player's answer, oldest first (the declined and the silenced are not shown)."""
    return list(
        FriendRequest.objects.filter(receiver_id=player_id, status=FriendRequest.PENDING)
        .select_related("sender")
        .order_by("created_at", "pk")
    )


def outgoing(player_id: int) -> list[FriendRequest]:
    """This player's requests not yet made friendships: pending and declined look the same to them."""
    return list(
        FriendRequest.objects.filter(sender_id=player_id, status__in=WAITING)
        .select_related("receiver")
        .order_by("created_at", "pk")
    )
