"""notify (notifications/services.py): a notification is kept for its player only, by the channels they chose for
its kind; the daily's kind is off until asked for; a notification that must go once goes once."""

import pytest
from django.core import mail
from django.db import transaction

from accounts.services import player_create_guest
from notifications import kinds
from notifications.models import Notification
from notifications.preferences import channels_for, preferences_save
from notifications.services import notify, notify_once, unread_count
from notifications.tasks import send_email
from notifications.texts import text


def test_a_notification_is_kept_for_its_player_only(alice, bob_guest):
    notify(alice.player, "challenge", by=bob_guest.id)
    assert list(Notification.objects.values_list("player_id", "kind", "data")) == [
        (alice.player.id, "challenge", {"by": bob_guest.id})
    ]


def test_an_unknown_kind_is_refused_and_keeps_nothing(alice):
    with pytest.raises(ValueError):
        notify(alice.player, "spam")
    assert not Notification.objects.exists()


def test_a_kind_turned_off_on_the_site_is_not_kept(alice):
    preferences_save(player=alice.player, channels={kinds.REMATCH_OFFER: {kinds.PUSH}}, language="en")
    assert notify(alice.player, kinds.REMATCH_OFFER, url="/r/ABCD/", by_name="Bob") is None
    assert not Notification.objects.exists()
    assert notify(alice.player, kinds.CHALLENGE, url="/", by_name="Bob") is None  # saved off too: unchecked


def test_the_daily_is_off_until_asked_for_and_email_only_for_slow_kinds(alice):
    assert channels_for(alice.player, kinds.DAILY_READY) == set()
    assert channels_for(alice.player, kinds.REMATCH_OFFER) == {kinds.SITE, kinds.PUSH}
    preferences_save(
        player=alice.player,
        channels={kinds.REMATCH_OFFER: {kinds.SITE, kinds.EMAIL, "fax"}, kinds.YOUR_TURN: {kinds.EMAIL}},
        language="en",
    )
    assert channels_for(alice.player, kinds.REMATCH_OFFER) == {kinds.SITE}  # no e-mail for a rematch, no fax
    assert channels_for(alice.player, kinds.YOUR_TURN) == {kinds.EMAIL}


def test_a_notification_that_goes_once_goes_once(alice):
    preferences_save(player=alice.player, channels={kinds.DAILY_READY: {kinds.SITE}}, language="es")
    first = notify_once(alice.player, kinds.DAILY_READY, "2026-12-07", url="/daily/")
    again = notify_once(alice.player, kinds.DAILY_READY, "2026-12-07", url="/daily/")
    assert first is True and again is False
    assert unread_count(player_id=alice.player.pk) == 1


def test_nothing_is_sent_for_a_change_rolled_back(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        try:
            with transaction.atomic():
                notify(alice.player, kinds.CHALLENGE, url="/", by_name="Bob")
                raise RuntimeError
        except RuntimeError:
            pass
    assert callbacks == [] and not Notification.objects.exists()


def test_the_text_is_in_the_readers_language_with_the_games_name():
    data = {"url": "/r/ABCD/", "by_name": "Bob", "game_slug": "duelo"}
    english, spanish = text(kinds.REMATCH_OFFER, data, "en"), text(kinds.REMATCH_OFFER, data, "es")
    assert english.startswith("Bob offers you a rematch of ") and "Duel" in english
    assert spanish != english and "Bob" in spanish


def test_an_email_goes_to_a_verified_address_only_in_the_players_language(alice):
    data = {"url": "/r/ABCD/", "by_name": "Bob", "game_slug": "duelo"}
    preferences_save(player=alice.player, channels={kinds.YOUR_TURN: {kinds.EMAIL}}, language="en")
    assert send_email(alice.player.pk, kinds.YOUR_TURN, data) is True
    assert mail.outbox[-1].to == ["alice@example.com"]
    assert "Your turn in" in mail.outbox[-1].subject and "/r/ABCD/" in mail.outbox[-1].body
    alice.emailaddress_set.update(verified=False)
    assert send_email(alice.player.pk, kinds.YOUR_TURN, data) is False
    guest = player_create_guest(nickname="Zoe")
    assert send_email(guest.pk, kinds.YOUR_TURN, data) is False
    assert send_email(alice.player.pk, kinds.REMATCH_OFFER, data) is False  # not a slow kind
    assert len(mail.outbox) == 1


def test_an_accepted_challenge_and_a_friends_game_read_as_such():
    from games.runtime.catalogue import game_slugs, spec_for

    slug = game_slugs()[0]
    name = str(spec_for(slug).name)
    accepted = {"url": "/r/ABCD/", "by_name": "Bob", "game_slug": slug, "accepted": True}
    assert text(kinds.CHALLENGE, accepted, "en") == f"Bob accepted your challenge to a game of {name}"
    playing = {"url": "/r/ABCD/watch/", "by_name": "Bob", "game_slug": slug}
    assert text(kinds.FRIEND_PLAYING, playing, "en") == f"Bob started a game of {name}: watch it"
