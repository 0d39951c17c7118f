"""Who is "still in" a tournament: seated in a Torneo match being played whose place is not fixed yet."""

import pytest

from games.runtime.matches import match_act, match_stop
from lobby import parties, tournament_queue
from lobby.selectors import tournament_players_still_in

pytestmark = pytest.mark.django_db


def test_a_player_is_still_in_until_their_place_is_fixed_and_then_free_while_others_play_on(person):
    ana, beto, carla = person(nickname="Ana"), person(nickname="Beto"), person(nickname="Carla")
    party = parties.party_create(player=ana, language="es")
    parties.party_join(party=party, player=beto)
    assert tournament_players_still_in([ana.pk, beto.pk, carla.pk]) == set()
    room = parties.party_start_practice(party=party, by=ana, interface_language="es")
    match = room.matches.get()
    assert tournament_players_still_in([ana.pk, beto.pk, carla.pk]) == {ana.pk, beto.pk}
    match_act(match_id=match.pk, player=ana, action={"type": "leave"})  # out: her place is fixed
    match.refresh_from_db()
    assert match.status == "playing" and match.state["out_round"][match.seat_of(ana.pk)] is not None
    assert tournament_players_still_in([ana.pk, beto.pk]) == {beto.pk}
    match_stop(match_id=match.pk)  # the tournament ends: nobody is in it any more
    assert tournament_players_still_in([ana.pk, beto.pk]) == set()


def test_other_games_do_not_count(person):
    from games.runtime.matches import match_start
    from games.runtime.rooms import room_create

    ana = person()
    room = room_create(
        game="duelo", host=ana, seats=2, bot_level="easy", settings={"language": "es"}, interface_language="es"
    )
    match_start(room=room, by=ana)
    assert tournament_players_still_in([ana.pk]) == set()
    tournament_queue.practice_alone(player=ana, language="es", interface_language="es")
    assert tournament_players_still_in([ana.pk]) == {ana.pk}
