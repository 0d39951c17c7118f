"""A whole practice tournament, 1 person and 7 bots, through the real services, a real Celery worker and
beat (timers, bots, sweeper), PostgreSQL and Redis. The person plays their duels through the same service
a browser's socket calls (choosing guesses with the medium bot's logic, as a careful human would).

Bots think 20x faster than on the site (BOT_THINK_SCALE); the rules' clocks (6 s intro, 30 s turns) are
real, so this takes a minute or two.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from asgiref.sync import async_to_sync
from django.utils import timezone

from games.kit.errors import GameError
from games.models import Match, MatchEvent, MatchResult
from games.runtime import matches, presence, rooms
from games.torneo import bots, engine
from ratings.models import RatingChange
from tests.integration.stack import flush_redis, stack_env, start_site, stop, tail, wait_for
from wordlists.lexicon import lexicon

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_practice_tournament_with_bots_plays_to_consistent_final_standings(alice, tmp_path):
    person = alice.player
    env = stack_env(BOT_THINK_SCALE="0.05")
    flush_redis()
    processes = start_site(tmp_path, env)
    rng = random.Random(7)
    try:
        room = rooms.room_create(
            game="torneo",
            host=person,
            seats=8,
            bot_level="hard",
            interface_language="es",
            settings={"language": "es", "rated": False},
        )
        # The person has the room open (else after 60 s the sweeper would count them as gone).
        async_to_sync(presence.arrive)(room.code, person.pk, "tab")
        match = matches.match_start(room=room, by=None)
        played = 0

        def finished() -> bool:
            nonlocal played
            match.refresh_from_db()
            if match.status == Match.FINISHED:
                return True
            async_to_sync(presence.beat)(room.code, person.pk, "tab")  # the page's pings
            state, _events = engine.advance(engine.from_json(match.state), timezone.now())
            if bots.bot_turn(state, 0) is not None:
                action = bots.bot_action(state, 0, "medium", rng, words=lexicon)
                try:
                    matches.match_act(match_id=match.pk, player=person, action=action)
                    played += 1
                except GameError:
                    pass  # the clock moved on between reading and acting (or the match ended): the next poll sees it
            return False

        assert wait_for(finished, 420, every=0.5), tail(tmp_path, "worker-live", 4000) + tail(tmp_path, "clock")
    finally:
        async_to_sync(presence.leave)(room.code, person.pk, "tab")
        stop(processes)

    state = engine.from_json(match.state)
    result = match.outcome
    places = result["places"]
    assert played > 0
    # One winner standing (or a shared first place when all the rest fell together), and places that
    # follow the rounds people fell in: who fell later is never placed below who fell earlier.
    winners = [seat for seat in range(8) if places[seat] == 1]
    assert winners and all(state.lives[seat] > 0 or len(winners) > 1 for seat in winners)
    for a in range(8):
        for b in range(8):
            ra, rb = state.out_round[a], state.out_round[b]
            if ra is not None and rb is not None and ra < rb:
                assert places[a] > places[b]
            if ra is not None and ra == rb:
                assert places[a] == places[b]
    # A shared place n covers k players: the next place is n + k.
    counts = Counter(places)
    for place, count in counts.items():
        later = [p for p in counts if p > place]
        if later:
            assert min(later) == place + count
    assert all(duel.over for duel in state.current.duels) and 2 <= len(state.rounds) <= engine.max_rounds(8)
    # Every round had its pairings, and no turn ran out twice (timers and the sweeper are idempotent).
    skipped = Counter(
        (event.data["round"], tuple(sorted(event.data.items())))
        for event in MatchEvent.objects.filter(match=match, kind="turn_skipped")
    )
    assert all(count == 1 for count in skipped.values())
    # (the first round's pairings are part of the starting state; each later round announces its own)
    assert MatchEvent.objects.filter(match=match, kind="round_starting").count() == len(state.rounds) - 1
    # Practice is unrated: the person's result is recorded, no rating moves.
    mine = MatchResult.objects.get(match=match, player=person)
    assert mine.place == places[0]
    assert not RatingChange.objects.exists()
