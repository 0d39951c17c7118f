"""Stake offers in the lobby: post, withdraw, accept. Accepting starts a staked match whose stakes go
into escrow in the same transaction, or nothing happens at all."""

from __future__ import annotations

from django.db import transaction

from accounts.models import Player
from accounts.selectors import player_is_verified
from games.kit.contract import gettext_noop as _
from games.models import Match
from games.runtime.matches import match_start
from games.runtime.rooms import room_create, room_join
from lobby import live
from lobby.errors import LobbyRefusal
from lobby.game_ways import game_has_way
from lobby.matchmaking import WINDOW
from lobby.models import StakeOffer
from ratings.selectors import rating_of
from wallet.models import PairingRefusal
from wallet.selectors import balance_of, is_frozen, stakes_open_to
from wallet.services import WalletError
from wallet.trust import pairing_refusal, pairing_refusal_message, pairing_refusal_record

MAX_OPEN_OFFERS = 3


def require_stake_member(player: Player) -> None:
    """A player who may stake: registered, with a verified e-mail address, and a wallet not frozen."""
    if player.is_guest:
        raise LobbyRefusal("guest_stake", _("Guests cannot play for credits. Create an account to stake."))
    if not player_is_verified(player=player):
        raise LobbyRefusal(
            "unverified_stake",
            _("Confirm your e-mail address to play for credits: open the link we sent you when you signed up."),
        )
    if is_frozen(player=player):
        raise LobbyRefusal(
            "wallet_frozen", _("Your wallet is frozen by the site: you cannot play for credits for now.")
        )


class _PairingRefused(Exception):
    def __init__(self, reason: str, offer: StakeOffer) -> None:
        self.reason, self.offer = reason, offer


def offer_post(*, player: Player, game: str, stake: int, near_only: bool = False) -> StakeOffer:
    require_stake_member(player)
    if not game_has_way(game, "offers"):
        raise LobbyRefusal("not_staked_game", _("This game is not played for credits."))
    if stake not in stakes_open_to(player=player):
        raise LobbyRefusal(
            "bad_stake",
            _("Choose a stake you can cover: %(stakes)s."),
            {"stakes": ", ".join(map(str, stakes_open_to(player=player))) or "-"},
        )
    with transaction.atomic():
        Player.objects.select_for_update().get(pk=player.pk)  # one offer at a time per player
        if StakeOffer.objects.filter(player=player, status=StakeOffer.OPEN).count() >= MAX_OPEN_OFFERS:
            raise LobbyRefusal(
                "too_many_offers", _("You already have %(count)d open offers."), {"count": MAX_OPEN_OFFERS}
            )
        live.lobby_changed()
        return StakeOffer.objects.create(player=player, game=game, stake=stake, near_only=near_only)


def offer_cancel(*, player: Player, offer_id: int) -> None:
    with transaction.atomic():
        Player.objects.select_for_update().get(pk=player.pk)  # the players first, then the offers (offer_accept)
        offer = StakeOffer.objects.select_for_update().filter(pk=offer_id, player=player).first()
        if offer is None or offer.status != StakeOffer.OPEN:
            raise LobbyRefusal("offer_gone", _("That offer is no longer open."))
        offer.status = StakeOffer.CANCELLED
        offer.save(update_fields=["status"])
        live.lobby_changed()


