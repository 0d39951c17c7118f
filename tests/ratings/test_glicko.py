"""Glicko-2 ratings (issue 20): the arithmetic against Glickman's worked example, the deviation's growth with
inactivity, and rated Wordgrid, Letras Cruzadas and Duelo matches through the services, each applied once."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts.models import Sighting
from accounts.services import player_create_for_user, player_create_guest
from games.models import Match, Room
from games.runtime import matches, rated, scheduling
from games.runtime.registry import engine_for
from lobby import offers, queue, quickmatch
from ratings import glicko2
from ratings.models import Rating, RatingChange
from ratings.selectors import RATING_PERIOD, glicko_now, standing_of
from ratings.services import glicko_apply
from tests.emails import verify_email
from wallet.services import wallet_grant


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def test_glicko2_matches_the_worked_example_of_glickmans_paper():
    """ "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300."""
    player = glicko2.Glicko(1500, 200, 0.06)
    results = [(glicko2.Glicko(1400, 30), 1.0), (glicko2.Glicko(1550, 100), 0.0), (glicko2.Glicko(1700, 300), 0.0)]
    new = glicko2.rate(player, results)
    assert round(new.rating, 2) == 1464.05  # the paper rounds its intermediate steps: 1464.06
    assert abs(new.rating - 1464.06) < 0.02
    assert abs(new.deviation - 151.52) < 0.01
    assert abs(new.volatility - 0.05999) < 0.00001


def test_the_volatility_step_uses_the_deviation_not_the_rating():
    """Away from 1500 the `glicko2` package (rating where the paper has phi) and the paper part ways; ours keeps
    the paper's f(x): a settled 2100 player who scores as expected keeps a volatility of about 0.06."""
    new = glicko2.rate(glicko2.Glicko(2100, 60, 0.06), [(glicko2.Glicko(1400, 30), 1.0)])
    assert abs(new.volatility - 0.06) < 0.0001
    assert 2100 < new.rating < 2101


def test_a_deviation_grows_with_inactivity_up_to_a_newcomers():
    settled = glicko2.Glicko(1800, 50, 0.06)
    assert glicko2.decayed(settled, 0) == settled
    a_year = glicko2.decayed(settled, 52)
    assert 50 < a_year.deviation < 110 and a_year.rating == 1800
    assert glicko2.decayed(settled, 10_000).deviation == glicko2.START_DEVIATION
    # And as read: the stored deviation grows by the weeks since the last rated game.
    row = Rating(game="wordgrid", value=1800, exact=1800.0, deviation=50.0, volatility=0.06)
    row.rated_at = timezone.now() - 52 * RATING_PERIOD
    assert round(glicko_now(row).deviation) == round(a_year.deviation)


def test_winning_against_an_equal_newcomer_moves_both_ratings_symmetrically():
    ana, beto = (glicko2.Glicko() for _ in range(2))
    win, loss = glicko2.rate(ana, [(beto, 1.0)]), glicko2.rate(beto, [(ana, 0.0)])
    assert round(win.rating - 1500, 6) == round(1500 - loss.rating, 6) > 100
    assert win.deviation < 350


# -- through the services ----------------------------------------------------------------------------------------


def member(name: str):
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com", password="x" * 20)
    player = player_create_for_user(user=user, nickname=name.capitalize())
    verify_email(user)
    wallet_grant(player=player, amount=1000, key=f"test-grant:{player.pk}")
    return player


def arrive(match, *players):
    for player in players:
        matches.match_arrive(match_id=match.pk, player=player)
    match.refresh_from_db()
    return match


def changes_of(match):
    return {row.player_id: (row.before, row.after, row.delta) for row in RatingChange.objects.filter(match=match)}


@pytest.mark.django_db
def test_a_staked_wordgrid_match_is_rated_and_moves_both_ratings_once():
    ana, beto = member("ana"), member("beto")
    offer = offers.offer_post(player=ana, game="wordgrid", stake=50)
    match = arrive(offers.offer_accept(player=beto, offer_id=offer.pk, interface_language="es"), ana, beto)
    assert rated.match_is_rated(match)
    matches.match_act(match_id=match.pk, player=beto, action={"type": "resign"})
    match.refresh_from_db()

    made = changes_of(match)
    assert made[ana.pk][0] == made[beto.pk][0] == 1500
    assert made[ana.pk][1] > 1500 > made[beto.pk][1]
    assert made[ana.pk][2] == -made[beto.pk][2] > 0
    assert standing_of(ana, "wordgrid").value == made[ana.pk][1]
    assert standing_of(ana, "wordgrid").provisional  # one game: the deviation is still far above 110
    # What the board's result card reads (the match frame's `ratings`).
    assert rated.ratings_view(match) == {
        "0": {"before": 1500, "after": made[ana.pk][1], "change": made[ana.pk][2]},
        "1": {"before": 1500, "after": made[beto.pk][1], "change": made[beto.pk][2]},
    }

    # A repeated finish (a retried task, the same save processed again) changes nothing.
    rated.placements_apply(match, engine_for("wordgrid").from_json(match.state))
    assert (
        glicko_apply(
            game="wordgrid", match=match, results={ana.pk: [(beto.pk, 1.0)], beto.pk: [(ana.pk, 0.0)]}, places={}
        )
        == []
    )
    assert matches.match_advance(match_id=match.pk, now=timezone.now() + timedelta(hours=1)) is False
    assert changes_of(match) == made
    assert Rating.objects.get(player=ana, game="wordgrid").games == 1


