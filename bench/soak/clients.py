"""The soak's people: their session, their HTTP requests (the real forms), their room sockets, and each
table's life (open a room or accept an offer, start matches, play them, leave).

Everything here runs on one event loop; the moves are chosen in a helper process (moves.py) so that a
board search never delays the sockets' clocks. `Soak` (run.py) owns the shared counters.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import secrets
import string
import time
from collections import Counter
from dataclasses import dataclass
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import TYPE_CHECKING, Any

import httpx
import websockets

from bench.soak.delivery import Expectation, progress, target
from bench.soak.profiles import RESTART_SECONDS, THINK_SECONDS

if TYPE_CHECKING:
    from bench.soak.run import Soak

STAKE = 10  # the lowest stake level: a registered player's sign-up grant covers a hundred games
# A table whose room could not be opened (the site answered an error: an outage) tries again this often.
OPEN_ATTEMPTS = 10
OPEN_RETRY_SECONDS = 3.0
ACK_SECONDS = 30  # a move unanswered this long is counted as unanswered (the socket is not closed)
LEAVE_WAIT_SECONDS = 60
# The connection, as static/js/socket.js keeps it: a ping every PING_SECONDS (the server's presence is
# refreshed by them); a lost socket is tried again after a back-off (0.5 s doubling, at most 8 s, with jitter)
# for as long as it takes, except after a close code that says retrying will not help.
PING_SECONDS = 2.0
MAX_BACKOFF_SECONDS = 8.0
FINAL_CODES = {4401, 4404, 4408, 4429}
# socket.js takes a socket as lost when nothing at all is heard within PONG_SECONDS of a ping. The soak counts
# each such ping ("the page would have reconnected here") but by default gives a socket up only after
# SILENT_SECONDS without a frame: a room socket answers a ping after that socket's database work and presence
# write, so under load (and during a Redis outage) pongs take seconds, and acting on 0.9 s (or even 10 s, on
# the long profile) turns play into waves of reconnects that measure nothing else (docs/performance.md,
# finding 10). `--page-heartbeat` acts on 0.9 s. On loopback a socket is never half-open unless daphne hangs.
PONG_SECONDS = 0.9
SILENT_SECONDS = 60.0


@dataclass(frozen=True)
class Person:
    name: str
    player_id: int
    session: str  # the session cookie, made directly in the database (a guest or a registered user)


class Http:
    """One client for every person; each request carries its person's cookies and nothing is kept
    between requests (a shared cookie jar would hand one person's cookies to another)."""

    def __init__(self, base: str, concurrency: int = 2):
        jar = CookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))
        self.base = base
        self.client = httpx.AsyncClient(base_url=base, cookies=httpx.Cookies(jar), follow_redirects=False, timeout=60)
        self.limit = asyncio.Semaphore(concurrency)
        # Django accepts a CSRF secret of 32 letters and digits sent back unmasked in the header.
        self.csrf = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(32))
        self.times_ms: list[float] = []
        self.failures: Counter = Counter()
        self.failed_at: list[tuple[float, str]] = []  # (perf_counter, why): to tell an outage's apart

    def fail(self, why: str) -> None:
        self.failures[why] += 1
        self.failed_at.append((time.perf_counter(), why))

    async def request(self, person: Person, method: str, path: str, data: dict | None = None) -> httpx.Response | None:
        headers = {
            "Cookie": f"sessionid={person.session}; csrftoken={self.csrf}",
            "X-CSRFToken": self.csrf,
            "Accept-Language": "es",
        }
        async with self.limit:
            started = time.perf_counter()
            try:
                response = await self.client.request(method, path, data=data, headers=headers)
            except httpx.HTTPError as error:
                self.fail(f"{method} {type(error).__name__}")
                return None
            self.times_ms.append((time.perf_counter() - started) * 1000)
        if response.status_code >= 400:
            self.fail(f"{method} {response.status_code}")
        return response

    async def room_after(self, person: Person, path: str, data: dict) -> str | None:
        """POST a form that ends in a room (create, accept) and return the room's code from the redirect."""
        response = await self.request(person, "POST", path, data)
        location = response.headers.get("location", "") if response is not None else ""
        found = re.fullmatch(r"/r/([A-Z0-9]+)/", location)
        if not found:
            self.fail(f"POST {path.split('/')[2]}: no room")
            return None
        return found.group(1)

    async def close(self) -> None:
        await self.client.aclose()


