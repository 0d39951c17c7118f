"""The friends pages (issue 36): the player page's buttons, /friends/ with who is online and what they play, the
result card's people, a group's members; every change a POST that validates its player, and the attacker's
steps: another's request, another's list, a stranger unfriended, a blocked player's request."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.selectors import GUEST_SESSION_KEY
from accounts.services import player_create_guest
from friends import selectors, services
from friends.models import Block, FriendRequest, Friendship
from games.models import Match
from games.runtime import matches, rooms, scheduling
from notifications import online
from notifications.models import Notification

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


@pytest.fixture(autouse=True)
def nobody_online():
    online._client().delete(online.KEY)
    yield
    online._client().delete(online.KEY)


def browser_of(player) -> Client:
    client = Client()
    session = client.session
    session[GUEST_SESSION_KEY] = player.pk
    session.save()
    return client


@pytest.fixture
def ana():
    return player_create_guest(nickname="Ana")


@pytest.fixture
def bea():
    return player_create_guest(nickname="Bea")


def act(client, action, other, json=False, **extra):
    headers = {"HTTP_ACCEPT": "application/json"} if json else {}
    return client.post(reverse("friend_action", args=[action]), {"player": other.pk, **extra}, **headers)


def state():
    return (
        sorted(FriendRequest.objects.values_list("sender_id", "receiver_id", "status")),
        sorted(Friendship.objects.values_list("low_id", "high_id")),
        sorted(Block.objects.values_list("blocker_id", "blocked_id")),
        Notification.objects.count(),
    )


def has_testid(html: str, name: str) -> bool:
    return f'data-testid="{name}"' in html


def test_a_request_from_the_player_page_and_its_acceptance_on_the_friends_page(ana, bea):
    a, b = browser_of(ana), browser_of(bea)
    page = a.get(bea.get_absolute_url()).content.decode()
    assert has_testid(page, "friend-request") and has_testid(page, "friend-block")
    answer = act(a, "request", bea, next=bea.get_absolute_url())
    assert answer.status_code == 302 and answer["Location"] == bea.get_absolute_url()
    page = a.get(bea.get_absolute_url()).content.decode()
    assert "Solicitud enviada" in page and has_testid(page, "friend-cancel") and not has_testid(page, "friend-request")

    friends = b.get("/friends/").content.decode()
    assert has_testid(friends, "incoming-request") and "Ana" in friends
    act(b, "accept", ana)
    online.seen(bea.pk)
    friends = a.get("/friends/").content.decode()
    assert has_testid(friends, "friend") and "Bea" in friends and "en línea" in friends
    # A friend is challenged from the list (issue 36: "challenge a friend"), on the challenge's own form.
    assert f'href="/challenges/new/{bea.pk}/"' in friends
    assert "Amigos ✓" in a.get(bea.get_absolute_url()).content.decode()
    assert "Amigos ✓" in b.get(ana.get_absolute_url()).content.decode()


def test_the_owner_sees_no_friend_buttons_on_their_own_page_nor_a_visitor_without_a_nickname(ana):
    assert not has_testid(browser_of(ana).get(ana.get_absolute_url()).content.decode(), "friend-actions")
    assert not has_testid(Client().get(ana.get_absolute_url()).content.decode(), "friend-actions")


def test_the_top_bars_menu_links_the_friends_page(ana):
    assert 'href="/friends/"' in browser_of(ana).get("/").content.decode()


@pytest.mark.parametrize("player", ["", "abc", "999999999", "-1", "1" * 30])
def test_a_post_naming_no_player_is_refused_clearly_and_changes_nothing(ana, player):
    client = browser_of(ana)
    was = state()
    answer = client.post(reverse("friend_action", args=["request"]), {"player": player}, HTTP_ACCEPT="application/json")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "no_such_player"
    assert state() == was


def test_a_refusal_comes_back_as_a_message_on_the_page(ana):
    client = browser_of(ana)
    answer = act(client, "request", ana, next=ana.get_absolute_url())
    assert answer["Location"] == ana.get_absolute_url()
    assert "No puedes ser tu propio amigo" in client.get(answer["Location"]).content.decode()


def test_every_change_needs_the_csrf_token_and_a_post(ana, bea):
    client = Client(enforce_csrf_checks=True)
    session = client.session
    session[GUEST_SESSION_KEY] = ana.pk
    session.save()
    assert client.post(reverse("friend_action", args=["request"]), {"player": bea.pk}).status_code == 403
    assert browser_of(ana).get(reverse("friend_action", args=["request"]) + f"?player={bea.pk}").status_code == 405
    assert not FriendRequest.objects.exists()


def test_an_unknown_action_is_not_found(ana, bea):
    assert act(browser_of(ana), "adopt", bea).status_code == 404


def test_a_visitor_without_a_nickname_is_asked_for_one_and_nothing_changes(bea):
    answer = Client().post(reverse("friend_action", args=["request"]), {"player": bea.pk})
    assert answer.status_code == 302 and answer["Location"].startswith("/guest/")
    assert not FriendRequest.objects.exists()


def test_next_only_goes_back_to_this_site(ana, bea):
    answer = act(browser_of(ana), "request", bea, next="https://evil.example/")
    assert answer["Location"] == "/friends/"


# -- an attacker's steps ------------------------------------------------------------------------------------


def test_an_attacker_cannot_accept_or_decline_a_request_addressed_to_someone_else(ana, bea):
    mallory = player_create_guest(nickname="Mallory")
    services.friend_request(by=ana, to=bea)
    was = state()
    evil = browser_of(mallory)
    for action in ("accept", "decline", "cancel"):
        answer = act(evil, action, ana, next="/friends/")
        assert answer.status_code == 302
    assert state() == was
    assert selectors.relation(bea.pk, ana.pk) == selectors.RECEIVED


def test_an_attacker_cannot_unfriend_or_unblock_for_others(ana, bea):
    mallory = player_create_guest(nickname="Mallory")
    services.friend_request(by=ana, to=bea)
    services.friend_accept(by=bea, sender=ana)
    services.block(by=bea, other=mallory)
    was = state()
    evil = browser_of(mallory)
    for action, other in (("unfriend", ana), ("unfriend", bea), ("unblock", bea)):
        assert act(evil, action, other, json=True).status_code == 400
    assert state() == was


def test_an_attacker_reads_only_their_own_friend_list(ana, bea):
    mallory = player_create_guest(nickname="Mallory")
    services.friend_request(by=ana, to=bea)
    services.friend_accept(by=bea, sender=ana)
    evil = browser_of(mallory)
    for url in ("/friends/", f"/friends/?player={ana.pk}", f"/friends/json/?player={ana.pk}"):
        body = evil.get(url).content.decode()
        assert "Bea" not in body and "Ana" not in body
    assert evil.get("/friends/json/").json() == {"friends": [], "incoming": []}
    assert Client().get("/friends/json/").status_code == 403
    assert Client().get("/friends/")["Location"].startswith("/guest/")
    # Nobody's page shows their friends.
    assert "Bea" not in evil.get(ana.get_absolute_url()).content.decode()


def test_a_blocked_players_request_is_dropped_silently(ana, bea):
    services.block(by=bea, other=ana)
    notes = Notification.objects.filter(player=bea).count()
    a = browser_of(ana)
    answer = act(a, "request", bea, json=True)
    assert answer.status_code == 200 and answer.json()["state"] == "sent"
    assert "Solicitud enviada" in a.get(bea.get_absolute_url()).content.decode()
    friends = browser_of(bea).get("/friends/").content.decode()
    assert not has_testid(friends, "incoming-request") and has_testid(friends, "blocked-player")
    assert Notification.objects.filter(player=bea).count() == notes
    # Ana's page of Bea never says she is blocked: the same buttons as for anyone who has not answered.
    page = a.get(bea.get_absolute_url()).content.decode()
    assert "Bloquead" not in page.split('data-testid="friend-actions"')[1].split("</div>")[0]


# -- a result card and a group ------------------------------------------------------------------------------


def played(people, bots=1):
    room = rooms.room_create(
        game="duelo",
        host=people[0],
        seats=len(people) + bots,
        interface_language="es",
        settings={"language": "es", "rounds": 1},
    )
    for person in people[1:]:
        rooms.room_join(room=room, player=person)
    for seat in room.seats.filter(player__isnull=True, bot_level=""):
        rooms.room_seat_set(room=room, by=people[0], index=seat.index, bot_level="easy")
    match = matches.match_start(room=room, by=people[0])
    return room, match


def test_a_result_card_lists_the_other_people_at_the_table_and_no_bot(ana, bea):
    carla = player_create_guest(nickname="Carla")
    room, match = played([ana, bea])
    assert [sitter["bot"] for sitter in match.lineup] == ["", "", "easy"]
    services.friend_request(by=bea, to=ana)
    table = browser_of(ana).get(reverse("friends_table", args=[room.code])).json()
    assert table["match_id"] == match.pk
    assert table["people"] == [{"id": bea.pk, "name": "Bea", "tag": bea.tag, "state": "received"}]
    answer = browser_of(carla).get(reverse("friends_table", args=[room.code]))
    assert answer.status_code == 404  # not at the table: nothing about it
    assert Client().get(reverse("friends_table", args=[room.code])).status_code == 404
    assert browser_of(ana).get(reverse("friends_table", args=["NOSUCH"])).status_code == 404
    assert match.status in (Match.ARRIVING, Match.PLAYING)


def test_a_player_blocked_by_the_viewer_is_left_off_the_result_card(ana, bea):
    room, _match = played([ana, bea])
    services.block(by=ana, other=bea)
    assert browser_of(ana).get(reverse("friends_table", args=[room.code])).json()["people"] == []
    # ... and the blocked one is not told: to Bea, Ana is anyone.
    assert browser_of(bea).get(reverse("friends_table", args=[room.code])).json()["people"][0]["state"] == "none"


def test_a_groups_members_have_the_friend_buttons(ana, bea):
    from lobby import parties

    party = parties.party_create(player=ana, language="es")
    parties.party_join(party=party, player=bea)
    page = browser_of(ana).get(f"/g/{party.code}/").content.decode()
    assert page.count('data-testid="friend-request"') == 1  # Bea's, not Ana's own
    services.friend_request(by=ana, to=bea)
    live = browser_of(ana).get(f"/g/{party.code}/live/").json()["parts"]["party-members"]
    assert 'data-testid="friend-cancel"' in live


# -- what friends are playing -------------------------------------------------------------------------------


def test_the_friends_list_says_what_a_friend_plays_and_links_only_a_game_anyone_may_watch(ana, bea):
    services.friend_request(by=ana, to=bea)
    services.friend_accept(by=bea, sender=ana)
    room, match = played([bea])
    Match.objects.filter(pk=match.pk).update(status=Match.PLAYING)
    page = browser_of(ana).get("/friends/").content.decode()
    assert has_testid(page, "friend-playing") and "Duelo" in page
    assert reverse("room_watch", args=[room.code]) in page
    rooms.room_privacy_set(room=room, by=bea, private=True)
    page = browser_of(ana).get("/friends/").content.decode()
    assert has_testid(page, "friend-playing") and room.code not in page
