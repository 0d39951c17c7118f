"""A device's Web Push subscription as its browser sends it (PushSubscription.toJSON()), checked before anything is
kept: bad input is refused with a reason and stores nothing; a device subscribes for the player of the request
only, and unsubscribes only what is that player's."""

from __future__ import annotations

import base64
import binascii
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from notifications.models import PushSubscription

MAX_ENDPOINT = 1000


class BadSubscription(ValueError):
    """A subscription refused: `message` says why (a gettext_lazy text)."""

    def __init__(self, code: str, message: Any) -> None:
        super().__init__(code)
        self.code, self.message = code, message


def _bytes(value: Any, size: int) -> bool:
    if not isinstance(value, str) or len(value) > 200:
        return False
    try:
        decoded = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        return False
    return len(decoded) == size


def endpoint_allowed(endpoint: str) -> bool:
    """A push service is reached over https. Only development and the tests may name a push service on this
    machine over plain http (the tests' loopback stand-in; settings.WEB_PUSH_LOOPBACK): elsewhere a subscription
    must not make the server post to itself or to its network over plain http."""
    parts = urlsplit(endpoint)
    if parts.scheme == "https" and parts.hostname:
        return True
    return settings.WEB_PUSH_LOOPBACK and parts.scheme == "http" and parts.hostname == "127.0.0.1"


def checked(info: Any) -> tuple[str, str, str]:
    """(endpoint, p256dh, auth) of a subscription's JSON, or BadSubscription."""
    if not isinstance(info, dict):
        raise BadSubscription("malformed", _("A subscription is a JSON object with an endpoint and keys."))
    endpoint, keys = info.get("endpoint"), info.get("keys")
    if not isinstance(endpoint, str) or len(endpoint) > MAX_ENDPOINT or not endpoint_allowed(endpoint):
        raise BadSubscription("bad_endpoint", _("A push service's address must be an https address."))
    if not isinstance(keys, dict) or not _bytes(keys.get("p256dh"), 65) or not _bytes(keys.get("auth"), 16):
        raise BadSubscription("bad_keys", _("A subscription's keys are a P-256 public key and a 16-byte secret."))
    return endpoint, keys["p256dh"], keys["auth"]


def subscription_save(*, player: Player, info: Any, user_agent: str) -> PushSubscription:
    """Keep this device's subscription for `player`. The same endpoint sent again (a new player on the same
    browser, a renewed key) is that device's: it moves to whoever subscribes it now, with its new keys."""
    endpoint, p256dh, auth = checked(info)
    with transaction.atomic():
        subscription, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint,
            defaults={"player": player, "p256dh": p256dh, "auth": auth, "user_agent": user_agent[:300]},
        )
    return subscription


def subscription_delete(*, player: Player, endpoint: Any) -> bool:
    """Forget this device's subscription, if it is `player`'s (another's is left alone, and said nothing of)."""
    if not isinstance(endpoint, str):
        return False
    deleted, _kinds = PushSubscription.objects.filter(player=player, endpoint=endpoint).delete()
    return deleted > 0
