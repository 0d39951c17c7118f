"""The live seams over real sockets (issue 14): the poster of an accepted offer is sent to the room and the
game begins when both sockets are there; moves name their turn; hostile frames and floods are refused
cleanly; presence expires by itself; a broadcast that fails after a commit is no error for the mover."""

from __future__ import annotations

import json
import logging
import time

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from config.asgi import application
from games.models import Match
from games.runtime import presence, scheduling
from tests.games.test_room_socket import drain, receive_until, socket, table_of_two

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]

ORIGIN = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


def forget_the_outage():
    """The outage is over for the tests that follow: no second announcements of this one's rooms."""
    from games.runtime import broadcast

    with broadcast._owed_lock:
        broadcast._owed.clear()
    broadcast._recovering_until = 0.0


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def lobby_socket(cookie: str) -> WebsocketCommunicator:
    headers = [*ORIGIN, (b"cookie", f"sessionid={cookie}".encode())]
    return WebsocketCommunicator(application, "/ws/lobby/", headers=headers)


@database_sync_to_async
def members_with_an_offer():
    """Ana (1,000 credits) posts a 50-credit Wordgrid offer. Returns her and Beto's session cookies, the
    offer and Beto's logged-in client."""
    from accounts.services import player_create_for_user
    from lobby import offers
    from tests.emails import verify_email
    from wallet.services import wallet_grant

    cookies, clients = [], []
    for name in ("ana", "beto"):
        user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com", password="x" * 20)
        player = player_create_for_user(user=user, nickname=name.capitalize())
        verify_email(user)  # staked play needs a verified address (issue 17)
        wallet_grant(player=player, amount=1000, key=f"grant:{name}")
        client = Client()
        client.force_login(user)
        cookies.append(client.cookies["sessionid"].value)
        clients.append(client)
    from accounts.models import Player

    offer = offers.offer_post(player=Player.objects.get(nickname="Ana"), game="wordgrid", stake=50)
    return cookies, offer, clients[1]


async def test_the_poster_is_sent_to_the_room_and_the_game_begins_when_both_are_there():
    (ana_cookie, beto_cookie), offer, beto_client = await members_with_an_offer()
    ana_lobby = lobby_socket(ana_cookie)  # Ana waits on some other page of the site
    assert (await ana_lobby.connect())[0]
    assert (await ana_lobby.receive_json_from())["type"] == "hello"

    response = await database_sync_to_async(beto_client.post)(f"/play/wordgrid/offers/{offer.pk}/accept/")
    assert response.status_code == 302 and response.url.startswith("/r/")
    told = await ana_lobby.receive_json_from(timeout=5)
    assert told == {"type": "matched", "url": response.url}
    code = response.url.split("/")[2]
    match = await database_sync_to_async(Match.objects.get)()
    assert match.status == Match.ARRIVING

    beto = socket(code, beto_cookie)
    await beto.connect()
    waiting = await receive_until(beto, "match")
    assert waiting["view"] is None and waiting["arriving"]["awaiting"] == [0]
    ana = socket(code, ana_cookie)
    await ana.connect()
    began = await receive_until(ana, "match")
    assert began["view"] is not None and began["turn"] == "move:0"
    assert (await receive_until(beto, "match"))["view"]["phase"] == "playing"
    assert (await database_sync_to_async(Match.objects.get)()).status == Match.PLAYING
    for client in (ana, beto, ana_lobby):
        await client.disconnect()


async def test_a_move_for_a_passed_turn_is_refused_with_a_clear_code_and_a_move_needs_its_turn():
    code, match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    ana = socket(code, ana_cookie)
    await ana.connect()
    await receive_until(ana, "match")
    await ana.send_json_to(
        {
            "type": "act",
            "match_id": match_id,
            "ref": "old",
            "turn": "round:0",
            "action": {"type": "guess", "word": "perro"},
        }
    )
    error = await receive_until(ana, "error")
    assert error["code"] == "stale_turn" and error["ref"] == "old" and error["message"]
    await ana.send_json_to({"type": "act", "match_id": match_id, "action": {"type": "guess", "word": "perro"}})
    assert (await receive_until(ana, "error"))["code"] == "malformed"
    match = await database_sync_to_async(Match.objects.get)(pk=match_id)
    assert match.version == 2  # started, then the round opened: neither frame changed anything
    await ana.disconnect()


async def test_a_lone_surrogate_is_malformed_and_the_socket_stays_open():
    code, match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    ana = socket(code, ana_cookie)
    await ana.connect()
    await receive_until(ana, "match")
    await ana.send_to(
        text_data=f'{{"type": "act", "match_id": {match_id}, "turn": "round:1", "ref": "\\ud800", '
        '"action": {"type": "guess", "word": "perro"}}'
    )
    assert (await receive_until(ana, "error"))["code"] == "malformed"
    await ana.send_json_to({"type": "ping"})
    assert (await receive_until(ana, "pong")) == {"type": "pong"}
    await ana.disconnect()


