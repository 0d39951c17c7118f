"""What fails after a commit and every task that gives up is logged with the match's or room's reference, so
an operator can find it (issue 15): a broadcast Redis did not take, a deadline or bot task that raised, a sweep
that stopped at one match."""

import logging
from datetime import timedelta

import pytest
from django.utils import timezone

from config.celery import app
from games.runtime import clock, matches, rooms, scheduling
from games.tasks import bot_move, sweep
from lobby import live
from lobby.tasks import launch_quick_match
from lobby.tasks import sweep as lobby_sweep
from tests.games.test_outage_pages import redis_down  # noqa: F401 - the fixture

SETTINGS = {"language": "es", "rounds": 1, "round_seconds": 60}


def errors(caplog) -> str:
    return "\n".join(record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR)


@pytest.mark.django_db(transaction=True)
def test_a_room_change_redis_did_not_take_is_logged_with_the_room(redis_down, alice, bob_guest, caplog):  # noqa: F811
    with caplog.at_level(logging.ERROR):
        room = rooms.room_create(game="duelo", host=alice.player, seats=2, interface_language="es", settings=SETTINGS)
        rooms.room_join(room=room, player=bob_guest)
        live.matched([alice.player.pk, bob_guest.pk], room.code)
    room.refresh_from_db()
    assert f"announce failed after commit (room {room.code} v{room.version})" in errors(caplog)
    assert f"matched failed after commit (room {room.code})" in errors(caplog)


def test_a_bot_task_that_fails_gives_up_logged_with_its_match(monkeypatch, caplog):
    def broken(**kwargs):
        raise RuntimeError("database gone")

    monkeypatch.setattr(matches, "match_bot_move", broken)
    with caplog.at_level(logging.ERROR, logger="games.tasks"):
        assert bot_move(8, 1, "r1") is False
    assert "bot_move of match 8 seat 1 (turn r1) gave up" in errors(caplog)
    assert all(record.exc_info for record in caplog.records)  # with the traceback


@pytest.mark.django_db
def test_a_deadline_that_fails_is_logged_with_its_match_and_the_others_are_still_applied(
    alice, bob_guest, carol_guest, monkeypatch, caplog
):
    """One broken match must not stop every clock: its failure is logged, it rests a few seconds, and the
    clock goes on to the next deadline."""
    started = []
    for host, guest in ((alice.player, bob_guest), (bob_guest, carol_guest)):
        room = rooms.room_create(game="duelo", host=host, seats=2, interface_language="es", settings=SETTINGS)
        rooms.room_join(room=room, player=guest)
        with scheduling.timers_disabled():
            started.append(matches.match_start(room=room, by=host, now=timezone.now() - timedelta(seconds=10)))
    broken_id = started[0].pk
    real = matches.match_advance

    def advance(**kwargs):
        if kwargs["match_id"] == broken_id:
            raise RuntimeError("a bug in one match")
        return real(**kwargs)

    monkeypatch.setattr(clock, "match_advance", advance)
    with caplog.at_level(logging.ERROR, logger="games.runtime.clock"), scheduling.timers_disabled():
        assert clock.tick().applied == 1
        assert clock.tick().applied == 0  # the broken one rests: not tried again at every tick
    assert f"clock: match {broken_id} failed its deadline" in errors(caplog)
    assert sum("failed its deadline" in record.getMessage() for record in caplog.records) == 1
    started[1].refresh_from_db()
    assert started[1].state["phase"] == "playing"  # the other match's start card ended on time
    clock._failing.clear()


@pytest.mark.django_db
def test_a_quick_match_launch_that_fails_gives_up_logged_with_its_room(caplog):
    with caplog.at_level(logging.ERROR, logger="lobby.tasks"):
        assert launch_quick_match(987654) is False  # no such room
    assert "launch_quick_match of room id 987654 gave up" in errors(caplog)


@pytest.mark.django_db
def test_a_sweep_that_stops_at_a_match_names_it(alice, monkeypatch, caplog):
    room = rooms.room_create(
        game="duelo", host=alice.player, seats=2, bot_level="medium", interface_language="es", settings=SETTINGS
    )
    with scheduling.timers_disabled():
        match = matches.match_start(room=room, by=alice.player, now=timezone.now() - timedelta(seconds=10))

    def broken(match_id, **kwargs):
        raise RuntimeError("lock timeout")

    monkeypatch.setattr(scheduling, "schedule_bots", broken)
    with caplog.at_level(logging.ERROR, logger="games.tasks"):
        done = sweep()
    assert done["bots"] == 0
    assert f"sweep: bots failed at match {match.pk}; the next sweep tries again" in errors(caplog)
    record = next(record for record in caplog.records if "bots failed" in record.getMessage())
    assert record.exc_info[0] is RuntimeError  # the cause's traceback
    app.control.purge()


@pytest.mark.django_db
def test_the_lobby_sweep_names_the_room_it_stopped_at(alice, monkeypatch, caplog):
    from lobby import quickmatch, tasks

    room = quickmatch.quick_match_join(player=alice.player, game="duelo", language="es", interface_language="es")
    type(room).objects.filter(pk=room.pk).update(launch_at=timezone.now() - timedelta(seconds=1))

    def broken(**kwargs):
        raise RuntimeError("lock timeout")

    monkeypatch.setattr(tasks, "quick_match_launch", broken)
    with caplog.at_level(logging.ERROR, logger="games.tasks"):
        assert lobby_sweep()["launched"] == 0
    assert f"lobby sweep: launched failed at room id {room.pk}" in errors(caplog)
