"""Games without a clock when someone walks away (issue 31): four of five Letras Cruzadas and Claves games on the
live list had been abandoned, and the one left behind could only resign.

- The one who stayed may claim the win in Cruzadas once the other has been away two minutes (a resign played for
  the absent seat: rated as any win), or end a Claves game (stopped: nobody loses). Not a second before, not
  while the other is back, not from someone who does not sit at the table.
- A table everyone left is stopped and its room closed after ten minutes: the live list shows games being played.

Presence is the real one (Redis); the time is driven by the tests (`now=`).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.utils import timezone

from accounts.services import player_create_guest
from games.cruzadas.spec import CLAIM_AFTER_SECONDS, DESERTED_AFTER_SECONDS
from games.models import Match, Room
from games.runtime import matches, presence, rooms, scheduling
from games.runtime.abandon import deserted_sweep, match_claim
from games.runtime.errors import Refusal
from games.runtime.views import room_snapshot
from ratings.models import Rating
from tests.lobby.test_rated_matchmaking import rated_player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


@pytest.fixture
def present():
    """Open sockets of the test's players, closed again at its end (presence lives in Redis)."""
    opened = []

    def arrive(room, player, socket="tab"):
        async_to_sync(presence.arrive)(room.code, player.pk, socket)
        opened.append((room.code, player.pk, socket))

    yield arrive
    for code, player, socket in opened:
        async_to_sync(presence.leave)(code, player, socket)


def leave(room, player, socket="tab"):
    async_to_sync(presence.leave)(room.code, player.pk, socket)


def table(game: str, host, guest, **options):
    settings = {"level": "familiar", "turns": 9} if game == "claves" else {}
    room = rooms.room_create(game=game, host=host, settings=settings, seats=2, interface_language="es", **options)
    rooms.room_join(room=room, player=guest)
    match = matches.match_start(room=room, by=host if not options.get("rated") else None)
    match.refresh_from_db()
    if match.status == Match.ARRIVING:  # a rated pairing waits for both at the table (the join grace)
        for person in (host, guest):
            matches.match_arrive(match_id=match.pk, player=person)
        match.refresh_from_db()
    assert match.status == Match.PLAYING
    return room, match


def refusal(call) -> Refusal:
    with pytest.raises(Refusal) as raised:
        call()
    return raised.value


def test_the_one_who_stayed_claims_a_rated_cruzadas_win_once_the_other_has_been_away_two_minutes(present):
    ana, beto = rated_player("cruzadas", 1500, "Ana"), rated_player("cruzadas", 1520, "Beto")
    room, match = table("cruzadas", ana, beto, rated=True)
    present(room, ana)
    present(room, beto)
    leave(room, beto)
    gone = timezone.now()

    too_soon = refusal(lambda: match_claim(match_id=match.pk, player=ana, now=gone + timedelta(seconds=60)))
    assert too_soon.code == "claim_too_soon" and 59 <= too_soon.params["seconds"] <= 61
    match.refresh_from_db()
    assert match.status == Match.PLAYING  # a refused claim changes nothing

    # The one who left cannot claim against the one who stayed.
    assert refusal(lambda: match_claim(match_id=match.pk, player=beto, now=gone + timedelta(minutes=5))).code == (
        "claim_too_soon"
    )
    outsider = player_create_guest(nickname="Carla")
    assert refusal(lambda: match_claim(match_id=match.pk, player=outsider)).code == "not_seated"

    assert match_claim(match_id=match.pk, player=ana, now=gone + timedelta(seconds=CLAIM_AFTER_SECONDS + 1))
    match.refresh_from_db()
    assert match.status == Match.FINISHED
    assert match.outcome["winners"] == [0] and match.outcome["reason"] == "left"  # Ana wins: Beto left
    ratings = {rating.player_id: rating.value for rating in Rating.objects.filter(game="cruzadas")}
    assert ratings[ana.pk] > 1500 and ratings[beto.pk] < 1520  # rated as any win
    assert refusal(lambda: match_claim(match_id=match.pk, player=ana)).code == "no_match"  # once


def test_a_player_who_comes_back_plays_on_and_no_claim_is_made_against_them(present):
    ana, beto = player_create_guest(nickname="Ana"), player_create_guest(nickname="Beto")
    room, match = table("cruzadas", ana, beto)
    present(room, ana)
    present(room, beto)
    leave(room, beto)
    present(room, beto, "phone")  # back, on another device
    later = timezone.now() + timedelta(minutes=10)
    assert refusal(lambda: match_claim(match_id=match.pk, player=ana, now=later)).code == "claim_too_soon"
    match.refresh_from_db()
    assert match.status == Match.PLAYING


def test_someone_who_never_came_counts_as_away_since_the_start(present):
    ana, beto = player_create_guest(nickname="Ana"), player_create_guest(nickname="Beto")
    room, match = table("cruzadas", ana, beto)
    present(room, ana)
    assert match_claim(match_id=match.pk, player=ana, now=match.started_at + timedelta(seconds=CLAIM_AFTER_SECONDS))


def test_ending_a_claves_game_alone_stops_it_and_nobody_loses(present):
    ana, beto = player_create_guest(nickname="Ana"), player_create_guest(nickname="Beto")
    room, match = table("claves", ana, beto)
    present(room, ana)
    present(room, beto)
    leave(room, beto)
    assert match_claim(match_id=match.pk, player=ana, now=timezone.now() + timedelta(minutes=3))
    match.refresh_from_db()
    assert match.status == Match.FINISHED
    assert match.outcome["stopped"] == "partner_left" and match.outcome["winners"] == []
    room.refresh_from_db()
    assert room.status == Room.WAITING  # the pair may start again if the partner comes back


