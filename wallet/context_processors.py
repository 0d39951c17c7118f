"""A member's credits in the site's top bar (templates/base.html), on every page: what they can stake is never
more than a glance away (issue 18). Read only when the template asks (one query); a guest has no wallet."""

from __future__ import annotations

import functools
from typing import Any

from wallet.selectors import balance_of


def header_balance(request) -> dict[str, Any]:
    player = getattr(request, "player", None)
    if not player or player.is_guest:
        return {"header_balance": None}
    return {"header_balance": functools.cache(lambda: balance_of(player=player))}
