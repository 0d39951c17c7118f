"""The wallet's settings, read and checked in one place (settings.py holds the raw values)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

# The winner takes floor(pot * 90 / 100); the house keeps the rest. Fixed by the rules, not a setting.
WINNER_SHARE_PERCENT = 90


def parse_stake_levels(raw: list[str] | list[int]) -> tuple[int, ...]:
    """'10,50,100' (already split) as sorted distinct positive integers."""
    levels = set()
    for item in raw:
        try:
            level = int(item)
        except (TypeError, ValueError):
            raise ImproperlyConfigured(f"WALLET_STAKE_LEVELS must be whole numbers, not {item!r}") from None
        if level <= 0:
            raise ImproperlyConfigured(f"WALLET_STAKE_LEVELS must be positive, not {level}")
        levels.add(level)
    if not levels:
        raise ImproperlyConfigured("WALLET_STAKE_LEVELS must name at least one stake")
    return tuple(sorted(levels))


def stake_levels() -> tuple[int, ...]:
    return parse_stake_levels(getattr(settings, "WALLET_STAKE_LEVELS", [10, 50, 100, 500]))


def signup_grant() -> int:
    grant = int(getattr(settings, "WALLET_SIGNUP_GRANT", 1000))
    if grant < 0:
        raise ImproperlyConfigured("WALLET_SIGNUP_GRANT must not be negative")
    return grant


def winner_share(pot: int) -> int:
    """What the winner of a pot receives: floor(pot * 90 / 100), so the winner never gets a fraction."""
    return pot * WINNER_SHARE_PERCENT // 100


def house_cut(pot: int) -> int:
    """The house's share of a pot: the rest, pot - floor(pot * 90 / 100)."""
    return pot - winner_share(pot)


def payout_for(stake: int, players: int = 2) -> int:
    """What the winner receives when each of `players` staked `stake` (what offers and tables show)."""
    return winner_share(stake * players)
