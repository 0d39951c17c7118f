"""The only code that moves credits (HackSoft style: keyword-only <entity>_<action> functions).

Every operation is one transfer under the caller's idempotency key:
- the same key with the same parameters returns the first transfer and moves nothing;
- the same key with other parameters raises WalletError("key_reused").

Locking: each operation locks every account it touches with SELECT ... FOR UPDATE in
ascending id order (one fixed order, so two operations never wait on each other in a
cycle), then re-checks the key and the balances under the lock, then writes. Callers
may be inside their own transaction (a game service holding its match row lock): lock
the match first, then call here, as DESIGN.md's "parent row first, accounts in id order".
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, ParamSpec, TypedDict

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from wallet.conf import signup_grant, signup_grants_per_address, signup_grants_per_day, stake_levels, winner_share
from wallet.models import Account, AccountFreeze, GrantWithheld, Leg, Transfer

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

Moves = list[tuple[Account, int]]
P = ParamSpec("P")

log = logging.getLogger(__name__)


class _Found(TypedDict, total=False):
    """What an escrow operation's `accounts()` found before the locks, for its `plan` under them (ids)."""

    escrow: int
    stakes: dict[int, int]  # staker's account id -> credits put in
    winner: int
    house: int


# Codes a player can cause (their balance, a guest, a stake the site does not offer): not errors of the site.
PLAYER_CODES = frozenset(
    {"insufficient_funds", "guest_cannot_stake", "stake_not_offered", "guest_has_no_wallet", "wallet_frozen"}
)


class WalletError(Exception):
    """An operation refused before anything moved, with a stable code and a message for people.

    Codes a player can cause: PLAYER_CODES. The others (key_reused, not_held, already_held, already_closed,
    not_a_staker, bad_amount, bad_seats, bad_key) are a caller's mistake (`is_bug`): the escrow operations
    log them at ERROR with the match's reference as they raise (`_logs_bugs`; docs/decisions.md #24).
    """

    def __init__(self, code: str, message: StrOrPromise) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    @property
    def is_bug(self) -> bool:
        return self.code not in PLAYER_CODES


# --- Accounts ----------------------------------------------------------------------------------


def _system_account(kind: str) -> Account:
    account, _created = Account.objects.get_or_create(kind=kind)
    return account


def _player_account(player: Player) -> Account:
    account, _created = Account.objects.get_or_create(player=player, defaults={"kind": Account.Kind.PLAYER})
    return account


def _escrow_account(match_ref: str) -> Account:
    account, _created = Account.objects.get_or_create(match_ref=match_ref, defaults={"kind": Account.Kind.ESCROW})
    return account


def _lock(account_ids: set[int]) -> dict[int, Account]:
    """Lock the accounts in ascending id order: the one order every operation uses."""
    rows = Account.objects.select_for_update().filter(pk__in=account_ids).order_by("pk")
    return {account.pk: account for account in rows}


# --- The one write path ------------------------------------------------------------------------


def _canonical(params: dict) -> dict:
    # What JSONField will give back when the key returns (tuples become lists, keys strings).
    return json.loads(json.dumps(params, sort_keys=True))


def _replay(key: str, kind: str, params: dict) -> Transfer | None:
    existing = Transfer.objects.filter(key=key).first()
    if existing is None:
        return None
    if existing.kind != kind or existing.params != params:
        raise WalletError("key_reused", _("This operation key was already used for a different operation."))
    return existing


def _write_leg(*, transfer: Transfer, account: Account, amount: int) -> Leg:
    """One leg and the account's new cached balance (kept apart so fault tests can break in here)."""
    account.balance += amount
    Account.objects.filter(pk=account.pk).update(balance=account.balance)
    return Leg.objects.create(transfer=transfer, account=account, amount=amount, balance_after=account.balance)


def _write(*, key: str, kind: str, params: dict, moves: Moves, match_ref: str | None, reason: str, by) -> Transfer:
    merged: dict[int, list] = {}
    for account, amount in moves:
        merged.setdefault(account.pk, [account, 0])[1] += amount
    legs = [(account, amount) for account, amount in merged.values() if amount != 0]
    if sum(amount for _account, amount in legs) != 0 or len(legs) < 2:
        raise AssertionError(f"unbalanced transfer {kind} {key}: {legs}")  # a bug, never a player's doing
    for account, amount in legs:
        if account.kind != Account.Kind.MINT and account.balance + amount < 0:
            raise AssertionError(f"transfer {kind} {key} would overdraw account {account.pk}")
    transfer = Transfer.objects.create(
        key=key, kind=kind, params=params, match_ref=match_ref, reason=reason, created_by=by
    )
    for account, amount in legs:
        _write_leg(transfer=transfer, account=account, amount=amount)
    return transfer


