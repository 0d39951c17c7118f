"""A daily's table has no watchers before its day is over: a finished daily match shows both maps (the day's key)
to whoever views it, so a room socket of anyone not seated there is refused like a code that does not exist."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.models import Room, RoomVisitor
from tests.conftest import closed_with
from tests.daily.test_daily_pairs import friend_room, guest, make_puzzle, play_to_the_end, seats_of, start
from tests.games.test_room_socket import socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]


@database_sync_to_async
def a_finished_daily_match_and_a_watcher():
    make_puzzle()
    ana_client, _ana = guest("Ana")
    beto_client, _beto = guest("Beto")
    watcher_client, _watcher = guest("Dario")
    room = friend_room(ana_client, beto_client)
    watcher_client.post(f"/r/{room.code}/")  # both seats taken: Dario comes in to watch
    assert RoomVisitor.objects.filter(room=room, player__nickname="Dario").exists()
    match = start(room, ana_client)
    play_to_the_end(match, seats_of(match))
    cookies = (client.cookies["sessionid"].value for client in (ana_client, watcher_client))
    return room, *cookies


async def test_no_one_but_the_pair_opens_a_daily_table_s_socket_before_the_day_is_over():
    room, ana_cookie, watcher_cookie = await a_finished_daily_match_and_a_watcher()
    assert await closed_with(socket(room.code, watcher_cookie)) == 4404
    seated = socket(room.code, ana_cookie)
    connected, _ = await seated.connect()
    assert connected
    frame = await seated.receive_json_from(timeout=10)
    assert frame["type"] in ("room", "match")
    await seated.disconnect()

    await database_sync_to_async(Room.objects.filter(pk=room.pk).update)(
        settings={**room.settings, "daily": "2020-01-01"}
    )
    watcher = socket(room.code, watcher_cookie)
    connected, _ = await watcher.connect()
    assert connected and (await watcher.receive_json_from(timeout=10))["type"] in ("room", "match")
    await watcher.disconnect()
