"""The seams between the engines and the world (issue 14): a clock never starts on someone who is not
there, a move names the turn it was made for, an offer its poster cannot cover is withdrawn.

Service level, the clock driven by the tests (`now=`); the sockets' side is in test_live_sockets.py."""

from __future__ import annotations

from datetime import timedelta

import pytest

from accounts.services import player_create_guest
from games.models import Match, MatchEvent, MatchResult, Room
from games.runtime import matches, rooms, scheduling
from games.runtime.errors import Refusal
from games.runtime.views import match_snapshot
from games.torneo import engine as torneo
from games.wordgrid import engine as wordgrid
from lobby import offers, queue
from lobby.models import StakeOffer
from tests.games.test_wordgrid_stakes import member
from wallet.models import Transfer
from wallet.selectors import balance_of, ledger_problems

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def accepted(stake: int = 50):
    ana, beto = member("ana"), member("beto")
    offer = offers.offer_post(player=ana, game="wordgrid", stake=stake)
    match = offers.offer_accept(player=beto, offer_id=offer.pk, interface_language="es")
    return ana, beto, match


# -- a clock starts when its players are there --------------------------------------------------------


def test_an_accepted_offer_starts_no_clock_until_both_players_open_the_room():
    ana, beto, match = accepted()
    start = match.started_at
    assert match.status == Match.ARRIVING and match.state == {}
    assert matches.match_advance(match_id=match.pk, now=start + timedelta(seconds=20)) is False
    frame = match_snapshot(match, ana)
    assert frame["view"] is None and frame["arriving"]["awaiting"] == [0, 1]
    with pytest.raises(Refusal) as refused:
        matches.match_act(match_id=match.pk, player=ana, action={"type": "resign"})
    assert refused.value.code == "not_begun"

    assert matches.match_arrive(match_id=match.pk, player=beto, now=start + timedelta(seconds=3))
    assert matches.match_arrive(match_id=match.pk, player=beto, now=start + timedelta(seconds=4)) is False
    match.refresh_from_db()
    assert match.status == Match.ARRIVING and match.arrival["awaiting"] == [0]
    began = start + timedelta(seconds=25)
    assert matches.match_arrive(match_id=match.pk, player=ana, now=began)
    match.refresh_from_db()
    state = wordgrid.from_json(match.state)
    # The poster, who moves first, has all ten minutes from the moment both were there.
    assert match.status == Match.PLAYING and state.turn_started_at == began
    assert wordgrid.remaining(state, 0, began) == timedelta(seconds=wordgrid.CLOCK_SECONDS)
    assert match_snapshot(match, ana)["turn"] == "move:0"
    assert balance_of(player=ana) == balance_of(player=beto) == 950  # the stakes stay in escrow


def test_a_player_who_never_arrives_loses_nothing_and_the_stakes_come_back_once():
    ana, beto, match = accepted()
    matches.match_arrive(match_id=match.pk, player=beto, now=match.started_at + timedelta(seconds=1))
    assert matches.match_advance(match_id=match.pk, now=match.started_at + timedelta(seconds=29)) is False
    late = match.started_at + timedelta(seconds=31)
    assert matches.match_advance(match_id=match.pk, now=late)
    match.refresh_from_db()
    assert match.status == Match.FINISHED and match.outcome["aborted"] and match.outcome["absent"] == [0]
    assert balance_of(player=ana) == balance_of(player=beto) == 1000
    assert not MatchResult.objects.filter(match=match).exists()  # an aborted game is nobody's loss
    assert Room.objects.get(pk=match.room_id).status == Room.WAITING
    frame = match_snapshot(match, beto)
    assert frame["view"] is None and frame["aborted"] == {"reason": "no_show", "absent": [0], "refunded": 50}

    # A repeated timer, the sweeper, an arrival after the end and an admin's stop change nothing.
    assert matches.match_advance(match_id=match.pk, now=late + timedelta(seconds=5)) is False
    assert matches.match_arrive(match_id=match.pk, player=ana, now=late) is False
    assert matches.match_stop(match_id=match.pk) is False
    assert Transfer.objects.filter(key=f"refund:{match.match_ref}").count() == 1
    # The wallet's history says why the stakes came back: a match called off before it began.
    assert Transfer.objects.get(key=f"refund:{match.match_ref}").kind == Transfer.Kind.CANCEL
    assert MatchEvent.objects.filter(match=match, kind="match_aborted").count() == 1
    assert ledger_problems() == []


