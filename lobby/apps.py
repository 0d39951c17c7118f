from django.apps import AppConfig


class LobbyConfig(AppConfig):
    name = "lobby"

    def ready(self):
        from lobby import signals  # noqa: F401 - connects the receivers
