"""The lobby has its own sweep (lobby.tasks.sweep), which the clock process runs beside the games': the games'
sweep knows nothing of queues or quick matches, and the pages that reach into the lobby are the lobby's, under
the games' paths."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import resolve, reverse
from django.utils import timezone

from lobby import tournament_queue
from lobby.models import TournamentTicket

pytestmark = pytest.mark.django_db


def test_the_clock_runs_the_lobby_sweep_next_to_the_games_sweep_every_two_seconds():
    from games.runtime import clock
    from games.tasks import sweep as games_sweep
    from lobby.tasks import sweep as lobby_sweep

    assert [sweep for _path, sweep in clock.sweeps()] == [games_sweep, lobby_sweep]
    assert clock.SWEEP_SECONDS == 2.0
    # and nothing of them is left to beat, whose queue a backlog could hold up (beat sends the heartbeats, and the
    # daily puzzles' making once an hour: daily/tasks.py)
    sent_by_beat = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert sent_by_beat == {
        "config.tasks.heartbeat",
        "daily.tasks.make_daily_puzzles",
        "challenges.tasks.expire_challenges",
    }


def test_the_lobby_sweep_withdraws_a_ticket_whose_player_left_the_site(person):
    from lobby.tasks import sweep

    player = person(1000, "Gone")  # never opened a page of the site since
    tournament_queue.queue_join_alone(player=player, language="es", interface_language="es")
    TournamentTicket.objects.update(created_at=timezone.now() - timedelta(minutes=1))
    assert sweep() == {"withdrawn": 1, "launched": 0}
    assert not TournamentTicket.objects.exists()


def test_the_games_sweep_has_no_lobby_parts():
    from games.tasks import sweep

    assert set(sweep()) == {"bots", "silent", "abandoned", "deserted", "archived"}  # deadlines are the clock's own


@pytest.mark.parametrize(
    ("name", "args", "path"),
    [
        ("quick_match", ("duelo",), "/play/duelo/quick/"),
        ("wordgrid_home", (), "/play/wordgrid/"),
        ("offer_new", ("wordgrid",), "/play/wordgrid/offers/"),
        ("offer_withdraw", ("wordgrid", 3), "/play/wordgrid/offers/3/cancel/"),
        ("offer_take", ("wordgrid", 3), "/play/wordgrid/offers/3/accept/"),
        ("cruzadas_home", (), "/play/cruzadas/"),
        ("random_opponent", ("cruzadas",), "/play/cruzadas/queue/"),
    ],
)
def test_the_pages_that_reach_into_the_lobby_keep_their_paths_and_are_the_lobbys(name, args, path):
    assert reverse(name, args=args) == path
    assert resolve(path).func.__module__ == "lobby.play_views"
