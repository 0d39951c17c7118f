from django.urls import path

from players.views import player_page

urlpatterns = [
    # A player's public page: /p/<nickname>-<tag>/ (players/views.py, docs/player-page.md).
    path("p/<str:handle>/", player_page, name="player_page"),
]
