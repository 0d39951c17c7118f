"""Operators read notifications and devices in the admin; nobody edits them there, and a device's secret address
is not shown."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.services import player_create_guest
from notifications.models import PushSubscription
from notifications.services import notify

pytestmark = pytest.mark.django_db


def test_operators_read_them_and_change_nothing():
    ana = player_create_guest(nickname="Ana")
    notify(ana, "challenge", url="/", by_name="Bruno")
    PushSubscription.objects.create(player=ana, endpoint="https://push.example/secret-token", p256dh="k", auth="a")
    admin_user = get_user_model().objects.create_superuser("root", "root@example.com", "pw-not-used-elsewhere-1")
    client = Client()
    client.force_login(admin_user)
    page = client.get("/admin/notifications/pushsubscription/").content.decode()
    assert "push.example" in page and "secret-token" not in page
    subscription = PushSubscription.objects.get()
    detail = client.get(f"/admin/notifications/pushsubscription/{subscription.pk}/change/").content.decode()
    assert "secret-token" not in detail
    assert client.get("/admin/notifications/notification/").status_code == 200
    assert client.get("/admin/notifications/notification/add/").status_code == 403
