"""Web Push (RFC 8030, 8291, 8292) through pywebpush: a notification to each of a player's devices.

The message is encrypted for the device (aes128gcm, with the keys its browser gave when it subscribed) and signed
with the site's VAPID key; the push service (the browser maker's: FCM for Chrome, Mozilla's for Firefox) holds it
until the device is reachable. A push service that answers 404 or 410 says the subscription is gone (the person
turned notifications off, or the browser dropped it): it is deleted. Any other failure is logged; the
notification stays on the bell.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from django.conf import settings
from django.utils import timezone
from pywebpush import WebPushException, webpush

from notifications.models import PushSubscription

log = logging.getLogger(__name__)

GONE = frozenset({404, 410})
# How long a push service keeps a message for a device that is off: the things told are worth an hour at most.
TTL_SECONDS = 3600
TIMEOUT_SECONDS = 10


def payload(*, title: str, body: str, url: str, tag: str) -> bytes:
    """What the service worker shows (static/js/sw.js, its `push` handler)."""
    return json.dumps({"title": title, "body": body, "url": url, "tag": tag}, ensure_ascii=False).encode()


def push_to(subscription: PushSubscription, data: bytes) -> bool:
    """Send `data` to one device. True when the push service took it; a gone subscription is deleted."""
    info: dict[str, Any] = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    try:
        webpush(
            subscription_info=info,
            data=data,
            vapid_private_key=settings.VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=TTL_SECONDS,
            timeout=TIMEOUT_SECONDS,
            content_encoding="aes128gcm",
        )
    except WebPushException as error:
        status = getattr(error.response, "status_code", None)
        if status in GONE:
            log.info(
                "push subscription %s of player %s is gone (%s): deleted",
                subscription.pk,
                subscription.player_id,
                status,
            )
            subscription.delete()
        else:
            log.warning("push to subscription %s failed: %s", subscription.pk, error)
        return False
    except Exception:  # noqa: BLE001 - a push service away (DNS, TLS, timeout) fails that push only
        log.warning("push to subscription %s failed", subscription.pk, exc_info=True)
        return False
    PushSubscription.objects.filter(pk=subscription.pk).update(last_ok=timezone.now())
    return True
