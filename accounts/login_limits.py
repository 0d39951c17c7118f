"""How django-axes counts failed log-ins and what a locked-out person sees (docs/security.md, "Accounts and log-in").

axes watches every authenticate() of the site: the admin's log-in (by username) and the players' (allauth's, by
e-mail address). Both count against one account: an e-mail address of an account is counted under its
username, so ten failures split between /admin/login/ and /accounts/login/ lock it as ten at one door would.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.shortcuts import render


def account_key(request, credentials: dict | None) -> str | None:
    """The account a failed log-in was for: its username, whichever of its names (username or e-mail) was typed.

    Unknown names are counted as typed (lower-cased), so guessing at accounts that do not exist is limited too,
    and looks the same to the guesser.
    """
    credentials = credentials or {}
    typed = credentials.get("username") or credentials.get("email") or credentials.get("login")
    if not typed and request is not None:
        typed = request.POST.get("username") or request.POST.get("login")
    if not typed:
        return None
    typed = str(typed).strip().lower()
    if "@" in typed:
        user = _user_with_email(typed)
        if user is not None:
            return user.get_username().lower()
    return typed


def _user_with_email(email: str):
    from allauth.account.models import EmailAddress

    address = EmailAddress.objects.filter(email__iexact=email).select_related("user").first()
    if address is not None:
        return address.user
    return get_user_model().objects.filter(email__iexact=email).first()


def locked_out(request, original_response=None, credentials=None):
    """The page for a locked-out log-in: what happened, for how long, and the way out (a password reset)."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(
        request,
        "accounts/locked_out.html",
        {"minutes": minutes, "failures": settings.AXES_FAILURE_LIMIT},
        status=settings.AXES_HTTP_RESPONSE_CODE,
    )
