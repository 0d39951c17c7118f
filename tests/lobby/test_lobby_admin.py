"""Operators see groups and the tournament queue, cannot edit them, and can take a stuck ticket out."""

import pytest
from django.contrib.auth import get_user_model

from lobby import parties, tournament_queue
from lobby.models import TournamentTicket
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def operator(client):
    client.force_login(get_user_model().objects.create_superuser("ops", "ops@example.com", PASSWORD))
    return client


def test_an_operator_sees_groups_and_tickets_and_takes_a_ticket_out(operator, person):
    ana, beto = person(1000, "Ana"), person(1100, "Beto")
    party = parties.party_create(player=ana, language="es")
    parties.party_join(party=party, player=beto)
    tournament_queue.queue_join_alone(player=person(1050, "Carla"), language="es", interface_language="es")
    assert party.code in operator.get("/admin/lobby/party/").content.decode()
    detail = operator.get(f"/admin/lobby/party/{party.pk}/change/").content.decode()
    assert "Ana" in detail and "Beto" in detail
    ticket = TournamentTicket.objects.get()
    listing = operator.get("/admin/lobby/tournamentticket/").content.decode()
    assert "Carla" in listing and "1050–1050" in listing
    operator.post("/admin/lobby/tournamentticket/", {"action": "withdraw", "_selected_action": [ticket.pk]})
    assert not TournamentTicket.objects.exists()


def test_groups_and_tickets_cannot_be_edited_or_added_in_the_admin(operator, person):
    party = parties.party_create(player=person(), language="es")
    assert operator.post(f"/admin/lobby/party/{party.pk}/change/", {"language": "de"}).status_code == 403
    assert operator.get("/admin/lobby/party/add/").status_code == 403
    assert operator.get("/admin/lobby/tournamentticket/add/").status_code == 403
    party.refresh_from_db()
    assert party.language == "es"
