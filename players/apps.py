from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    """A player's public page: their games, statistics and ratings (issue 19). Above the games and the ratings
    it reads, so that accounts (who a player is) needs neither (issue 32)."""

    name = "players"
    verbose_name = _("Player pages")
