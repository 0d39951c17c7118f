"""Chat's budgets, per player, in Redis: a player's sockets may sit on several nodes (games.runtime.flood, whose
token bucket script this reuses). Redis away: allowed; the socket's own bucket still limits each socket.

- `dg:chat:react:<player>`: reactions, a burst of 3 then one every 2 s.
- `dg:chat:say:<player>`: messages, a burst of 5 then one every 3 s.
- `dg:chat:report:<player>`: reports, a burst of 5 then one a minute.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings

from games.runtime.flood import TAKE
from games.runtime.presence import _client as async_client

log = logging.getLogger(__name__)

# name -> (burst, refill per second)
BUDGETS: dict[str, tuple[int, float]] = {"react": (3, 0.5), "say": (5, 1 / 3), "report": (5, 1 / 60)}

_local = threading.local()


def _sync_client() -> Any:
    client = getattr(_local, "client", None)
    if client is None:
        client = _local.client = settings.REDIS.client(socket_timeout=5)
    return client


def _key(budget: str, player_id: int) -> str:
    return f"dg:chat:{budget}:{player_id}"


def may(budget: str, player_id: int) -> bool:
    """Take one from the player's budget (from sync code: a service in a database thread)."""
    burst, rate = BUDGETS[budget]
    try:
        return bool(_sync_client().eval(TAKE, 1, _key(budget, player_id), burst, rate))
    except Exception:  # noqa: BLE001 - Redis away: the budget is not kept
        log.debug("chat budget %s of player %s unavailable (Redis?)", budget, player_id, exc_info=True)
        return True


async def may_async(budget: str, player_id: int) -> bool:
    burst, rate = BUDGETS[budget]
    try:
        taken = await async_client().eval(TAKE, 1, _key(budget, player_id), burst, rate)  # type: ignore[misc]
    except Exception:  # noqa: BLE001 - Redis away: the budget is not kept
        log.debug("chat budget %s of player %s unavailable (Redis?)", budget, player_id, exc_info=True)
        return True
    return bool(taken)
