"""A queue ticket needs its people on the site: someone with no page open for 20 s is taken out of the
queue (with their group's ticket), so a closed tab is never matched into a rated room."""

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.utils import timezone

from lobby import parties, queue_presence, tournament_queue
from lobby.models import TournamentTicket

pytestmark = pytest.mark.django_db


@pytest.fixture
def online():
    """online(player): the player has a page of the site open (their lobby socket), until the test ends."""
    present = []

    def arrive(player):
        async_to_sync(queue_presence.arrive)(player.pk, f"tab-{len(present)}")
        present.append(player)

    yield arrive
    for index, player in enumerate(present):
        async_to_sync(queue_presence.leave)(player.pk, f"tab-{index}")


def test_a_player_who_closed_every_page_leaves_the_queue_after_the_grace(person, online):
    stays, goes = person(1000, "Stays"), person(1000, "Goes")
    online(stays)
    online(goes)
    for player in (stays, goes):
        tournament_queue.queue_join_alone(player=player, language="es", interface_language="es")
    async_to_sync(queue_presence.leave)(goes.pk, "tab-1")  # the last tab closes

    now = timezone.now()
    assert queue_presence.absent_tickets_sweep(now + timedelta(seconds=5)) == 0  # a reload is not leaving
    assert TournamentTicket.objects.count() == 2
    assert queue_presence.absent_tickets_sweep(now + timedelta(seconds=queue_presence.AWAY_SECONDS + 1)) == 1
    assert list(TournamentTicket.objects.values_list("players__player", flat=True)) == [stays.pk]


def test_a_player_who_comes_back_in_time_keeps_their_place(person, online):
    player = person(1000, "Back")
    online(player)
    tournament_queue.queue_join_alone(player=player, language="es", interface_language="es")
    async_to_sync(queue_presence.leave)(player.pk, "tab-0")
    online(player)  # another page of the site opened
    assert queue_presence.absent_tickets_sweep(timezone.now() + timedelta(minutes=5)) == 0
    assert TournamentTicket.objects.count() == 1


def test_a_group_waits_only_while_all_its_members_are_on_the_site(person, online):
    ana, beto = person(1000, "Ana"), person(1050, "Beto")
    online(ana)  # Beto joined by the link earlier and has since closed the page
    party = parties.party_create(player=ana, language="es")
    parties.party_join(party=party, player=beto)
    assert parties.party_start_rated(party=party, by=ana, interface_language="es") is None  # waiting
    assert TournamentTicket.objects.filter(party=party).exists()
    assert queue_presence.absent_tickets_sweep(timezone.now() + timedelta(seconds=30)) == 1
    assert not TournamentTicket.objects.exists()
