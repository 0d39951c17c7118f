"""A player's budget of frames that reach the database, shared by all their sockets on every node.

Each socket has its own bucket (games.runtime.frames.Bucket): cheap, and enough against one socket sending too
fast. But a player may hold several sockets (tabs, a reload, a script), and behind the load balancer each of them
may land on another daphne process: a count kept in a process would let a flood split over the nodes through as
many times over as there are sockets. So the frames that cost a database transaction (a move, a claim, a rematch,
a sync: consumers.COSTLY_FRAMES) are also taken from one token bucket per player in Redis, the store every node
shares, refilled by Redis' own clock (the nodes' clocks may differ). One round trip a move; pings stay local.

- `dg:flood:<player>`: a hash {tokens, at}; it expires once it would be full again.
"""

from __future__ import annotations

import logging

from games.runtime.presence import _client

log = logging.getLogger(__name__)

# A person makes a move every second or two, in one game at a time, two at most: twice a socket's rate and
# burst is room enough for play in two tabs and still a limit on a player's sockets together.
PLAYER_BURST, PLAYER_REFILL_PER_SECOND = 30, 8.0

# Atomic in Redis: no two nodes can both take the last token. TIME is Redis' clock (microseconds).
TAKE = """
local size, rate = tonumber(ARGV[1]), tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(held[1]) or size
local at = tonumber(held[2]) or now
tokens = math.min(size, tokens + math.max(0, now - at) * rate)
local taken = 0
if tokens >= 1 then
  tokens = tokens - 1
  taken = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(size / rate) + 1)
return taken
"""


def _key(player_id: int) -> str:
    return f"dg:flood:{player_id}"


async def player_may_send(player_id: int) -> bool:
    """Take one frame from the player's budget; False when it is spent (the frame is refused, slow_down).
    Redis away: True (each socket's own bucket still limits it, and the moves fail on their own meanwhile)."""
    try:
        taken = await _client().eval(TAKE, 1, _key(player_id), PLAYER_BURST, PLAYER_REFILL_PER_SECOND)  # type: ignore[misc]  # typed for both clients
    except Exception:  # noqa: BLE001 - Redis away: the budget is not kept, the socket goes on
        log.debug("flood budget of player %s unavailable (Redis?)", player_id, exc_info=True)
        return True
    return bool(taken)
