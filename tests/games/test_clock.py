"""The clock (issue 30, decision 70): every match's deadline applied from its row, once, whatever waits in any
queue; a row a move holds is skipped, not waited for; how late each deadline was applied is recorded.

Real PostgreSQL and Redis (the broker's queues, the observation streams); no worker."""

import threading
import time
from datetime import timedelta

import pytest
from django.db import connections, transaction
from django.utils import timezone

from config import lanes
from config.celery import app
from config.lanes import BATCH, LIVE, TASK_LANES, queue
from games.duelo import engine
from games.models import Match, MatchEvent
from games.runtime import archive, clock, matches, rooms, scheduling
from observe import streams

SETTINGS = {"language": "es", "rounds": 1, "round_seconds": 60}


@pytest.fixture(autouse=True)
def no_tasks_sent():
    with scheduling.timers_disabled():
        yield


def duelo(host, guest, began_ago: float):
    """A match whose start card began `began_ago` seconds ago (it lasts a few seconds: then its round opens)."""
    room = rooms.room_create(game="duelo", host=host, seats=2, interface_language="es", settings=SETTINGS)
    rooms.room_join(room=room, player=guest)
    return matches.match_start(room=room, by=host, now=timezone.now() - timedelta(seconds=began_ago))


def opened(match) -> int:
    return MatchEvent.objects.filter(match=match, kind="round_opened").count()


@pytest.mark.django_db
def test_the_clock_applies_a_due_deadline_once_and_leaves_one_still_to_come(alice, bob_guest, carol_guest):
    due = duelo(alice.player, bob_guest, began_ago=30)
    to_come = duelo(bob_guest, carol_guest, began_ago=0)
    assert due.deadline < timezone.now() < to_come.deadline

    first = clock.tick()
    assert first.applied == 1 and first.next_at is not None
    due.refresh_from_db()
    to_come.refresh_from_db()
    assert due.state["phase"] == "playing" and opened(due) == 1
    assert to_come.state["phase"] == "starting" and first.next_at == to_come.deadline

    assert clock.tick().applied == 0  # applied once: a second tick (or a second clock) finds nothing due
    assert opened(due) == 1
    # It sleeps until the next deadline, never more than a tick.
    assert 0 <= clock.sleep_after(first, timezone.now()) <= clock.TICK_SECONDS


@pytest.mark.django_db(transaction=True)
def test_a_due_row_a_move_holds_is_skipped_not_waited_for_and_applied_by_the_next_tick(alice, bob_guest):
    match = duelo(alice.player, bob_guest, began_ago=30)
    holding, release = threading.Event(), threading.Event()

    def a_move_in_progress():
        with transaction.atomic():
            Match.objects.select_for_update().get(pk=match.pk)
            holding.set()
            release.wait(10)
        connections.close_all()

    mover = threading.Thread(target=a_move_in_progress)
    mover.start()
    try:
        assert holding.wait(10)
        started = time.monotonic()
        assert clock.tick().applied == 0
        assert time.monotonic() - started < 2  # it did not wait for the lock (a lock wait would last 10 s)
    finally:
        release.set()
        mover.join()
    assert clock.tick().applied == 1
    match.refresh_from_db()
    assert match.state["phase"] == "playing"


def clock_entries(since: float) -> list[dict[str, str]]:
    return streams.entries(streams._client(), streams.CLOCK, since)


@pytest.mark.django_db(transaction=True)
def test_every_applied_deadline_records_how_late_and_by_which_lane(alice, bob_guest, carol_guest):
    since = time.time()
    by_clock = duelo(alice.player, bob_guest, began_ago=30)
    assert clock.tick().applied == 1
    by_move = duelo(bob_guest, carol_guest, began_ago=0)
    state = engine.from_json(by_move.state)
    hidden = state.hidden_words[0]
    wrong = next(word for word in ("perro", "gatos", "mundo", "barco") if word != hidden)
    # A guess sent after the start card's deadline, before any clock applied it: the move applies it on its way.
    matches.match_act(
        match_id=by_move.pk,
        player=bob_guest,
        action={"type": "guess", "word": wrong},
        now=state.current.opens_at + timedelta(seconds=3),
    )
    entries = [entry for entry in clock_entries(since) if entry["game"] == "duelo"]
    assert sorted(entry["lane"] for entry in entries) == ["clock", "move"], entries
    late = {entry["lane"]: float(entry["late_ms"]) for entry in entries}
    # by the clock: 30 s after the match began, the start card's deadline some 25 s before
    assert late["clock"] > 10_000
    assert by_clock.deadline is not None


