import pytest
from django.db import IntegrityError, transaction

from friends.models import Block
from friends.selectors import blocked_by, blocked_either


def test_a_block_stops_both_ways_but_is_listed_for_the_blocker_only(alice, bob_guest):
    alice = alice.player
    assert not blocked_either(alice.id, bob_guest.id)
    Block.objects.create(blocker=alice, blocked=bob_guest)
    assert blocked_either(alice.id, bob_guest.id) and blocked_either(bob_guest.id, alice.id)
    assert blocked_by(alice.id) == {bob_guest.id}
    assert blocked_by(bob_guest.id) == set()


def test_nobody_blocks_themselves(alice):
    alice = alice.player
    with pytest.raises(IntegrityError), transaction.atomic():
        Block.objects.create(blocker=alice, blocked=alice)
