"""What /challenges/ shows one player: the challenges waiting for their answer, theirs waiting for others', and
what became of their recent ones (accepted: the way to the room). A challenge never delivered (a block between
the pair) is the challenger's only: the other never sees it."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q, QuerySet

from accounts.models import Player
from challenges.models import Challenge

# How long an answered or expired challenge stays on the list: long enough to find the room of an accepted one.
RECENT = timedelta(minutes=30)


def _open(now: datetime) -> Q:
    return Q(status=Challenge.PENDING, expires_at__gt=now)


def incoming(player: Player, now: datetime) -> QuerySet[Challenge]:
    return (
        Challenge.objects.filter(_open(now), challenged=player, delivered=True)
        .select_related("challenger")
        .order_by("expires_at")
    )


def outgoing(player: Player, now: datetime) -> QuerySet[Challenge]:
    return Challenge.objects.filter(_open(now), challenger=player).select_related("challenged").order_by("expires_at")


def recent(player: Player, now: datetime) -> list[Challenge]:
    """Answered or expired in the last RECENT, newest first; each with `.shown_status` (a pending one past its
    deadline, not swept yet, is expired) and `.mine` (the player sent it)."""
    found = (
        Challenge.objects.filter(Q(challenger=player) | Q(challenged=player, delivered=True))
        .filter(Q(answered_at__gte=now - RECENT) | Q(answered_at__isnull=True, expires_at__gte=now - RECENT))
        .exclude(_open(now))
        .select_related("challenger", "challenged", "room")
        .order_by("-created_at")
    )
    shown = []
    for challenge in found:
        challenge.shown_status = Challenge.EXPIRED if challenge.status == Challenge.PENDING else challenge.status  # type: ignore[attr-defined]
        challenge.mine = challenge.challenger_id == player.pk  # type: ignore[attr-defined]
        shown.append(challenge)
    return shown


def open_count(player: Player, now: datetime) -> int:
    """Challenges waiting for this player's answer (the top bar's menu says how many)."""
    return incoming(player, now).count()
