"""allauth's sign-up, seen from accounts: the address an account was created from is kept on its Player."""

from allauth.account.signals import user_signed_up
from django.dispatch import receiver

from accounts.models import Player
from accounts.sightings import client_address


@receiver(user_signed_up, dispatch_uid="accounts_signup_address")
def remember_signup_address(sender, request, user, **kwargs) -> None:
    if request is not None:
        Player.objects.filter(user=user).update(signup_ip=client_address(request))
