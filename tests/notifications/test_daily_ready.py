"""The daily's kind (issue 36): off until a player asks for it; once the day's puzzles exist, the players who asked
are told once per date, however often beat's hourly task runs."""

import pytest
from django.utils import timezone

from accounts.services import player_create_guest
from daily import services
from daily.tasks import tell_daily_ready
from notifications import kinds
from notifications.models import Notification
from notifications.preferences import preferences_save
from toolkit import days

pytestmark = pytest.mark.django_db


def test_those_who_asked_are_told_once_a_date_the_others_never():
    now = timezone.now()
    asked, quiet = player_create_guest(nickname="Ana"), player_create_guest(nickname="Bea")
    preferences_save(player=asked, channels={kinds.DAILY_READY: {kinds.SITE}}, language="es")
    assert tell_daily_ready(now) == 0  # no puzzles yet: nothing to tell
    services.puzzles_make(days.utc_day(now))
    assert tell_daily_ready(now) == 1
    assert tell_daily_ready(now) == 0  # the next hour's run
    assert list(Notification.objects.values_list("player_id", "kind", "data")) == [
        (asked.pk, kinds.DAILY_READY, {"url": "/daily/"})
    ]
    assert not Notification.objects.filter(player=quiet).exists()