def _execute(
    *,
    key: str,
    kind: str,
    params: dict,
    accounts: Callable[[], set[int]],
    plan: Callable[[dict[int, Account]], Moves],
    match_ref: str | None = None,
    reason: str = "",
    by=None,
) -> Transfer:
    """Replay, or lock the accounts, let `plan` check and decide the moves, and write them.

    `plan` runs under the locks and raises WalletError to refuse; nothing is written then.
    """
    if not key or len(key) > 200:
        raise WalletError("bad_key", _("An operation needs a key of 1 to 200 characters."))
    params = _canonical(params)
    existing = _replay(key, kind, params)
    if existing is not None:
        return existing
    account_ids = accounts()
    try:
        with transaction.atomic():
            locked = _lock(account_ids)
            # A twin call with the same key may have committed while we waited for the locks.
            existing = _replay(key, kind, params)
            if existing is not None:
                return existing
            moves = plan(locked)
            return _write(key=key, kind=kind, params=params, moves=moves, match_ref=match_ref, reason=reason, by=by)
    except IntegrityError:
        # A twin with the same key but no shared account won the unique key: it is the result.
        existing = _replay(key, kind, params)
        if existing is not None:
            return existing
        raise


def _require_positive(amount: int) -> None:
    if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
        raise WalletError("bad_amount", _("An amount must be a positive whole number of credits."))


def _require_funds(account: Account, amount: int, player: Player | None = None) -> None:
    if account.balance < amount:
        name = player.display_name if player is not None else str(account)
        raise WalletError(
            "insufficient_funds",
            _("%(name)s has %(balance)s credits, not enough for %(amount)s.")
            % {"name": name, "balance": account.balance, "amount": amount},
        )


# --- Grants and debits -------------------------------------------------------------------------


def wallet_grant(*, player: Player, amount: int, key: str, reason: str = "", by=None) -> Transfer:
    """Issue new credits to a registered player (sign-up grant, an admin's grant)."""
    _require_positive(amount)
    if player.is_guest:
        raise WalletError("guest_has_no_wallet", _("Guests have no credits. Create an account to get some."))
    mint, account = _system_account(Account.Kind.MINT), _player_account(player)
    return _execute(
        key=key,
        kind=Transfer.Kind.GRANT,
        reason=reason,
        by=by,
        params={"player": player.pk, "amount": amount, "reason": reason},
        accounts=lambda: {mint.pk, account.pk},
        plan=lambda locked: [(locked[mint.pk], -amount), (locked[account.pk], amount)],
    )


def wallet_debit(*, player: Player, amount: int, key: str, reason: str = "", by=None) -> Transfer:
    """Take credits back out of circulation (an admin's correction); never below zero."""
    _require_positive(amount)
    mint, account = _system_account(Account.Kind.MINT), _player_account(player)

    def plan(locked: dict[int, Account]) -> Moves:
        _require_not_frozen(locked[account.pk], player)
        _require_funds(locked[account.pk], amount, player)
        return [(locked[account.pk], -amount), (locked[mint.pk], amount)]

    return _execute(
        key=key,
        kind=Transfer.Kind.DEBIT,
        reason=reason,
        by=by,
        params={"player": player.pk, "amount": amount, "reason": reason},
        accounts=lambda: {mint.pk, account.pk},
        plan=plan,
    )


def wallet_grant_signup(*, player: Player) -> Transfer | None:
    """The welcome credits of a registered player, once per player whatever happens later, paid only once
    the player's e-mail address is verified, and within the limits: WALLET_SIGNUP_GRANTS_PER_ADDRESS grants
    per 24 hours to accounts created from one address, WALLET_SIGNUP_GRANTS_PER_DAY site-wide. Over a limit
    the grant is withheld for good (GrantWithheld says why; the wallet page tells the player).

    The limits are counted under the mint's lock, so sign-ups confirmed at the same moment cannot all
    slip under them. Unlike other keys, a replay after the setting changed is not an error: the player
    got the grant of their day, and that is the promise.
    """
    from accounts.selectors import player_is_verified

    amount = signup_grant()
    key = f"signup:player:{player.pk}"
    existing = Transfer.objects.filter(key=key).first()
    if existing is not None or amount == 0 or player.is_guest or not player_is_verified(player=player):
        return existing
    mint, account = _system_account(Account.Kind.MINT), _player_account(player)
    with transaction.atomic():
        _lock({mint.pk, account.pk})
        if Transfer.objects.filter(key=key).exists() or GrantWithheld.objects.filter(player=player).exists():
            return Transfer.objects.filter(key=key).first()
        withheld = _signup_limit_reached(player)
        if withheld:
            GrantWithheld.objects.create(player=player, reason=withheld, address=player.signup_ip)
            log.warning("wallet: sign-up grant withheld for player %s (%s, %s)", player.pk, withheld, player.signup_ip)
            return None
        return wallet_grant(player=player, amount=amount, key=key, reason="Welcome credits")


