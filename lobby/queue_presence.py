"""Who is still on the site while waiting in the tournament queue.

Every page opens the lobby socket, so the lobby socket's presence (games.runtime.presence under the key
SITE, from heartbeats that expire) says whether a player still has the site open, even after a web
process died with their socket. A ticket whose player (or any member of its group)
has had no page of the site open for AWAY_SECONDS is withdrawn by the sweeper: otherwise a closed tab
could be matched into a rated room, then count as an abandon and cost the seven others a fair game.
The grace covers a reload or going from one page to another.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from games.runtime import presence
from lobby.models import TicketPlayer
from lobby.tournament_queue import ticket_withdraw

SITE = "_site"
AWAY_SECONDS = 20


async def arrive(player_id: int, socket: str) -> None:
    await presence.arrive(SITE, player_id, socket)


async def beat(player_id: int, socket: str) -> None:
    await presence.beat(SITE, player_id, socket)


async def leave(player_id: int, socket: str) -> None:
    await presence.leave(SITE, player_id, socket)


def absent_tickets_sweep(now: datetime | None = None) -> int:
    """Withdraw every ticket with someone away too long. Returns how many were withdrawn."""
    now = now or timezone.now()
    held = list(TicketPlayer.objects.select_related("ticket").only("player_id", "ticket__created_at")[:2000])
    if not held:
        return 0
    online, away = presence.absence(SITE)
    stale = {
        row.ticket_id
        for row in held
        if row.player_id not in online
        and now.timestamp() - max(away.get(row.player_id, 0.0), row.ticket.created_at.timestamp()) >= AWAY_SECONDS
    }
    return sum(ticket_withdraw(ticket_id=ticket_id) for ticket_id in stale)
