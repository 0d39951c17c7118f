"""Which browsers and addresses each account is seen with: the device cookie and the sightings.

Every visitor gets a long-lived signed cookie naming their browser (`dg_device`, a random id, HttpOnly,
SameSite=Lax, two years). For a logged-in account the middleware records (account, browser) and
(account, address) rows, refreshing each at most once an hour (a Redis key says it was done), so a page
costs one cache round trip and, once an hour, one upsert. wallet.trust reads them to refuse stakes between
accounts that shared a browser or an address recently.
"""

from __future__ import annotations

import ipaddress
import logging
import secrets
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.utils import timezone

from accounts.models import Player, Sighting

log = logging.getLogger(__name__)
DEVICE_COOKIE = "dg_device"
DEVICE_SALT = "accounts.device"
DEVICE_MAX_AGE = 2 * 365 * 24 * 3600
REFRESH = timedelta(hours=1)


# An IPv6 client is counted by its /64, the network one household or phone is given and within which it
# picks a new address at will (privacy extensions): counting the exact address would let one person rotate
# past every per-address limit. django-ratelimit counts the code look-ups the same way (RATELIMIT_IPV6_MASK).
IPV6_PREFIX = 64


def client_address(request) -> str | None:
    """Where the client is, as the sign-up grant's limit and the related-accounts check compare it: its IPv4
    address, or the first address of its IPv6 /64 (the address as every per-address limit of the site reads
    it, toolkit/client_address.py). None when it says nothing about the client: unknown, or loopback (the
    development copy, where every browser is 127.0.0.1, or a proxy on the same host that does not pass the
    client's address on)."""
    from toolkit.client_address import client_ip

    try:
        address = ipaddress.ip_address(client_ip(request))
    except ValueError:
        return None
    if address.is_loopback or address.is_unspecified:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False).network_address)
    return str(address)


def device_of(request) -> str | None:
    """The browser's id from its signed cookie, None when absent or tampered with."""
    try:
        value = request.get_signed_cookie(DEVICE_COOKIE, salt=DEVICE_SALT)
    except (KeyError, signing.BadSignature):
        return None
    return value if value and len(value) <= 64 else None


def sightings_record(*, user_id: int, device: str | None, address: str | None) -> bool:
    """Record that this account was seen with this browser and address now (at most once an hour each: the
    cache throttles the writes; without the cache, as in a Redis outage, every one is written)."""
    values = [(kind, value) for kind, value in ((Sighting.DEVICE, device), (Sighting.ADDRESS, address)) if value]
    ttl = int(REFRESH.total_seconds())
    try:
        due = [(kind, value) for kind, value in values if cache.add(f"sighting:{user_id}:{kind}:{value}", 1, ttl)]
    except Exception:  # noqa: BLE001 - Redis away: the throttle is lost, not the sighting (wallet.trust reads it)
        log.warning("sightings of user %s written without the cache's throttle (Redis?)", user_id)
        due = values
    if not due:
        return False
    player_id = Player.objects.filter(user_id=user_id).values_list("pk", flat=True).first()
    if player_id is None:
        return False
    now = timezone.now()
    Sighting.objects.bulk_create(
        [Sighting(player_id=player_id, kind=kind, value=value, last_seen=now) for kind, value in due],
        update_conflicts=True,
        unique_fields=["player", "kind", "value"],
        update_fields=["last_seen"],
    )
    return True


def related_players(*, player: Player, others: list[int], since) -> dict[int, str]:
    """Which of `others` shared a browser or an address with `player` since `since`: id -> kind."""
    mine = Sighting.objects.filter(player=player, last_seen__gte=since)
    shared: dict[int, str] = {}
    for kind in (Sighting.DEVICE, Sighting.ADDRESS):
        values = mine.filter(kind=kind).values("value")
        rows = Sighting.objects.filter(player_id__in=others, kind=kind, value__in=values, last_seen__gte=since)
        for other in rows.values_list("player_id", flat=True):
            shared.setdefault(other, kind)
    return shared


class DeviceMiddleware:
    """Gives every visitor the device cookie and records the sightings of logged-in accounts."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        device = device_of(request)
        response = self.get_response(request)
        if device is None:
            device = secrets.token_hex(16)
            response.set_signed_cookie(
                DEVICE_COOKIE,
                device,
                salt=DEVICE_SALT,
                max_age=DEVICE_MAX_AGE,
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            # After the view: what it did has happened, so a failure here (the database away) is logged, never
            # turned into an error for a change that was made (issue 31: an accept answered 500, match created).
            try:
                sightings_record(user_id=user.pk, device=device, address=client_address(request))
            except Exception:  # noqa: BLE001
                log.warning("sightings of user %s not recorded", user.pk, exc_info=True)
        return response
