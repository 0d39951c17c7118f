"""Torneo through the runtime on PostgreSQL: rated tournaments change ratings as places are fixed, practice
ones never; leaving and abandoning; a tournament is never started from a host's button.

The clock is driven by the tests (`now=`); the same flow with real Celery timers and bots is in
tests/integration/test_torneo_practice.py.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.utils import timezone

from accounts.services import player_create_guest
from games.models import Match, MatchResult
from games.runtime import matches, presence, rooms, scheduling
from games.runtime.abandon import abandons_sweep
from games.runtime.errors import Refusal
from games.runtime.views import match_snapshot
from games.torneo import engine
from games.torneo.rating import change_at_placement, rating_changes
from ratings.models import Rating, RatingChange

pytestmark = pytest.mark.django_db

# Eight ratings within 200 of each other, all different, so every change is an unequal case.
START = [1100, 1000, 950, 1040, 980, 1120, 1010, 1060]


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


@pytest.fixture
def eight(db):
    people = [player_create_guest(nickname=f"Player{index}") for index in range(8)]
    for person, value in zip(people, START, strict=True):
        Rating.objects.create(player=person, game="torneo", value=value)
    return people


def torneo_room(people, *, rated, bots=""):
    room = rooms.room_create(
        game="torneo",
        host=people[0],
        seats=8,
        bot_level=bots,
        interface_language="es",
        settings={"language": "es", "rated": rated},
    )
    for person in people[1:]:
        rooms.room_join(room=room, player=person)
    return room


def state_of(match):
    match.refresh_from_db()
    return engine.from_json(match.state)


def play_round(match, people, now, *, solver_is_first=True):
    """Open the round (after its intro) and end every duel: the first to play solves, or (when told not to)
    the first guesses wrong and the second solves."""
    now += timedelta(seconds=engine.INTRO_SECONDS + 1)
    matches.match_advance(match_id=match.pk, now=now)
    state = state_of(match)
    for duel in state.current.duels:
        first, second = duel.seats
        if not solver_is_first:
            wrong = next(
                w
                for w in ("perro", "casa", "camino", "gatos", "mesa", "puerta")
                if len(w) == duel.length and w != duel.hidden
            )
            now += timedelta(seconds=1)
            matches.match_act(match_id=match.pk, player=people[first], action={"type": "guess", "word": wrong}, now=now)
            first = second
        now += timedelta(seconds=1)
        matches.match_act(
            match_id=match.pk, player=people[first], action={"type": "guess", "word": duel.hidden}, now=now
        )
    return now


def test_a_rated_tournament_moves_each_rating_once_as_places_are_fixed(eight):
    room = torneo_room(eight, rated=True)
    now = timezone.now()
    match = matches.match_start(room=room, by=None, now=now)
    assert [sitter["rating"] for sitter in match.lineup] == START

    first_placed_seen = False
    rounds = 0
    while match.status == Match.PLAYING:
        now = play_round(match, eight, now, solver_is_first=rounds % 2 == 0)
        rounds += 1
        match.refresh_from_db()
        state = engine.from_json(match.state)
        placed = [seat for seat in range(8) if state.places[seat] is not None]
        changes = {row.player_id: row for row in RatingChange.objects.filter(match=match)}
        # Everyone placed so far has their change already, the others none.
        assert {eight[seat].pk for seat in placed} == set(changes)
        if placed and match.status == Match.PLAYING and not first_placed_seen:
            first_placed_seen = True
            seat = placed[0]
            assert changes[eight[seat].pk].delta == change_at_placement(START, state.places, seat)
            view = match_snapshot(match, eight[seat])
            assert view["ratings"][str(seat)]["change"] == changes[eight[seat].pk].delta
        assert rounds < engine.max_rounds(8)
    assert first_placed_seen, "somebody was placed before the end"

    places = match.outcome["places"]
    expected = rating_changes(START, places)
    for seat, person in enumerate(eight):
        change = RatingChange.objects.get(match=match, player=person)
        assert (change.before, change.delta, change.place) == (START[seat], expected[seat], places[seat])
        assert Rating.objects.get(player=person, game="torneo").value == START[seat] + expected[seat]
    assert places.count(1) == 1 and expected[places.index(1)] > 0
    # Fewer lives lost, never a worse place.
    state = state_of(match)
    for a in range(8):
        for b in range(8):
            if (
                state.out_round[a] is not None
                and state.out_round[b] is not None
                and state.out_round[a] < state.out_round[b]
            ):
                assert places[a] > places[b]

    # A repeated timer or a second processing of the end changes nothing.
    assert matches.match_advance(match_id=match.pk, now=now + timedelta(minutes=5)) is False
    assert RatingChange.objects.filter(match=match).count() == 8
    assert MatchResult.objects.filter(match=match).count() == 8


def test_a_practice_tournament_with_bots_is_unrated(eight):
    alone = eight[0]
    room = torneo_room([alone], rated=False, bots="medium")
    match = matches.match_start(room=room, by=None)
    assert "rating" not in match.lineup[0] and match_snapshot(match, alone)["ratings"] is None
    matches.match_stop(match_id=match.pk)
    assert not RatingChange.objects.exists()
    assert Rating.objects.get(player=alone, game="torneo").value == START[0]


def test_a_bot_in_a_room_makes_it_unrated_even_if_asked_rated(eight):
    room = torneo_room(eight[:7], rated=True, bots="")
    rooms.room_fill_with_bots(room=room, level="easy")
    match = matches.match_start(room=room, by=None)
    matches.match_stop(match_id=match.pk)
    assert not RatingChange.objects.filter(match=match).exists()


def test_the_host_cannot_start_a_tournament_it_starts_when_the_lobby_fills_it(eight):
    room = torneo_room(eight, rated=False)
    with pytest.raises(Refusal) as caught:
        matches.match_start(room=room, by=eight[0])
    assert caught.value.code == "starts_by_itself"
    assert not Match.objects.exists()


def test_leaving_after_the_start_loses_the_duel_and_places_the_leaver_below(eight, client):
    room = torneo_room(eight, rated=True)
    now = timezone.now()
    match = matches.match_start(room=room, by=None, now=now)
    matches.match_advance(match_id=match.pk, now=now + timedelta(seconds=engine.INTRO_SECONDS + 1))
    leaver = eight[3]
    client.cookies = _cookies_for(client, leaver)
    response = client.post(f"/r/{room.code}/leave/")
    assert response.status_code == 302 and response.url == "/lobby/"
    state = state_of(match)
    duel = next(d for d in state.current.duels if 3 in d.seats)
    rival = next(s for s in duel.seats if s != 3)
    assert state.left[3] and state.lives[3] == 0 and duel.end == engine.FORFEIT and duel.winner == rival
    # The seat stays in the lineup (the match is theirs to have lost); the room still shows it taken.
    assert room.seats.get(index=3).player_id == leaver.pk
    # Leaving again changes nothing.
    version = match.version
    client.post(f"/r/{room.code}/leave/")
    match.refresh_from_db()
    assert match.version == version


def _cookies_for(client, player):
    """A guest's session, as the guest link would have made it."""
    from accounts.selectors import GUEST_SESSION_KEY

    session = client.session
    session[GUEST_SESSION_KEY] = player.pk
    session.save()
    return client.cookies


