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
ACK_SECONDS = 30  # a move unanswered this long is counted as unanswered (the socket is not closed)
CONNECT_ATTEMPTS = 4
LEAVE_WAIT_SECONDS = 60


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
        self.client = httpx.AsyncClient(base_url=base, cookies=httpx.Cookies(jar), follow_redirects=False,
                                        timeout=60)
        self.limit = asyncio.Semaphore(concurrency)
        # Django accepts a CSRF secret of 32 letters and digits sent back unmasked in the header.
        self.csrf = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(32))
        self.times_ms: list[float] = []
        self.failures: Counter = Counter()

    async def request(self, person: Person, method: str, path: str, data: dict | None = None
                      ) -> httpx.Response | None:
        headers = {"Cookie": f"sessionid={person.session}; csrftoken={self.csrf}", "X-CSRFToken": self.csrf,
                   "Accept-Language": "es"}
        async with self.limit:
            started = time.perf_counter()
            try:
                response = await self.client.request(method, path, data=data, headers=headers)
            except httpx.HTTPError as error:
                self.failures[f"{method} {type(error).__name__}"] += 1
                return None
            self.times_ms.append((time.perf_counter() - started) * 1000)
        if response.status_code >= 400:
            self.failures[f"{method} {response.status_code}"] += 1
        return response

    async def room_after(self, person: Person, path: str, data: dict) -> str | None:
        """POST a form that ends in a room (create, accept) and return the room's code from the redirect."""
        response = await self.request(person, "POST", path, data)
        location = response.headers.get("location", "") if response is not None else ""
        found = re.fullmatch(r"/r/([A-Z0-9]+)/", location)
        if not found:
            self.failures[f"POST {path.split('/')[2]}: no room"] += 1
            return None
        return found.group(1)

    async def close(self) -> None:
        await self.client.aclose()


class Socket:
    """One person's room socket: reads frames, keeps the latest room and match, acts like a person."""

    def __init__(self, soak: Soak, table: Table, person: Person, base: str):
        self.soak, self.table, self.person, self.base = soak, table, person, base
        self.ws = None
        self.room: dict[str, Any] | None = None
        self.match: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.acks: dict[str, asyncio.Future] = {}
        self.connected = False
        self.leaving = False
        self.versions: dict[int, int] = {}
        self.moves_in: Counter = Counter()
        self.reader: asyncio.Task | None = None
        # The chance a move was sent on: the 'ok' comes before the frame that shows the move, and a person
        # waits for the board to show it before thinking about the next one.
        self.spent: tuple | None = None

    # -- the connection -------------------------------------------------------------------------------

    async def connect(self, code: str) -> bool:
        soak = self.soak
        url = self.base.replace("http://", "ws://") + f"/ws/rooms/{code}/"
        for attempt in range(CONNECT_ATTEMPTS):
            started = time.perf_counter()
            try:
                self.ws = await websockets.connect(
                    url, origin=self.base, additional_headers={"Cookie": f"sessionid={self.person.session}"},
                    open_timeout=60, max_size=2**22, close_timeout=10)
            except (OSError, TimeoutError, websockets.InvalidHandshake) as error:
                soak.connect_failures[type(error).__name__] += 1
                await asyncio.sleep(min(10.0, 0.5 * 2**attempt) * random.uniform(0.5, 1.0))
                continue
            soak.connect_ms.append((time.perf_counter() - started) * 1000)
            soak.connects += 1
            self.connected, self.leaving, self.room = True, False, None
            self.reader = asyncio.create_task(self._read())
            for _ in range(300):  # the room frame comes first on connect
                if self.room is not None or not self.connected:
                    break
                await asyncio.sleep(0.1)
            return self.connected
        soak.never_connected += 1
        return False

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                self._on_frame(json.loads(raw), time.perf_counter())
        except websockets.ConnectionClosed:
            pass
        finally:
            self.connected = False
            code = self.ws.close_code if self.ws.close_code is not None else 1006
            self.soak.close_codes[f"{code} ({'client' if self.leaving else 'server'})"] += 1
            for future in self.acks.values():
                if not future.done():
                    future.set_result(("closed", None, None))
            self.acks.clear()
            if not self.leaving:
                self.soak.ledger.give_up(self, "socket closed by the server")
            self.changed.set()

    async def leave(self, wait: bool = True) -> None:
        """Close on purpose, once what this socket is owed has arrived (a person looks at the final board;
        past LEAVE_WAIT_SECONDS what is missing counts as dropped). `wait=False`: at once (Ctrl-C)."""
        waited_until = time.monotonic() + (LEAVE_WAIT_SECONDS if wait else 0)
        while self.soak.ledger.pending.get(self) and self.connected and time.monotonic() < waited_until:
            await asyncio.sleep(0.2)
        self.leaving = True
        self.soak.ledger.give_up(self, "not seen before leaving")
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self.reader is not None:
            with contextlib.suppress(Exception):
                await self.reader

    def _on_frame(self, frame: dict[str, Any], at: float) -> None:
        kind = frame.get("type")
        if kind == "room":
            self.room = frame["room"]
        elif kind == "match":
            match_id, version = frame["match_id"], frame["v"]
            if version < self.versions.get(match_id, 0):
                self.soak.out_of_order += 1
            self.versions[match_id] = max(version, self.versions.get(match_id, 0))
            self.match = frame
            self.soak.ledger.seen(self, frame, at)
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
    def seat(self) -> int | None:
        return self.match["view"].get("you") if self.match else None

    def chance(self) -> tuple | None:
        """This person's present chance to move (a key that changes when the chance does), or None."""
        if not self.connected or self.match is None or self.seat is None:
            return None
        view, match_id = self.match["view"], self.match["match_id"]
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
            action = self.table.resignation(self) or await soak.choose(game, self.match["view"])
            if action is not None and self.chance() == chance:
                self.spent = chance
                await self.act(action)

    async def act(self, action: dict[str, Any]) -> None:
        soak, game = self.soak, self.table.game
        view, match_id, seat = self.match["view"], self.match["match_id"], self.seat
        ref = soak.next_ref()
        future = asyncio.get_running_loop().create_future()
        self.acks[ref] = future
        others = [s for s in self.table.sockets if s is not self and s.connected]
        sent_at = time.perf_counter()
        soak.ledger.expect(others, game, Expectation(ref, match_id, seat, target(game, view, seat, action), sent_at))
        try:
            await self.ws.send(json.dumps({"type": "act", "match_id": match_id, "action": action, "ref": ref}))
        except websockets.ConnectionClosed:
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
        else:
            soak.ledger.cancel(ref)
            soak.refused[f"{game} {answer[1]}"] += 1


