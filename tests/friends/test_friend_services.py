"""The friends app's one writer (friends/services.py, issue 36): requests, answers, friendships and blocks, each
refusal with its code and nothing changed, both sides asking each other making one friendship, and a blocked
player's request kept from the one who blocked them without telling them."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from accounts.services import player_create_guest
from friends import selectors, services
from friends.errors import FriendRefusal
from friends.models import Block, FriendRequest, Friendship
from notifications import kinds
from notifications.models import Notification

pytestmark = pytest.mark.django_db


@pytest.fixture
def ana():
    return player_create_guest(nickname="Ana")


@pytest.fixture
def bea():
    return player_create_guest(nickname="Bea")


def snapshot():
    """Everything the friends app and the notifications hold, to show that a refusal changed nothing."""
    return (
        sorted(FriendRequest.objects.values_list("sender_id", "receiver_id", "status")),
        sorted(Friendship.objects.values_list("low_id", "high_id")),
        sorted(Block.objects.values_list("blocker_id", "blocked_id")),
        Notification.objects.count(),
    )


def told(player, kind):
    return list(Notification.objects.filter(player=player, kind=kind).values_list("data", flat=True))


def test_it_sends_a_request_that_the_other_accepts_and_both_are_told(ana, bea):
    assert services.friend_request(by=ana, to=bea) == "sent"
    assert selectors.relation(ana.pk, bea.pk) == selectors.SENT
    assert selectors.relation(bea.pk, ana.pk) == selectors.RECEIVED
    assert told(bea, kinds.FRIEND_REQUEST) == [{"url": "/friends/", "by_name": ana.display_name, "by": ana.pk}]
    services.friend_accept(by=bea, sender=ana)
    assert selectors.are_friends(ana.pk, bea.pk) and selectors.friend_ids(ana.pk) == {bea.pk}
    assert selectors.relation(ana.pk, bea.pk) == selectors.FRIENDS == selectors.relation(bea.pk, ana.pk)
    assert told(ana, kinds.FRIEND_ACCEPTED) == [{"url": "/friends/", "by_name": bea.display_name, "by": bea.pk}]
    assert selectors.incoming(bea.pk) == [] and selectors.outgoing(ana.pk) == []


def test_both_asking_each_other_makes_one_friendship(ana, bea):
    services.friend_request(by=ana, to=bea)
    assert services.friend_request(by=bea, to=ana) == "friends"
    assert Friendship.objects.count() == 1
    assert not FriendRequest.objects.exclude(status=FriendRequest.ACCEPTED).exists()
    assert told(ana, kinds.FRIEND_ACCEPTED)


def test_a_declined_request_still_looks_sent_to_its_sender_and_leaves_the_receivers_list(ana, bea):
    services.friend_request(by=ana, to=bea)
    services.friend_decline(by=bea, sender=ana)
    assert selectors.incoming(bea.pk) == []
    assert selectors.relation(ana.pk, bea.pk) == selectors.SENT  # not told
    assert selectors.relation(bea.pk, ana.pk) == selectors.NONE
    # Bea changes her mind: Ana had asked, so asking back makes them friends.
    assert services.friend_request(by=bea, to=ana) == "friends"


def test_cancel_and_unfriend(ana, bea):
    services.friend_request(by=ana, to=bea)
    services.friend_cancel(by=ana, receiver=bea)
    assert selectors.relation(bea.pk, ana.pk) == selectors.NONE
    services.friend_request(by=ana, to=bea)
    services.friend_accept(by=bea, sender=ana)
    services.unfriend(by=bea, other=ana)
    assert not selectors.are_friends(ana.pk, bea.pk)
    assert services.friend_request(by=ana, to=bea) == "sent"  # they may ask again


def test_a_block_ends_the_friendship_and_the_requests_and_the_blocked_players_next_request_reaches_nobody(ana, bea):
    services.friend_request(by=ana, to=bea)
    services.friend_accept(by=bea, sender=ana)
    services.block(by=bea, other=ana)
    assert not selectors.are_friends(ana.pk, bea.pk) and selectors.blocked_either(ana.pk, bea.pk)
    before = Notification.objects.filter(player=bea).count()
    assert services.friend_request(by=ana, to=bea) == "sent"  # what Ana is told, as ever
    assert selectors.relation(ana.pk, bea.pk) == selectors.SENT
    assert selectors.incoming(bea.pk) == [] and selectors.relation(bea.pk, ana.pk) == selectors.NONE
    assert Notification.objects.filter(player=bea).count() == before
    # Unblocking brings nothing back: the refused request stays unseen.
    services.unblock(by=bea, other=ana)
    assert selectors.incoming(bea.pk) == [] and not selectors.blocked_either(ana.pk, bea.pk)


def test_a_block_withdraws_the_blockers_request_and_hides_the_blocked_ones(ana, bea):
    carla = player_create_guest(nickname="Carla")
    services.friend_request(by=bea, to=ana)  # Bea asked Ana
    services.friend_request(by=ana, to=carla)
    services.friend_request(by=carla, to=ana)  # now friends
    services.block(by=ana, other=bea)
    assert selectors.incoming(ana.pk) == []
    assert selectors.relation(bea.pk, ana.pk) == selectors.SENT  # Bea is not told
    assert selectors.are_friends(ana.pk, carla.pk)  # nobody else is touched


def test_guests_may_be_friends_and_keep_them_when_they_sign_up(ana, bea):
    """Decision 144: a guest who signs up keeps their Player row, so their friends with it."""
    services.friend_request(by=ana, to=bea)
    services.friend_accept(by=bea, sender=ana)
    assert ana.is_guest and bea.is_guest and selectors.are_friends(ana.pk, bea.pk)


REFUSALS = [
    # (what was there before, the change asked, its refusal's code)
    ("nothing", lambda a, b: services.friend_request(by=a, to=a), "self_friend"),
    ("nothing", lambda a, b: services.block(by=a, other=a), "self_block"),
    ("friends", lambda a, b: services.friend_request(by=a, to=b), "already_friends"),
    ("sent", lambda a, b: services.friend_request(by=a, to=b), "already_sent"),
    ("a_blocked_b", lambda a, b: services.friend_request(by=a, to=b), "you_blocked"),
    ("nothing", lambda a, b: services.friend_accept(by=b, sender=a), "no_request"),
    ("sent", lambda a, b: services.friend_accept(by=a, sender=b), "no_request"),  # one's own request
    ("nothing", lambda a, b: services.friend_decline(by=b, sender=a), "no_request"),
    ("nothing", lambda a, b: services.friend_cancel(by=a, receiver=b), "no_request_sent"),
    ("sent", lambda a, b: services.friend_cancel(by=b, receiver=a), "no_request_sent"),  # the other's request
    ("nothing", lambda a, b: services.unfriend(by=a, other=b), "not_friends"),
    ("a_blocked_b", lambda a, b: services.block(by=a, other=b), "already_blocked"),
    ("nothing", lambda a, b: services.unblock(by=a, other=b), "not_blocked"),
    ("a_blocked_b", lambda a, b: services.unblock(by=b, other=a), "not_blocked"),  # only the blocker unblocks
]


@pytest.mark.parametrize(("before", "change", "code"), REFUSALS)
def test_every_refusal_has_its_code_and_changes_nothing(ana, bea, before, change, code):
    if before in ("sent", "friends"):
        services.friend_request(by=ana, to=bea)
    if before == "friends":
        services.friend_accept(by=bea, sender=ana)
    if before == "a_blocked_b":
        services.block(by=ana, other=bea)
    was = snapshot()
    with pytest.raises(FriendRefusal) as refused:
        change(ana, bea)
    assert refused.value.code == code
    assert snapshot() == was


def test_too_many_waiting_requests_are_refused(ana, monkeypatch):
    monkeypatch.setattr(services, "MAX_SENT", 2)
    others = [player_create_guest(nickname=f"Otro{n}") for n in range(3)]
    services.friend_request(by=ana, to=others[0])
    services.friend_request(by=ana, to=others[1])
    with pytest.raises(FriendRefusal) as refused:
        services.friend_request(by=ana, to=others[2])
    assert refused.value.code == "too_many_sent"
    assert selectors.relation(ana.pk, others[2].pk) == selectors.NONE


@pytest.mark.django_db(transaction=True)
def test_two_requests_crossing_at_once_make_one_friendship():
    """Each side asks the other at the same moment, on two connections: the pair's lock has one see the other's
    request, so they are friends (never two requests waiting for each other)."""
    ana = player_create_guest(nickname="Ana")
    bea = player_create_guest(nickname="Bea")
    barrier = threading.Barrier(2)
    answers = []

    def ask(by, to):
        try:
            barrier.wait()
            answers.append(services.friend_request(by=by, to=to))
        finally:
            connection.close()

    threads = [threading.Thread(target=ask, args=pair) for pair in ((ana, bea), (bea, ana))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == ["friends", "sent"]
    assert Friendship.objects.count() == 1
    assert not FriendRequest.objects.exclude(status=FriendRequest.ACCEPTED).exists()
