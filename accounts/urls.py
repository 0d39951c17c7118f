from django.urls import path

from accounts import views
from accounts.player_page import player_page

urlpatterns = [
    path("guest/", views.play_as_guest, name="play_as_guest"),
    path("me/", views.profile, name="profile"),
    path("me/colours/", views.palette, name="palette"),
    path("me/page/", views.page_visibility, name="page_visibility"),
    # A player's public page: /p/<nickname>-<tag>/ (accounts/player_page.py, docs/player-page.md).
    path("p/<str:handle>/", player_page, name="player_page"),
]
