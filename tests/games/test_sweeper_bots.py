"""The sweeper re-arms a bot's move whose task was lost (a killed worker), once, in the matches that have
bots; a table of people only owes no bot move. Real Redis (cache and broker), no worker."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from config.celery import app
from games.duelo import bots, engine
from games.runtime import clock, matches, rooms, scheduling
from games.tasks import sweep

pytestmark = pytest.mark.django_db

SETTINGS = {"language": "es", "rounds": 1, "round_seconds": 60}


@pytest.fixture(autouse=True)
def queued_tasks_purged():
    yield
    app.control.purge()  # the bot tasks the sweeper queued: no worker runs them here


def started_long_ago(room, host):
    """Started 10 s ago with no timer or bot task armed, as if a dead worker had taken them along."""
    with scheduling.timers_disabled():
        return matches.match_start(room=room, by=host, now=timezone.now() - timedelta(seconds=10))


def test_the_sweeper_re_arms_a_lost_bot_move_once_and_only_where_a_bot_sits(alice, bob_guest, carol_guest):
    with_bot = rooms.room_create(
        game="duelo", host=alice.player, seats=2, bot_level="medium", interface_language="es", settings=SETTINGS
    )
    people = rooms.room_create(game="duelo", host=bob_guest, seats=2, interface_language="es", settings=SETTINGS)
    rooms.room_join(room=people, player=carol_guest)
    match = started_long_ago(with_bot, alice.player)
    started_long_ago(people, bob_guest)
    opened, _events = engine.advance(engine.from_json(match.state), timezone.now())
    cache.delete(f"bot-pending:{match.pk}:1:{bots.bot_turn(opened, 1)}")  # a key left by an earlier run

    assert clock.tick().applied == 2  # both start cards were overdue: the clock opens the rounds
    first = sweep()
    assert first["bots"] == 1  # the bot's move is armed again
    assert sweep()["bots"] == 0  # and not twice while that task is pending
