"""Matchmaking that uses the ratings (issue 20): the random Cruzadas opponent and Duelo's quick match pair people
within 200 points, never outside however long they wait, and "anyone" plays unrated at once; Wordgrid offers show
the poster's rating, may be limited to ±200, and come closest first."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts.services import player_create_for_user
from games.models import Match, Room
from games.runtime import rated
from games.runtime.errors import GameError
from lobby import offers, queue, quickmatch, selectors
from lobby.models import WaitingPlayer
from lobby.tasks import sweep
from ratings.models import Rating
from tests.emails import verify_email
from wallet.services import wallet_grant

pytestmark = pytest.mark.django_db


def rated_player(game: str, value: int, name: str):
    """A member (rated play is between members with a confirmed address: issue 31) with a rating of `value`."""
    user = get_user_model().objects.create_user(username=name.lower(), email=f"{name.lower()}@example.com")
    verify_email(user)
    player = player_create_for_user(user=user, nickname=name)
    Rating.objects.create(
        player=player,
        game=game,
        value=value,
        exact=float(value),
        deviation=60.0,
        volatility=0.06,
        games=30,
        rated_at=timezone.now(),
    )
    return player


def test_cruzadas_never_pairs_rated_players_200_apart_however_long_they_wait_and_anyone_pairs_at_once():
    ana, beto = rated_player("cruzadas", 1500, "Ana"), rated_player("cruzadas", 1701, "Beto")
    assert queue.queue_join(player=ana, game="cruzadas", interface_language="es") is None
    assert queue.queue_join(player=beto, game="cruzadas", interface_language="es") is None
    # A day later, after many sweeps and a repeated ask, they still wait apart: the window never widens.
    WaitingPlayer.objects.update(created_at=timezone.now() - timedelta(days=1))
    for _ in range(3):
        sweep()
        assert queue.queue_join(player=beto, game="cruzadas", interface_language="es") is None
    assert Match.objects.count() == 0
    assert selectors.waiting_within(game="cruzadas", rating=1701, exclude=beto) == 0
    assert selectors.waiting_for_opponent(game="cruzadas", exclude=beto) == 1

    # Someone within the window is paired at once, rated.
    clara = rated_player("cruzadas", 1650, "Clara")
    assert selectors.waiting_within(game="cruzadas", rating=1650, exclude=clara) == 2
    room = queue.queue_join(player=clara, game="cruzadas", interface_language="es")
    assert room is not None and room.settings.get("rated") is True
    assert set(room.seats.values_list("player_id", flat=True)) == {ana.pk, clara.pk}  # the longest waiting

    # "Anyone": Beto, still waiting, takes whoever comes next, unrated, at once.
    diego = rated_player("cruzadas", 2400, "Diego")
    unrated = queue.queue_join(player=diego, game="cruzadas", interface_language="es", anyone=True)
    assert unrated is not None and "rated" not in unrated.settings
    assert set(unrated.seats.values_list("player_id", flat=True)) == {beto.pk, diego.pk}
    assert not rated.match_is_rated(Match.objects.get(room=unrated))
    assert WaitingPlayer.objects.count() == 0


def test_a_rated_waiter_who_chooses_anyone_is_paired_at_once():
    ana, beto = rated_player("cruzadas", 1200, "Ana"), rated_player("cruzadas", 1900, "Beto")
    queue.queue_join(player=ana, game="cruzadas", interface_language="es")
    queue.queue_join(player=beto, game="cruzadas", interface_language="es")
    room = queue.queue_join(player=beto, game="cruzadas", interface_language="es", anyone=True)
    assert room is not None and "rated" not in room.settings


def join(player, rated_match: bool = True):
    return quickmatch.quick_match_join(
        player=player, game="duelo", language="es", interface_language="es", rated=rated_match
    )


def test_duelo_rated_quick_match_keeps_people_apart_outside_200_and_a_lone_player_waits_without_bots():
    ana, beto = rated_player("duelo", 1500, "Ana"), rated_player("duelo", 1750, "Beto")
    first, second = join(ana), join(beto)
    assert first != second and first.settings["rated"] and second.settings["rated"]
    assert selectors.rated_quick_waiting(game="duelo", language="es", rating=1500, exclude=ana) == 0
    for _ in range(3):  # however long: each launch finds them alone and lets them wait
        Room.objects.filter(pk__in=[first.pk, second.pk]).update(launch_at=timezone.now() - timedelta(hours=1))
        sweep()
        assert quickmatch.quick_match_launch(room_id=first.pk) is None
    assert Match.objects.count() == 0
    assert not first.seats.exclude(bot_level="").exists()
    # Someone within 200 of everyone in the room joins it; a span over 200 is refused (another room).
    clara = rated_player("duelo", 1690, "Clara")
    assert join(clara) == first
    diego = rated_player("duelo", 1710, "Diego")
    assert join(diego) == second  # 1710 is 210 above Ana, within 200 of Beto
    Room.objects.filter(pk=first.pk).update(launch_at=timezone.now())
    match = quickmatch.quick_match_launch(room_id=first.pk)
    assert match is not None and [s["bot"] for s in match.lineup] == ["", ""] and rated.match_is_rated(match)


def test_duelo_anyone_leaves_the_rated_wait_and_plays_unrated_with_bots():
    ana = rated_player("duelo", 1500, "Ana")
    rated_room = join(ana)
    room = join(ana, rated_match=False)
    assert room != rated_room and "rated" not in room.settings
    rated_room.refresh_from_db()
    assert rated_room.status == Room.CLOSED  # she left it, nobody else was there
    Room.objects.filter(pk=room.pk).update(launch_at=timezone.now())
    match = quickmatch.quick_match_launch(room_id=room.pk)
    assert match is not None and any(s["bot"] for s in match.lineup) and not rated.match_is_rated(match)


def member(name: str, rating: int | None = None):
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com", password="x" * 20)
    player = player_create_for_user(user=user, nickname=name.capitalize())
    verify_email(user)
    wallet_grant(player=player, amount=1000, key=f"test-grant:{player.pk}")
    if rating is not None:
        Rating.objects.create(
            player=player,
            game="wordgrid",
            value=rating,
            exact=float(rating),
            deviation=60.0,
            volatility=0.06,
            games=20,
            rated_at=timezone.now(),
        )
    return player


def test_wordgrid_offers_show_the_posters_rating_may_be_limited_and_come_closest_first(client):
    far, near, mid = member("far", 2100), member("near", 1540), member("mid", 1800)
    me = member("mine", 1500)
    limited = offers.offer_post(player=far, game="wordgrid", stake=50, near_only=True)
    offers.offer_post(player=near, game="wordgrid", stake=50)
    offers.offer_post(player=mid, game="wordgrid", stake=50)
    others, mine = offers.offers_for(viewer=me, game="wordgrid")
    assert [offer.player_id for offer in others] == [near.pk, mid.pk, far.pk] and mine == []
    assert [offer.open_to_viewer for offer in others] == [True, True, False]
    with pytest.raises(GameError) as refused:
        offers.offer_accept(player=me, offer_id=limited.pk, interface_language="es")
    assert refused.value.code == "offer_out_of_window"
    # The page lists them in that order, with each poster's rating, and no accept on the limited one.
    client.force_login(me.user)
    page = client.get("/play/wordgrid/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert page.index("Near") < page.index("Mid") < page.index("Far")
    assert ">1540<" in page and ">2100<" in page and "±200 only" in page
    assert page.count('data-testid="accept-offer"') == 2
    # Within the window it is accepted, and the staked game is rated.
    peer = member("peer", 1950)
    match = offers.offer_accept(player=peer, offer_id=limited.pk, interface_language="es")
    assert match.room.settings["rated"] is True
