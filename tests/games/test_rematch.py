"""The rematch service (games/runtime/rematch.py, issue 33): the same table plays again once every person at it said
yes; bots say yes at once; where seat 0 moves first the seats turn round; a staked game is staked again through the
wallet's escrow; every refusal has its code and changes nothing; answering twice changes nothing."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.services import player_create_guest
from games.models import Match, Room
from games.runtime import matches, rooms, scheduling
from games.runtime.errors import Refusal
from games.runtime.rematch import ACCEPT, ASK, DECLINE, rematch_answer
from games.runtime.views import room_snapshot
from lobby import offers
from tests.games.test_wordgrid_stakes import member
from wallet.selectors import balance_of, ledger_problems

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def finished_room(game="duelo", seats=2, bots=0, settings=None):
    people = [player_create_guest(nickname=name) for name in ("Ana", "Bruna", "Carla")[: seats - bots]]
    room = rooms.room_create(
        game=game,
        host=people[0],
        seats=seats,
        interface_language="es",
        settings=settings or {"language": "es", "rounds": 1},
        bot_level="easy" if bots else "",
    )
    for person in people[1:]:
        rooms.room_join(room=room, player=person)
    if bots and len(people) > 1:  # people joined the free seats; the bots are made where none came
        for seat in room.seats.filter(player__isnull=True):
            rooms.room_seat_set(room=room, by=people[0], index=seat.index, bot_level="easy")
    match = matches.match_start(room=room, by=people[0])
    for person in people:
        matches.match_arrive(match_id=match.pk, player=person)
    matches.match_stop(match_id=match.pk)
    match.refresh_from_db()
    assert match.status == Match.FINISHED
    return Room.objects.get(pk=room.pk), match, people


def state_of(room):
    room = Room.objects.get(pk=room.pk)
    return (
        room.status,
        room.version,
        room.rematch,
        list(room.seats.order_by("index").values_list("player_id", "bot_level")),
        room.matches.count(),
    )


def answer(room, match, player, kind):
    return rematch_answer(room_id=room.pk, match_id=match.pk, player=player, answer=kind)


def refused(code, room, match, player, kind):
    before = state_of(room)
    with pytest.raises(Refusal) as caught:
        answer(room, match, player, kind)
    assert caught.value.code == code
    assert state_of(room) == before, "a refusal changed something"


def test_it_starts_the_next_match_once_both_people_said_yes():
    room, match, (ana, bruna) = finished_room()
    assert answer(room, match, ana, ASK) is None
    snapshot = room_snapshot(Room.objects.get(pk=room.pk), bruna, invite_url="", online=set())
    assert snapshot["rematch"]["asker"] == "Ana" and snapshot["rematch"]["waiting"] == ["Bruna"]
    assert snapshot["rematch"]["open"] and snapshot["rematch"]["you"] == 1
    new = answer(room, match, bruna, ACCEPT)
    assert new is not None and new.number == match.number + 1 and new.room_id == room.pk
    assert Room.objects.get(pk=room.pk).status == Room.PLAYING
    # the same settings and the same people (a simultaneous game: nobody moves first, nobody swaps)
    started = new.events.get(kind="match_started").data
    assert started["settings"]["rounds"] == 1 and started["settings"]["language"] == "es"
    assert [sitter["player"] for sitter in new.lineup] == [ana.pk, bruna.pk]


def test_bots_say_yes_at_once():
    room, match, (ana,) = finished_room(seats=3, bots=2)
    new = answer(room, match, ana, ASK)
    assert new is not None and [bool(s["bot"]) for s in new.lineup] == [False, True, True]


def test_a_game_with_a_first_move_swaps_the_seats():
    room, match, (ana, bruna) = finished_room(game="cruzadas", settings={"language": "tr"})
    answer(room, match, ana, ASK)
    new = answer(room, match, bruna, ACCEPT)
    assert [sitter["player"] for sitter in match.lineup] == [ana.pk, bruna.pk]
    assert [sitter["player"] for sitter in new.lineup] == [bruna.pk, ana.pk]  # Bruna begins now
    assert Room.objects.get(pk=room.pk).host_id == ana.pk  # the host stays the host


def test_refusals_change_nothing():
    room, match, (ana, bruna) = finished_room()
    stranger = player_create_guest(nickname="Dora")
    refused("not_seated", room, match, stranger, ASK)
    refused("rematch_no_offer", room, match, bruna, ACCEPT)
    refused("rematch_no_offer", room, match, bruna, DECLINE)
    answer(room, match, ana, ASK)
    refused("rematch_asked", room, match, ana, ASK)  # twice
    refused("rematch_asked", room, match, ana, ACCEPT)
    with pytest.raises(Refusal) as caught:
        rematch_answer(room_id=room.pk, match_id=match.pk, player=ana, answer="maybe")
    assert caught.value.code == "rematch_bad_answer"


def test_no_rematch_once_someone_left():
    room, match, (ana, bruna) = finished_room()
    answer(room, match, ana, ASK)
    rooms.room_leave(room=room, player=bruna)
    snapshot = room_snapshot(Room.objects.get(pk=room.pk), ana, invite_url="", online=set())
    assert snapshot["rematch"]["open"] is False
    assert snapshot["rematch"]["refused"] == {"code": "rematch_player_left", "names": "Bruna"}
    refused("not_seated", room, match, player_create_guest(nickname="Eva"), ACCEPT)
    refused("rematch_player_left", room, match, ana, ASK)


def test_a_declined_rematch_stays_declined():
    room, match, (ana, bruna) = finished_room()
    answer(room, match, ana, ASK)
    assert answer(room, match, bruna, DECLINE) is None
    snapshot = room_snapshot(Room.objects.get(pk=room.pk), ana, invite_url="", online=set())
    assert snapshot["rematch"]["decliner"] == "Bruna"
    refused("rematch_declined", room, match, bruna, ACCEPT)
    refused("rematch_declined", room, match, ana, ASK)


def test_the_last_yes_twice_starts_one_match():
    room, match, (ana, bruna) = finished_room()
    answer(room, match, ana, ASK)
    new = answer(room, match, bruna, ACCEPT)
    refused("rematch_stale", room, match, bruna, ACCEPT)  # the answer repeated (a retried frame)
    refused("rematch_stale", room, match, ana, ASK)
    assert Room.objects.get(pk=room.pk).matches.count() == 2 and new is not None


def test_a_match_not_over_or_not_the_last_has_no_rematch():
    room, match, (ana, bruna) = finished_room()
    current = matches.match_start(room=room, by=ana)  # the host started another match meanwhile
    refused("rematch_stale", room, match, bruna, ASK)
    refused("rematch_not_over", room, current, bruna, ASK)


def test_a_tournament_has_no_rematch():
    people = [player_create_guest(nickname=f"Tor{index}") for index in range(4)]
    room = rooms.room_create(game="torneo", host=people[0], seats=4, interface_language="es", settings={})
    for person in people[1:]:
        rooms.room_join(room=room, player=person)
    match = matches.match_start(room=room, by=None)
    matches.match_stop(match_id=match.pk)
    refused("rematch_not_offered", room, match, people[0], ASK)
    snapshot = room_snapshot(Room.objects.get(pk=room.pk), people[0], invite_url="", online=set())
    assert snapshot["rematch"]["open"] is False and snapshot["new_game"]["way"] == "link"


def test_a_staked_rematch_is_held_in_escrow_again():
    ana, beto = member("ana"), member("beto")
    offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
    match = offers.offer_accept(player=beto, offer_id=offer.pk, interface_language="es")
    for player in (ana, beto):
        matches.match_arrive(match_id=match.pk, player=player)
    matches.match_act(match_id=match.pk, player=beto, action={"type": "resign"})
    room = Room.objects.get(pk=match.room_id)
    after_first = balance_of(player=ana), balance_of(player=beto)
    snapshot = room_snapshot(room, beto, invite_url="", online=set())
    assert snapshot["rematch"]["stake"] == 50 and snapshot["rematch"]["swaps"] is True
    answer(room, match, beto, ASK)
    new = answer(room, match, ana, ACCEPT)
    assert new.stake == 50
    assert (balance_of(player=ana), balance_of(player=beto)) == (after_first[0] - 50, after_first[1] - 50)
    assert [sitter["player"] for sitter in new.lineup] == [beto.pk, ana.pk]  # Beto moves first now
    assert ledger_problems() == []


def test_a_staked_rematch_nobody_can_cover_changes_nothing():
    ana, beto = member("ana", credits=60), member("beto", credits=60)
    offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
    match = offers.offer_accept(player=beto, offer_id=offer.pk, interface_language="es")
    for player in (ana, beto):
        matches.match_arrive(match_id=match.pk, player=player)
    matches.match_act(match_id=match.pk, player=beto, action={"type": "resign"})  # Beto has 10 left
    room = Room.objects.get(pk=match.room_id)
    answer(room, match, ana, ASK)
    balances = balance_of(player=ana), balance_of(player=beto)
    refused("rematch_cannot_pay", room, match, beto, ACCEPT)
    assert (balance_of(player=ana), balance_of(player=beto)) == balances
    assert ledger_problems() == []


def test_an_answer_is_a_few_statements():
    room, match, (ana, _bruna) = finished_room()
    with CaptureQueriesContext(connection) as queries:
        answer(room, match, ana, ASK)
    assert len(queries) < 20
