from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FriendsConfig(AppConfig):
    name = "friends"
    verbose_name = _("Friends")

    def ready(self) -> None:
        # A match that friends may watch has begun: tell them (friends/playing.py), told by the runtime, which
        # knows nothing of friends.
        from friends import playing
        from games.runtime import signals

        signals.match_starting.connect(playing.on_match_starting, dispatch_uid="friends.playing.starting")
