"""Which waiting tickets make a rated room (pure): exactly 8 people, all within 200 points, the window
never widening, and a queue left where no room could still be made."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from lobby.matchmaking import SEATS, WINDOW, Waiting, room_for, span


def people(room):
    return [rating for item in room for rating in item.ratings]


def any_room_among(waiting) -> bool:
    """Brute force: could any set of these tickets fill a room? (small queues only)"""
    for size in range(1, len(waiting) + 1):
        for combo in itertools.combinations(waiting, size):
            ratings = people(combo)
            if len(ratings) == SEATS and span(ratings) <= WINDOW:
                return True
    return False


def arrive(queue, newcomer):
    room = room_for(queue, newcomer)
    if room is None:
        queue.append(newcomer)
        return None
    taken = {item.ticket for item in room}
    queue[:] = [item for item in queue if item.ticket not in taken]
    return room


def test_the_eighth_arrival_fills_the_room_and_not_before():
    queue = []
    for ticket in range(7):
        assert arrive(queue, Waiting(ticket, (1000 + ticket * 10,))) is None
    room = arrive(queue, Waiting(7, (1100,)))
    assert room is not None and len(people(room)) == SEATS and queue == []


def test_players_250_apart_never_meet_however_many_arrive_on_each_side():
    queue = []
    for ticket in range(7):
        assert arrive(queue, Waiting(ticket, (1000,))) is None
        assert arrive(queue, Waiting(100 + ticket, (1250,))) is None
    assert len(queue) == 14  # seven and seven: nobody ever waited long enough to be stretched across
    assert people(arrive(queue, Waiting(99, (1000,)))) == [1000] * SEATS


def test_a_group_enters_whole_or_not_at_all():
    queue = [Waiting(1, (1000,)), Waiting(2, (1000,)), Waiting(3, (1000,)), Waiting(4, (1000, 1000, 1000))]
    room = room_for(queue, Waiting(5, (1000, 1000)))  # 2 + 3 + 1 + 1 + 1 = 8: the group of 3 is in
    assert room is not None and Waiting(4, (1000, 1000, 1000)) in room and len(people(room)) == SEATS
    assert room_for([queue[3]], Waiting(6, (1000,) * 6)) is None  # 6 + 3 = 9: nobody is split off


def test_the_longest_waiting_fill_the_room():
    queue = [Waiting(ticket, (1000,)) for ticket in range(10)]
    room = room_for(queue, Waiting(99, (1000,)))
    assert [item.ticket for item in room] == [0, 1, 2, 3, 4, 5, 6, 99]


def test_exactly_200_apart_is_within_the_window_and_201_is_not():
    assert room_for([Waiting(t, (1000,)) for t in range(7)], Waiting(9, (1200,))) is not None
    assert room_for([Waiting(t, (1000,)) for t in range(7)], Waiting(9, (1201,))) is None


tickets = st.lists(
    st.tuples(
        st.integers(min_value=1, max_value=4),
        st.integers(min_value=700, max_value=1500),
        st.integers(min_value=0, max_value=200),
    ),
    min_size=1,
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(tickets)
def test_no_room_ever_holds_two_people_more_than_200_apart(arrivals):
    queue = []
    for ticket, (size, base, spread) in enumerate(arrivals):
        ratings = tuple(base + (spread * index) // max(1, size - 1) for index in range(size))
        newcomer = Waiting(ticket, ratings)
        room = arrive(queue, newcomer)
        if room is not None:
            assert len(people(room)) == SEATS
            assert span(people(room)) <= WINDOW
            assert room[-1] == newcomer and len({item.ticket for item in room}) == len(room)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(min_value=1, max_value=3), st.sampled_from([1000, 1100, 1200, 1250, 1400])),
        min_size=1,
        max_size=11,
    )
)
def test_after_every_arrival_no_room_is_left_unmade_in_the_queue(arrivals):
    queue = []
    for ticket, (size, rating) in enumerate(arrivals):
        arrive(queue, Waiting(ticket, (rating,) * size))
        assert not any_room_among(queue)
