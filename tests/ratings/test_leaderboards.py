"""Leaderboards per game and the rating chart of a player's page (issue 20): provisional players listed apart,
the viewer's own place, links from each game's page and the lobby, and the history drawn as an SVG."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.selectors import remember_guest
from accounts.services import player_create_guest
from games.models import Match, Room
from ratings.models import Rating, RatingChange
from ratings.selectors import board_of

pytestmark = pytest.mark.django_db


def rated(name: str, value: int, deviation: float, *, game: str = "wordgrid", days_ago: int = 0):
    player = player_create_guest(nickname=name)
    Rating.objects.create(
        player=player,
        game=game,
        value=value,
        exact=float(value),
        deviation=deviation,
        volatility=0.06,
        games=12,
        rated_at=timezone.now() - timedelta(days=days_ago),
    )
    return player


def test_provisional_players_are_listed_apart_and_inactivity_makes_a_rating_provisional_again():
    ana, beto = rated("Ana", 1700, 60), rated("Beto", 1600, 90)
    newcomer = rated("Nuevo", 1900, 250)
    away = rated("Lejos", 1800, 100, days_ago=400)  # settled once, a year and more without a rated game
    board = board_of("wordgrid", viewer_id=beto.pk)
    assert [(row.player_id, row.rank) for row in board.ranked] == [(ana.pk, 1), (beto.pk, 2)]
    assert [row.player_id for row in board.provisional] == [newcomer.pk, away.pk]
    assert board.mine.player_id == beto.pk and board.mine.rank == 2


def test_the_leaderboard_page_shows_my_place_and_the_provisional_list(client):
    ana = rated("Ana", 1700, 60)
    newcomer = rated("Nuevo", 1900, 250)
    rated("Beto", 1600, 80)
    session = client.session
    remember_guest(session=session, player=newcomer)
    session.save()
    page = client.get("/ratings/wordgrid/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Wordgrid leaderboard" in page and "Provisional ratings" in page
    ranked, provisional = page.split('data-testid="leaderboard-provisional"')
    ana_row, newcomer_row = f'data-player="{ana.pk}"', f'data-player="{newcomer.pk}"'
    assert ana_row in ranked and newcomer_row in provisional and newcomer_row not in ranked
    assert "It is provisional" in page  # the viewer (a provisional player) is told where they are
    for game in ("duelo", "cruzadas", "torneo"):
        assert client.get(f"/ratings/{game}/").status_code == 200


def test_every_rated_games_page_and_the_lobby_link_to_its_leaderboard(client):
    session = client.session
    remember_guest(session=session, player=player_create_guest(nickname="Visita"))
    session.save()
    for path, game in (("/play/duelo/", "duelo"), ("/play/wordgrid/", "wordgrid"), ("/play/cruzadas/", "cruzadas")):
        assert f'href="/ratings/{game}/"' in client.get(path, HTTP_ACCEPT_LANGUAGE="en").content.decode(), path
    lobby = client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for game in ("duelo", "torneo", "wordgrid", "cruzadas"):
        assert f'href="/ratings/{game}/"' in lobby


def test_a_players_page_draws_each_ratings_history_as_an_svg_chart(client):
    ana = rated("Ana", 1500, 350)
    room = Room.objects.create(game="wordgrid", code="CHARTROOM1", host=ana)
    values = [1500, 1562, 1601, 1580, 1633]
    for number, (before, after) in enumerate(zip(values, values[1:], strict=False), start=1):
        match = Match.objects.create(room=room, game="wordgrid", number=number, state={}, lineup=[])
        RatingChange.objects.create(
            player=ana,
            game="wordgrid",
            match=match,
            before=before,
            after=after,
            delta=after - before,
            deviation=300 - 40 * number,
        )
    Rating.objects.filter(player=ana).update(value=1633, exact=1633.0, deviation=140.0)
    page = client.get(ana.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    chart = page[page.index('data-testid="rating-chart-wordgrid"') :]
    chart = chart[: chart.index("</figure>")]
    assert "<svg" in chart and "<polyline" in chart and "<polygon" in chart  # the line and the deviation band
    assert chart.count("<circle") == 4  # one dot per rated game
    assert "Wordgrid rating after 4 rated games: 1633" in chart
    assert "1633?" in page and "provisional" in page
    assert "+53" in page  # the last change
