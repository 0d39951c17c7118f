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


def _non_negative(name: str, default: int) -> int:
    value = int(getattr(settings, name, default))
    if value < 0:
        raise ImproperlyConfigured(f"{name} must not be negative")
    return value


def signup_grants_per_address() -> int:
    """Sign-up grants paid, per 24 hours, to accounts created from one address (0: no limit)."""
    return _non_negative("WALLET_SIGNUP_GRANTS_PER_ADDRESS", 2)


def signup_grants_per_day() -> int:
    """Sign-up grants the whole site pays per 24 hours (0: no limit)."""
    return _non_negative("WALLET_SIGNUP_GRANTS_PER_DAY", 200)


def related_window_days() -> int:
    """Accounts seen with one browser or address within this many days may not stake against each other."""
    return _non_negative("WALLET_RELATED_WINDOW_DAYS", 30)


def pair_games_per_day() -> int:
    """Staked games two accounts may play each other per 24 hours (the next one is refused; 0: no limit)."""
    return _non_negative("WALLET_PAIR_GAMES_PER_DAY", 5)
