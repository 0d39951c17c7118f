"""Challenges (issue 36): send, accept, decline, cancel, expire. The one writer of Challenge.

Accepting seats both players in a new two-seat room of the game with the challenge's settings and starts the match at
once through the one service path (games.runtime.matches.match_start), in the same transaction as the answer: a
staked challenge's stakes go into the wallet's escrow there exactly as an accepted stake offer's do, or nothing
happens at all. The money rules are the lobby's offers' (lobby.offers.require_stake_member, wallet.trust's related
accounts, the wallet's stake levels), never rewritten here.

Race-safe: every answer locks the challenge's row (accepting locks both players' rows first, in id order, as the
offers do, then the challenge's), so two accepts at once start one match, and an accept that meets a cancel or the
sweep sees the row as the other left it. A challenge between a pair where either blocked the other is kept as sent
and never delivered (decision 152): the challenger sees it waiting, then expired; the other never hears of it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import Player
from challenges.errors import ChallengeRefusal, challenge_error
from challenges.games import SEATS, can_be_rated, challenge_games, has_stakes
from challenges.models import Challenge
from friends.selectors import blocked_either
from games.models import Room
from games.runtime.catalogue import spec_for
from games.runtime.matches import match_start
from games.runtime.rooms import room_create, room_join
from lobby import live
from lobby.offers import require_stake_member
from notifications.kinds import CHALLENGE
from notifications.services import notify
from wallet.models import PairingRefusal
from wallet.selectors import balance_of, is_frozen, stakes_open_to
from wallet.services import WalletError
from wallet.trust import pairing_refusal, pairing_refusal_message, pairing_refusal_record

# How long a challenge waits for its answer: long enough to see it and come, short enough that an accepted one
# still finds its challenger at the site.
LIFETIME = timedelta(minutes=10)
# Open challenges one player may have waiting at once: nobody floods another's list or notifications.
MAX_OUTGOING = 5


def _now(now: datetime | None) -> datetime:
    return now or timezone.now()


def challenge_send(
    *,
    challenger: Player,
    challenged_id: Any,
    game: str,
    settings: dict[str, Any],
    rated: bool,
    stake: int,
    interface_language: str,
    now: datetime | None = None,
) -> Challenge:
    """Ask `challenged_id` to play `game`. Every refusal is raised before anything is written."""
    now = _now(now)
    try:
        challenged = Player.objects.filter(pk=int(challenged_id)).first()
    except (TypeError, ValueError):
        challenged = None
    # A hidden page answers "not found" to everyone (players/views.py): so does a challenge to its player.
    if challenged is None or challenged.page_hidden and challenged.pk != challenger.pk:
        raise challenge_error("no_such_player")
    if challenged.pk == challenger.pk:
        raise challenge_error("own_challenge")
    if game not in challenge_games():
        raise challenge_error("no_such_game")
    clean = spec_for(game).clean_settings(settings, interface_language)  # the game's own check: a Refusal
    if not isinstance(stake, int) or isinstance(stake, bool) or stake < 0:
        raise challenge_error("bad_stake", stakes="-")
    if stake:
        if not has_stakes(game):
            raise challenge_error("not_staked_game")
        require_stake_member(challenger)
        if stake not in stakes_open_to(player=challenger):
            raise challenge_error("bad_stake", stakes=", ".join(map(str, stakes_open_to(player=challenger))) or "-")
        if challenged.is_guest:
            raise challenge_error("challenged_guest_stake", name=challenged.nickname)
        rated = True  # a staked game between two people is rated, as an accepted offer's is (lobby.offers)
    if rated and not can_be_rated(game):
        raise challenge_error("not_rated_game")
    if rated and (challenger.is_guest or challenged.is_guest):
        # A guest's games move no rating (games.runtime.rated): say so rather than play an "unrated rated" game.
        raise challenge_error("guest_rated")
    with transaction.atomic():
        Player.objects.select_for_update().get(pk=challenger.pk)  # one send at a time per challenger: the limit
        waiting = Challenge.objects.filter(challenger=challenger, status=Challenge.PENDING, expires_at__gt=now)
        same = waiting.filter(challenged=challenged, game=game, settings=clean, rated=bool(rated), stake=stake).first()
        if same is not None:
            return same  # the form sent twice (a double tap): one challenge, one notification
        if waiting.count() >= MAX_OUTGOING:
            raise challenge_error("too_many_challenges", count=MAX_OUTGOING)
        delivered = not blocked_either(challenger.pk, challenged.pk)
        challenge = Challenge.objects.create(
            challenger=challenger,
            challenged=challenged,
            game=game,
            settings=clean,
            rated=bool(rated),
            stake=stake,
            delivered=delivered,
            expires_at=now + LIFETIME,
        )
        if delivered:
            notify(
                challenged,
                CHALLENGE,
                url=reverse("challenges"),
                by_name=challenger.nickname,
                game_slug=game,
                stake=stake,
                rated=challenge.rated,
            )
        return challenge


class _PairingRefused(Exception):
    def __init__(self, reason: str, challenge: Challenge) -> None:
        self.reason, self.challenge = reason, challenge


def challenge_accept(
    *, player: Player, challenge_id: int, interface_language: str, now: datetime | None = None
) -> Room:
    """Seat both and start the match; returns its room. Accepting twice (a double tap) returns the same room."""
    now = _now(now)
    pair = Challenge.objects.filter(pk=challenge_id, challenged=player, delivered=True).values_list(
        "challenger_id", "stake"
    )
    found = pair.first()
    if found is None:  # none, or addressed to someone else: the same answer, so nothing is learnt of others'
        raise challenge_error("challenge_gone")
    challenger_id, stake = found
    if stake:
        require_stake_member(player)
    try:
        with transaction.atomic():
            list(Player.objects.select_for_update().filter(pk__in=[player.pk, challenger_id]).order_by("pk"))
            challenge = Challenge.objects.select_for_update().select_related("challenger").get(pk=challenge_id)
            if challenge.status == Challenge.ACCEPTED and challenge.room is not None:
                return challenge.room
            if challenge.status != Challenge.PENDING:
                raise challenge_error("challenge_gone")
            if challenge.expires_at <= now:
                raise challenge_error("challenge_expired")
            if challenge.stake:
                if balance_of(player=player) < challenge.stake:
                    raise challenge_error("cannot_cover", stake=challenge.stake)
                if is_frozen(player=challenge.challenger):
                    raise challenge_error("challenger_frozen")
                if balance_of(player=challenge.challenger) < challenge.stake:
                    raise challenge_error("challenger_cannot_cover")
                refused = pairing_refusal(poster=challenge.challenger, accepter=player)
                if refused:
                    raise _PairingRefused(refused, challenge)
            room = _start(challenge, player, interface_language)
            challenge.status, challenge.room, challenge.answered_at = Challenge.ACCEPTED, room, now
            challenge.save(update_fields=["status", "room", "answered_at"])
            url = reverse("room", kwargs={"code": room.code})
            # The challenger hears of it wherever they are: the notification centre, and every open page of theirs
            # goes to the room at once (lobby.live.matched, as for an accepted offer).
            notify(
                challenge.challenger,
                CHALLENGE,
                url=url,
                by_name=player.nickname,
                game_slug=challenge.game,
                accepted=True,
            )
            live.matched([challenge.challenger_id, player.pk], room.code)
            return room
    except _PairingRefused as refusal:
        # Recorded after the rollback, in its own transaction, so the admin sees every refusal (as for offers).
        pairing_refusal_record(
            game=refusal.challenge.game,
            poster=refusal.challenge.challenger,
            accepter=player,
            reason=refusal.reason,
            stake=refusal.challenge.stake,
        )
        message, params = pairing_refusal_message(refusal.reason)
        raise ChallengeRefusal(f"related_{PairingRefusal.Reason(refusal.reason).value}", message, params) from None


def _start(challenge: Challenge, player: Player, interface_language: str) -> Room:
    room = room_create(
        game=challenge.game,
        host=challenge.challenger,
        seats=SEATS,
        settings=challenge.settings,
        interface_language=interface_language,
        rated=challenge.rated,
    )
    room_join(room=room, player=player)
    try:
        match_start(room=room, by=None, stake=challenge.stake)
    except WalletError as error:
        # A balance fell below the stake between the check and the hold (a race): nothing moves, nothing started.
        raise challenge_error("challenger_cannot_cover") from error
    room.refresh_from_db()  # playing now (match_start wrote its own copy)
    return room


def _answer(*, challenge_id: int, who: str, player: Player, status: str, now: datetime | None) -> Challenge:
    now = _now(now)
    with transaction.atomic():
        filters = {"pk": challenge_id, who: player}
        if who == "challenged":
            filters["delivered"] = True
        challenge = Challenge.objects.select_for_update().filter(**filters).first()
        if challenge is None:
            raise challenge_error("challenge_gone")
        if challenge.status == status:
            return challenge  # the same answer again: nothing more to do
        if challenge.status != Challenge.PENDING:
            raise challenge_error("challenge_gone")
        if challenge.expires_at <= now:
            raise challenge_error("challenge_expired")
        challenge.status, challenge.answered_at = status, now
        challenge.save(update_fields=["status", "answered_at"])
        return challenge


def challenge_decline(*, player: Player, challenge_id: int, now: datetime | None = None) -> Challenge:
    """The challenged player says no. The challenger sees it declined on /challenges/."""
    return _answer(challenge_id=challenge_id, who="challenged", player=player, status=Challenge.DECLINED, now=now)


def challenge_cancel(*, player: Player, challenge_id: int, now: datetime | None = None) -> Challenge:
    """The challenger takes it back before it is answered."""
    return _answer(challenge_id=challenge_id, who="challenger", player=player, status=Challenge.CANCELLED, now=now)


def challenges_expire(*, now: datetime | None = None) -> int:
    """Mark every challenge past its deadline expired; returns how many. One UPDATE: a row an accept holds is waited
    for, and its status looked at again (PostgreSQL re-checks the condition), so an accepted one stays accepted."""
    return Challenge.objects.filter(status=Challenge.PENDING, expires_at__lte=_now(now)).update(
        status=Challenge.EXPIRED
    )
