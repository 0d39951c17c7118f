"""Who may stake against whom: related accounts and pairs that play each other too often are refused.

Two accounts are related when they were seen with the same browser (the device cookie) or from the same
address within WALLET_RELATED_WINDOW_DAYS (accounts.sightings), or when they already played each other
WALLET_PAIR_GAMES_PER_DAY staked games in the last 24 hours (the ledger's holds say so). The lobby asks
`pairing_refusal` before it starts a staked match and records each refusal (`pairing_refusal_record`), which
the admin lists with filters. Why: one person with two accounts can move credits from one to the other by
resigning; the ledger alone cannot tell a friend from a sock puppet, these signals can.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext_noop as _

from accounts.models import Player, Sighting
from accounts.sightings import related_players
from wallet.conf import pair_games_per_day, related_window_days
from wallet.models import PairingRefusal, Transfer

# English, marked for translation: the lobby's refusal carries them and error_text translates them.
MESSAGES = {
    PairingRefusal.Reason.SHARED_BROWSER: _(
        "You cannot play for credits against this player: your accounts were used on the same browser "
        "recently. Play a free game instead."
    ),
    PairingRefusal.Reason.SHARED_ADDRESS: _(
        "You cannot play for credits against this player: your accounts were used from the same address "
        "recently. Play a free game instead."
    ),
    PairingRefusal.Reason.PLAYED_TODAY: _(
        "You have already played %(count)d staked games against this player today. Play a free game, or "
        "stake against someone else."
    ),
}


def pairing_refusal(*, poster: Player, accepter: Player) -> str | None:
    """Why these two may not stake against each other now (a PairingRefusal.Reason), or None."""
    days = related_window_days()
    if days:
        since = timezone.now() - timedelta(days=days)
        shared = related_players(player=accepter, others=[poster.pk], since=since).get(poster.pk)
        if shared == Sighting.DEVICE:
            return PairingRefusal.Reason.SHARED_BROWSER
        if shared == Sighting.ADDRESS:
            return PairingRefusal.Reason.SHARED_ADDRESS
    limit = pair_games_per_day()
    if limit and staked_games_between(poster, accepter) >= limit:
        return PairingRefusal.Reason.PLAYED_TODAY
    return None


def staked_games_between(first: Player, second: Player) -> int:
    """Staked matches these two have started against each other in the last 24 hours (holds with both)."""
    since = timezone.now() - timedelta(hours=24)
    holds = Transfer.objects.filter(kind=Transfer.Kind.HOLD, created_at__gte=since)
    return holds.filter(legs__account__player=first).filter(legs__account__player=second).distinct().count()


def pairing_refusal_record(*, game: str, poster: Player, accepter: Player, reason: str, stake: int) -> PairingRefusal:
    return PairingRefusal.objects.create(game=game, poster=poster, accepter=accepter, reason=reason, stake=stake)


def pairing_refusal_message(reason: str) -> tuple[str, dict]:
    """The message for the player who was refused, and its parameters."""
    return MESSAGES[PairingRefusal.Reason(reason)], {"count": pair_games_per_day()}
