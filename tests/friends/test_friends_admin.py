"""Operators read friendships, friend requests and blocks in the admin, and change none of them there (only the
players' own buttons do, through friends.services)."""

import pytest
from django.contrib.auth import get_user_model

from accounts.services import player_create_guest
from friends import services
from friends.models import Block, FriendRequest, Friendship
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def operator(client):
    client.force_login(get_user_model().objects.create_superuser("ops", "ops@example.com", PASSWORD))
    return client


def test_an_operator_reads_friendships_requests_and_blocks_and_edits_none(operator):
    ana, bea, carla = (player_create_guest(nickname=n) for n in ("Ana", "Bea", "Carla"))
    services.friend_request(by=ana, to=bea)
    services.friend_accept(by=bea, sender=ana)
    services.friend_request(by=carla, to=ana)
    services.block(by=bea, other=carla)
    for model, names in (
        ("friendship", ("Ana", "Bea")),
        ("friendrequest", ("Carla", "Ana")),
        ("block", ("Bea", "Carla")),
    ):
        listing = operator.get(f"/admin/friends/{model}/")
        assert listing.status_code == 200 and all(name in listing.content.decode() for name in names), model
        assert operator.get(f"/admin/friends/{model}/add/").status_code == 403
    block = Block.objects.get()
    assert operator.post(f"/admin/friends/block/{block.pk}/delete/", {"post": "yes"}).status_code == 403
    assert Block.objects.count() == 1 and Friendship.objects.count() == 1 and FriendRequest.objects.count() == 2