@pytest.mark.django_db
def test_a_rated_cruzadas_match_from_the_queue_moves_both_ratings_once():
    ana, beto = member("ana"), member("beto")
    assert queue.queue_join(player=ana, game="cruzadas", interface_language="es") is None
    room = queue.queue_join(player=beto, game="cruzadas", interface_language="es")
    assert room is not None and room.settings["rated"] is True
    match = arrive(Match.objects.get(room=room), ana, beto)
    assert rated.match_is_rated(match)
    matches.match_act(match_id=match.pk, player=ana, action={"type": "resign"})
    match.refresh_from_db()
    made = changes_of(match)
    assert made[beto.pk][2] > 0 > made[ana.pk][2]
    matches.match_advance(match_id=match.pk, now=timezone.now() + timedelta(hours=1))
    assert changes_of(match) == made and RatingChange.objects.count() == 2


@pytest.mark.django_db
def test_a_member_who_plays_fresh_guests_in_the_rated_queue_gains_nothing():
    """The attacker's steps of issue 31: a member makes throwaway guests in another browser of their own and
    beats them in the rated queue (+162, then +88). A guest is a nickname anyone makes in seconds: a game with one
    is unrated, whatever queue it came from; so is one with a member whose address is not confirmed."""
    farmer = member("farmer")
    for number in range(3):
        throwaway = player_create_guest(nickname=f"Throwaway{number}")
        assert queue.queue_join(player=farmer, game="cruzadas", interface_language="es") is None
        room = queue.queue_join(player=throwaway, game="cruzadas", interface_language="es")
        assert room is not None
        match = arrive(Match.objects.get(room=room), farmer, throwaway)
        assert not rated.match_is_rated(match)
        matches.match_act(match_id=match.pk, player=throwaway, action={"type": "resign"})
    assert not RatingChange.objects.exists()
    unconfirmed_user = get_user_model().objects.create_user(username="unconfirmed", email="u@example.com")
    unconfirmed = player_create_for_user(user=unconfirmed_user, nickname="Unconfirmed")
    assert queue.queue_join(player=farmer, game="cruzadas", interface_language="es") is None
    room = queue.queue_join(player=unconfirmed, game="cruzadas", interface_language="es")
    assert not rated.match_is_rated(arrive(Match.objects.get(room=room), farmer, unconfirmed))


@pytest.mark.django_db
def test_games_against_bots_anyone_games_and_related_accounts_are_unrated(alice):
    ana, beto = player_create_guest(nickname="Ana"), player_create_guest(nickname="Beto")
    # "Anyone": paired at once, unrated.
    queue.queue_join(player=ana, game="cruzadas", interface_language="es")
    room = queue.queue_join(player=beto, game="cruzadas", interface_language="es", anyone=True)
    match = Match.objects.get(room=room)
    assert "rated" not in room.settings and not rated.match_is_rated(match)
    # Against a bot.
    from games.runtime.rooms import room_create

    bot_room = room_create(game="wordgrid", host=ana, seats=2, settings={}, interface_language="es", bot_level="easy")
    assert not rated.match_is_rated(matches.match_start(room=bot_room, by=ana))
    # Two accounts seen on the same browser: a rated queue pairing, but the match is unrated.
    carol, dora = member("carol"), member("dora")
    now = timezone.now()
    Sighting.objects.bulk_create(
        [Sighting(player=p, kind=Sighting.DEVICE, value="same-browser", last_seen=now) for p in (carol, dora)]
    )
    queue.queue_join(player=carol, game="cruzadas", interface_language="es")
    related = queue.queue_join(player=dora, game="cruzadas", interface_language="es")
    assert related.settings["rated"] is True
    related_match = arrive(Match.objects.get(room=related), carol, dora)
    assert not rated.match_is_rated(related_match)
    matches.match_act(match_id=related_match.pk, player=carol, action={"type": "resign"})
    matches.match_act(match_id=match.pk, player=arrive(match, ana, beto) and ana, action={"type": "resign"})
    assert RatingChange.objects.count() == 0 and Rating.objects.count() == 0


@pytest.mark.django_db
def test_a_rated_duelo_quick_match_starts_without_bots_and_rates_each_pair_once():
    ana, beto, clara = (member(name) for name in ("ana", "beto", "clara"))
    room = quickmatch.quick_match_join(player=ana, game="duelo", language="es", interface_language="es", rated=True)
    for player in (beto, clara):
        assert (
            quickmatch.quick_match_join(player=player, game="duelo", language="es", interface_language="es", rated=True)
            == room
        )
    Room.objects.filter(pk=room.pk).update(launch_at=timezone.now())
    match = quickmatch.quick_match_launch(room_id=room.pk)
    assert [sitter["bot"] for sitter in match.lineup] == ["", "", ""]  # the free seat went, no bot came
    assert rated.match_is_rated(match)
    start = timezone.now()
    word = match.state["hidden_words"][0]
    matches.match_act(
        match_id=match.pk, player=beto, action={"type": "guess", "word": word}, now=start + timedelta(seconds=5)
    )
    matches.match_advance(match_id=match.pk, now=start + timedelta(minutes=10))
    match.refresh_from_db()
    assert match.status == Match.FINISHED
    made = changes_of(match)
    # Beto beat both; Ana and Clara drew with each other and lost to Beto: the same change for both.
    assert made[beto.pk][2] > 0 > made[ana.pk][2] == made[clara.pk][2]
    assert made[beto.pk][2] > abs(made[ana.pk][2])  # two wins against one loss each