class Socket:
    """One person's room socket: reads frames, keeps the latest room and match, acts like a person. Its
    connection lives on its own (`start`): connect, ping, and reconnect after a loss, as the page does."""

    def __init__(self, soak: Soak, table: Table, person: Person, base: str):
        self.soak, self.table, self.person, self.base = soak, table, person, base
        self.ws = None
        self.code: str | None = None
        self.room: dict[str, Any] | None = None
        self.match: dict[str, Any] | None = None
        self.turn: str | None = None  # the turn of the latest match frame: every act names it
        self.changed = asyncio.Event()
        self.roomed = asyncio.Event()  # a room frame arrived since the last connect
        self.acks: dict[str, asyncio.Future] = {}
        self.connected = False
        self.leaving = False
        self.final_code: int | None = None  # closed for good (a code retrying cannot change)
        self.opens = 0
        self.heard_at = 0.0
        self.opened_at = self.closed_at = 0.0  # perf_counter of the latest open and close
        self.first_frame_at: float | None = None  # the first room or match frame since the latest open
        self.lost_by_heartbeat = False  # the soak closed it: no frame followed a ping in time
        self.page_losses: list[float] = []  # when socket.js would have given this socket up (no frame in 0.9 s)
        self.pings: list[float] = []  # sent, not yet answered (pongs come back in order)
        self.versions: dict[int, int] = {}
        self.moves_in: Counter = Counter()
        self.life: asyncio.Task | None = None
        self.pinger: asyncio.Task | None = None
        # The chance a move was sent on: the 'ok' comes before the frame that shows the move, and a person
        # waits for the board to show it before thinking about the next one.
        self.spent: tuple | None = None

    # -- the connection -------------------------------------------------------------------------------

    def start(self, code: str) -> None:
        self.code = code
        self.life = asyncio.create_task(self._live())

    async def ready(self, seconds: float = 30) -> bool:
        """Wait for the first room frame (it comes first on connect); False if none came in time."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.roomed.wait(), seconds)
        return self.roomed.is_set()

    async def _live(self) -> None:
        attempt = 0
        while not self.leaving and self.final_code is None:
            if await self._open():
                attempt = 0
                await self._session()
                if self.leaving or self.final_code is not None:
                    return
            delay = min(MAX_BACKOFF_SECONDS, 0.5 * 2**attempt) * random.uniform(0.5, 1.0)
            attempt += 1
            await asyncio.sleep(delay)

    async def _open(self) -> bool:
        soak = self.soak
        url = self.base.replace("http://", "ws://") + f"/ws/rooms/{self.code}/"
        started = time.perf_counter()
        try:
            self.ws = await websockets.connect(
                url,
                origin=self.base,
                additional_headers={"Cookie": f"sessionid={self.person.session}"},
                open_timeout=60,
                max_size=2**22,
                close_timeout=10,
                ping_interval=None,
            )
        except (OSError, TimeoutError, websockets.InvalidHandshake) as error:
            status = getattr(getattr(error, "response", None), "status_code", None)
            soak.connect_failed(f"{type(error).__name__}{f' {status}' if status else ''}")
            return False
        opened = time.perf_counter()
        soak.connect_ms.append((opened - started) * 1000)
        soak.connects += 1
        if self.opens:
            soak.reopened_at.append(opened)
        self.opens += 1
        self.connected, self.room, self.heard_at, self.pings = True, None, opened, []
        self.opened_at, self.first_frame_at = opened, None  # a node's death: how soon this socket was back
        self.lost_by_heartbeat = False
        self.roomed.clear()
        return True

    async def _session(self) -> None:
        """Read until the socket closes, pinging meanwhile."""
        pinger = self.pinger = asyncio.create_task(self._ping())
        try:
            await self._read()
        finally:
            pinger.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pinger

    async def _ping(self) -> None:
        """socket.js's heartbeat: a ping every PING_SECONDS. No frame at all within PONG_SECONDS of one: the
        page would give the socket up (counted; acted on with --page-heartbeat). No frame for
        SILENT_SECONDS: given up (closed without a handshake, which a half-open socket never finishes)."""
        ws, soak = self.ws, self.soak
        next_ping = time.perf_counter() + PING_SECONDS
        while True:
            await asyncio.sleep(max(0.0, next_ping - time.perf_counter()))
            sent = time.perf_counter()
            next_ping = sent + PING_SECONDS
            self.pings.append(sent)
            try:
                await ws.send('{"type": "ping"}')
            except websockets.ConnectionClosed:
                return
            await asyncio.sleep(PONG_SECONDS)
            await asyncio.sleep(0)  # a frame already read off the network is taken first
            now = time.perf_counter()
            if self.heard_at < sent:
                self.page_losses.append(now)
                soak.page_losses.append(now)
            if (soak.page_heartbeat and self.heard_at < sent) or now - self.heard_at > SILENT_SECONDS:
                self.lost_by_heartbeat = True
                soak.heartbeat_losses.append(now)
                ws.transport.abort()
                return

    async def _read(self) -> None:
        soak = self.soak
        try:
            async for raw in self.ws:
                self._on_frame(json.loads(raw), time.perf_counter())
        except websockets.ConnectionClosed:
            pass
        finally:
            self.connected = False
            self.closed_at = time.perf_counter()
            code = self.ws.close_code if self.ws.close_code is not None else 1006
            who = "client" if self.leaving else "client, no pong" if self.lost_by_heartbeat else "server"
            soak.close_codes[f"{code} ({who})"] += 1
            for future in self.acks.values():
                if not future.done():
                    future.set_result(("closed", None, None))
            self.acks.clear()
            if not self.leaving and not self.lost_by_heartbeat:
                soak.server_closed_at.append(time.perf_counter())
                if code in FINAL_CODES:  # it will not come back: what it is owed never arrives
                    self.final_code = code
                    soak.ledger.give_up(self, f"closed for good ({code})")
                    soak.give_up_resync(self, f"closed for good ({code})")
                # Otherwise what it is owed stays owed: the snapshot after the reconnect shows it.
            self.changed.set()

    async def leave(self, wait: bool = True) -> None:
        """Close on purpose, once what this socket is owed has arrived (a person looks at the final board;
        past LEAVE_WAIT_SECONDS what is missing counts as dropped). `wait=False`: at once (Ctrl-C)."""
        waited_until = time.monotonic() + (LEAVE_WAIT_SECONDS if wait else 0)
        while self.soak.ledger.pending.get(self) and self.connected and time.monotonic() < waited_until:
            await asyncio.sleep(0.2)
        self.leaving = True
        self.soak.ledger.give_up(self, "not seen before leaving")
        self.soak.give_up_resync(self, "left before it came", left=True)
        if self.pinger is not None:  # socket.js's close(): the timers stop, then the socket closes
            self.pinger.cancel()
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self.life is not None:
            if not self.life.done():
                await asyncio.wait([self.life], timeout=15)
            self.life.cancel()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self.life

    def _on_frame(self, frame: dict[str, Any], at: float) -> None:
        self.heard_at = at
        kind = frame.get("type")
        if kind == "pong":
            if self.pings:
                self.soak.pong_ms.append((at - self.pings.pop(0)) * 1000)
                self.soak.pong_at.append(at)
            return
        if self.first_frame_at is None and kind in ("room", "match"):
            self.first_frame_at = at  # the snapshot a new socket gets: it has caught up
        if kind == "room":
            self.room = frame["room"]
            self.roomed.set()
        elif kind == "match":
            match_id, version = frame["match_id"], frame["v"]
            if version < self.versions.get(match_id, 0):
                self.soak.out_of_order += 1
            self.versions[match_id] = max(version, self.versions.get(match_id, 0))
            self.match, self.turn = frame, frame.get("turn")
            if frame.get("view") is None:  # waiting for its players, or aborted: nothing to play
                self.soak.viewless[
                    (match_id, "arriving" if frame.get("arriving") else "aborted" if frame.get("aborted") else "other")
                ] += 1
            self.soak.ledger.seen(self, frame, at)
            if self.soak.resync is not None:
                self.soak.resync.seen(self, match_id, version, at)
            self.table.saw_match(match_id)
        elif kind in ("ok", "error"):
            future = self.acks.pop(frame.get("ref"), None)
            if future is not None and not future.done():
                future.set_result((kind, frame.get("code"), at))
            elif kind == "error":
                self.soak.unsolicited_errors[frame.get("code")] += 1
        self.changed.set()

    # -- playing --------------------------------------------------------------------------------------

    @property
    def view(self) -> dict[str, Any] | None:
        return self.match.get("view") if self.match else None

    @property
    def seat(self) -> int | None:
        return self.view.get("you") if self.view else None

    def chance(self) -> tuple | None:
        """This person's present chance to move (a key that changes when the chance does), or None."""
        view = self.view
        if not self.connected or view is None or self.seat is None:
            return None
        match_id = self.match["match_id"]
        if view.get("outcome"):
            return None
        if self.table.game == "duelo":
            grid = view.get("grid")
            playing = view["phase"] == "playing" and grid and grid["can_guess"]
            chance = (match_id, view["round"], len(grid["rows"])) if playing else None
        else:
            chance = (match_id, progress(self.table.game, view, self.seat)) if view.get("can_move") else None
        return None if chance == self.spent else chance

    async def play(self) -> None:
        game, soak = self.table.game, self.soak
        low, high = THINK_SECONDS[game]
        while not soak.stopping and not self.leaving:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 1.0)
            self.changed.clear()
            chance = self.chance()
            if chance is None:
                continue
            await asyncio.sleep(random.uniform(low, high))
            if soak.stopping or self.leaving or self.chance() != chance:
                continue
            action = self.table.resignation(self) or await soak.choose(game, self.view)
            if action is not None and self.chance() == chance:
                self.spent = chance
                await self.act(action)

    def owed_to(self) -> list[Socket]:
        """Who is owed a move of this socket's: the table's other sockets, connected or on their way back."""
        return [s for s in self.table.sockets if s is not self and not s.leaving and s.final_code is None]

    async def act(self, action: dict[str, Any]) -> None:
        soak, game = self.soak, self.table.game
        view, match_id, seat = self.view, self.match["match_id"], self.seat
        ref = soak.next_ref()
        future = asyncio.get_running_loop().create_future()
        self.acks[ref] = future
        sent_at = time.perf_counter()
        soak.ledger.expect(
            self.owed_to(), game, Expectation(ref, match_id, seat, target(game, view, seat, action), sent_at)
        )
        frame = {"type": "act", "match_id": match_id, "action": action, "ref": ref, "turn": self.turn}
        try:
            await self.ws.send(json.dumps(frame))
        except websockets.ConnectionClosed:
            self.acks.pop(ref, None)
            soak.ledger.cancel(ref)
            return
        soak.sent[f"{game} {action['type']}"] += 1
        soak.in_flight += 1
        try:
            answer = await asyncio.wait_for(future, ACK_SECONDS)
        except TimeoutError:
            self.acks.pop(ref, None)
            soak.unanswered += 1
            return
        finally:
            soak.in_flight -= 1
        if answer[0] == "closed":  # the socket went down first: whether the move counted is unknown
            soak.ledger.cancel(ref)
            soak.unanswered_closed += 1
            return
        if answer[0] == "ok":
            soak.accepted[game] += 1
            soak.ack_ms.append((answer[2] - sent_at) * 1000)
            self.moves_in[match_id] += 1
            return
        soak.ledger.cancel(ref)
        soak.refused[f"{game} {answer[1]}"] += 1
        if answer[1] == "stale_turn":  # the board had moved on: ask for a fresh snapshot and carry on
            soak.syncs += 1
            with contextlib.suppress(websockets.ConnectionClosed):
                await self.ws.send('{"type": "sync"}')