def _signup_limit_reached(player: Player) -> str | None:
    """Which limit a sign-up grant to this player would pass now (None: none). Under the mint's lock."""
    since = timezone.now() - timedelta(hours=24)
    recent = Transfer.objects.filter(kind=Transfer.Kind.GRANT, key__startswith="signup:", created_at__gte=since)
    per_address = signup_grants_per_address()
    if per_address and player.signup_ip:
        neighbours = Player.objects.filter(signup_ip=player.signup_ip).values_list("pk", flat=True)
        if recent.filter(key__in=[f"signup:player:{pk}" for pk in neighbours]).count() >= per_address:
            return GrantWithheld.Reason.ADDRESS
    per_day = signup_grants_per_day()
    if per_day and recent.count() >= per_day:
        return GrantWithheld.Reason.DAILY
    return None


# --- Freezes -----------------------------------------------------------------------------------


def _set_frozen(*, player: Player, frozen: bool, reason: str, by) -> AccountFreeze:
    if player.is_guest:
        raise WalletError("guest_has_no_wallet", _("Guests have no credits. Create an account to get some."))
    reason = (reason or "").strip()
    if not reason:
        raise WalletError("bad_reason", _("A freeze or an unfreeze needs a reason."))
    account = _player_account(player)
    with transaction.atomic():
        locked = _lock({account.pk})[account.pk]
        if locked.frozen == frozen:
            code, message = (
                ("already_frozen", _("%(name)s's wallet is already frozen."))
                if frozen
                else ("not_frozen", _("%(name)s's wallet is not frozen."))
            )
            raise WalletError(code, message % {"name": player.display_name})
        Account.objects.filter(pk=account.pk).update(frozen=frozen)
        return AccountFreeze.objects.create(account=locked, frozen=frozen, reason=reason[:300], created_by=by)


def wallet_freeze(*, player: Player, reason: str, by=None) -> AccountFreeze:
    """Freeze a player's wallet: no stake, no transfer out (credits still come in: a payout, a refund).
    No credits move; an AccountFreeze row records who did it and why, and the player's page shows it."""
    return _set_frozen(player=player, frozen=True, reason=reason, by=by)


def wallet_unfreeze(*, player: Player, reason: str, by=None) -> AccountFreeze:
    return _set_frozen(player=player, frozen=False, reason=reason, by=by)


def _require_not_frozen(account: Account, player: Player | None = None) -> None:
    """Under the account's lock: a frozen wallet sends nothing out."""
    if account.frozen:
        name = player.display_name if player is not None else str(account)
        raise WalletError(
            "wallet_frozen",
            _("The wallet of %(name)s is frozen by the site: no stakes and no credits out.") % {"name": name},
        )


# --- Stakes ------------------------------------------------------------------------------------


def _logs_bugs(operation: Callable[P, Transfer]) -> Callable[P, Transfer]:
    """An escrow operation refused for a reason no player causes (a double settlement, stakes never held, a
    ledger that does not add up) is logged at ERROR with the match's reference, then raised as before: the
    wallet is the one place that knows the match_ref whoever called it. A player's refusal is not logged."""

    @functools.wraps(operation)
    def logged(*args: P.args, **kwargs: P.kwargs) -> Transfer:
        try:
            return operation(*args, **kwargs)
        except WalletError as error:
            if error.is_bug:
                log.error(
                    "%s of match %s refused (%s): a bug, not a player's doing",
                    operation.__name__,
                    kwargs.get("match_ref"),
                    error.code,
                    exc_info=True,
                )
            raise
        except AssertionError:
            log.error(
                "%s of match %s: the ledger does not add up", operation.__name__, kwargs.get("match_ref"), exc_info=True
            )
            raise

    return logged


