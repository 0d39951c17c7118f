"""Who an e-mail address belongs to: the account that confirmed it (issue 31).

allauth counts an address as taken as soon as any account lists it, confirmed or not, so anyone could add
someone else's address to their own account (they can never confirm it) and keep its owner from ever signing
up: the owner was shown "check your e-mail" and mailed "an account already exists". Here an unconfirmed
address takes nothing: a sign-up with it creates its account and sends its link as for a new address, and
whoever confirms an address first owns it, the others' unconfirmed claims on it being dropped then.
"""

from __future__ import annotations

from allauth.account.forms import SignupForm
from allauth.account.models import EmailAddress


def confirmed_elsewhere(email: str) -> bool:
    """An account confirmed this address: it is theirs (a sign-up with it creates nothing and mails them)."""
    return EmailAddress.objects.filter(email__iexact=email, verified=True).exists()


def drop_unconfirmed_claims(address: EmailAddress) -> int:
    """`address` was just confirmed: the other accounts' unconfirmed rows of the same address go."""
    others = EmailAddress.objects.filter(email__iexact=address.email, verified=False).exclude(pk=address.pk)
    return others.delete()[0]


class ConfirmedOwnerSignupForm(SignupForm):
    """allauth's sign-up form (ACCOUNT_FORMS), whose address is taken only by an account that confirmed it."""

    def validate_unique_email(self, value: str) -> str:
        if confirmed_elsewhere(value):
            return super().validate_unique_email(value)  # allauth's way: the same page, the owner mailed
        self.account_already_exists = False
        return value
