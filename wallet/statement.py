"""The player's statement in words a player understands: "Wordgrid game vs Carla: won 90", not "match-7".

Each line says what happened from the player's side, with the game's page when the games know it
(wallet/directory.py). The ledger itself says the kind, the reason and who made an adjustment; the stake's
hold says who the opponents were.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from accounts.models import Player
from wallet.directory import MatchInfo, match_info
from wallet.models import Leg, Transfer


@dataclass(frozen=True)
class Line:
    leg: Leg
    text: str
    url: str  # the game's page, "" when none


def _opponents(legs: Sequence[Leg], player: Player) -> dict[str, str]:
    """match_ref -> the other stakers' names, from each match's hold (who put credits in)."""
    refs = {leg.transfer.match_ref for leg in legs if leg.transfer.match_ref}
    names: dict[str, list[str]] = {}
    stakers = (
        Leg.objects.filter(transfer__kind=Transfer.Kind.HOLD, transfer__match_ref__in=refs, amount__lt=0)
        .exclude(account__player=player)
        .select_related("account__player", "transfer")
        .order_by("id")
    )
    for leg in stakers:
        staker = leg.account.player
        if staker is not None:  # a hold's debit is always a player's account (the filter above)
            names.setdefault(leg.transfer.match_ref or "", []).append(staker.display_name)
    return {ref: ", ".join(found) for ref, found in names.items()}


def _winners(legs: Sequence[Leg]) -> dict[str, set[int]]:
    """match_ref -> the players the pot went to, for the matches of these legs that were settled."""
    refs = {leg.transfer.match_ref for leg in legs if leg.transfer.match_ref}
    paid = Leg.objects.filter(
        transfer__kind=Transfer.Kind.SETTLE, transfer__match_ref__in=refs, amount__gt=0, account__player__isnull=False
    ).values_list("transfer__match_ref", "account__player_id")
    winners: dict[str, set[int]] = {}
    for ref, player_id in paid:
        winners.setdefault(ref or "", set()).add(player_id)
    return winners


def _game(info: MatchInfo | None) -> str:
    return info.game if info else _("staked")


def _text(leg: Leg, info: MatchInfo | None, opponents: str, lost: bool) -> str:
    transfer = leg.transfer
    params = {"game": _game(info), "opponents": opponents or "?", "amount": abs(leg.amount), "reason": transfer.reason}
    if transfer.kind == Transfer.Kind.HOLD and lost:
        # The loser's credits left with the hold; the settlement moved nothing of theirs: the hold says it.
        return _("%(game)s game vs %(opponents)s: lost %(amount)d") % params
    if transfer.kind == Transfer.Kind.HOLD:
        return _("Stake held for %(game)s game vs %(opponents)s") % params
    if transfer.kind == Transfer.Kind.SETTLE:
        return _("%(game)s game vs %(opponents)s: won %(amount)d") % params
    if transfer.kind == Transfer.Kind.CANCEL or (info and info.ended == "aborted"):
        return _("Refund: %(game)s game vs %(opponents)s called off before the first move") % params
    if transfer.kind == Transfer.Kind.REFUND:
        if info and info.ended == "stopped":
            return _("Refund: %(game)s game vs %(opponents)s stopped by the site") % params
        return _("Refund: draw agreed in the %(game)s game vs %(opponents)s") % params
    if transfer.kind == Transfer.Kind.GRANT and transfer.key.startswith("signup:"):
        return _("Sign-up grant")
    if transfer.created_by_id is not None:
        return _("Adjustment by the site: %(reason)s") % params
    if transfer.reason:
        return f"{transfer.get_kind_display()}: {transfer.reason}"
    return str(transfer.get_kind_display())


def statement_lines(*, player: Player, legs: Sequence[Leg]) -> list[Line]:
    """The page's legs (of `player`'s account, with their transfers) as lines in the active language."""
    legs = list(legs)
    infos = match_info(leg.transfer.match_ref for leg in legs if leg.transfer.match_ref)
    opponents = _opponents(legs, player)
    winners = _winners(legs)
    lines = []
    for leg in legs:
        ref = leg.transfer.match_ref or ""
        info = infos.get(ref)
        lost = ref in winners and player.pk not in winners[ref]
        text = _text(leg, info, opponents.get(ref, ""), lost)
        lines.append(Line(leg=leg, text=text, url=info.url if info else ""))
    return lines
