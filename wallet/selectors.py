"""Reads of the ledger: balances, statements, escrow states, and the invariant check."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from django.db.models import Count, F, Q, QuerySet, Sum, Window
from django.db.models.functions import Coalesce

from accounts.models import Player
from wallet.conf import stake_levels
from wallet.models import Account, Leg, Transfer

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations  # mypy only: django-stubs is a dev dependency


class _ByLegs(TypedDict):
    by_legs: int  # an account's balance as the sum of its legs (ledger_problems' annotation)


def balance_of(*, player: Player) -> int:
    """A player's credits (0 for a player the ledger has not met yet, and for every guest)."""
    if player.is_guest:
        return 0
    return Account.objects.filter(player=player).values_list("balance", flat=True).first() or 0


def statement_of(*, player: Player) -> QuerySet[Leg]:
    """Every movement of the player's credits, newest first, with the transfer (and match) it is part of."""
    return (
        Leg.objects.filter(account__player=player, account__kind=Account.Kind.PLAYER)
        .select_related("transfer")
        .order_by("-id")
    )


def is_frozen(*, player: Player) -> bool:
    """Whether an admin froze this player's wallet (no stake, no transfer out)."""
    return Account.objects.filter(player=player, frozen=True).exists()


def stakes_open_to(*, player: Player) -> list[int]:
    """The offered stakes this player can put up now (none for a guest)."""
    if player.is_guest:
        return []
    balance = balance_of(player=player)
    return [level for level in stake_levels() if level <= balance]


@dataclass(frozen=True)
class EscrowState:
    status: str  # "none", "held", or the closing transfer's kind: "settle", "refund", "cancel"
    pot: int


def escrow_state(*, match_ref: str) -> EscrowState:
    closing = (
        Transfer.objects.filter(match_ref=match_ref, kind__in=Transfer.CLOSING_KINDS)
        .values_list("kind", flat=True)
        .first()
    )
    pot = (
        Account.objects.filter(kind=Account.Kind.ESCROW, match_ref=match_ref).values_list("balance", flat=True).first()
        or 0
    )
    if closing:
        return EscrowState(closing, pot)
    if Transfer.objects.filter(match_ref=match_ref, kind=Transfer.Kind.HOLD).exists():
        return EscrowState("held", pot)
    return EscrowState("none", pot)


# --- ledger_check --------------------------------------------------------------------------------

SHOW = 20  # problems listed per kind; the count says how many more


def _listed(title: str, rows: list[str]) -> list[str]:
    if not rows:
        return []
    more = [f"  ... and {len(rows) - SHOW} more"] if len(rows) > SHOW else []
    return [f"{title} ({len(rows)}):"] + [f"  {row}" for row in rows[:SHOW]] + more


def ledger_problems() -> list[str]:
    """Every broken invariant, as lines of a report for an operator; an empty list means sound."""
    problems: list[str] = []

    unbalanced = (
        Transfer.objects.annotate(total=Coalesce(Sum("legs__amount"), 0), legs_count=Count("legs"))
        .exclude(total=0, legs_count__gte=2)
        .order_by("pk")
    )
    problems += _listed(
        "Transfers whose legs do not sum to zero (or have fewer than two legs)",
        [f"transfer {t.pk} ({t.kind}, key {t.key!r}): {t.legs_count} legs summing to {t.total}" for t in unbalanced],
    )

    legs_total = Leg.objects.aggregate(total=Coalesce(Sum("amount"), 0))["total"]
    cached_total = Account.objects.aggregate(total=Coalesce(Sum("balance"), 0))["total"]
    if legs_total != 0 or cached_total != 0:
        problems.append(f"All balances must sum to zero: legs sum to {legs_total}, cached balances to {cached_total}")

    accounts = Account.objects.annotate(by_legs=Coalesce(Sum("legs__amount"), 0)).order_by("pk")
    mismatched, negative, open_escrows = [], [], {}
    for account in accounts.iterator():
        if account.by_legs != account.balance:
            mismatched.append(f"account {account.pk} ({account}): cached {account.balance}, legs {account.by_legs}")
        if account.kind != Account.Kind.MINT and min(account.by_legs, account.balance) < 0:
            negative.append(f"account {account.pk} ({account}): {min(account.by_legs, account.balance)}")
        if account.kind == Account.Kind.MINT and account.by_legs > 0:
            negative.append(f"account {account.pk} (issuing): {account.by_legs} above zero, credits destroyed")
        if account.kind == Account.Kind.ESCROW:
            open_escrows[account.match_ref] = account
    problems += _listed("Accounts whose cached balance differs from the sum of their legs", mismatched)
    problems += _listed("Accounts below zero", negative)

    running = Window(Sum("amount"), partition_by=[F("account_id")], order_by=F("id").asc())
    broken_chain = list(Leg.objects.annotate(running=running).exclude(balance_after=F("running")).order_by("pk"))
    problems += _listed(
        "Legs whose balance_after is not their account's running total",
        [
            f"leg {leg.pk} of account {leg.account_id}: says {leg.balance_after}, running total {leg.running}"
            for leg in broken_chain
        ],
    )

    problems += _listed("Escrows that do not hold exactly their match's open stakes", _escrow_problems(open_escrows))
    return problems


