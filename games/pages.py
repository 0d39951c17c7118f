"""What every page that starts or joins a game needs, the games' own (games/views.py) and the lobby's
(lobby/play_views.py): the way back to the page a form was on, the default word language. An error's
message is games.runtime.errors.error_text."""

from __future__ import annotations

from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language

from games.forms import LANGUAGE_NAMES


def back(request, default: str):
    """Back to the page the form was on when it says so (the lobby page posts here too), else `default`."""
    back = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return redirect(back)
    return redirect(default)


def word_language_default() -> str:
    language = (get_language() or "es")[:2]
    return language if language in LANGUAGE_NAMES else "es"
