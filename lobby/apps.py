from django.apps import AppConfig


class LobbyConfig(AppConfig):
    name = "lobby"

    def ready(self):
        from lobby import signals  # noqa: F401 - connects the receivers
        from lobby.ways import check_ways

        check_ways()  # a spec that lists a way the lobby does not know stops the site at start-up, not a page
