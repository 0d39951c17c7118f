"""Ratings on PostgreSQL: applying a match's changes, once; the history; the leaderboard; concurrency."""

import threading

import pytest
from django.contrib.admin.sites import site as admin_site
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connections, transaction
from django.test import RequestFactory
from django.urls import reverse

from accounts.services import player_create_guest
from games.models import Match, Room
from ratings.models import Rating, RatingChange
from ratings.selectors import leaderboard, rating_of, ratings_of, recent_changes
from ratings.services import rating_apply

GAME = "torneo"


def _match(host, number: int = 1) -> Match:
    room = Room.objects.create(game=GAME, code=f"R{host.pk:03d}{number:03d}"[:8], host=host)
    return Match.objects.create(room=room, game=GAME, number=number, state={}, lineup=[])


@pytest.fixture
def players(db):
    return [player_create_guest(nickname=name) for name in ("Ana", "Beto", "Clara", "Diego")]


def test_a_new_player_is_rated_1000(players):
    assert rating_of(players[0], GAME) == 1000
    assert ratings_of(players[0]) == []
    assert recent_changes(players[0]) == []


def test_apply_moves_ratings_from_1000_and_records_the_history(players):
    ana, beto, clara, _diego = players
    match = _match(ana)
    made = rating_apply(game=GAME, match=match, changes={ana.pk: (25, 1), beto.pk: (-4, 2), clara.pk: (-21, 3)})

    assert {(c.player_id, c.before, c.after, c.delta, c.place) for c in made} == {
        (ana.pk, 1000, 1025, 25, 1),
        (beto.pk, 1000, 996, -4, 2),
        (clara.pk, 1000, 979, -21, 3),
    }
    assert (rating_of(ana, GAME), rating_of(beto, GAME), rating_of(clara, GAME)) == (1025, 996, 979)
    assert Rating.objects.get(player=ana, game=GAME).games == 1
    # Another game keeps its own rating.
    assert rating_of(ana, "duelo") == 1500  # a Glicko-2 game starts at 1500 (issue 20)

    second = _match(ana, number=2)
    rating_apply(game=GAME, match=second, changes={ana.pk: (-11, 3), beto.pk: (11, 1)})
    history = recent_changes(ana)
    assert [(c.match_id, c.before, c.after, c.delta) for c in history] == [
        (second.pk, 1025, 1014, -11),
        (match.pk, 1000, 1025, 25),
    ]
    assert recent_changes(ana, limit=1)[0].match_id == second.pk
    assert Rating.objects.get(player=ana, game=GAME).games == 2
    assert [r.value for r in ratings_of(ana)] == [1014]


def test_applying_the_same_match_twice_changes_nothing(players):
    ana, beto, *_ = players
    match = _match(ana)
    changes = {ana.pk: (18, 1), beto.pk: (-18, 2)}
    assert len(rating_apply(game=GAME, match=match, changes=changes)) == 2
    assert rating_apply(game=GAME, match=match, changes=changes) == []
    assert (rating_of(ana, GAME), rating_of(beto, GAME)) == (1018, 982)
    assert RatingChange.objects.filter(match=match).count() == 2
    assert Rating.objects.get(player=ana, game=GAME).games == 1


def test_the_database_refuses_a_second_change_for_the_same_player_and_match(players):
    ana = players[0]
    match = _match(ana)
    rating_apply(game=GAME, match=match, changes={ana.pk: (4, 1)})
    with pytest.raises(IntegrityError), transaction.atomic():
        RatingChange.objects.create(player=ana, game=GAME, match=match, before=1004, after=1008, delta=4)
    # Changes without a match (none so far in the site, e.g. a correction) are not limited.
    RatingChange.objects.create(player=ana, game=GAME, match=None, before=1004, after=1004, delta=0)
    RatingChange.objects.create(player=ana, game=GAME, match=None, before=1004, after=1004, delta=0)


def test_leaderboard_orders_by_rating_and_shares_ranks(players):
    ana, beto, clara, diego = players
    rating_apply(
        game=GAME, match=_match(ana), changes={ana.pk: (-4, 3), beto.pk: (25, 1), clara.pk: (11, 2), diego.pk: (-4, 3)}
    )
    rating_apply(game="duelo", match=_match(ana, 2), changes={ana.pk: (99, 1)})
    board = leaderboard(GAME)
    assert [(row.player_id, row.value, row.rank) for row in board] == [
        (beto.pk, 1025, 1),
        (clara.pk, 1011, 2),
        (ana.pk, 996, 3),
        (diego.pk, 996, 3),
    ]
    assert [row.player_id for row in leaderboard(GAME, limit=2)] == [beto.pk, clara.pk]