def _escrow_problems(escrows: Mapping[str | None, WithAnnotations[Account, _ByLegs]]) -> list[str]:
    """`escrows`: match_ref -> its escrow account, annotated with `by_legs` (the sum of its legs)."""
    held = dict(
        Transfer.objects.filter(kind=Transfer.Kind.HOLD)
        .annotate(pot=Sum("legs__amount", filter=Q(legs__amount__gt=0)))
        .values_list("match_ref", "pot")
    )
    closed = dict(Transfer.objects.filter(kind__in=Transfer.CLOSING_KINDS).values_list("match_ref", "kind"))
    rows = []
    for match_ref, escrow in escrows.items():
        expected = 0 if match_ref in closed or match_ref not in held else held[match_ref]
        if escrow.by_legs != expected:
            state = closed.get(match_ref) or ("held" if match_ref in held else "never held")
            rows.append(f"escrow of {match_ref} ({state}): holds {escrow.by_legs}, should hold {expected}")
    return rows


# --- Suspicious flows (the admin's screen) -------------------------------------------------------


@dataclass(frozen=True)
class Flow:
    """A player's staked winnings over a window, and how much of them one opponent paid."""

    player: Player
    games_won: int
    credits_won: int
    top_opponent: Player | None
    top_share: int  # percent of the stakes this player took from opponents that came from the top one
    staked: int  # staked games finished in the window (from the games)
    quick_resigns: int  # of which this player resigned after at most one move of their own
    top_quick_resigns: int  # the top opponent's quick resigns (against anyone)

    @property
    def quick_resign_rate(self) -> int:
        return round(100 * self.quick_resigns / self.staked) if self.staked else 0


def suspicious_flows(*, days: int = 30) -> list[Flow]:
    """Every player who won or staked in the last `days`, most suspicious first: the largest share of
    winnings from one opponent, then the most resigns after at most one move."""
    from datetime import timedelta

    from django.utils import timezone

    from wallet.directory import resign_counts

    since = timezone.now() - timedelta(days=days)
    holds = Leg.objects.filter(
        transfer__kind=Transfer.Kind.HOLD, transfer__created_at__gte=since, amount__lt=0, account__kind="player"
    ).values_list("transfer__match_ref", "account__player_id", "amount")
    stakers: dict[str | None, dict[int, int]] = {}
    for ref, player_id, amount in holds:
        stakers.setdefault(ref, {})[player_id] = -amount
    wins = Leg.objects.filter(
        transfer__kind=Transfer.Kind.SETTLE, transfer__created_at__gte=since, amount__gt=0, account__kind="player"
    ).values_list("transfer__match_ref", "account__player_id", "amount")
    won: dict[int, list[int]] = {}
    taken: dict[int, dict[int, int]] = {}  # winner -> opponent -> their stakes taken
    for ref, winner, amount in wins:
        tally = won.setdefault(winner, [0, 0])
        tally[0], tally[1] = tally[0] + 1, tally[1] + amount
        for opponent, stake in stakers.get(ref, {}).items():
            if opponent != winner:
                taken.setdefault(winner, {})
                taken[winner][opponent] = taken[winner].get(opponent, 0) + stake
    ids = {player_id for seats in stakers.values() for player_id in seats} | set(won)
    resigns = resign_counts(ids, since)
    players = Player.objects.in_bulk(ids)
    flows = []
    for player_id in ids:
        by_opponent = taken.get(player_id, {})
        top = max(by_opponent, key=lambda opponent: by_opponent[opponent]) if by_opponent else None
        share = round(100 * by_opponent[top] / sum(by_opponent.values())) if top is not None else 0
        counts = resigns.get(player_id)
        top_counts = resigns.get(top) if top is not None else None
        flows.append(
            Flow(
                player=players[player_id],
                games_won=won.get(player_id, [0, 0])[0],
                credits_won=won.get(player_id, [0, 0])[1],
                top_opponent=players.get(top) if top is not None else None,
                top_share=share,
                staked=counts.staked if counts else 0,
                quick_resigns=counts.quick_resigns if counts else 0,
                top_quick_resigns=top_counts.quick_resigns if top_counts else 0,
            )
        )
    flows.sort(key=lambda flow: (-flow.top_share * flow.credits_won, -flow.quick_resigns, flow.player.pk))
    return flows
