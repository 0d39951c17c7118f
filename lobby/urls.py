from django.urls import path

from lobby import lobby_views, party_views, play_views, torneo_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("lobby/", lobby_views.lobby, name="lobby"),
    path("lobby/live/", lobby_views.lobby_live, name="lobby_live"),
    path("lobby/live-now/", lobby_views.lobby_live_now, name="lobby_live_now"),
    path("lobby/torneo/queue/", torneo_views.torneo_queue_join, name="torneo_queue_join"),
    path("lobby/torneo/queue/leave/", torneo_views.torneo_queue_leave, name="torneo_queue_leave"),
    path("lobby/torneo/practice/", torneo_views.torneo_practice, name="torneo_practice"),
    path("g/", party_views.party_new, name="party_new"),
    path("g/<str:code>/", party_views.party_page, name="party"),
    path("g/<str:code>/live/", party_views.party_live, name="party_live"),
    path("g/<str:code>/language/", party_views.party_language, name="party_language"),
    path("g/<str:code>/practice/", party_views.party_practice, name="party_practice"),
    path("g/<str:code>/rated/", party_views.party_rated, name="party_rated"),
    path("g/<str:code>/cancel/", party_views.party_cancel, name="party_cancel"),
    path("g/<str:code>/leave/", party_views.party_leave, name="party_leave"),
    # Games' pages that go through the lobby, under the games' paths (games/urls.py has the rest).
    path("play/duelo/quick/", play_views.duelo_quick, name="duelo_quick"),
    path("play/wordgrid/", play_views.wordgrid_home, name="wordgrid_home"),
    path("play/wordgrid/offers/", play_views.wordgrid_offer, name="wordgrid_offer"),
    path("play/wordgrid/offers/<int:offer_id>/cancel/", play_views.wordgrid_offer_cancel, name="wordgrid_offer_cancel"),
    path("play/wordgrid/offers/<int:offer_id>/accept/", play_views.wordgrid_offer_accept, name="wordgrid_offer_accept"),
    path("play/cruzadas/", play_views.cruzadas_home, name="cruzadas_home"),
    path("play/cruzadas/queue/", play_views.cruzadas_queue, name="cruzadas_queue"),
]
