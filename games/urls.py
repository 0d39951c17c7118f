from django.urls import include, path

from games import colours, replay_views, rules_pages, views
from games.runtime.catalogue import game_module, game_slugs

# The games' pages that go through the lobby (quick match, offers, the Cruzadas queue): lobby/urls.py.
# A game's own pages: its games/<slug>/urls.py, included here for every game that has one.
_GAME_PAGES = [slug for slug in game_slugs() if game_module(slug, "urls") is not None]

urlpatterns = [
    *[path("", include(f"games.{slug}.urls")) for slug in _GAME_PAGES],
    # Every game's "How to play" page (games/rules_pages.py), also shown in the room's "?" dialog.
    path("play/<slug:game>/rules/", rules_pages.rules, name="game_rules"),
    path("me/guides/", views.guide_seen, name="guide_seen"),
    path("games.css", colours.game_colours, name="game_colours"),
    # A finished match: its replay and analysis (games/replay_views.py); the short link players share.
    path("m/<int:match_id>/", replay_views.match_replay, name="match_replay"),
    path("m/<int:match_id>/replay.json", replay_views.match_replay_data, name="match_replay_data"),
    path("m/<int:match_id>/share.json", replay_views.match_share_data, name="match_share_data"),
    path(
        "m/<int:match_id>/rounds/<int:number>/analysis.json",
        replay_views.round_analysis_data,
        name="round_analysis_data",
    ),
    path("r/", views.room_by_code, name="room_by_code"),
    path("r/<str:code>/", views.room, name="room"),
    path("r/<str:code>/settings/", views.room_settings, name="room_settings"),
    path("r/<str:code>/private/", views.room_private, name="room_private"),
    path("r/<str:code>/watch/", views.room_watch_view, name="room_watch"),
    path("r/<str:code>/seats/<int:index>/", views.room_seat, name="room_seat"),
    path("r/<str:code>/start/", views.room_start, name="room_start"),
    path("r/<str:code>/sit/<int:index>/", views.room_seat_person, name="room_seat_person"),
    path("r/<str:code>/leave/", views.room_leave_view, name="room_leave"),
]
