"""The shared runtime on PostgreSQL: rooms, the one service path, deadlines applied once."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.duelo import engine
from games.models import Match, MatchEvent, MatchResult, Room
from games.runtime import matches, rooms, scheduling
from games.runtime.errors import IllegalMove, Refusal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    """These tests drive the clock themselves (`now=`); the clock process and the bots are tested with the
    real processes in tests/integration."""
    with scheduling.timers_disabled():
        yield


def make_room(host, *, seats=2, bots="", **settings):
    return rooms.room_create(
        game="duelo",
        host=host,
        seats=seats,
        bot_level=bots,
        interface_language="es",
        settings={"language": "es", "rounds": 1, "round_seconds": 60, **settings},
    )


def started(room, host, now):
    match = matches.match_start(room=room, by=host, now=now)
    return match, engine.from_json(match.state)


def test_a_guest_host_opens_up_to_four_seats_and_a_member_up_to_six(alice, bob_guest):
    with pytest.raises(Refusal) as caught:
        make_room(bob_guest, seats=5)
    assert caught.value.code == "guest_seat_limit"
    assert make_room(bob_guest, seats=4).seats.count() == 4
    assert make_room(alice.player, seats=6).seats.count() == 6
    with pytest.raises(Refusal):
        make_room(alice.player, seats=7)


def test_bad_room_options_are_refused_and_create_nothing(alice):
    for bad in [{"language": "xx"}, {"rounds": 2}, {"round_seconds": 75}]:
        with pytest.raises(Refusal):
            make_room(alice.player, **bad)
    assert not Room.objects.exists()


def test_the_word_language_defaults_to_the_interface_language(alice):
    room = rooms.room_create(game="duelo", host=alice.player, seats=2, interface_language="fr", settings={})
    assert room.settings == {"language": "fr", "rounds": 3, "round_seconds": 90}


def test_a_friend_by_link_takes_the_free_seat_and_latecomers_watch(alice, bob_guest, carol_guest):
    room = make_room(alice.player, seats=2)
    assert rooms.room_join(room=room, player=bob_guest).index == 1
    assert rooms.room_join(room=room, player=bob_guest).index == 1  # coming back: the same seat
    assert rooms.room_join(room=room, player=carol_guest) is None


def test_only_the_host_starts_and_only_with_every_seat_filled(alice, bob_guest):
    room = make_room(alice.player, seats=3)
    rooms.room_join(room=room, player=bob_guest)
    with pytest.raises(Refusal) as caught:
        matches.match_start(room=room, by=alice.player)
    assert caught.value.code == "seats_not_filled"
    rooms.room_seat_set(room=room, by=alice.player, index=2, bot_level="hard")
    with pytest.raises(Refusal) as caught:
        matches.match_start(room=room, by=bob_guest)
    assert caught.value.code == "not_host"
    match = matches.match_start(room=room, by=alice.player)
    assert match.lineup == [
        {"player": alice.player.pk, "bot": ""},
        {"player": bob_guest.pk, "bot": ""},
        {"player": None, "bot": "hard"},
    ]
    room.refresh_from_db()
    assert room.status == Room.PLAYING
    with pytest.raises(Refusal):
        rooms.room_seat_set(room=room, by=alice.player, index=2, bot_level="")


def test_a_guess_goes_through_the_service_and_a_bad_one_changes_nothing(alice, bob_guest):
    now = timezone.now()
    room = make_room(alice.player)
    rooms.room_join(room=room, player=bob_guest)
    match, state = started(room, alice.player, now)
    playing = state.current.opens_at + timedelta(seconds=1)
    with pytest.raises(IllegalMove) as caught:
        matches.match_act(
            match_id=match.pk, player=alice.player, action={"type": "guess", "word": "zzzzz"}, now=playing
        )
    assert caught.value.code == "not_in_list"
    match.refresh_from_db()
    # a refused move writes nothing: the log still holds only the start and the first state
    assert match.version == 1 and MatchEvent.objects.filter(match=match).count() == 2
    version = matches.match_act(
        match_id=match.pk, player=alice.player, action={"type": "guess", "word": "árbol"}, now=playing
    )
    match.refresh_from_db()
    assert version == match.version == 2
    assert "guessed" in set(MatchEvent.objects.filter(match=match).values_list("kind", flat=True))
    view = engine.view(engine.from_json(match.state), 0)
    assert view["grid"]["rows"][0]["shown"] == "árbol"  # the list's spelling, accent included


def test_someone_not_at_the_table_cannot_play_for_a_seat(alice, bob_guest, carol_guest):
    now = timezone.now()
    room = make_room(alice.player)
    rooms.room_join(room=room, player=bob_guest)
    match, state = started(room, alice.player, now)
    with pytest.raises(Refusal) as caught:
        matches.match_act(
            match_id=match.pk, player=carol_guest, action={"type": "guess", "word": "árbol"}, now=state.current.opens_at
        )
    assert caught.value.code == "not_seated"


def test_a_stale_deadline_does_nothing_and_a_current_one_advances(alice, bob_guest):
    now = timezone.now()
    room = make_room(alice.player)
    rooms.room_join(room=room, player=bob_guest)
    match, state = started(room, alice.player, now)
    opens = state.current.opens_at
    # The clock's read of another deadline (one the match no longer has) changes nothing, even when due.
    assert matches.match_advance(match_id=match.pk, deadline=opens - timedelta(seconds=1), now=opens) is False
    match.refresh_from_db()
    assert match.version == 1 and match.state["phase"] == "starting"
    assert matches.match_advance(match_id=match.pk, deadline=opens, now=opens) is True
    match.refresh_from_db()
    assert match.version == 2 and match.state["phase"] == "playing"
    assert match.deadline == state.current.clock_ends_at
    # The same deadline applied twice (two clocks): it has passed on, the second does nothing.
    assert matches.match_advance(match_id=match.pk, deadline=opens, now=opens) is False


def test_the_sweeper_path_catches_up_a_whole_match_at_once(alice, bob_guest):
    now = timezone.now()
    room = make_room(alice.player)
    rooms.room_join(room=room, player=bob_guest)
    match, _state = started(room, alice.player, now)
    assert matches.match_advance(match_id=match.pk, now=now + timedelta(minutes=10)) is True
    match.refresh_from_db()
    room.refresh_from_db()
    assert match.status == Match.FINISHED and match.outcome["draw"] is True
    assert room.status == Room.WAITING  # the host may play again
    assert MatchResult.objects.filter(match=match).count() == 2


def test_results_are_stored_per_player_when_the_match_ends(alice, bob_guest):
    now = timezone.now()
    room = make_room(alice.player, seats=3, bots="easy")
    rooms.room_join(room=room, player=bob_guest)  # no free seat: bob only watches
    match, state = started(room, alice.player, now)
    hidden = state.hidden_words[0]
    matches.match_act(
        match_id=match.pk, player=alice.player, action={"type": "guess", "word": hidden}, now=state.current.opens_at
    )
    matches.match_advance(match_id=match.pk, now=now + timedelta(minutes=5))
    result = MatchResult.objects.get(match=match)
    assert (result.player, result.won, result.points, result.place) == (alice.player, True, 75, 1)
    assert result.details["rounds"][0]["guesses"] == 1


def test_play_again_in_the_same_room_never_repeats_a_recent_word(alice, bob_guest):
    room = make_room(alice.player)
    rooms.room_join(room=room, player=bob_guest)
    seen = []
    now = timezone.now()
    for _ in range(3):
        match, state = started(room, alice.player, now)
        seen.append(state.hidden_words[0])
        matches.match_advance(match_id=match.pk, now=now + timedelta(minutes=5))
        now += timedelta(minutes=6)
        room.refresh_from_db()
    assert len(set(seen)) == 3 and Match.objects.filter(room=room).count() == 3


def test_an_admin_ends_a_stuck_match_through_the_same_path(alice, bob_guest):
    room = make_room(alice.player)
    rooms.room_join(room=room, player=bob_guest)
    match, _ = started(room, alice.player, timezone.now())
    assert matches.match_stop(match_id=match.pk) is True
    match.refresh_from_db()
    assert match.status == Match.FINISHED and match.outcome["stopped"] == "admin"
    assert matches.match_stop(match_id=match.pk) is False


@pytest.mark.django_db(transaction=True)
def test_two_guesses_at_the_same_moment_from_two_seats_are_both_applied_in_order(alice, bob_guest):
    room = make_room(alice.player)
    rooms.room_join(room=room, player=bob_guest)
    match, state = started(room, alice.player, timezone.now())
    at = state.current.opens_at + timedelta(seconds=1)
    barrier = threading.Barrier(2)
    errors = []

    def guess(player, word):
        try:
            barrier.wait()
            with scheduling.timers_disabled():
                matches.match_act(match_id=match.pk, player=player, action={"type": "guess", "word": word}, now=at)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=guess, args=(alice.player, "árbol")),
        threading.Thread(target=guess, args=(bob_guest, "perro")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    match.refresh_from_db()
    assert match.version == 3
    final = engine.from_json(match.state)
    assert [len(seat.rows) for seat in final.current.seats] == [1, 1]
    versions = list(MatchEvent.objects.filter(match=match, kind="guessed").values_list("version", flat=True))
    assert sorted(versions) == [2, 3]


def test_a_word_an_admin_banned_is_never_a_hidden_word(alice, bob_guest):
    from wordlists.lexicon import lexicon
    from wordlists.models import BannedWord, WordList

    hidden = lexicon("duelo-es-5-hidden").words
    allowed = set(hidden[:3])
    word_list = WordList.objects.get(slug="duelo-es-5-hidden")
    BannedWord.objects.bulk_create(
        [BannedWord(word_list=word_list, word=word, reason="test") for word in hidden if word not in allowed]
    )
    room = make_room(alice.player, rounds=3)
    rooms.room_join(room=room, player=bob_guest)
    _match, state = started(room, alice.player, timezone.now())
    assert set(state.hidden_words) == allowed
