from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from games.runtime import ledger_links
        from games.runtime.catalogue import game_slugs, spec_for
        from notifications.texts import register_game
        from ratings import games as rated_games

        ledger_links.register()  # the wallet's statement and admin learn about matches from the games
        for slug in game_slugs():  # a notification names its game (notifications.texts), in the reader's language
            register_game(slug, spec_for(slug).name)
        for slug in game_slugs():  # the ratings learn which games are rated, and how, from the games' specs
            spec = spec_for(slug)
            if spec.glicko or spec.rating_change is not None:
                rated_games.register(slug, spec.name, glicko=spec.glicko)
