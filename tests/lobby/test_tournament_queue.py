"""The rated tournament queue through the real services and PostgreSQL: rooms of 8 within 200 points,
a window that never widens, groups entering one room, and nobody waiting twice or while still playing."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match, Room
from games.runtime.matches import match_act
from lobby import parties, tournament_queue
from lobby.errors import Refusal
from lobby.models import TicketPlayer, TournamentTicket
from lobby.selectors import waiting_in_window
from ratings.models import Rating

pytestmark = pytest.mark.django_db


def join(player, language="es"):
    return tournament_queue.queue_join_alone(player=player, language=language, interface_language="es")


def seated(room: Room) -> list[int]:
    return list(room.seats.exclude(player=None).order_by("index").values_list("player_id", flat=True))


def rating(player_id: int) -> int:
    found = Rating.objects.filter(player_id=player_id, game="torneo").values_list("value", flat=True).first()
    return 1000 if found is None else found


def test_the_room_starts_when_the_eighth_player_arrives_and_not_before(person):
    players = [person(1000 + 10 * index) for index in range(8)]
    for player in players[:7]:
        assert join(player) is None
    assert not Room.objects.exists() and TicketPlayer.objects.count() == 7
    room = join(players[7])
    assert room is not None and room.status == Room.PLAYING
    assert seated(room) == [player.pk for player in players]
    match = room.matches.get()
    assert match.status == Match.PLAYING and all(not sitter["bot"] for sitter in match.lineup)
    assert room.settings == {"language": "es", "rated": True}
    assert not TournamentTicket.objects.exists()


def test_only_players_of_the_same_word_language_share_a_room(person):
    for _index in range(7):
        assert join(person(1000), language="es") is None
    assert join(person(1000), language="de") is None
    assert Room.objects.count() == 0


def test_players_250_apart_never_meet_however_long_they_wait(person):
    low = [person(1000) for _ in range(4)]
    high = [person(1250) for _ in range(4)]
    for player in low + high:
        assert join(player) is None
    # An hour later, still apart: the window never widens with the wait.
    TournamentTicket.objects.update(created_at=timezone.now() - timedelta(hours=1))
    assert join(person(1125)) is None  # within 200 of both sides, but the two sides are 250 apart
    for _ in range(2):
        assert join(person(1000)) is None
    room = join(person(1000))  # 4 + 3 at 1000 and the 1125: eight within 125
    assert room is not None
    ratings = [rating(player_id) for player_id in seated(room)]
    assert max(ratings) - min(ratings) <= 200 and not set(seated(room)) & {player.pk for player in high}
    assert set(TicketPlayer.objects.values_list("player_id", flat=True)) == {player.pk for player in high}


def test_many_random_arrivals_never_put_two_people_more_than_200_apart_in_a_room(person):
    rng = random.Random(2024)
    bands = [900, 1000, 1100, 1150, 1250, 1400]
    for round_number in range(90):
        if rng.random() < 0.15:
            base = rng.choice(bands)
            members = [person(base + rng.randint(0, 150)) for _ in range(rng.randint(2, 4))]
            party = parties.party_create(player=members[0], language="es")
            for member in members[1:]:
                parties.party_join(party=party, player=member)
            parties.party_start_rated(party=party, by=members[0], interface_language="es")
        else:
            join(person(rng.choice(bands) + rng.randint(-60, 60)))
        if round_number % 30 == 29:
            TournamentTicket.objects.update(created_at=timezone.now() - timedelta(hours=2))
    rooms = list(Room.objects.filter(game="torneo"))
    assert len(rooms) >= 3  # the test made rooms to look at
    everyone = []
    for room in rooms:
        people = seated(room)
        ratings = [rating(player_id) for player_id in people]
        assert len(people) == 8 and max(ratings) - min(ratings) <= 200, (room.code, ratings)
        everyone += people
    assert len(everyone) == len(set(everyone))  # nobody in two rooms
    assert not TicketPlayer.objects.filter(player_id__in=everyone).exists()  # nor in a room and the queue


def test_a_group_enters_one_room_and_strangers_fill_it(person):
    strangers = [person(1050) for _ in range(5)]
    for stranger in strangers:
        assert join(stranger) is None
    ana, beto, carla = person(1000, "Ana"), person(1100, "Beto"), person(1190, "Carla")
    party = parties.party_create(player=ana, language="es")
    parties.party_join(party=party, player=beto)
    parties.party_join(party=party, player=carla)
    room = parties.party_start_rated(party=party, by=ana, interface_language="es")
    assert room is not None
    assert set(seated(room)) == {ana.pk, beto.pk, carla.pk, *(stranger.pk for stranger in strangers)}
    assert room.settings == {"language": "es", "rated": True, "group": party.code}
    assert not TournamentTicket.objects.exists()


def test_a_waiting_group_is_never_split_across_rooms(person):
    def group_waiting(size):
        members = [person(1000) for _ in range(size)]
        party = parties.party_create(player=members[0], language="es")
        for member in members[1:]:
            parties.party_join(party=party, player=member)
        assert parties.party_start_rated(party=party, by=members[0], interface_language="es") is None
        return {member.pk for member in members}

    three, six = group_waiting(3), group_waiting(6)  # 9 people, but no room takes both or splits one
    assert join(person(1000)) is None  # 6 + 1 = 7, 3 + 1 = 4
    last = person(1000)
    room = join(last)  # 6 + 1 + 1 = 8
    assert room is not None and six | {last.pk} <= set(seated(room)) and not three & set(seated(room))
    assert set(TicketPlayer.objects.values_list("player_id", flat=True)) == three  # still waiting whole


def test_a_group_spanning_more_than_200_cannot_start_rated_and_nothing_changes(person):
    ana, beto = person(1000, "Ana"), person(1250, "Beto")
    party = parties.party_create(player=ana, language="es")
    parties.party_join(party=party, player=beto)
    with pytest.raises(Refusal) as refused:
        parties.party_start_rated(party=party, by=ana, interface_language="es")
    assert refused.value.code == "group_span" and refused.value.params == {"span": 250, "max": 200}
    assert not TournamentTicket.objects.exists() and not Room.objects.exists()
    room = parties.party_start_practice(party=party, by=ana, interface_language="es")  # practice is open
    assert set(seated(room)) == {ana.pk, beto.pk} and room.settings["rated"] is False


def test_nobody_queues_twice_nor_while_still_in_a_tournament(person):
    ana = person(1000)
    join(ana)
    with pytest.raises(Refusal) as twice:
        join(ana, language="de")
    assert twice.value.code == "already_queued"
    assert TicketPlayer.objects.filter(player=ana).count() == 1
    with pytest.raises(Refusal) as practice:
        tournament_queue.practice_alone(player=ana, language="es", interface_language="es")
    assert practice.value.code == "already_queued"
    assert tournament_queue.queue_leave_alone(player=ana) is True
    assert not TicketPlayer.objects.exists()

    room = tournament_queue.practice_alone(player=ana, language="es", interface_language="es")
    with pytest.raises(Refusal) as still:
        join(ana)
    assert still.value.code == "still_playing" and not TicketPlayer.objects.exists()
    # Out of the tournament (left: placed), the player may queue again while the bots play on.
    match_act(match_id=room.matches.get().pk, player=ana, action={"type": "leave"})
    assert join(ana) is None and TicketPlayer.objects.filter(player=ana).exists()


def test_a_group_member_waiting_alone_keeps_the_group_from_starting(person):
    ana, beto = person(1000, "Ana"), person(1000, "Beto")
    party = parties.party_create(player=ana, language="es")
    parties.party_join(party=party, player=beto)
    join(beto)
    for start in (parties.party_start_rated, parties.party_start_practice):
        with pytest.raises(Refusal) as refused:
            start(party=party, by=ana, interface_language="es")
        assert refused.value.code == "members_queued" and "Beto" in refused.value.params["names"]
    assert TicketPlayer.objects.count() == 1 and not Room.objects.exists()


def test_a_members_ticket_is_the_organizers_to_cancel(person):
    ana, beto = person(1000), person(1000)
    party = parties.party_create(player=ana, language="es")
    parties.party_join(party=party, player=beto)
    parties.party_start_rated(party=party, by=ana, interface_language="es")
    with pytest.raises(Refusal) as refused:
        tournament_queue.queue_leave_alone(player=beto)
    assert refused.value.code == "group_ticket"
    with pytest.raises(Refusal) as not_organizer:
        parties.party_cancel(party=party, by=beto)
    assert not_organizer.value.code == "not_organizer" and TicketPlayer.objects.count() == 2
    parties.party_cancel(party=party, by=ana)
    assert not TournamentTicket.objects.exists()


def test_someone_joining_a_waiting_group_stops_its_search(person):
    ana, beto = person(1000), person(1000)
    party = parties.party_create(player=ana, language="es")
    parties.party_start_rated(party=party, by=ana, interface_language="es")
    assert parties.party_join(party=party, player=beto) is True
    assert not TournamentTicket.objects.exists() and party.members.count() == 2


def test_the_waiting_count_counts_people_in_the_window_and_the_language(person):
    me = person(1000)
    party = parties.party_create(player=person(1150), language="es")
    parties.party_join(party=party, player=person(1180))
    parties.party_join(party=party, player=person(1190))
    parties.party_start_rated(party=party, by=party.organizer, interface_language="es")  # 3 people, 1 ticket
    join(person(1201))  # outside my window
    join(person(800))  # at the edge, inside
    join(person(1000), language="de")  # another language
    join(me)
    assert waiting_in_window(language="es", ratings=[1000], exclude=[me.pk]) == 4
    assert waiting_in_window(language="de", ratings=[1000], exclude=[me.pk]) == 1


def test_a_bad_language_is_refused_and_nothing_changes(person):
    with pytest.raises(Refusal) as refused:
        join(person(), language="xx")
    assert refused.value.code == "bad_language" and not TournamentTicket.objects.exists()
