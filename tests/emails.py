"""A registered user whose e-mail address is verified (allauth's EmailAddress), as after opening the link."""

from allauth.account.models import EmailAddress


def verify_email(user) -> None:
    EmailAddress.objects.update_or_create(user=user, email=user.email, defaults={"verified": True, "primary": True})
