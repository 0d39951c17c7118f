"""The sign-up grant: a registered player gets the welcome credits once, when their account is made.

Listening to Player (not allauth) covers every way a Player gets a user: a new sign-up, a
guest who signs up, an account made outside sign-up. The grant runs after the Player's
transaction commits, so a failed grant can never undo a sign-up (it is logged instead),
and its idempotency key ("signup:player:<id>") makes every later save a no-op.
"""

import logging

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


def _grant(player_id: int) -> None:
    from wallet.services import wallet_grant_signup

    player = Player.objects.filter(pk=player_id).first()
    if player is not None:
        wallet_grant_signup(player=player)
        log.debug("wallet: welcome credits for player %s", player_id)
