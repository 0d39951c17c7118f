from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from games.runtime import ledger_links

        ledger_links.register()  # the wallet's statement and admin learn about matches from the games