class Table:
    """A game's two people and their room, from opening it to the end of the soak."""

    def __init__(self, soak: Soak, game: str, people: list[Person], *, staked: bool = False, with_bot: bool = False):
        self.soak, self.game, self.people = soak, game, people
        self.staked, self.with_bot = staked, with_bot
        self.code: str | None = None
        self.sockets: list[Socket] = []
        # The host on one daphne process, the friend on the next: as behind a proxy, a room's sockets live in
        # different processes and every broadcast crosses the channel layer.
        first = soak.tables_made % len(soak.https)
        soak.tables_made += 1
        self.https = [soak.https[(first + index) % len(soak.https)] for index in range(len(people))]
        self.resign_plans: dict[int, tuple[int, int] | None] = {}
        self.rng = random.Random(secrets.randbits(32))

    def saw_match(self, match_id: int) -> None:
        if match_id not in self.resign_plans:
            plan = None
            if self.game != "duelo" and self.rng.random() < self.soak.profile.resign_share:
                plan = (self.rng.randrange(2), self.rng.randint(1, 4))  # (seat, after how many own moves)
            self.resign_plans[match_id] = plan

    def resignation(self, socket: Socket) -> dict | None:
        plan = self.resign_plans.get(socket.match["match_id"])
        if plan and plan[0] == socket.seat and socket.moves_in[socket.match["match_id"]] >= plan[1]:
            return {"type": "resign"}
        return None

    async def _open_room(self) -> str | None:
        (host, friend), (host_http, http) = self.people, self.https
        if self.staked:
            await host_http.request(host, "POST", "/play/wordgrid/offers/", {"stake": str(STAKE)})
            offer = await asyncio.to_thread(self.soak.open_offer_of, host.player_id)
            if offer is None:
                host_http.fail("offer not posted")
                return None
            return await http.room_after(friend, f"/play/wordgrid/offers/{offer}/accept/", {})
        http = host_http
        if self.game == "duelo":
            form = {
                "seats": "3" if self.with_bot else "2",
                "bots": "",
                "language": "es",
                "rounds": str(self.soak.profile.duelo_rounds),
                "round_seconds": "60",
            }
            code = await http.room_after(host, "/play/duelo/", form)
        elif self.game == "wordgrid":
            code = await http.room_after(host, "/play/wordgrid/practice/", {"bot_level": ""})
        else:
            code = await http.room_after(host, "/play/cruzadas/new/", {"bot_level": ""})
        if code is None:
            return None
        await self.https[1].request(friend, "POST", f"/r/{code}/")  # the invite page's button seats the friend
        if self.with_bot:
            await host_http.request(host, "POST", f"/r/{code}/seats/2/", {"bot_level": "medium"})
        return code

    async def run(self) -> None:
        """Open, connect, play; a staked table goes back to the offers after each match."""
        soak = self.soak
        while not soak.stopping:
            self.code = await self._open_room()
            for _attempt in range(OPEN_ATTEMPTS - 1):  # a person tries again (the site may be catching its breath)
                if self.code is not None or soak.stopping:
                    break
                soak.open_retries += 1
                await asyncio.sleep(OPEN_RETRY_SECONDS)
                self.code = await self._open_room()
            if self.code is None:
                soak.tables_failed += 1
                return
            self.sockets = [
                Socket(soak, self, person, http.base) for person, http in zip(self.people, self.https, strict=True)
            ]
            for socket in self.sockets:
                socket.start(self.code)
            await asyncio.gather(*(s.ready() for s in self.sockets))
            players = [asyncio.create_task(s.play()) for s in self.sockets]
            try:
                await self._host()
                if soak.stopping:  # stay until what is on its way has arrived (run.py drains, then closes)
                    await soak.closing.wait()
            finally:
                interrupted = bool(asyncio.current_task().cancelling())  # Ctrl-C, SIGTERM, the time limit
                await asyncio.gather(*(s.leave(wait=not interrupted) for s in self.sockets))
                for task in players:
                    task.cancel()
                for result in await asyncio.gather(*players, return_exceptions=True):
                    if isinstance(result, Exception):  # a bug of the soak's own, reported, never hidden
                        soak.driver_errors.append(repr(result))
            if not self.staked:
                return

    async def _host(self) -> None:
        """Free rooms: start a match whenever the room waits, until the soak stops. Staked: return once
        the match is over, or was aborted (the next one is another offer)."""
        soak, host = self.soak, self.sockets[0]
        while not soak.stopping:
            await asyncio.sleep(1.0)
            if not host.connected:
                continue
            if self.staked:
                match = host.match
                if match is not None and (match.get("aborted") or (match.get("view") or {}).get("outcome")):
                    return
                continue
            room = host.room
            if room and room["status"] == "waiting" and room["can_start"]:
                await asyncio.sleep(random.uniform(*RESTART_SECONDS))
                room = host.room
                if soak.stopping or not room or room["status"] != "waiting" or not room["can_start"]:
                    continue
                await self.https[0].request(self.people[0], "POST", f"/r/{self.code}/start/")
                soak.starts += 1
                for _ in range(100):
                    if host.room and host.room["status"] != "waiting":
                        break
                    await asyncio.sleep(0.1)