def test_a_random_opponent_match_waits_for_both_and_a_game_against_the_ai_does_not():
    ana, beto = player_create_guest(nickname="Ana"), player_create_guest(nickname="Beto")
    assert queue.queue_join(player=ana, game="cruzadas", interface_language="es") is None
    room = queue.queue_join(player=beto, game="cruzadas", interface_language="es")
    assert room.matches.get().status == Match.ARRIVING

    solo = rooms.room_create(game="cruzadas", host=ana, seats=2, bot_level="easy", interface_language="es", settings={})
    assert matches.match_start(room=solo, by=ana).status == Match.PLAYING


# -- a move names the turn it was made for ------------------------------------------------------------


def test_a_wordgrid_move_made_for_a_turn_that_has_passed_is_refused():
    ana, beto = player_create_guest(nickname="Ana"), player_create_guest(nickname="Beto")
    match = _fresh_wordgrid(ana, beto)
    seen = match_snapshot(match, ana)["turn"]
    assert seen == "move:0" and match_snapshot(match, beto)["turn"] is None

    # Ana's clock runs out while her move is on its way: Beto has won, nothing of hers lands.
    state = wordgrid.from_json(match.state)
    past = state.turn_started_at + timedelta(seconds=wordgrid.CLOCK_SECONDS + 1)
    move = _a_wordgrid_move(match)
    with pytest.raises(Refusal) as refused:
        matches.match_act(match_id=match.pk, player=ana, action=move, turn=seen, now=past)
    assert refused.value.code == "stale_turn"

    # Made for her turn, in time: played. The same frame again, now for a turn she no longer has: stale.
    match = _fresh_wordgrid(ana, beto)
    seen = match_snapshot(match, ana)["turn"]
    matches.match_act(match_id=match.pk, player=ana, action=_a_wordgrid_move(match), turn=seen)
    version = Match.objects.get(pk=match.pk).version
    with pytest.raises(Refusal) as refused:
        matches.match_act(match_id=match.pk, player=ana, action=_a_wordgrid_move(match), turn=seen)
    assert refused.value.code == "stale_turn"
    assert Match.objects.get(pk=match.pk).version == version
    # Resigning belongs to no turn.
    matches.match_act(match_id=match.pk, player=ana, action={"type": "resign"}, turn=None)


def _fresh_wordgrid(ana, beto) -> Match:
    room = rooms.room_create(game="wordgrid", host=ana, seats=2, interface_language="es", settings={})
    rooms.room_join(room=room, player=beto)
    match = matches.match_start(room=room, by=ana)
    for player in (ana, beto):
        matches.match_arrive(match_id=match.pk, player=player)
    match.refresh_from_db()
    return match


def _a_wordgrid_move(match: Match) -> dict:
    from games.wordgrid import bots
    from wordlists.lexicon import dawg, lexicon

    state = wordgrid.from_json(match.state)
    import random

    return bots.bot_action(state, state.turn, "easy", random.Random(1), words=lexicon, dawg=dawg)


