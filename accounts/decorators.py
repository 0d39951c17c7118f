from functools import wraps
from urllib.parse import urlencode, urlparse

from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme


def _back_to(request) -> str:
    """Where a newcomer returns once they have a nickname. A page: itself. A form sent from a page anyone may look at
    (the lobby): that page, where they press the button again now that they can play; coming back to the form's
    address would be a GET of a POST-only view (405)."""
    if request.method in ("GET", "HEAD"):
        return request.get_full_path()
    for candidate in (request.POST.get("next"), request.META.get("HTTP_REFERER")):
        if candidate and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            parsed = urlparse(candidate)
            return parsed.path + (f"?{parsed.query}" if parsed.query else "")
    return "/"


def player_required(view):
    """For any page that seats someone (invite links, rooms, games): a newcomer without an
    account or guest identity is sent to choose a nickname, then comes straight back."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.player:
            return redirect("/guest/?" + urlencode({"next": _back_to(request)}))
        return view(request, *args, **kwargs)

    return wrapper
