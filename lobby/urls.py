from django.urls import path

from games.runtime.catalogue import game_slugs, spec_for
from lobby import lobby_views, party_views, play_views, tournament_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("lobby/", lobby_views.lobby, name="lobby"),
    path("lobby/live/", lobby_views.lobby_live, name="lobby_live"),
    path("lobby/live-now/", lobby_views.lobby_live_now, name="lobby_live_now"),
    # The tournament's ways in (one game holds them: lobby/ways.py), and its groups.
    path("lobby/tournament/queue/", tournament_views.tournament_queue_join, name="tournament_queue_join"),
    path("lobby/tournament/queue/leave/", tournament_views.tournament_queue_leave, name="tournament_queue_leave"),
    path("lobby/tournament/practice/", tournament_views.tournament_practice, name="tournament_practice"),
    path("g/", party_views.party_new, name="party_new"),
    path("g/<str:code>/", party_views.party_page, name="party"),
    path("g/<str:code>/live/", party_views.party_live, name="party_live"),
    path("g/<str:code>/language/", party_views.party_language, name="party_language"),
    path("g/<str:code>/practice/", party_views.party_practice, name="party_practice"),
    path("g/<str:code>/rated/", party_views.party_rated, name="party_rated"),
    path("g/<str:code>/cancel/", party_views.party_cancel, name="party_cancel"),
    path("g/<str:code>/leave/", party_views.party_leave, name="party_leave"),
    # The other ways into a game, under the game's own path (games/urls.py has the game's own pages); a game
    # without the way answers 404 (lobby/ways.py).
    path("play/<slug:game>/quick/", play_views.quick_match, name="quick_match"),
    path("play/<slug:game>/offers/", play_views.offer_new, name="offer_new"),
    path("play/<slug:game>/offers/<int:offer_id>/cancel/", play_views.offer_withdraw, name="offer_withdraw"),
    path("play/<slug:game>/offers/<int:offer_id>/accept/", play_views.offer_take, name="offer_take"),
    path("play/<slug:game>/queue/", play_views.random_opponent, name="random_opponent"),
    path("play/<slug:game>/table/", play_views.friend_table, name="friend_table"),
    # A game's page the lobby serves (GameSpec.home_by_lobby), by the URL name its spec gives.
    *[
        path(f"play/{slug}/", play_views.game_home, {"game": slug}, name=spec_for(slug).home_url_name)
        for slug in game_slugs()
        if spec_for(slug).home_by_lobby
    ],
]