def test_someone_away_for_60_seconds_has_abandoned_and_someone_online_has_not(eight):
    room = torneo_room(eight, rated=False)
    start = timezone.now()
    match = matches.match_start(room=room, by=None, now=start)
    for person in eight[1:]:
        async_to_sync(presence.arrive)(room.code, person.pk, "tab")
    try:
        # eight[0] never opened the room: away since the start.
        assert abandons_sweep(now=start + timedelta(seconds=59)) == 0
        assert abandons_sweep(now=start + timedelta(seconds=61)) == 1
        state = state_of(match)
        assert state.left[0] and state.out_round[0] is not None
        assert not any(state.left[1:])
        # A second sweep changes nothing: the abandon is applied once.
        assert abandons_sweep(now=start + timedelta(seconds=70)) == 0

        # eight[5] drops; away 60 s counts from the moment the last socket closed.
        async_to_sync(presence.leave)(room.code, eight[5].pk, "tab")
        assert abandons_sweep(now=timezone.now() + timedelta(seconds=30)) == 0
        async_to_sync(presence.arrive)(room.code, eight[5].pk, "tab")  # back in time
        assert abandons_sweep(now=timezone.now() + timedelta(seconds=90)) == 0
        assert not state_of(match).left[5]
    finally:
        for person in eight:
            async_to_sync(presence.leave)(room.code, person.pk, "tab")


def test_a_rooms_next_tournament_avoids_the_words_its_last_one_drew(eight, monkeypatch):
    """Each game tells which hidden words it drew (the engine's `drawn_words`): the runtime read a key the
    Torneo's state does not have, so a room's next tournament could draw the same duel words again."""
    room = torneo_room(eight, rated=False)
    now = timezone.now()
    first = matches.match_start(room=room, by=None, now=now)
    drawn = {word for block in state_of(first).words for _length, word, _shown in block}
    assert matches.match_stop(match_id=first.pk) is True

    avoided = []
    new_game = engine.new_game

    def watching(*args, **kwargs):
        avoided.append(set(kwargs["avoid"]))
        return new_game(*args, **kwargs)

    monkeypatch.setattr(engine, "new_game", watching)
    room.refresh_from_db()
    second = matches.match_start(room=room, by=None, now=now + timedelta(minutes=1))
    assert avoided == [drawn]
    assert not drawn & {word for block in state_of(second).words for _length, word, _shown in block}
