"""Web Push from the server's side, through a push service stand-in on loopback (tests/notifications/push_service.py):
the site's message reaches each of a player's devices encrypted for that device and signed with the site's VAPID
key; a subscription the push service says is gone (410, 404) is deleted; another failure keeps it."""

import json

import pytest
from django.conf import settings
from django.test import Client

from accounts.selectors import GUEST_SESSION_KEY
from accounts.services import player_create_guest
from notifications import kinds
from notifications.models import PushSubscription
from notifications.preferences import language_note
from notifications.subscriptions import subscription_save
from notifications.tasks import send_push
from tests.notifications.push_service import PushService

pytestmark = pytest.mark.django_db


@pytest.fixture
def service():
    with PushService(settings.VAPID_PUBLIC_KEY) as running:
        yield running


@pytest.fixture
def ana():
    return player_create_guest(nickname="Ana")


def client_of(player) -> Client:
    client = Client()
    session = client.session
    session[GUEST_SESSION_KEY] = player.pk
    session.save()
    return client


def test_a_notification_reaches_every_device_decrypted_in_the_players_language(service, ana):
    phone, laptop = service.device(), service.device()
    for device in (phone, laptop):
        subscription_save(player=ana, info=device.subscription(), user_agent="test")
    language_note(ana, "en")
    data = {"url": "/r/ABCD/", "by_name": "Bruno"}
    assert send_push(ana.pk, kinds.FRIEND_ACCEPTED, data) == 2
    assert service.problems == []
    for device in (phone, laptop):
        [received] = device.received
        assert received["message"] == {
            "title": "Dream Games",
            "body": "Bruno accepted your friend request",
            "url": "/r/ABCD/",
            "tag": kinds.FRIEND_ACCEPTED,
        }
        assert b"Bruno" not in received["body"]  # encrypted on the wire
    assert all(sub.last_ok is not None for sub in PushSubscription.objects.all())


def test_a_subscription_the_push_service_says_is_gone_is_deleted(service, ana):
    gone, other_error, fine = service.device(answer=410), service.device(answer=500), service.device()
    for device in (gone, other_error, fine):
        subscription_save(player=ana, info=device.subscription(), user_agent="test")
    assert send_push(ana.pk, kinds.CHALLENGE, {"url": "/", "by_name": "Bruno"}) == 1
    assert set(PushSubscription.objects.values_list("endpoint", flat=True)) == {other_error.endpoint, fine.endpoint}
    assert all(len(device.received) == 1 for device in (gone, other_error, fine))


def test_a_player_without_devices_gets_no_push(service, ana):
    assert send_push(ana.pk, kinds.CHALLENGE, {"url": "/"}) == 0


# -- the subscription endpoints, as their player and as an attacker ----------------------------------------------


def post(client, url, body, **extra):
    return client.post(
        url, body if isinstance(body, str) else json.dumps(body), content_type="application/json", **extra
    )


def test_a_device_subscribes_and_unsubscribes(service, ana):
    device = service.device()
    client = client_of(ana)
    response = post(client, "/notifications/push/subscribe/", device.subscription(), HTTP_USER_AGENT="Firefox")
    assert response.status_code == 201
    assert list(PushSubscription.objects.values_list("player_id", "endpoint", "user_agent")) == [
        (ana.pk, device.endpoint, "Firefox")
    ]
    assert post(client, "/notifications/push/unsubscribe/", {"endpoint": device.endpoint}).json() == {
        "unsubscribed": True
    }
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    "body, code",
    [
        ("not json", "malformed"),
        ([1, 2], "malformed"),
        ({"endpoint": "http://push.example/x", "keys": "k"}, "bad_endpoint"),  # plain http elsewhere than loopback
        ({"endpoint": "http://127.0.0.2/x"}, "bad_endpoint"),
        ({"endpoint": "file:///etc/passwd"}, "bad_endpoint"),
        ({"endpoint": "https://push.example/" + "x" * 1000}, "bad_endpoint"),
        (
            {"endpoint": "https://push.example/x", "keys": {"p256dh": "short", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}},
            "bad_keys",
        ),
        ({"endpoint": "https://push.example/x"}, "bad_keys"),
    ],
)
def test_bad_input_is_refused_clearly_and_stores_nothing(ana, body, code):
    response = post(client_of(ana), "/notifications/push/subscribe/", body)
    assert response.status_code == 400
    assert response.json()["code"] == code and response.json()["message"]
    assert not PushSubscription.objects.exists()


def test_an_https_endpoint_is_the_only_one_outside_development(ana, settings):
    from notifications.subscriptions import endpoint_allowed

    settings.WEB_PUSH_LOOPBACK = False  # as in production (DEBUG off at start-up)
    assert endpoint_allowed("https://fcm.googleapis.com/fcm/send/abc")
    assert not endpoint_allowed("http://127.0.0.1:8000/push/abc")


def test_an_attacker_can_neither_delete_nor_read_anothers_subscription(service, ana):
    device = service.device()
    subscription_save(player=ana, info=device.subscription(), user_agent="test")
    eve = client_of(player_create_guest(nickname="Eve"))
    assert post(eve, "/notifications/push/unsubscribe/", {"endpoint": device.endpoint}).json() == {
        "unsubscribed": False
    }
    assert PushSubscription.objects.filter(player=ana).count() == 1
    for url in ("/notifications/push/subscribe/", "/notifications/push/unsubscribe/"):
        assert eve.get(url).status_code == 405  # nothing to read there
    assert device.endpoint not in eve.get("/notifications/settings/").content.decode()


def test_a_subscription_needs_a_csrf_token_and_a_player(service, ana):
    device = service.device()
    guarded = Client(enforce_csrf_checks=True)
    session = guarded.session
    session[GUEST_SESSION_KEY] = ana.pk
    session.save()
    assert post(guarded, "/notifications/push/subscribe/", device.subscription()).status_code == 403
    assert post(Client(), "/notifications/push/subscribe/", device.subscription()).status_code == 403
    assert not PushSubscription.objects.exists()
