"""What the other apps ask of friendships and blocks."""

from __future__ import annotations

from django.db.models import Q

from friends.models import Block


def blocked_either(a_id: int, b_id: int) -> bool:
    """Either player blocked the other: nothing passes between them (messages, challenges, friend requests)."""
    return Block.objects.filter(Q(blocker_id=a_id, blocked_id=b_id) | Q(blocker_id=b_id, blocked_id=a_id)).exists()


def blocked_by(player_id: int) -> set[int]:
    """Whom this player blocked: whose messages they do not see."""
    return set(Block.objects.filter(blocker_id=player_id).values_list("blocked_id", flat=True))
