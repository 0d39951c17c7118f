"""Claves a Dúo's daily as a room (games/claves/daily.py): the room gets the day's options, the match starts on the
day's board and maps, and neither the room's frame nor the match's frames show a partner's map to anyone else."""

import json
import random

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import Player
from games.claves import daily, engine
from games.models import Room
from games.runtime import matches, scheduling
from games.runtime.views import match_snapshot, room_snapshot
from wordlists.lexicon import lexicon

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def guest(nickname: str) -> tuple[Client, Player]:
    client = Client()
    client.post("/guest/", {"nickname": nickname})
    return client, Player.objects.get(nickname=nickname)


def day_puzzle() -> dict:
    return next(
        made
        for attempt in range(50)
        if (made := daily.make_puzzle(random.Random(f"2026-12-07:{attempt}"), "", words=lexicon)) is not None
    )


def test_the_pairs_match_starts_on_the_days_board_and_no_frame_shows_the_other_map():
    puzzle = day_puzzle()
    ana_client, ana = guest("Ana")
    ana_client.post("/play/claves/", daily.room_settings(puzzle))
    room = Room.objects.get()
    beto_client, beto = guest("Beto")
    beto_client.post(f"/r/{room.code}/")
    carla_client, carla = guest("Carla")
    carla_client.post(f"/r/{room.code}/")  # the pair is full: Carla watches
    match = matches.match_start(room=room, by=ana, now=timezone.now(), settings_override=daily.match_settings(puzzle))
    state = engine.from_json(match.state)
    assert state.words == puzzle["board"] and state.maps == puzzle["maps"]
    room.refresh_from_db()
    for viewer, own in ((ana, 0), (beto, 1), (carla, None)):
        frame = json.dumps(room_snapshot(room, viewer, invite_url="", online=set()))
        assert '"maps"' not in frame and '"board"' not in frame
        seen = match_snapshot(match, viewer)
        shown = json.dumps(seen)
        assert '"maps": null' in shown or '"maps"' not in shown
        maps_in = [kinds for kinds in puzzle["maps"] if json.dumps(kinds) in shown]
        assert maps_in == ([] if own is None else [puzzle["maps"][own]])