def offer_accept(*, player: Player, offer_id: int, interface_language: str) -> Match:
    """Seat both players and start the match with both stakes in escrow, atomically.

    The poster moves first (seat 0); the accepter has seat 1, which wins a tie. Both are sent to the
    room at once (the poster may be on any page); the clocks wait for both (games.runtime.matches).
    An offer its poster can no longer cover is withdrawn, so it fails once, not for everyone.
    Related accounts (wallet.trust) are refused, and the refusal is recorded for the admin."""
    require_stake_member(player)
    poster_id = StakeOffer.objects.filter(pk=offer_id).values_list("player_id", flat=True).first()
    if poster_id is None:
        raise LobbyRefusal("offer_gone", _("That offer is no longer open."))
    try:
        with transaction.atomic():
            # One lock order for everything that touches offers: the players' rows first (in id order), then the
            # offers. Accepting locks the poster's other offers too (to withdraw those no longer covered): three
            # accepts of one poster's offers at once, each holding its own offer first, deadlocked (issue 31).
            list(Player.objects.select_for_update().filter(pk__in=[player.pk, poster_id]).order_by("pk"))
            offer = StakeOffer.objects.select_for_update().filter(pk=offer_id).first()
            if offer is None or offer.status != StakeOffer.OPEN:
                raise LobbyRefusal("offer_gone", _("That offer is no longer open."))
            if offer.player_id == player.pk:
                raise LobbyRefusal("own_offer", _("You cannot accept your own offer."))
            if offer.near_only and abs(rating_of(player, offer.game) - rating_of(offer.player, offer.game)) > WINDOW:
                raise LobbyRefusal(
                    "offer_out_of_window",
                    _("This offer is only for players within %(window)d points of its poster's rating."),
                    {"window": WINDOW},
                )
            if balance_of(player=player) < offer.stake:
                raise LobbyRefusal(
                    "cannot_cover", _("You need %(stake)d credits to accept this offer."), {"stake": offer.stake}
                )
            if is_frozen(player=offer.player):
                raise LobbyRefusal("poster_frozen", _("The player who posted this offer cannot play for credits now."))
            refused = pairing_refusal(poster=offer.player, accepter=player)
            if refused:
                raise _PairingRefused(refused, offer)
            covered = balance_of(player=offer.player) >= offer.stake
            if covered:
                match = _start_staked(offer, player, interface_language)
    except _PairingRefused as refusal:
        # Recorded after the rollback, in its own transaction, so the admin sees every refusal.
        refused_offer = refusal.offer
        pairing_refusal_record(
            game=refused_offer.game,
            poster=refused_offer.player,
            accepter=player,
            reason=refusal.reason,
            stake=refused_offer.stake,
        )
        message, params = pairing_refusal_message(refusal.reason)
        raise LobbyRefusal(f"related_{PairingRefusal.Reason(refusal.reason).value}", message, params) from None
    if not covered:
        offers_uncovered_withdraw(player_ids=[offer.player_id])
        raise LobbyRefusal(
            "cannot_cover_poster",
            _("The player who posted this offer can no longer cover it. The offer has been withdrawn."),
        )
    return match


def _start_staked(offer: StakeOffer, player: Player, interface_language: str) -> Match:
    # Staked games between two people are rated (issue 20; related accounts never get here: wallet.trust).
    room = room_create(
        game=offer.game,
        host=offer.player,
        seats=2,
        settings={},
        interface_language=interface_language,
        rated=True,
    )
    room_join(room=room, player=player)
    try:
        match = match_start(room=room, by=None, stake=offer.stake)
    except WalletError as error:
        # The poster's balance fell below the stake between the check and the hold (a race): the player's
        # doing, not logged. Any other refusal is a bug, which the wallet logged with the match's reference.
        raise LobbyRefusal(
            "cannot_cover_poster", _("The player who posted this offer can no longer cover it.")
        ) from error
    offer.status, offer.accepted_by, offer.match = StakeOffer.ACCEPTED, player, match
    offer.save(update_fields=["status", "accepted_by", "match"])
    live.matched([offer.player_id, player.pk], room.code)
    # Both balances just went down by the stake: their other offers may no longer be covered.
    offers_uncovered_withdraw(player_ids=[offer.player_id, player.pk])
    live.lobby_changed()
    return match


def offers_uncovered_withdraw(*, player_ids: list[int]) -> int:
    """Withdraw the open offers of these players whose stake is above their balance now. Returns how many."""
    withdrawn = 0
    with transaction.atomic():
        list(Player.objects.select_for_update().filter(pk__in=player_ids).order_by("pk"))  # the players first
        for offer in StakeOffer.objects.select_for_update().filter(player_id__in=player_ids, status=StakeOffer.OPEN):
            if balance_of(player=offer.player) < offer.stake:
                offer.status = StakeOffer.WITHDRAWN
                offer.save(update_fields=["status"])
                withdrawn += 1
        if withdrawn:
            live.lobby_changed()
    return withdrawn


def offers_for(*, viewer: Player | None, game: str, limit: int = 30) -> tuple[list[StakeOffer], list[StakeOffer]]:
    """The open offers of others, closest to the viewer's rating first (each with `.standing`, the poster's
    rating, `.distance` and `.open_to_viewer`: an offer limited to the window shows, but not its accept), and the
    viewer's own. A visitor without a nickname (`viewer` None) is measured from the game's start rating."""
    from ratings.selectors import standing_of, standings_of

    offers = list(StakeOffer.objects.filter(game=game, status=StakeOffer.OPEN).select_related("player"))
    viewer_id = viewer.pk if viewer is not None else None
    standings = standings_of({offer.player_id for offer in offers}, game)
    mine = standing_of(viewer, game).value
    for offer in offers:
        offer.standing = standings[offer.player_id]  # type: ignore[attr-defined]
        offer.distance = abs(offer.standing.value - mine)  # type: ignore[attr-defined]
        offer.open_to_viewer = not offer.near_only or offer.distance <= WINDOW  # type: ignore[attr-defined]
    others = sorted(
        (offer for offer in offers if offer.player_id != viewer_id),
        key=lambda offer: (offer.distance, -offer.created_at.timestamp()),  # type: ignore[attr-defined]
    )
    return others[:limit], [offer for offer in offers if offer.player_id == viewer_id]
