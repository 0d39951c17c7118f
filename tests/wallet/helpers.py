"""Shared checks of the wallet tests."""

import io

from django.core.management import call_command

from wallet.models import Account
from wallet.selectors import balance_of


def assert_ledger_sound() -> None:
    """`manage.py ledger_check` passes (it raises CommandError, exit code 1, otherwise)."""
    call_command("ledger_check", stdout=io.StringIO())


def balances(*players) -> list[int]:
    return [balance_of(player=player) for player in players]


def house() -> int:
    return Account.objects.filter(kind="house").values_list("balance", flat=True).first() or 0


def escrow(match_ref: str) -> int:
    return Account.objects.filter(match_ref=match_ref).values_list("balance", flat=True).first() or 0
