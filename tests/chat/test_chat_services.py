"""Chat's rules as a player meets them: who may write where, what each reader receives, reports and moderation."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from chat import moderation
from chat.errors import ChatRefusal
from chat.models import ChatBan, Message, ModerationLog, Report
from chat.places import place_of
from chat.selectors import chat_read, history
from chat.services import message_post, mute_set, report_file
from friends.models import Block
from lobby.parties import party_create, party_join
from tests.chat.conftest import logged_in, member, private_room

pytestmark = pytest.mark.django_db


def say(place, player, text):
    return message_post(place=place, player=player, text=text)


def refusal(call) -> str:
    with pytest.raises(ChatRefusal) as caught:
        call()
    return caught.value.code


def texts(place, viewer):
    return [line["text"] for line in history(place, viewer)]


def test_a_member_writes_in_a_private_room_and_insults_are_masked(ana, beto):
    room = private_room(ana, beto)
    place = place_of("room", room.code, ana)
    say(place, ana, "hola   Beto")
    say(place, ana, "eres un 1d10t4")
    assert texts(place_of("room", room.code, beto), beto) == ["hola Beto", "eres un ******"]
    assert Message.objects.filter(text__contains="1d10t4").count() == 0  # the original is not kept


def test_guests_and_unverified_members_read_but_may_not_write(ana, guest):
    newcomer = member("Nora", verified=False)
    room = private_room(ana, guest, newcomer)
    assert refusal(lambda: say(place_of("room", room.code, guest), guest, "hola")) == "guest"
    assert refusal(lambda: say(place_of("room", room.code, newcomer), newcomer, "hola")) == "unverified"
    seen = chat_read(place_of("room", room.code, guest), guest)["you"]
    assert not seen["can_write"] and "sign up" in seen["why_not"].lower() or "regístrate" in seen["why_not"].lower()
    assert not Message.objects.exists()


def test_no_chat_in_public_or_rated_rooms(ana, beto):
    public = private_room(ana, beto, is_public=True)
    rated = private_room(ana, beto, rated=True)
    assert refusal(lambda: place_of("room", public.code, ana)) == "no_chat_here"
    assert refusal(lambda: place_of("room", rated.code, ana)) == "no_chat_here"


def test_an_outsider_cannot_reach_a_rooms_or_groups_chat(ana, beto, carla):
    room = private_room(ana, beto)
    party = party_create(player=ana, language="es")
    assert refusal(lambda: place_of("room", room.code, carla)) == "not_member"
    assert refusal(lambda: place_of("party", party.code, carla)) == "not_member"
    assert refusal(lambda: place_of("room", "NOPE99", carla)) == "not_member"
    assert refusal(lambda: place_of("secret", room.code, ana)) == "not_member"


def test_empty_and_too_long_messages_are_refused(ana, beto):
    place = place_of("room", private_room(ana, beto).code, ana)
    assert refusal(lambda: say(place, ana, "   ")) == "empty"
    assert refusal(lambda: say(place, ana, None)) == "empty"
    assert refusal(lambda: say(place, ana, "a" * 201)) == "too_long"
    say(place, ana, "a" * 200)
    assert Message.objects.count() == 1


def test_writing_too_fast_is_refused(ana, beto):
    place = place_of("room", private_room(ana, beto).code, ana)
    for number in range(5):
        say(place, ana, f"mensaje {number}")
    assert refusal(lambda: say(place, ana, "uno más")) == "slow_down"
    assert Message.objects.count() == 5


def test_a_viewer_never_receives_a_blocked_or_muted_players_lines(ana, beto, carla):
    room = private_room(ana, beto, carla)
    place = place_of("room", room.code, ana)
    say(place, ana, "de Ana")
    say(place, carla, "de Carla")
    Block.objects.create(blocker=beto, blocked=ana)
    assert texts(place, beto) == ["de Carla"]
    mute_set(place=place, player=beto, muted_id=carla.pk, on=True)
    assert texts(place, beto) == []
    assert texts(place, ana) == ["de Ana", "de Carla"]  # their own view is untouched
    mute_set(place=place, player=beto, muted_id=carla.pk, on=False)
    assert texts(place, beto) == ["de Carla"]
    assert refusal(lambda: mute_set(place=place, player=beto, muted_id=beto.pk, on=True)) == "no_player"


def test_a_group_has_its_chat(ana, beto):
    party = party_create(player=ana, language="es")
    party_join(party=party, player=beto)
    say(place_of("party", party.code, ana), ana, "¿jugamos?")
    assert texts(place_of("party", party.code, beto), beto) == ["¿jugamos?"]


def test_a_report_keeps_the_ten_lines_before_it_once_per_reporter(ana, beto):
    place = place_of("room", private_room(ana, beto).code, ana)
    for number in range(12):
        Message.objects.create(room_id=place.pk, author=ana if number % 2 else beto, text=f"línea {number}")
    insult = say(place, ana, "idiota")
    assert refusal(lambda: report_file(place=place, player=ana, message_id=insult.pk, reason="insult")) == "own_message"
    assert refusal(lambda: report_file(place=place, player=beto, message_id=insult.pk, reason="rude")) == "bad_reason"
    assert refusal(lambda: report_file(place=place, player=beto, message_id=10**9, reason="spam")) == "no_message"
    report = report_file(place=place, player=beto, message_id=insult.pk, reason="insult", note="otra vez")
    assert [line["text"] for line in report.context] == [f"línea {n}" for n in range(2, 12)]
    assert (
        report_file.__name__
        and refusal(lambda: report_file(place=place, player=beto, message_id=insult.pk, reason="spam"))
        == "already_reported"
    )


def test_a_message_of_another_chat_cannot_be_reported(ana, beto, carla):
    elsewhere = place_of("room", private_room(ana, carla).code, ana)
    message = say(elsewhere, ana, "secreto")
    place = place_of("room", private_room(ana, beto).code, beto)
    assert refusal(lambda: report_file(place=place, player=beto, message_id=message.pk, reason="spam")) == "no_message"


def test_reporting_too_fast_is_refused(ana, beto):
    place = place_of("room", private_room(ana, beto).code, ana)
    lines = [Message.objects.create(room_id=place.pk, author=ana, text=f"{n}") for n in range(6)]
    for line in lines[:5]:
        report_file(place=place, player=beto, message_id=line.pk, reason="spam")
    assert refusal(lambda: report_file(place=place, player=beto, message_id=lines[5].pk, reason="spam")) == "slow_down"


def test_a_moderators_mute_and_ban_refuse_the_authors_messages_and_are_logged(ana, beto):
    moderator = get_user_model().objects.create_superuser("mod", "mod@example.com", "a-long-pass-phrase-91")
    place = place_of("room", private_room(ana, beto).code, ana)
    report = report_file(place=place, player=beto, message_id=say(place, ana, "idiota").pk, reason="insult")
    moderation.restrict(report, moderator, timedelta(hours=24))
    with pytest.raises(ChatRefusal) as caught:
        say(place, ana, "perdón")
    assert caught.value.code == "chat_muted" and caught.value.params["until"]
    ChatBan.objects.update(until=timezone.now() - timedelta(seconds=1))  # the day is over
    say(place, ana, "perdón")
    report = report_file(place=place, player=beto, message_id=Message.objects.last().pk, reason="spam")
    moderation.restrict(report, moderator, None)
    assert refusal(lambda: say(place, ana, "hola")) == "chat_banned"
    log = list(ModerationLog.objects.values_list("action", "target_id", "moderator_id"))
    assert log == [("ban", ana.pk, moderator.pk), ("mute", ana.pk, moderator.pk)]
    assert set(Report.objects.values_list("status", flat=True)) == {Report.ACTED}


def test_a_hidden_message_reaches_nobody_and_a_dismissal_is_logged(ana, beto):
    moderator = get_user_model().objects.create_superuser("mod", "mod@example.com", "a-long-pass-phrase-91")
    place = place_of("room", private_room(ana, beto).code, ana)
    first = report_file(place=place, player=beto, message_id=say(place, ana, "spam spam").pk, reason="spam")
    second = report_file(place=place, player=beto, message_id=say(place, ana, "hola").pk, reason="other")
    moderation.hide(first, moderator)
    moderation.dismiss(second, moderator)
    assert texts(place, beto) == ["hola"] and texts(place, ana) == ["hola"]
    assert list(ModerationLog.objects.values_list("action", flat=True)) == ["dismiss", "hide"]
    assert Report.objects.get(pk=second.pk).status == Report.DISMISSED


def test_the_history_over_http_is_only_for_the_chats_people(ana, beto, carla, guest):
    room = private_room(ana, beto, guest)
    say(place_of("room", room.code, ana), ana, "hola")
    url = f"/chat/room/{room.code}/"
    assert logged_in(beto).get(url).json()["messages"][0]["text"] == "hola"
    assert logged_in(carla).get(url).status_code == 404  # an outsider: as if there were no such room
    assert logged_in(carla).get(f"/chat/party/{room.code}/").status_code == 404
    from django.test import Client

    assert Client().get(url).status_code == 404  # nobody at all


def test_the_moderation_queue_lists_reports_with_their_context(ana, beto, client):
    moderator = get_user_model().objects.create_superuser("mod", "mod@example.com", "a-long-pass-phrase-91")
    place = place_of("room", private_room(ana, beto).code, ana)
    say(place, beto, "hola Ana")
    report = report_file(place=place, player=beto, message_id=say(place, ana, "idiota").pk, reason="insult")
    client.force_login(moderator)
    listing = client.get("/admin/chat/report/").content.decode()
    assert "******" in listing and "Beto" in listing
    page = client.get(f"/admin/chat/report/{report.pk}/change/").content.decode()
    assert "report-context" in page and "hola Ana" in page
    answer = client.post(
        "/admin/chat/report/", {"action": "mute_author_day", "_selected_action": [report.pk]}, follow=True
    )
    assert answer.status_code == 200 and ModerationLog.objects.get().action == "mute"
    assert refusal(lambda: say(place, ana, "hola")) == "chat_muted"


def test_the_drawer_is_on_private_rooms_and_groups_pages_only(ana, beto):
    private, public = private_room(ana, beto), private_room(ana, beto, is_public=True)
    party = party_create(player=ana, language="es")
    page = logged_in(ana)
    assert 'data-testid="chat-panel"' in page.get(f"/r/{private.code}/").content.decode()
    assert 'data-testid="chat-panel"' not in page.get(f"/r/{public.code}/").content.decode()
    assert 'data-testid="chat-panel"' in page.get(f"/g/{party.code}/").content.decode()
    rated = private_room(ana, beto, rated=True)
    assert 'data-testid="chat-panel"' not in page.get(f"/r/{rated.code}/").content.decode()
