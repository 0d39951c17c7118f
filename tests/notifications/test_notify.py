import pytest

from notifications.models import Notification
from notifications.services import notify


def test_a_notification_is_kept_for_its_player_only(alice, bob_guest):
    notify(alice.player, "challenge", by=bob_guest.id)
    assert list(Notification.objects.values_list("player_id", "kind", "data")) == [
        (alice.player.id, "challenge", {"by": bob_guest.id})
    ]


def test_an_unknown_kind_is_refused_and_keeps_nothing(alice):
    with pytest.raises(ValueError):
        notify(alice.player, "spam")
    assert not Notification.objects.exists()
