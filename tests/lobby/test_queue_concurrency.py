"""Joins at the same moment, in real PostgreSQL transactions on separate connections: nobody is seated
twice, and arrivals that complete a room together do start it."""

import threading

import pytest
from django.db import connection

from games.models import Room, Seat
from lobby import parties, tournament_queue
from lobby.errors import Refusal
from lobby.models import TicketPlayer

pytestmark = pytest.mark.django_db(transaction=True)


def at_once(*calls):
    """Run the calls in threads released together; returns each call's result or exception."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            results[index] = call()
        except Exception as error:  # noqa: BLE001 - the test looks at what each call ended with
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index, call)) for index, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def join(player):
    return lambda: tournament_queue.queue_join_alone(player=player, language="es", interface_language="es")


def seated_ids() -> list[int]:
    return list(Seat.objects.filter(room__game="torneo").exclude(player=None).values_list("player_id", flat=True))


def test_two_arrivals_for_the_last_seat_fill_one_room_and_the_other_waits(person):
    for _ in range(7):
        assert tournament_queue.queue_join_alone(player=person(1000), language="es", interface_language="es") is None
    first, second = person(1000), person(1000)
    results = at_once(join(first), join(second))
    assert sum(isinstance(result, Room) for result in results) == 1 and results.count(None) == 1
    assert Room.objects.count() == 1 and len(seated_ids()) == len(set(seated_ids())) == 8
    assert TicketPlayer.objects.count() == 1


def test_two_arrivals_that_complete_a_room_together_start_it(person):
    # Each arrival alone sees 7; only if they are matched one after the other does the second see 8.
    for attempt in range(1, 5):
        for _ in range(6):
            tournament_queue.queue_join_alone(player=person(1000), language="es", interface_language="es")
        first, second = person(1000), person(1000)
        results = at_once(join(first), join(second))
        assert not any(isinstance(result, Exception) for result in results)
        assert Room.objects.count() == attempt and {first.pk, second.pk} <= set(seated_ids())
        assert not TicketPlayer.objects.exists()


def test_many_players_joining_from_many_threads_are_each_seated_once(person):
    players = [person(1000) for _ in range(24)]
    calls = [lambda chunk=players[start::6]: [join(player)() for player in chunk] for start in range(6)]
    results = at_once(*calls)
    assert not any(isinstance(result, Exception) for result in results)
    assert Room.objects.count() == 3
    assert sorted(seated_ids()) == sorted(player.pk for player in players)
    assert not TicketPlayer.objects.exists()


def test_the_same_player_asking_twice_at_once_waits_once(person):
    ana = person(1000)
    results = at_once(join(ana), join(ana))
    assert results.count(None) == 1
    [refused] = [result for result in results if result is not None]
    assert isinstance(refused, Refusal) and refused.code == "already_queued"
    assert TicketPlayer.objects.filter(player=ana).count() == 1


def test_queueing_alone_while_the_group_starts_a_practice_never_does_both(person):
    for _ in range(3):
        beto, ana = person(1000), person(1000)
        party = parties.party_create(player=beto, language="es")
        parties.party_join(party=party, player=ana)
        practice = lambda party=party, beto=beto: parties.party_start_practice(  # noqa: E731
            party=party, by=beto, interface_language="es"
        )
        results = at_once(join(ana), practice)
        queued = TicketPlayer.objects.filter(player=ana).exists()
        playing = Seat.objects.filter(player=ana, room__game="torneo").exists()
        assert queued != playing, results
        if queued:
            tournament_queue.queue_leave_alone(player=ana)