def test_a_torneo_guess_typed_before_the_clock_skipped_the_turn_is_not_played_on_the_next_one():
    people = [player_create_guest(nickname=f"Player{index}") for index in range(8)]
    room = rooms.room_create(
        game="torneo", host=people[0], seats=8, interface_language="es", settings={"language": "es", "rated": False}
    )
    for person in people[1:]:
        rooms.room_join(room=room, player=person)
    match = matches.match_start(room=room, by=None)
    state = torneo.from_json(match.state)
    opens = state.current.opens_at
    duel = state.current.duels[0]
    first = duel.seats[0] if duel.to_play == duel.seats[0] else duel.seats[1]
    seen = torneo.turn_of(torneo.advance(state, opens)[0], first)
    assert seen == f"{state.current.number}:0"
    # Two turns later (hers skipped by the clock, then her rival's) it is her turn again, a new one.
    later = opens + timedelta(seconds=2 * torneo.TURN_SECONDS + 1)
    with pytest.raises(Refusal) as refused:
        matches.match_act(
            match_id=match.pk, player=people[first], turn=seen, now=later, action={"type": "guess", "word": "perro"}
        )
    assert refused.value.code == "stale_turn"
    assert Match.objects.get(pk=match.pk).version == match.version  # nothing changed, not even the clock


def test_a_duelo_guess_for_a_round_that_has_ended_is_refused_and_one_for_this_round_is_not():
    ana, beto = player_create_guest(nickname="Ana"), player_create_guest(nickname="Beto")
    room = rooms.room_create(
        game="duelo",
        host=ana,
        seats=2,
        interface_language="es",
        settings={"language": "es", "rounds": 3, "round_seconds": 60},
    )
    rooms.room_join(room=room, player=beto)
    match = matches.match_start(room=room, by=ana)
    from games.duelo import engine as duelo

    state = duelo.from_json(match.state)
    opens = state.current.opens_at
    assert duelo.turn_of(state, 0) == "round:1"
    matches.match_act(
        match_id=match.pk,
        player=ana,
        action={"type": "guess", "word": "perro"},
        turn="round:1",
        now=opens + timedelta(seconds=1),
    )
    # Several guesses may be on their way for one round: the second names the same round and is played.
    matches.match_act(
        match_id=match.pk,
        player=ana,
        action={"type": "guess", "word": "gatos"},
        turn="round:1",
        now=opens + timedelta(seconds=2),
    )
    after_round = opens + timedelta(seconds=60 + 30)
    with pytest.raises(Refusal) as refused:
        matches.match_act(
            match_id=match.pk, player=beto, action={"type": "guess", "word": "perro"}, turn="round:1", now=after_round
        )
    assert refused.value.code == "stale_turn"


# -- offers that cannot be covered ------------------------------------------------------------------


def test_an_offer_whose_poster_can_no_longer_cover_it_is_withdrawn_not_left_to_fail_for_everyone():
    ana, beto, carla = member("ana"), member("beto"), member("carla")
    big = offers.offer_post(player=ana, game="wordgrid", stake=500)
    small = offers.offer_post(player=ana, game="wordgrid", stake=100)
    other = offers.offer_post(player=ana, game="wordgrid", stake=500)
    offers.offer_accept(player=beto, offer_id=big.pk, interface_language="es")
    offers.offer_accept(player=carla, offer_id=other.pk, interface_language="es")
    # Ana has 0 left: her 100 offer went down with the second accept, before anyone could try it.
    assert StakeOffer.objects.get(pk=small.pk).status == StakeOffer.WITHDRAWN
    with pytest.raises(Refusal) as refused:
        offers.offer_accept(player=carla, offer_id=small.pk, interface_language="es")
    assert refused.value.code == "offer_gone"


def test_accepting_an_offer_the_poster_cannot_cover_withdraws_it_with_a_message():
    ana, beto, carla = member("ana", 100), member("beto"), member("carla")
    offer = offers.offer_post(player=ana, game="wordgrid", stake=100)
    # Ana's credits went elsewhere meanwhile, by a way that is not one of her offers.
    from wallet.services import escrow_hold

    escrow_hold(match_ref="match-elsewhere", stake=100, key="hold:elsewhere", players=[ana, carla])
    with pytest.raises(Refusal) as refused:
        offers.offer_accept(player=beto, offer_id=offer.pk, interface_language="es")
    assert refused.value.code == "cannot_cover_poster" and "withdrawn" in refused.value.text
    assert StakeOffer.objects.get(pk=offer.pk).status == StakeOffer.WITHDRAWN
    assert not Match.objects.exists() and balance_of(player=beto) == 1000
