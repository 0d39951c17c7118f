"""What a viewer of a room may see, as JSON for the socket and the page. Reads only."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from typing import Any

import orjson
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts.models import Player
from accounts.nicknames import bot_name
from games.models import Match, Room, Seat
from games.runtime import presence, rated
from games.runtime.catalogue import GameSpec, spec_for
from games.runtime.registry import Game, game_for
from games.runtime.rematch import rematch_view
from games.runtime.rooms import DAILY, daily_kept_secret
from wallet.conf import payout_for

# Bots get a name (BOT_NAMES, which no player may take: accounts/nicknames.py), so that a table of rivals reads
# like one; their level is shown next to it.


def room_snapshot(
    room: Room,
    viewer: Player | None,
    *,
    invite_url: str,
    online: set[int],
    away: dict[int, float] | None = None,
) -> dict[str, Any]:
    """The room as `viewer` sees it. `away`: since when (epoch) each absent person has been away (presence), so
    that a seat shows how long its person has been gone during a match, and a game without a clock offers the
    one left behind to end it once the rule allows (`claim`: games.runtime.abandon)."""
    seats = list(room.seats.select_related("player").order_by("index"))
    your_seat = next((seat.index for seat in seats if viewer and seat.player_id == viewer.pk), None)
    playing = room.matches.filter(status=Match.PLAYING).values("pk", "started_at").first()
    # The last match, between matches, for the end card's way on (rematch_view): its row without its state.
    latest = None if playing else room.matches.order_by("-number").defer("state").first()
    match_id = playing["pk"] if playing else (latest.pk if latest else None)
    is_host = bool(viewer and room.host_id == viewer.pk)
    gone = _away_for(seats, online, away or {}, playing["started_at"].timestamp()) if playing else {}
    spec = spec_for(room.game)
    claim = None
    if playing and your_seat is not None and spec.claim_after_seconds is not None:
        claim = {"after": spec.claim_after_seconds, "ends": "win" if spec.claim_action else "stop"}
    return {
        "code": room.code,
        "game": room.game,
        "bot_levels": list(spec_for(room.game).bot_levels),
        "invite_url": invite_url,
        "status": room.status,
        "settings": {**room.settings, "seats": len(seats)},
        "seats": [
            {
                "index": seat.index,
                "kind": "player" if seat.player_id else "bot" if seat.bot_level else "empty",
                "nickname": seat.player.nickname
                if seat.player is not None
                else (bot_name(seat.index) if seat.bot_level else None),
                "tag": seat.player.tag if seat.player is not None else None,
                "bot_level": seat.bot_level or None,
                "online": bool(seat.player_id and seat.player_id in online) or bool(seat.bot_level),
                "away_for": gone.get(seat.index),
                "is_you": your_seat == seat.index,
                "is_host": seat.player_id == room.host_id,
            }
            for seat in seats
        ],
        "you": {"seat": your_seat, "is_host": is_host, "spectator": your_seat is None},
        "claim": claim,
        "spectators": max(0, len(online) - sum(1 for seat in seats if seat.player_id in online)),
        # Everyone who came to the room, for a host who seats people (Claves: the host picks the pair).
        "people": [
            {
                "id": visitor.player_id,
                "nickname": visitor.player.nickname,
                "tag": visitor.player.tag,
                "online": visitor.player_id in online,
                "seat": next((s.index for s in seats if s.player_id == visitor.player_id), None),
            }
            for visitor in room.visitors.select_related("player").order_by("joined_at")
        ],
        "match_id": match_id,
        "can_start": is_host and room.status == Room.WAITING and all(not seat.is_empty for seat in seats),
        # A quick match's room before its first match (lobby.quickmatch): the bots fill it when the wait is over,
        # so nobody arranges its seats or starts it (the page shows the wait instead of host controls).
        "quick_wait": room.is_public and room.launch_at is not None and match_id is None,
        # After a match: the rematch (games.runtime.rematch) and the way to a new game, for the end card.
        "rematch": rematch_view(room, seats, latest, viewer),
        "new_game": _new_game(room, spec, latest),
    }


def _new_game(room: Room, spec: GameSpec, latest: Match | None) -> dict[str, Any]:
    """Where "New game" on the end card leads: back into the way the game came from. A quick match's room asks the
    quick match again (a POST to `url` with its word language and mode); a game the lobby starts (the tournament)
    and a game played for credits go back to their way in (`url`, a link); any other room is the host's own, where
    the host starts again (`room`: the room's panel)."""
    if room.settings.get(DAILY):
        # A daily's room plays its board once: the way on is the daily's page (the result, the day's other pairs).
        url = f"{reverse('daily_game', args=[room.game])}?day={room.settings[DAILY]}"
        return {"way": "link", "url": url, "daily": True}
    if room.is_public:
        return {
            "way": "quick",
            "url": reverse("quick_match", args=[room.game]),
            "language": room.settings.get("language", ""),
            "mode": "rated" if room.settings.get("rated") else "anyone",
        }
    if not spec.host_starts:
        return {"way": "link", "url": spec.leave_to(room.settings)}
    if latest is not None and latest.stake and spec.home_url_name:
        return {"way": "link", "url": reverse(spec.home_url_name)}
    return {"way": "room"}


def _away_for(seats: Iterable[Seat], online: set[int], away: dict[int, float], started: float) -> dict[int, float]:
    """Seconds each seated person not online has been away, from their last socket or the match's start."""
    people = [seat.player_id for seat in seats if seat.player_id]
    gone = presence.away_seconds(people, online, away, started, time.time())
    return {seat.index: round(gone[seat.player_id], 1) for seat in seats if seat.player_id in gone}


def match_snapshot(match: Match, viewer: Player | None) -> dict[str, Any]:
    """The engine's view for this viewer (their seat in this match, or a spectator's), and the turn their
    seat owes now (`turn`: what their next move must name, docs/protocol.md).

    A match still waiting for its players (ARRIVING) or aborted before it began has no game to view:
    its frame says who is awaited and until when, or who never came and what was refunded."""
    seat = match.seat_of(viewer.pk) if viewer else None
    frame: dict[str, Any] = {
        "type": "match",
        "v": match.version,
        "match_id": match.pk,
        "by": None,  # a read does not say whose move made the version (match_frames)
        "server_time": timezone.now().isoformat(),
    }
    if match.status == Match.ARRIVING:
        return {
            **frame,
            "view": None,
            "turn": None,
            "ratings": None,
            "arriving": {"awaiting": match.arrival["awaiting"], "join_by": match.arrival["join_by"]},
        }
    if (match.outcome or {}).get("aborted"):
        return {
            **frame,
            "view": None,
            "turn": None,
            "ratings": None,
            "aborted": {"reason": match.outcome["reason"], "absent": match.outcome["absent"], "refunded": match.stake},
        }
    game = game_for(match.game)
    state = game.engine.from_json(match.state)
    return {**frame, **_game_frames(match, game, state, [seat], rated.ratings_view(match))[seat]}


def _stakes(match: Match) -> dict[str, int] | None:
    """What a staked match is played for (each seat's stake, what the winner gets), for the result card to say
    what was won, lost or refunded; None for a free game."""
    if not match.stake:
        return None
    return {"stake": match.stake, "payout": payout_for(match.stake, players=len(match.lineup))}


def _game_frames(
    match: Match, game: Game, state: Any, viewers: list[int | None], ratings: Any
) -> dict[int | None, dict[str, Any]]:
    """The one builder of a game's match frames, by viewer (a seat, or None for a spectator): the socket's read
    (match_snapshot) and the frames a move publishes (match_frames) are both made here."""
    engine = game.engine
    seen = engine.views(state, viewers)  # the part every viewer shares built once (a game's `views`)
    stakes = _stakes(match)
    return {
        viewer: {
            "view": view,
            "turn": engine.turn_of(state, viewer) if viewer is not None else None,
            # Rating changes fixed so far, by seat (rated games); None for a game that is not rated.
            "ratings": ratings,
            "stakes": stakes,
        }
        for viewer, view in zip(viewers, seen, strict=True)
    }


def match_frames(
    match: Match, state: Any = None, *, game: Game | None = None, by: int | None = None
) -> dict[str, Any] | None:
    """Every viewer's match frame, as match_snapshot gives it, from the state the service has in hand after
    a move (`state`; parsed from the match when not given): what the room socket publishes so that no
    viewer reads (issue 16). `players`: each seat's player id (None for a bot); `seats`: each person's
    frame (None for a bot's seat); `spectator`: the frame of anyone else.

    Each frame is JSON text already, without `server_time` (each socket stamps its own when it sends:
    published_frame): encoded once here, not once per socket, and a string crosses Redis as one msgpack
    item where the nested view was thousands (unpacking a Cruzadas frame's structure cost each daphne
    process 3.5 ms a move: docs/performance.md). None for a match still ARRIVING or aborted before it
    began: those frames keep the read path (their viewers' arrival is part of reading them).

    `by`: the seat whose move made this version, when the caller knows it (a move; None for the clock), so that
    a page can tell a rival's move from its own and from the clock's (static/js/sound.js). Every viewer saw
    the version change anyway; a snapshot read has no `by`."""
    if match.status == Match.ARRIVING or (match.outcome or {}).get("aborted"):
        return None
    game = game or game_for(match.game)
    engine = game.engine
    state = engine.from_json(match.state) if state is None else state
    ratings = rated.ratings_view_of(match, state, game)
    head = {"type": "match", "v": match.version, "match_id": match.pk, "by": by}
    players = [sitter.get("player") for sitter in match.lineup]
    viewers = [*(seat for seat, player in enumerate(players) if player is not None), None]
    frames = _game_frames(match, game, state, viewers, ratings)
    texts = {viewer: frame_text({**head, **frame}) for viewer, frame in frames.items()}
    return {"players": players, "seats": [texts.get(seat) for seat in range(len(players))], "spectator": texts[None]}


def frame_text(frame: dict[str, Any]) -> str:
    """A frame as the socket sends it: JSON, compact, UTF-8 as it is (orjson: the three to nine frames of a
    move were a fifth of its CPU through json, decision 32)."""
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


def published_frame(frames: dict[str, Any], viewer: Player) -> str:
    """The frame of `frames` (match_frames) that is this viewer's, as text, stamped with the server's time
    now (a key put in front of the encoded object: the frame is not parsed again)."""
    players = frames["players"]
    seat = players.index(viewer.pk) if viewer.pk in players else None
    text: str = frames["spectator"] if seat is None else frames["seats"][seat]
    return '{"server_time":' + json.dumps(timezone.now().isoformat()) + "," + text[1:]


# -- what the room socket reads (the consumer has no query of its own: DESIGN.md, thin consumers) ------------


def viewers_room_id(code: str, player: Player) -> int | None:
    """The open room of this code if the player is in it (seated, or came in to watch by the room page's
    button). Anyone else is told "no room", as for a code that does not exist: the socket is no way round the
    look-up limit of the pages (games/lookups.py)."""
    open_rooms = Room.objects.filter(code=code).exclude(status=Room.CLOSED)
    theirs = open_rooms.filter(Q(seats__player_id=player.pk) | Q(visitors__player_id=player.pk)).first()
    if theirs is None:
        return None
    if daily_kept_secret(theirs, timezone.now()) and not theirs.seats.filter(player_id=player.pk).exists():
        # A daily's table is watched by nobody before its day is over: a finished match shows both maps, the
        # day's answers (games.runtime.rooms.daily_kept_secret).
        return None
    return theirs.pk


def _awaits(match: Match, viewer: Player) -> bool:
    """Whether the match still waits for `viewer` to open the room (the socket then tells the service they
    arrived: games.runtime.matches.match_arrive; a read never writes)."""
    return match.status == Match.ARRIVING and match.seat_of(viewer.pk) in match.arrival["awaiting"]


def room_frames(
    room_id: int, viewer: Player, *, invite_url: str, online: set[int], away: dict[int, float]
) -> tuple[dict[str, Any], dict[str, Any] | None, bool]:
    """What a room socket sends its viewer: the room frame, the frame of the room's match (None without one),
    and whether that match awaits the viewer's arrival. Only reads."""
    room = Room.objects.get(pk=room_id)
    snapshot = room_snapshot(room, viewer, invite_url=invite_url, online=online, away=away)
    room_frame = {"type": "room", "v": room.version, "room": snapshot}
    if not snapshot["match_id"]:
        return room_frame, None, False
    match = Match.objects.get(pk=snapshot["match_id"])
    frame = match_snapshot(match, viewer)
    return room_frame, frame, _awaits(match, viewer)


def room_match_frame(room_id: int, match_id: int, viewer: Player) -> tuple[dict[str, Any] | None, bool]:
    """The frame of this room's match `match_id` for the viewer (None: no such match in the room), and whether
    it awaits the viewer's arrival. Only reads."""
    match = Match.objects.filter(pk=match_id, room_id=room_id).first()
    if match is None:
        return None, False
    frame = match_snapshot(match, viewer)
    return frame, _awaits(match, viewer)