@pytest.mark.urls("tests.ratings.urls")
def test_leaderboard_page_lists_players_and_unknown_games_are_404(client, players):
    ana, beto, *_ = players
    rating_apply(game=GAME, match=_match(ana), changes={ana.pk: (-25, 2), beto.pk: (25, 1)})
    response = client.get(reverse("ratings:leaderboard", args=[GAME]), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Torneo leaderboard" in page
    assert page.index(f"#{beto.tag}") < page.index(f"#{ana.tag}")
    assert "1025" in page and "975" in page
    assert client.get(reverse("ratings:leaderboard", args=["chess"])).status_code == 404


@pytest.mark.urls("tests.ratings.urls")
def test_empty_leaderboard_says_so(client, db):
    response = client.get(reverse("ratings:leaderboard", args=[GAME]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Nobody has a rating in this game yet." in response.content.decode()


def test_admin_cannot_add_change_or_delete_ratings(players):
    superuser = get_user_model().objects.create_superuser("root", "root@example.com", "a-long-pass-phrase-91")
    request = RequestFactory().get("/admin/")
    request.user = superuser
    for model in (Rating, RatingChange):
        model_admin = admin_site._registry[model]
        assert model_admin.has_view_permission(request)
        assert not model_admin.has_add_permission(request)
        assert not model_admin.has_change_permission(request)
        assert not model_admin.has_delete_permission(request)


@pytest.mark.django_db(transaction=True)
def test_concurrent_matches_on_the_same_players_add_up():
    """Two matches of the same players end at once (threads, own connections): no update is lost,
    nobody deadlocks, and the first rows are created once although both create them."""
    ana, beto, clara = (player_create_guest(nickname=name) for name in ("Ana", "Beto", "Clara"))
    rounds = 10
    matches = [[_match(ana, number=1 + 2 * i), _match(ana, number=2 + 2 * i)] for i in range(rounds)]
    # Opposite key orders: the service must lock in id order, whatever order the caller gives.
    work = [{ana.pk: (7, 1), beto.pk: (-3, 2), clara.pk: (-4, 3)}, {clara.pk: (5, 1), beto.pk: (1, 2), ana.pk: (-6, 3)}]
    errors = []

    def run(index: int) -> None:
        try:
            for pair in matches:
                barrier.wait()
                rating_apply(game=GAME, match=pair[index], changes=work[index])
                # Replaying the other thread's match at the same time must change nothing.
                rating_apply(game=GAME, match=pair[1 - index], changes=work[1 - index])
        except Exception as error:  # noqa: BLE001 - the test reports it
            errors.append(error)
            barrier.abort()
        finally:
            connections.close_all()

    barrier = threading.Barrier(2)
    threads = [threading.Thread(target=run, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    assert rating_of(ana, GAME) == 1000 + rounds * (7 - 6)
    assert rating_of(beto, GAME) == 1000 + rounds * (-3 + 1)
    assert rating_of(clara, GAME) == 1000 + rounds * (-4 + 5)
    assert Rating.objects.filter(game=GAME).count() == 3
    assert set(Rating.objects.values_list("games", flat=True)) == {2 * rounds}
    assert RatingChange.objects.count() == 3 * 2 * rounds
    # The history is a chain: each change starts where the previous one of that player ended.
    for player in (ana, beto, clara):
        chain = list(RatingChange.objects.filter(player=player).order_by("id"))
        assert chain[0].before == 1000
        assert all(prev.after == nxt.before for prev, nxt in zip(chain, chain[1:], strict=False))
        assert chain[-1].after == rating_of(player, GAME)


@pytest.mark.django_db
def test_the_players_page_shows_their_ratings(client):
    from accounts.models import Player
    from ratings.services import rating_apply

    client.post("/guest/", {"nickname": "Ana"})
    ana = Player.objects.get(nickname="Ana")
    rating_apply(game="torneo", match=None, changes={ana.pk: (25, 1)})
    page = client.get("/me/").content.decode()
    assert "1025" in page and "+25" in page