def test_clock_games_have_nothing_to_claim(present):
    ana, beto = player_create_guest(nickname="Ana"), player_create_guest(nickname="Beto")
    room = rooms.room_create(game="duelo", host=ana, settings={"language": "es"}, seats=2, interface_language="es")
    rooms.room_join(room=room, player=beto)
    match = matches.match_start(room=room, by=ana)
    assert refusal(lambda: match_claim(match_id=match.pk, player=ana)).code == "no_claim"


def test_the_room_says_who_left_how_long_ago_and_when_the_claim_opens(present):
    ana, beto = player_create_guest(nickname="Ana"), player_create_guest(nickname="Beto")
    room, match = table("cruzadas", ana, beto)
    present(room, ana)
    present(room, beto)
    leave(room, beto)
    online, away = presence.absence(room.code)
    seen = room_snapshot(room, ana, invite_url="", online=online, away=away)
    seats = {seat["index"]: seat for seat in seen["seats"]}
    assert seats[0]["away_for"] is None and 0 <= seats[1]["away_for"] < 5
    assert seen["claim"] == {"after": CLAIM_AFTER_SECONDS, "ends": "win"}
    watcher = player_create_guest(nickname="Carla")
    assert room_snapshot(room, watcher, invite_url="", online=online, away=away)["claim"] is None


def test_a_table_everyone_left_is_stopped_and_its_room_closed_after_ten_minutes(present):
    ana, beto = player_create_guest(nickname="Ana"), player_create_guest(nickname="Beto")
    room, match = table("cruzadas", ana, beto)
    dolores, esteban = player_create_guest(nickname="Dolores"), player_create_guest(nickname="Esteban")
    busy_room, busy = table("cruzadas", dolores, esteban)
    present(room, ana)
    present(room, beto)
    leave(room, ana)
    leave(room, beto)
    for person in busy.lineup:  # the other table is being played
        async_to_sync(presence.arrive)(busy_room.code, person["player"], "tab")
    try:
        almost = timezone.now() + timedelta(seconds=DESERTED_AFTER_SECONDS - 5)
        assert deserted_sweep(almost) == 0
        later = timezone.now() + timedelta(seconds=DESERTED_AFTER_SECONDS + 1)
        assert deserted_sweep(later) == 1
        assert deserted_sweep(later) == 0  # once
    finally:
        for person in busy.lineup:
            async_to_sync(presence.leave)(busy_room.code, person["player"], "tab")
    match.refresh_from_db()
    room.refresh_from_db()
    busy.refresh_from_db()
    assert match.status == Match.FINISHED and match.outcome["stopped"] == "deserted"
    assert room.status == Room.CLOSED
    assert busy.status == Match.PLAYING


# -- through the room's socket ----------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("async_db_connections_closed")
async def test_the_claim_is_a_frame_of_the_room_socket_refused_until_its_time_then_ended_for_everyone():
    from channels.db import database_sync_to_async
    from django.test import Client

    from accounts.models import Player
    from tests.games.test_room_socket import drain, receive_until, socket

    @database_sync_to_async
    def cruzadas_table():
        ana, beto = Client(), Client()
        ana.post("/guest/", {"nickname": "Ana"})
        beto.post("/guest/", {"nickname": "Beto"})
        host, guest = Player.objects.get(nickname="Ana"), Player.objects.get(nickname="Beto")
        room, match = table("cruzadas", host, guest)
        return room.code, match.pk, ana.cookies["sessionid"].value

    @database_sync_to_async
    def started_ago(match_id: int, seconds: float):
        Match.objects.filter(pk=match_id).update(started_at=timezone.now() - timedelta(seconds=seconds))

    @database_sync_to_async
    def status_of(match_id: int):
        return Match.objects.get(pk=match_id).status

    code, match_id, ana_cookie = await cruzadas_table()
    await started_ago(match_id, 60)  # Beto never came: away since the start, a minute ago
    ana = socket(code, ana_cookie)
    await ana.connect()
    room = (await receive_until(ana, "room"))["room"]
    assert 59 <= room["seats"][1]["away_for"] <= 65 and room["seats"][0]["away_for"] is None
    assert room["claim"] == {"after": CLAIM_AFTER_SECONDS, "ends": "win"}
    await drain(ana)

    await ana.send_json_to({"type": "claim", "ref": "c1"})
    refused = await receive_until(ana, "error")
    assert refused["code"] == "malformed" and refused["ref"] == "c1"

    await ana.send_json_to({"type": "claim", "match_id": match_id, "ref": "c2"})
    refused = await receive_until(ana, "error")
    assert refused["code"] == "claim_too_soon" and refused["ref"] == "c2"
    assert "podrás terminar la partida en" in refused["message"]  # the room's language, the seconds left
    assert await status_of(match_id) == Match.PLAYING

    await started_ago(match_id, CLAIM_AFTER_SECONDS + 5)
    await ana.send_json_to({"type": "claim", "match_id": match_id, "ref": "c3"})
    assert (await receive_until(ana, "ok"))["ref"] == "c3"
    over = await receive_until(ana, "match")
    assert over["view"]["outcome"]["winners"] == [0]
    assert await status_of(match_id) == Match.FINISHED
    await ana.disconnect()