class Table:
    """A game's two people and their room, from opening it to the end of the soak."""

    def __init__(self, soak: Soak, game: str, people: list[Person], *, staked: bool = False,
                 with_bot: bool = False):
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
                host_http.failures["offer not posted"] += 1
                return None
            return await http.room_after(friend, f"/play/wordgrid/offers/{offer}/accept/", {})
        http = host_http
        if self.game == "duelo":
            form = {"seats": "3" if self.with_bot else "2", "bots": "", "language": "es",
                    "rounds": str(self.soak.profile.duelo_rounds), "round_seconds": "60"}
            code = await http.room_after(host, "/play/duelo/", form)
        elif self.game == "wordgrid":
            code = await http.room_after(host, "/play/wordgrid/practice/", {"bot_level": ""})
        else:
            code = await http.room_after(host, "/play/cruzadas/new/", {"bot_level": ""})
        if code is None:
            return None
        await self.https[1].request(friend, "GET", f"/r/{code}/")  # the invite link seats the friend
        if self.with_bot:
            await host_http.request(host, "POST", f"/r/{code}/seats/2/", {"bot_level": "medium"})
        return code

    async def run(self) -> None:
        """Open, connect, play; a staked table goes back to the offers after each match."""
        soak = self.soak
        while not soak.stopping:
            self.code = await self._open_room()
            if self.code is None:
                soak.tables_failed += 1
                return
            self.sockets = [Socket(soak, self, person, http.base) for person, http in zip(self.people, self.https,
                                                                                          strict=True)]
            await asyncio.gather(*(s.connect(self.code) for s in self.sockets))
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
        the match is over (the next one is another offer)."""
        soak, host = self.soak, self.sockets[0]
        while not soak.stopping:
            await asyncio.sleep(1.0)
            for socket in self.sockets:  # a socket the server closed: reconnect, as the page does
                if not socket.connected and not socket.leaving and not soak.stopping:
                    soak.reconnects += 1
                    await socket.connect(self.code)
            if not host.connected:
                continue
            if self.staked:
                if host.match is not None and host.match["view"].get("outcome"):
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