async def test_a_flood_on_the_lobby_socket_is_slowed_then_closed():
    code, _match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    ana = lobby_socket(ana_cookie)
    await ana.connect()
    await ana.receive_json_from()
    for _ in range(300):
        await ana.send_to(text_data='{"type": "ping"}')
    kinds, closed = [], None
    while closed is None:
        output = await ana.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            closed = output["code"]
        else:
            kinds.append(json.loads(output["text"]).get("code") or json.loads(output["text"])["type"])
    assert closed == 4429 and "slow_down" in kinds and kinds.count("pong") < 300


async def test_one_player_cannot_open_sockets_without_end():
    code, _match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    opened, refused = [], None
    for _ in range(presence.MAX_CONNECTS + 5):
        client = socket(code, ana_cookie)
        assert (await client.connect())[0]
        first = await client.receive_output(timeout=5)
        if first["type"] == "websocket.close":
            refused = first["code"]  # accepted, then closed: the page reads the code and stops retrying
            break
        opened.append(client)
    assert refused == 4408 and len(opened) <= presence.MAX_CONNECTS
    for client in opened:
        await client.disconnect()


async def test_a_socket_that_goes_silent_is_gone_after_the_ttl_and_its_room_is_told():
    code, _match_id, ana_cookie, beto_cookie, _state = await table_of_two()
    ana, beto = socket(code, ana_cookie), socket(code, beto_cookie)
    await ana.connect()
    await beto.connect()
    await receive_until(beto, "match")
    await drain(beto)
    players = await database_sync_to_async(lambda: list(Match.objects.get().lineup))()
    ana_id = players[0]["player"]
    assert ana_id in await presence.online(code)

    # Ana's process dies: nothing runs her disconnect. Her socket is simply never heard from again.
    later = time.time() + presence.TTL_SECONDS + 1
    online, away = await database_sync_to_async(presence.absence)(code, later)
    assert ana_id not in online and time.time() - 5 < away[ana_id] <= time.time()
    assert code in await database_sync_to_async(presence.silent_sweep)(later)
    # Beto's socket was silent as well at `later`: both are now remembered as away, and neither is online.
    assert await presence.online(code) == set()
    await ana.disconnect()
    await beto.disconnect()


async def test_pings_keep_a_socket_present():
    code, _match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    ana = socket(code, ana_cookie)
    await ana.connect()
    await receive_until(ana, "match")
    key = f"dg:presence:{code}"
    client = presence._client()
    ((member, first),) = await client.zrange(key, 0, -1, withscores=True)
    consumer_beat = presence.BEAT_SECONDS
    presence.BEAT_SECONDS = 0.0  # every ping refreshes, for the test
    try:
        await ana.send_json_to({"type": "ping"})
        await receive_until(ana, "pong")
        ((_member, refreshed),) = await client.zrange(key, 0, -1, withscores=True)
    finally:
        presence.BEAT_SECONDS = consumer_beat
    assert refreshed > first
    await ana.disconnect()


async def test_a_move_whose_broadcast_fails_after_commit_is_still_answered_ok(caplog):
    code, match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    ana = socket(code, ana_cookie)
    await ana.connect()
    turn = (await receive_until(ana, "match"))["turn"]
    # Redis goes away for everything the move does after its commit: the layer the service announces on
    # points at a port where nothing listens (Ana's own socket keeps the layer it connected with).
    dead = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": "redis://127.0.0.1:1/0", "socket_timeout": 1}]},
        }
    }
    with override_settings(CHANNEL_LAYERS=dead), caplog.at_level(logging.ERROR):
        channel_layers.backends.pop("default", None)
        try:
            await ana.send_json_to(
                {
                    "type": "act",
                    "match_id": match_id,
                    "ref": "r1",
                    "turn": turn,
                    "action": {"type": "guess", "word": "árbol"},
                }
            )
            assert (await receive_until(ana, "ok"))["ref"] == "r1"
        finally:
            channel_layers.backends.pop("default", None)
    assert "announce failed after commit" in caplog.text and f"match {match_id}" in caplog.text
    assert (await database_sync_to_async(Match.objects.get)(pk=match_id)).version == 3  # the guess stands
    # Redis is back: the process announces the room it owed, and the open socket shows the guess unasked.
    assert (await receive_until(ana, "match"))["view"]["grid"]["rows"][0]["shown"] == "árbol"
    forget_the_outage()
    await ana.disconnect()


async def test_sockets_still_open_come_back_after_redis_restarted_empty():
    code, _match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    ana = socket(code, ana_cookie)
    await ana.connect()
    await receive_until(ana, "match")
    client = presence._client()
    await client.delete(f"dg:presence:{code}", presence.ROOMS_KEY)  # Redis came back with nothing in it
    assert await presence.online(code) == set()
    every, presence.BEAT_SECONDS = presence.BEAT_SECONDS, 0.0
    try:
        await ana.send_json_to({"type": "ping"})
        await receive_until(ana, "pong")
    finally:
        presence.BEAT_SECONDS = every
    assert len(await presence.online(code)) == 1
    assert code.encode() in await client.smembers(presence.ROOMS_KEY)  # the sweeper finds the room again
    await ana.disconnect()
