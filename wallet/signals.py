"""The sign-up grant: a registered player gets the welcome credits once, when their e-mail address is verified.

allauth's `email_confirmed` is the usual way in (the player opens the link we mailed). Listening to Player
too covers the other ways a Player meets a verified address: an account made with an address already
verified (by an admin), a Player made after the confirmation. wallet_grant_signup itself pays nothing to an
unverified player, applies the limits per address and per day, and its key ("signup:player:<id>") makes
every later confirmation (the same address twice, a second address) a no-op. The grant runs after the
transaction commits, so a failed grant can never undo a sign-up or a confirmation (it is logged instead).
"""

import logging

from allauth.account.signals import email_confirmed
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import Player

log = logging.getLogger(__name__)


@receiver(post_save, sender=Player, dispatch_uid="wallet_signup_grant")
def grant_on_account(sender, instance: Player, created: bool, update_fields=None, **kwargs) -> None:
    if instance.user_id is None:
        return
    if not created and update_fields is not None and "user" not in update_fields:
        return  # a rename or a visit: the account did not just appear
    player_id = instance.pk
    transaction.on_commit(lambda: _grant(player_id), robust=True)


@receiver(email_confirmed, dispatch_uid="wallet_signup_grant_on_confirmation")
def grant_on_confirmation(sender, request, email_address, **kwargs) -> None:
    from accounts.services import player_for_user

    player_id = player_for_user(user=email_address.user).pk
    transaction.on_commit(lambda: _grant(player_id), robust=True)


def _grant(player_id: int) -> None:
    from wallet.services import wallet_grant_signup

    player = Player.objects.filter(pk=player_id).first()
    if player is not None and wallet_grant_signup(player=player) is not None:
        log.debug("wallet: welcome credits for player %s", player_id)
