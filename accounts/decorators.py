from functools import wraps
from urllib.parse import urlencode

from django.shortcuts import redirect


def player_required(view):
    """For any page that seats someone (invite links, rooms, games): a newcomer without an
    account or guest identity is sent to choose a nickname, then comes straight back."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.player:
            return redirect("/guest/?" + urlencode({"next": request.get_full_path()}))
        return view(request, *args, **kwargs)

    return wrapper
