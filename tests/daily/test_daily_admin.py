"""Operators see the daily puzzles, commitments and plays in the admin, read-only, and never a salt before its
date is over."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from daily import services
from daily.models import Commitment, Puzzle
from toolkit import days

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-operator-password-123"


@pytest.fixture
def operator():
    client = Client()
    client.force_login(get_user_model().objects.create_superuser("ops", "ops@example.com", PASSWORD))
    return client


def test_an_operator_sees_the_puzzles_and_commitments_but_no_salt_and_changes_nothing(operator):
    services.puzzles_make(days.utc_day(timezone.now()))
    record = Commitment.objects.get(game="duelo")
    listing = operator.get("/admin/daily/commitment/").content.decode()
    assert record.digest in listing and record.salt not in listing
    detail = operator.get(f"/admin/daily/commitment/{record.pk}/change/").content.decode()
    assert record.salt not in detail
    assert operator.get("/admin/daily/puzzle/").status_code == 200
    puzzle = Puzzle.objects.first()
    assert operator.post(f"/admin/daily/puzzle/{puzzle.pk}/delete/", {"post": "yes"}).status_code == 403
    assert operator.get("/admin/daily/puzzle/add/").status_code == 403
    assert Puzzle.objects.filter(pk=puzzle.pk).exists()
