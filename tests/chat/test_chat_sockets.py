"""Chat and reactions over the sockets, as players and an attacker meet them."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games.runtime import scheduling

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def cookie_of(player) -> str:
    client = Client()
    client.force_login(player.user)
    return client.cookies["sessionid"].value


def guest_cookie(nickname: str) -> str:
    client = Client()
    client.post("/guest/", {"nickname": nickname})
    return client.cookies["sessionid"].value


def connect_to(path: str, cookie: str | None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
    if cookie:
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def next_of(client: WebsocketCommunicator, kind: str, seconds: float = 8) -> dict:
    deadline = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < deadline:
        frame = await client.receive_json_from(timeout=seconds)
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame")


async def frames_for(client: WebsocketCommunicator, seconds: float = 0.6) -> list[dict]:
    frames = []
    while not await client.receive_nothing(timeout=seconds):
        frames.append(await client.receive_json_from())
    return frames


@database_sync_to_async
def table(public: bool = False, guest_seated: bool = False):
    """Ana (a member) hosts a room, Beto (a member, or the guest Gus) sits; Carla is a member elsewhere."""
    from accounts.models import Player
    from tests.chat.conftest import member, private_room

    ana, carla = member("Ana"), member("Carla")
    if guest_seated:
        cookie = guest_cookie("Gus")
        beto = Player.objects.get(nickname="Gus")
    else:
        beto = member("Beto")
        cookie = cookie_of(beto)
    room = private_room(ana, beto, is_public=public)
    return room.code, ana, beto, carla, cookie_of(ana), cookie, cookie_of(carla)


# -- reactions ---------------------------------------------------------------------------------------------


async def test_a_reaction_reaches_everyone_in_the_room_at_once_a_guests_too():
    code, ana, gus, _carla, ana_cookie, gus_cookie, _ = await table(public=True, guest_seated=True)
    a, g = connect_to(f"/ws/rooms/{code}/", ana_cookie), connect_to(f"/ws/rooms/{code}/", gus_cookie)
    assert (await a.connect())[0] and (await g.connect())[0]
    await next_of(a, "room")
    await next_of(g, "room")
    await g.send_json_to({"type": "react", "emote": "gg"})
    seen = await next_of(a, "reaction")
    assert seen == {"type": "reaction", "emote": "gg", "seat": 1, "player_id": gus.pk, "nickname": "Gus"}
    assert (await next_of(g, "reaction"))["emote"] == "gg"
    await a.disconnect()
    await g.disconnect()


async def test_reactions_are_rate_limited_and_only_known_emotes_from_seated_players():
    code, ana, beto, _carla, ana_cookie, beto_cookie, _ = await table()
    a, b = connect_to(f"/ws/rooms/{code}/", ana_cookie), connect_to(f"/ws/rooms/{code}/", beto_cookie)
    assert (await a.connect())[0] and (await b.connect())[0]
    await next_of(b, "room")
    await a.send_json_to({"type": "react", "emote": "<img src=x>"})
    assert (await next_of(a, "error"))["code"] == "bad_emote"
    for _ in range(4):
        await a.send_json_to({"type": "react", "emote": "fire"})
    got = [frame for frame in await frames_for(b) if frame["type"] == "reaction"]
    assert len(got) == 3  # a burst of three, then one every two seconds
    errors = [frame["code"] for frame in await frames_for(a) if frame["type"] == "error"]
    assert "reacting_fast" in errors
    await a.disconnect()
    await b.disconnect()


async def test_a_spectator_cannot_react():
    code, ana, beto, carla, ana_cookie, _b, carla_cookie = await table()

    @database_sync_to_async
    def watch():
        from games.models import Room, RoomVisitor

        RoomVisitor.objects.create(room=Room.objects.get(code=code), player=carla)

    await watch()
    a, c = connect_to(f"/ws/rooms/{code}/", ana_cookie), connect_to(f"/ws/rooms/{code}/", carla_cookie)
    assert (await a.connect())[0] and (await c.connect())[0]
    await next_of(a, "room")
    await c.send_json_to({"type": "react", "emote": "clap"})
    assert (await next_of(c, "error"))["code"] == "not_seated"
    assert not [frame for frame in await frames_for(a) if frame["type"] == "reaction"]
    await a.disconnect()
    await c.disconnect()


# -- chat -------------------------------------------------------------------------------------------------


async def test_a_message_reaches_the_room_masked_and_never_a_player_who_blocked_its_author():
    code, ana, beto, _carla, ana_cookie, beto_cookie, _ = await table()
    a, b = connect_to(f"/ws/chat/room/{code}/", ana_cookie), connect_to(f"/ws/chat/room/{code}/", beto_cookie)
    assert (await a.connect())[0] and (await b.connect())[0]
    await a.send_json_to({"type": "say", "text": "qué imbécil", "ref": "r1"})
    assert (await next_of(a, "ok"))["ref"] == "r1"
    heard = await next_of(b, "message")
    assert heard["message"]["text"] == "qué *******" and heard["message"]["nickname"] == "Ana"

    @database_sync_to_async
    def block():
        from friends.models import Block

        Block.objects.create(blocker=beto, blocked=ana)

    await block()
    await a.send_json_to({"type": "say", "text": "¿me oyes?"})
    own = [frame["message"]["text"] for frame in await frames_for(a, 1.0) if frame["type"] == "message"]
    assert own[-1] == "¿me oyes?"  # the author sees their own
    assert not [frame for frame in await frames_for(b, 1.0) if frame["type"] == "message"]
    await a.disconnect()
    await b.disconnect()


async def test_a_muted_player_is_not_heard_and_a_report_is_taken():
    code, ana, beto, _carla, ana_cookie, beto_cookie, _ = await table()
    a, b = connect_to(f"/ws/chat/room/{code}/", ana_cookie), connect_to(f"/ws/chat/room/{code}/", beto_cookie)
    assert (await a.connect())[0] and (await b.connect())[0]
    await a.send_json_to({"type": "say", "text": "spam spam spam"})
    message = (await next_of(b, "message"))["message"]
    await b.send_json_to({"type": "report", "message_id": message["id"], "reason": "spam", "ref": "rep"})
    assert (await next_of(b, "ok"))["ref"] == "rep"
    await b.send_json_to({"type": "report", "message_id": message["id"], "reason": "spam"})
    assert (await next_of(b, "error"))["code"] == "already_reported"
    await b.send_json_to({"type": "mute", "player_id": ana.pk, "ref": "m"})
    await next_of(b, "ok")
    await a.send_json_to({"type": "say", "text": "¿hola?"})
    assert "¿hola?" in [frame["message"]["text"] for frame in await frames_for(a, 1.0) if frame["type"] == "message"]
    assert not [frame for frame in await frames_for(b, 1.0) if frame["type"] == "message"]
    await a.disconnect()
    await b.disconnect()


async def test_a_guest_reads_but_is_told_why_they_cannot_write():
    code, ana, gus, _carla, ana_cookie, gus_cookie, _ = await table(guest_seated=True)
    g = connect_to(f"/ws/chat/room/{code}/", gus_cookie)
    assert (await g.connect())[0]
    await g.send_json_to({"type": "say", "text": "hola"})
    refusal = await next_of(g, "error")
    assert refusal["code"] == "guest" and refusal["message"]
    await g.disconnect()


async def test_an_attacker_cannot_open_or_write_in_a_chat_they_are_not_in():
    """Carla knows the room's code (and the group's) but is in neither: the socket closes at once, with
    nothing of the chat sent; no path or code trick gets further."""
    code, ana, beto, carla, ana_cookie, _b, carla_cookie = await table()
    for path in (
        f"/ws/chat/room/{code}/",
        f"/ws/chat/room/{code.lower()}/",
        f"/ws/chat/party/{code}/",
        f"/ws/chat/admin/{code}/",
    ):
        c = connect_to(path, carla_cookie)
        assert (await c.connect())[0]
        await c.send_json_to({"type": "say", "text": "intrusa"})
        closed = await c.receive_output(timeout=5)
        assert closed == {"type": "websocket.close", "code": 4404}
    nobody = connect_to(f"/ws/chat/room/{code}/", None)
    assert (await nobody.connect())[0]
    assert (await nobody.receive_output(timeout=5))["code"] == 4401

    @database_sync_to_async
    def said():
        from chat.models import Message

        return Message.objects.count()

    assert await said() == 0


async def test_no_chat_socket_in_a_public_room():
    code, ana, beto, _carla, ana_cookie, _b, _c = await table(public=True)
    a = connect_to(f"/ws/chat/room/{code}/", ana_cookie)
    assert (await a.connect())[0]
    assert (await a.receive_output(timeout=5))["code"] == 4404


@database_sync_to_async
def tables_of_every_game():
    """A match in play of every game, its people guests (tests/games/test_move_path_statements.mid_game)."""
    from importlib import import_module

    from django.conf import settings

    from accounts.selectors import remember_guest
    from tests.games.test_move_path_statements import ROOMS, mid_game

    tables = []
    for slug in ROOMS:
        match, people, _now = mid_game(slug)
        cookies = []
        for person in people[:2]:
            store = import_module(settings.SESSION_ENGINE).SessionStore()
            remember_guest(session=store, player=person)
            store.save()
            cookies.append(store.session_key)
        tables.append((slug, match.room.code, people[0], cookies))
    return tables


async def test_reactions_work_in_every_games_room():
    tables = await tables_of_every_game()
    assert len(tables) == 5
    for slug, code, sender, (sender_cookie, other_cookie) in tables:
        one, two = connect_to(f"/ws/rooms/{code}/", sender_cookie), connect_to(f"/ws/rooms/{code}/", other_cookie)
        assert (await one.connect())[0] and (await two.connect())[0]
        await next_of(two, "room")
        await one.send_json_to({"type": "react", "emote": "clap"})
        seen = await next_of(two, "reaction")
        assert (seen["emote"], seen["player_id"]) == ("clap", sender.pk), slug
        await one.disconnect()
        await two.disconnect()


async def test_a_message_a_moderator_hides_leaves_every_screen():
    code, ana, beto, _carla, ana_cookie, beto_cookie, _ = await table()
    b = connect_to(f"/ws/chat/room/{code}/", beto_cookie)
    assert (await b.connect())[0]

    @database_sync_to_async
    def said_and_hidden():
        from django.contrib.auth import get_user_model

        from chat import moderation
        from chat.places import place_of
        from chat.services import message_post, report_file

        place = place_of("room", code, ana)
        message = message_post(place=place, player=ana, text="compra seguidores aquí")
        report = report_file(place=place, player=beto, message_id=message.pk, reason="spam")
        moderator = get_user_model().objects.create_superuser("mod", "mod@example.com", "a-long-pass-phrase-91")
        moderation.hide(report, moderator)
        return message.pk

    message_id = await said_and_hidden()
    assert (await next_of(b, "message"))["message"]["id"] == message_id
    assert await next_of(b, "hidden") == {"type": "hidden", "id": message_id}
    await b.disconnect()