@pytest.mark.django_db(transaction=True)
def test_a_deadline_is_applied_while_five_thousand_batch_tasks_wait(alice, bob_guest):
    """The sweeper (and every deadline) cannot be starved: the clock reads no queue."""
    prefix = "test-clock-full-"  # copies of the lanes' queues of this test's own
    lanes.use_prefix(app, prefix)
    client = streams._client()
    try:
        with app.producer_or_acquire() as producer:
            for number in range(5000):
                app.send_task(archive.ROUND_ANALYSIS, (10_000_000 + number, 1), producer=producer)
        assert client.llen(queue(BATCH, prefix)) == 5000
        assert client.llen(queue(LIVE, prefix)) == 0  # not one landed on the live lane
        match = duelo(alice.player, bob_guest, began_ago=30)
        stop = threading.Event()
        runner = threading.Thread(target=clock.run, args=(stop,))
        runner.start()
        try:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and Match.objects.get(pk=match.pk).state["phase"] != "playing":
                time.sleep(0.05)
        finally:
            stop.set()
            runner.join(15)
        assert Match.objects.get(pk=match.pk).state["phase"] == "playing"
    finally:
        lanes.use_prefix(app, "")
        for lane in (LIVE, BATCH):
            name = queue(lane, prefix)
            client.delete(name, f"_kombu.binding.{name}", f"_kombu.binding_permanent.{name}")
        connections.close_all()


@pytest.mark.django_db(transaction=True)
def test_an_analysis_running_on_a_worker_never_delays_a_due_clock_step(alice, bob_guest, monkeypatch):
    """A batch worker busy with a long analysis (here one that waits until told) holds no deadline back: the
    clock applies it meanwhile. With the old single queue the timer waited behind the analysis."""
    from games import tasks

    analysing, finish = threading.Event(), threading.Event()

    def long_analysis(match_id, number):
        analysing.set()
        finish.wait(20)
        return None

    monkeypatch.setattr(archive, "round_analysis", long_analysis)
    worker = threading.Thread(target=tasks.round_analysis, args=(1, 1))  # as a batch worker thread runs it
    worker.start()
    assert analysing.wait(5)
    match = duelo(alice.player, bob_guest, began_ago=30)
    try:
        # A fake clock: the tick is told the time, the analysis goes on in its thread.
        applied = clock.tick(now=match.deadline + timedelta(milliseconds=1)).applied
        assert applied == 1 and worker.is_alive()
    finally:
        finish.set()
        worker.join()
        connections.close_all()
    match.refresh_from_db()
    assert match.state["phase"] == "playing"


def test_every_registered_task_has_a_lane_and_batch_work_never_routes_to_the_live_queue():
    app.loader.import_default_modules()
    ours = {name for name in app.tasks if not name.startswith("celery.")}
    assert ours == set(TASK_LANES), "each task the site registers is named, with its lane, in config/lanes.py"
    router = app.amqp.router
    for name, lane in TASK_LANES.items():
        routed = router.route({}, name, args=(), kwargs={})["queue"].name
        assert routed == queue(lane), name
    assert {name for name, lane in TASK_LANES.items() if lane == BATCH} == {
        "games.archive_match",
        "games.round_analysis",
        "daily.tasks.make_daily_puzzles",
        "challenges.tasks.expire_challenges",
        "notifications.send_push",
        "notifications.send_email",
    }
    assert app.conf.task_default_queue == queue(BATCH)  # a task without a route cannot slow the live lane


@pytest.mark.django_db(transaction=True)
def test_many_deadlines_due_at_once_are_all_applied_in_one_tick_by_its_threads(alice, bob_guest):
    """A clock started again (or the database back) finds a backlog: the tick applies it with its threads, each
    deadline once, each connection back to the pool."""
    from accounts.services import player_create_guest

    due = []
    for number in range(clock.CATCH_UP_FROM + 4):
        guest = player_create_guest(nickname=f"Guest{number}")
        due.append(duelo(alice.player if number % 2 else bob_guest, guest, began_ago=30))
    result = clock.tick()
    assert result.applied == len(due)
    assert all(opened(match) == 1 for match in due)
    assert clock.tick().applied == 0
    connections.close_all()
