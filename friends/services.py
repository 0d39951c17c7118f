"""The one writer of friend requests, friendships and blocks (issue 36).

Every change concerns a pair of players and takes the pair's lock first (a PostgreSQL transaction-level
advisory lock keyed by the pair, decision 142), so that two requests crossing, a request against a block or
two acceptances at once are seen one after the other: both sides asking each other makes one friendship,
never two pending requests. Refusals are FriendRefusal, raised before anything changes.

A blocked player is not told (decision 143): their request to the one who blocked them is kept as declined,
which looks to them like any request still waiting, and reaches nobody.
"""

from __future__ import annotations

import zlib

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import Player
from friends.errors import friends_error
from friends.models import Block, FriendRequest, Friendship
from friends.selectors import WAITING, are_friends
from notifications import kinds
from notifications.services import notify

PAIR_LOCK_SPACE = 90212  # first key of the advisory lock pair: "a pair of players' friendship"
MAX_SENT = 50  # requests a player may have waiting at once: no one spams the whole site with them
FRIENDS_URL = "/friends/"


def _pair_lock(a_id: int, b_id: int) -> None:
    """One change at a time per pair of players (PostgreSQL; SQLite writes one at a time anyway)."""
    if connection.vendor == "postgresql":
        low, high = Friendship.pair(a_id, b_id)
        key = zlib.crc32(f"{low}:{high}".encode()) & 0x7FFFFFFF
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [PAIR_LOCK_SPACE, key])


def _between(a_id: int, b_id: int):
    return FriendRequest.objects.filter(
        Q(sender_id=a_id, receiver_id=b_id) | Q(sender_id=b_id, receiver_id=a_id)
    ).exclude(status=FriendRequest.ACCEPTED)


def _befriend(a: Player, b: Player) -> Friendship:
    """Make the friendship and close every waiting request between the two (with the pair locked)."""
    _between(a.pk, b.pk).update(status=FriendRequest.ACCEPTED, answered_at=timezone.now())
    low, high = Friendship.pair(a.pk, b.pk)
    friendship, _created = Friendship.objects.get_or_create(low_id=low, high_id=high)
    return friendship


def friend_request(*, by: Player, to: Player) -> str:
    """`by` asks `to` to be friends. Returns "sent", or "friends" when `to` had asked `by` already (both asked:
    the friendship is made at once). To a player who blocked `by`: "sent" too, and nothing reaches them."""
    if by.pk == to.pk:
        raise friends_error("self_friend")
    with transaction.atomic():
        _pair_lock(by.pk, to.pk)
        if are_friends(by.pk, to.pk):
            raise friends_error("already_friends")
        if Block.objects.filter(blocker=by, blocked=to).exists():
            raise friends_error("you_blocked")
        if FriendRequest.objects.filter(sender=by, receiver=to, status__in=WAITING).exists():
            raise friends_error("already_sent")
        silenced = Block.objects.filter(blocker=to, blocked=by).exists()
        if not silenced and FriendRequest.objects.filter(sender=to, receiver=by, status__in=WAITING).exists():
            _befriend(by, to)
            notify(to, kinds.FRIEND_ACCEPTED, url=FRIENDS_URL, by_name=by.display_name, by=by.pk)
            return "friends"
        if FriendRequest.objects.filter(sender=by, status__in=WAITING).count() >= MAX_SENT:
            raise friends_error("too_many_sent", max=MAX_SENT)
        if silenced:
            FriendRequest.objects.create(
                sender=by, receiver=to, status=FriendRequest.DECLINED, answered_at=timezone.now()
            )
            return "sent"
        FriendRequest.objects.create(sender=by, receiver=to)
        notify(to, kinds.FRIEND_REQUEST, url=FRIENDS_URL, by_name=by.display_name, by=by.pk)
        return "sent"


def friend_accept(*, by: Player, sender: Player) -> Friendship:
    """`by` accepts the request `sender` sent them."""
    with transaction.atomic():
        _pair_lock(by.pk, sender.pk)
        if not FriendRequest.objects.filter(sender=sender, receiver=by, status=FriendRequest.PENDING).exists():
            raise friends_error("no_request")
        friendship = _befriend(by, sender)
        notify(sender, kinds.FRIEND_ACCEPTED, url=FRIENDS_URL, by_name=by.display_name, by=by.pk)
        return friendship


def friend_decline(*, by: Player, sender: Player) -> None:
    """`by` says no to `sender`'s request: it leaves `by`'s list; `sender` is not told."""
    with transaction.atomic():
        _pair_lock(by.pk, sender.pk)
        changed = FriendRequest.objects.filter(sender=sender, receiver=by, status=FriendRequest.PENDING).update(
            status=FriendRequest.DECLINED, answered_at=timezone.now()
        )
        if not changed:
            raise friends_error("no_request")


def friend_cancel(*, by: Player, receiver: Player) -> None:
    """`by` takes back their request to `receiver` (waiting or declined: to them it was the same)."""
    with transaction.atomic():
        _pair_lock(by.pk, receiver.pk)
        deleted, _rows = FriendRequest.objects.filter(sender=by, receiver=receiver, status__in=WAITING).delete()
        if not deleted:
            raise friends_error("no_request_sent")


def unfriend(*, by: Player, other: Player) -> None:
    """The friendship ends, for both."""
    with transaction.atomic():
        _pair_lock(by.pk, other.pk)
        low, high = Friendship.pair(by.pk, other.pk)
        deleted, _rows = Friendship.objects.filter(low_id=low, high_id=high).delete()
        if not deleted:
            raise friends_error("not_friends")


def block(*, by: Player, other: Player) -> Block:
    """`by` blocks `other`: the friendship ends, `by`'s request to them is withdrawn and theirs to `by` is
    declined (to them it still looks waiting: they are not told, decision 143)."""
    if by.pk == other.pk:
        raise friends_error("self_block")
    with transaction.atomic():
        _pair_lock(by.pk, other.pk)
        if Block.objects.filter(blocker=by, blocked=other).exists():
            raise friends_error("already_blocked")
        low, high = Friendship.pair(by.pk, other.pk)
        Friendship.objects.filter(low_id=low, high_id=high).delete()
        FriendRequest.objects.filter(sender=by, receiver=other, status__in=WAITING).delete()
        FriendRequest.objects.filter(sender=other, receiver=by, status=FriendRequest.PENDING).update(
            status=FriendRequest.DECLINED, answered_at=timezone.now()
        )
        return Block.objects.create(blocker=by, blocked=other)


def unblock(*, by: Player, other: Player) -> None:
    """`by` hears from `other` again. Nothing that was refused meanwhile comes back."""
    with transaction.atomic():
        _pair_lock(by.pk, other.pk)
        deleted, _rows = Block.objects.filter(blocker=by, blocked=other).delete()
        if not deleted:
            raise friends_error("not_blocked")