@_logs_bugs
def escrow_hold(*, match_ref: str, players: Sequence[Player], stake: int, key: str) -> Transfer:
    """Set every seat's stake aside in the match's escrow, all of them or none.

    Call it before the first move. A guest, a stake that is not offered, or a player who
    cannot pay refuses the whole hold with a WalletError and moves nothing.
    """
    if stake not in stake_levels():
        raise WalletError("stake_not_offered", _("A stake of %(stake)s credits is not offered.") % {"stake": stake})
    ids = [player.pk for player in players]
    if len(ids) < 2 or len(set(ids)) != len(ids):
        raise WalletError("bad_seats", _("A staked match needs two or more different players."))
    if Player.objects.filter(pk__in=ids, user__isnull=True).exists():
        raise WalletError("guest_cannot_stake", _("Guests cannot play for credits. Create an account to stake."))
    params = {"match": match_ref, "players": sorted(ids), "stake": stake}
    seats: dict[int, Player] = {}

    def accounts() -> set[int]:
        for player in players:
            seats[_player_account(player).pk] = player
        return {*seats, _escrow_account(match_ref).pk}

    def plan(locked: dict[int, Account]) -> Moves:
        if Transfer.objects.filter(match_ref=match_ref, kind=Transfer.Kind.HOLD).exists():
            raise WalletError("already_held", _("The stakes of this match were already set aside."))
        for account_id, player in seats.items():
            _require_not_frozen(locked[account_id], player)
            _require_funds(locked[account_id], stake, player)
        escrow = next(account for account in locked.values() if account.kind == Account.Kind.ESCROW)
        return [(locked[account_id], -stake) for account_id in seats] + [(escrow, stake * len(seats))]

    return _execute(key=key, kind=Transfer.Kind.HOLD, params=params, match_ref=match_ref, accounts=accounts, plan=plan)


def _stakes_of(match_ref: str) -> tuple[Account, dict[int, int]]:
    """The match's escrow account and what each staker's account put in (account id -> credits)."""
    escrow = Account.objects.filter(kind=Account.Kind.ESCROW, match_ref=match_ref).first()
    hold = Transfer.objects.filter(match_ref=match_ref, kind=Transfer.Kind.HOLD).first()
    if escrow is None or hold is None:
        raise WalletError("not_held", _("No stakes were set aside for this match."))
    stakes = {
        account_id: -amount for account_id, amount in hold.legs.filter(amount__lt=0).values_list("account_id", "amount")
    }
    return escrow, stakes


def _require_open(escrow: Account, stakes: dict[int, int]) -> None:
    """Under the escrow's lock: not closed yet, and holding exactly the stakes (else a bug)."""
    if Transfer.objects.filter(match_ref=escrow.match_ref, kind__in=Transfer.CLOSING_KINDS).exists():
        raise WalletError("already_closed", _("This match's stakes were already paid out or returned."))
    if escrow.balance != sum(stakes.values()):
        raise AssertionError(f"escrow {escrow.match_ref} holds {escrow.balance}, stakes were {stakes}")


@_logs_bugs
def escrow_settle(*, match_ref: str, winner: Player, key: str) -> Transfer:
    """Pay the pot to the winner minus the house's cut (pot - floor(pot * 90 / 100)); escrow ends at 0."""
    params = {"match": match_ref, "winner": winner.pk}
    found: _Found = {}

    def accounts() -> set[int]:
        escrow, stakes = _stakes_of(match_ref)
        winner_account = Account.objects.filter(player=winner).first()
        if winner_account is None or winner_account.pk not in stakes:
            raise WalletError("not_a_staker", _("The winner did not stake in this match."))
        house = _system_account(Account.Kind.HOUSE)
        found.update({"escrow": escrow.pk, "stakes": stakes, "winner": winner_account.pk, "house": house.pk})
        return {escrow.pk, winner_account.pk, house.pk}

    def plan(locked: dict[int, Account]) -> Moves:
        escrow = locked[found["escrow"]]
        _require_open(escrow, found["stakes"])
        pot = escrow.balance
        won = winner_share(pot)
        return [(escrow, -pot), (locked[found["winner"]], won), (locked[found["house"]], pot - won)]

    return _execute(
        key=key, kind=Transfer.Kind.SETTLE, params=params, match_ref=match_ref, accounts=accounts, plan=plan
    )


def _return_stakes(*, match_ref: str, key: str, kind: str) -> Transfer:
    found: _Found = {}

    def accounts() -> set[int]:
        escrow, stakes = _stakes_of(match_ref)
        found.update({"escrow": escrow.pk, "stakes": stakes})
        return {escrow.pk, *stakes}

    def plan(locked: dict[int, Account]) -> Moves:
        escrow, stakes = locked[found["escrow"]], found["stakes"]
        _require_open(escrow, stakes)
        return [(escrow, -escrow.balance)] + [(locked[account_id], stake) for account_id, stake in stakes.items()]

    return _execute(key=key, kind=kind, params={"match": match_ref}, match_ref=match_ref, accounts=accounts, plan=plan)


@_logs_bugs
def escrow_refund(*, match_ref: str, key: str) -> Transfer:
    """Give every stake back to its owner in full (an agreed draw, an abandoned match)."""
    return _return_stakes(match_ref=match_ref, key=key, kind=Transfer.Kind.REFUND)


@_logs_bugs
def escrow_cancel(*, match_ref: str, key: str) -> Transfer:
    """A match called off before its first move: every stake back. The game service decides
    that no move was made (it holds the match lock); the ledger records why the stakes returned."""
    return _return_stakes(match_ref=match_ref, key=key, kind=Transfer.Kind.CANCEL)
