"""The match's JSON columns convert with orjson (games.fields, decision 60) and store and refuse exactly what
Django's JSONField stores and refuses: a state written by one reads back the same through the other, a value
JSON cannot hold is refused before anything is written, and queries into the JSON still work."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from django.db import connection, transaction

from games.fields import dumps
from games.models import Match
from games.runtime import match_rows
from tests.games.test_move_path_statements import mid_game

AWKWARD = {
    "text": 'ñandú — 한글 "quoted" \\ back\nline\u2028sep',
    "numbers": [0, -1, 2**62, 1.5, -0.25],
    "nested": {"empty": {}, "none": None, "flags": [True, False]},
    "3": "a key that looks like a number",
}


def _stored_text(match_id: int) -> str:
    """The column as PostgreSQL or SQLite holds it, read past the field."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT state FROM games_match WHERE id = %s", [match_id])
        value = cursor.fetchone()[0]
    return value if isinstance(value, str) else json.dumps(value)


@pytest.mark.django_db
def test_a_state_written_with_orjson_is_the_json_the_standard_library_reads(tasks):
    match, _people, _now = mid_game("cruzadas")
    state = {**match.state, "extra": AWKWARD}
    Match.objects.filter(pk=match.pk).update(state=state)
    assert json.loads(_stored_text(match.pk)) == json.loads(json.dumps(state))
    assert Match.objects.get(pk=match.pk).state == json.loads(json.dumps(state))  # "3" stays a text key


@pytest.mark.django_db
def test_a_state_written_by_the_move_path_reads_back_whole(tasks):
    match, _people, _now = mid_game("wordgrid")
    with transaction.atomic():
        locked = match_rows.lock(match.pk)
        locked.state = {**locked.state, "extra": AWKWARD}
        match_rows.save(locked, ["state"])
    assert Match.objects.get(pk=match.pk).state["extra"] == AWKWARD


@pytest.mark.django_db
@pytest.mark.parametrize(
    "bad",
    [datetime(2026, 12, 2, tzinfo=UTC), {1, 2}, object()],
    ids=["datetime", "set", "object"],
)
def test_a_value_json_cannot_hold_is_refused_and_nothing_is_written(tasks, bad):
    match, _people, _now = mid_game("wordgrid")
    before = Match.objects.get(pk=match.pk).state
    with pytest.raises(TypeError), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(state={**before, "bad": bad})
    assert Match.objects.get(pk=match.pk).state == before


def test_dumps_writes_what_json_writes_for_plain_data():
    assert json.loads(dumps(AWKWARD)) == AWKWARD
    assert json.loads(dumps({1: "one"})) == json.loads(json.dumps({1: "one"}))


@pytest.mark.django_db
def test_queries_into_the_state_still_work(tasks):
    match, _people, _now = mid_game("wordgrid")
    schema = match.state["schema"]
    assert Match.objects.filter(pk=match.pk, state__schema=schema).exists()
    assert list(Match.objects.filter(pk=match.pk).values_list("state__schema", flat=True)) == [schema]
    assert not Match.objects.filter(pk=match.pk, state__schema=schema + 1).exists()
