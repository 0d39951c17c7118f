"""The notification centre's pages, as their player and as an attacker: the bell's list and count, the page of them
all, marking read, the settings page. Each shows and changes the requesting player's own only."""

import pytest
from django.test import Client

from accounts.selectors import GUEST_SESSION_KEY
from accounts.services import player_create_guest
from notifications import kinds
from notifications.models import Notification
from notifications.preferences import channels_for
from notifications.services import notify

pytestmark = pytest.mark.django_db


def remember_guest_in_client(client: Client, player) -> None:
    session = client.session
    session[GUEST_SESSION_KEY] = player.pk
    session.save()


def client_of(player) -> Client:
    client = Client()
    remember_guest_in_client(client, player)
    return client


@pytest.fixture
def ana():
    return player_create_guest(nickname="Ana")


@pytest.fixture
def eve():
    return player_create_guest(nickname="Eve")


def test_the_bell_lists_the_newest_and_opening_it_reads_them(ana):
    notify(ana, kinds.REMATCH_OFFER, url="/r/ABCD/", by_name="Bruno", game_slug="nothing-known")
    notify(ana, kinds.FRIEND_ACCEPTED, url="/p/bruno/", by_name="Bruno")
    client = client_of(ana)
    client.cookies["django_language"] = "en"
    bell = client.get("/notifications/recent/").json()
    assert bell["unread"] == 2
    assert [entry["text"] for entry in bell["items"]] == [
        "Bruno accepted your friend request",
        "Bruno offers you a rematch of a game",
    ]
    assert [entry["url"] for entry in bell["items"]] == ["/p/bruno/", "/r/ABCD/"]
    assert client.post("/notifications/read/").json() == {"unread": 0}
    assert client.get("/notifications/recent/").json()["unread"] == 0


def test_the_count_is_in_the_top_bar_of_every_page(ana):
    notify(ana, kinds.CHALLENGE, url="/", by_name="Bruno")
    page = client_of(ana).get("/daily/").content.decode()
    assert 'data-testid="bell-count">1</span>' in page


def test_a_link_never_leads_off_the_site(ana):
    notify(ana, kinds.CHALLENGE, url="https://evil.example/", by_name="Bruno")
    notify(ana, kinds.CHALLENGE, url="//evil.example/", by_name="Bruno")
    assert {entry["url"] for entry in client_of(ana).get("/notifications/recent/").json()["items"]} == {"/"}


def test_an_attacker_sees_and_reads_none_of_anothers_notifications(ana, eve):
    note = notify(ana, kinds.CHALLENGE, url="/r/SECRET/", by_name="Bruno")
    attacker = client_of(eve)
    assert attacker.get("/notifications/recent/").json() == {"unread": 0, "items": []}
    page = attacker.get("/notifications/").content.decode()
    assert "SECRET" not in page and "Bruno" not in page
    attacker.post("/notifications/read/")
    for url in (
        f"/notifications/{note.pk}/",
        f"/notifications/recent/?player={ana.pk}",
        f"/notifications/?id={note.pk}",
    ):
        response = attacker.get(url)
        assert "SECRET" not in response.content.decode()
    assert Notification.objects.get(pk=note.pk).read_at is None


def test_without_a_player_the_bell_answers_no_player():
    response = Client().get("/notifications/recent/")
    assert response.status_code == 403 and response.json()["code"] == "no_player"
    assert Client().get("/notifications/settings/").status_code == 302  # to choose a nickname


def test_the_settings_page_turns_a_kind_off_per_channel(ana):
    client = client_of(ana)
    client.cookies["django_language"] = "en"
    page = client.get("/notifications/settings/").content.decode()
    assert 'data-testid="pref-rematch_offer-push"' in page and 'data-testid="pref-rematch_offer-email"' not in page
    assert 'data-testid="pref-your_turn-email"' in page
    assert "Turn on notifications on this device" in page
    sent = {kind: ["site", "push"] for kind in kinds.KINDS} | {
        kinds.REMATCH_OFFER: ["site"],
        kinds.DAILY_READY: ["push"],
    }
    response = client.post("/notifications/settings/", sent)
    assert response.status_code == 302
    assert channels_for(ana, kinds.REMATCH_OFFER) == {"site"}
    assert channels_for(ana, kinds.DAILY_READY) == {"push"}
    assert notify(ana, kinds.REMATCH_OFFER, url="/", by_name="B") is not None
    assert notify(ana, kinds.DAILY_READY, url="/daily/") is None


def test_the_settings_are_sent_with_a_csrf_token_only(ana):
    client = Client(enforce_csrf_checks=True)
    remember_guest_in_client(client, ana)
    assert client.post("/notifications/settings/", {kinds.CHALLENGE: ["push"]}).status_code == 403
    assert channels_for(ana, kinds.CHALLENGE) == {"site", "push"}
