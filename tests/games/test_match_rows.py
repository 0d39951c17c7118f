"""The move's three statements written out (games.runtime.match_rows, issue 16) store and read exactly what
the ORM does, lock the match's row and nothing else, and refuse a match of another room."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import OperationalError, connection, connections, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Match, MatchEvent, Room
from games.runtime import match_rows, rooms
from tests.games.test_move_path_statements import mid_game


@pytest.mark.django_db
def test_a_saved_match_reads_back_as_the_orm_wrote_it(tasks):
    match, _people, _now = mid_game("wordgrid")
    with transaction.atomic():
        locked = match_rows.lock(match.pk)
        assert locked is not None
        assert (locked.pk, locked.version, locked.state, locked.lineup) == (
            match.pk,
            match.version,
            match.state,
            match.lineup,
        )
        assert match_rows.room_code(locked) == match.room.code
        deadline = timezone.now().replace(microsecond=123456) + timedelta(minutes=3)
        locked.state = {**locked.state, "note": "ñandú — 한글"}
        locked.version += 1
        locked.deadline = deadline
        match_rows.save(locked, ["state", "version", "deadline"])
    again = Match.objects.get(pk=match.pk)
    assert again.state["note"] == "ñandú — 한글" and again.version == match.version + 1
    assert again.deadline == deadline  # the same instant, time zone and microseconds kept
    assert again.status == match.status  # a field not named is not written


@pytest.mark.django_db
def test_events_are_appended_in_order_with_their_kind_and_data(tasks):
    match, _people, _now = mid_game("cruzadas")
    before = MatchEvent.objects.filter(match=match).count()
    at = timezone.now()
    events = [{"type": "pass", "seat": 0}, {"type": "finished", "reason": "passes"}, {"seat": 1}]
    match_rows.append_events(match, events, at)
    match_rows.append_events(match, [], at)  # nothing to append: no statement, no row
    rows = list(MatchEvent.objects.filter(match=match).order_by("id"))[before:]
    assert [(row.kind, row.data, row.version, row.at) for row in rows] == [
        ("pass", events[0], match.version, at),
        ("finished", events[1], match.version, at),
        ("?", events[2], match.version, at),
    ]


@pytest.mark.django_db
def test_a_match_of_another_room_or_none_at_all_is_not_found(tasks):
    match, people, _now = mid_game("claves")
    other = rooms.room_create(game="claves", host=people[0], seats=2, interface_language="es", settings={})
    with transaction.atomic():
        assert match_rows.lock(match.pk, match.room_id) is not None
        assert match_rows.lock(match.pk, other.pk) is None
        assert match_rows.lock(match.pk + 10_000) is None


@pytest.mark.django_db(transaction=True)
def test_the_lock_holds_the_match_row_until_commit_and_leaves_its_room_free(tasks):
    """Another transaction can neither lock nor change the match meanwhile, but may lock its room (a room's own
    changes, such as someone joining to watch, do not wait for a move)."""
    match, _people, _now = mid_game("cruzadas")
    seen: dict[str, object] = {}

    def other() -> None:
        try:
            with transaction.atomic():
                try:
                    Match.objects.select_for_update(nowait=True).get(pk=match.pk)
                    seen["match"] = "locked"
                except OperationalError:
                    seen["match"] = "busy"
            with transaction.atomic():
                Room.objects.select_for_update(nowait=True).get(pk=match.room_id)
                seen["room"] = "locked"
        finally:
            connections.close_all()

    with transaction.atomic():
        assert match_rows.lock(match.pk) is not None
        thread = threading.Thread(target=other)
        thread.start()
        thread.join(10)
    assert seen == {"match": "busy", "room": "locked"}
    assert connection.features.has_select_for_update_of


@pytest.mark.django_db
def test_the_rooms_code_comes_with_the_lock_without_a_query_of_its_own(tasks):
    """The announcement after a move names the room by its code: read in the locking statement."""
    match, _people, _now = mid_game("duelo")
    with transaction.atomic():
        locked = match_rows.lock(match.pk)
        assert locked is not None
        with CaptureQueriesContext(connection) as queries:
            code = match_rows.room_code(locked)
    assert code == match.room.code and queries.captured_queries == []
