"""allauth's sign-up, seen from accounts: the address an account was created from is kept on its Player,
and a confirmed address gives a guest's sign-up its Player (the guest's own)."""

from allauth.account.signals import email_confirmed, user_signed_up
from django.db.models import Q
from django.dispatch import receiver

from accounts.models import Player
from accounts.selectors import GUEST_SESSION_KEY
from accounts.sightings import client_address


@receiver(user_signed_up, dispatch_uid="accounts_signup_address")
def remember_signup_address(sender, request, user, **kwargs) -> None:
    if request is not None:
        # A guest's row is the account's once the address is confirmed (accounts.models.PendingSignup).
        mine = Q(user=user) | Q(pending_signups__user=user)
        Player.objects.filter(mine).update(signup_ip=client_address(request))


@receiver(email_confirmed, dispatch_uid="accounts_signup_confirmed")
def take_over_the_guest(sender, request, email_address, **kwargs) -> None:
    from accounts.addresses import drop_unconfirmed_claims
    from accounts.services import player_for_user

    drop_unconfirmed_claims(email_address)  # the address is this account's now (accounts/addresses.py)
    player = player_for_user(user=email_address.user)
    session = getattr(request, "session", None)
    if session is not None and session.get(GUEST_SESSION_KEY) == player.pk:
        del session[GUEST_SESSION_KEY]  # the same browser: it is logged in as the account now
