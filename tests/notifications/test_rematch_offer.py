"""A rematch offer (games/runtime/rematch.py) is told to each other person seated at the finished match, with the
asker's name, the game and the table's link; the asker and the bots are told nothing; answering tells nobody."""

import pytest
from django.test import Client

from games.runtime.rematch import ACCEPT, ASK
from notifications import kinds
from notifications.models import Notification
from tests.games.test_rematch import answer, finished_room, no_celery_tasks  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db


def test_the_others_seated_are_told_of_a_rematch_offer():
    room, match, (ana, bruna, carla) = finished_room(seats=3)
    answer(room, match, ana, ASK)
    told = Notification.objects.filter(kind=kinds.REMATCH_OFFER)
    assert sorted(told.values_list("player_id", flat=True)) == sorted([bruna.pk, carla.pk])
    assert {tuple(sorted(n.data.items())) for n in told} == {
        (("by_name", "Ana"), ("game_slug", room.game), ("url", f"/r/{room.code}/"))
    }
    answer(room, match, bruna, ACCEPT)
    assert told.count() == 2


def test_the_offer_reads_in_the_bell_of_the_one_told():
    room, match, (ana, bruna) = finished_room()
    answer(room, match, ana, ASK)
    client = Client()
    session = client.session
    session["guest_player_id"] = bruna.pk
    session.save()
    client.cookies["django_language"] = "en"
    [entry] = client.get("/notifications/recent/").json()["items"]
    assert entry["text"].startswith("Ana offers you a rematch of ") and entry["url"] == f"/r/{room.code}/"
