from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DailyConfig(AppConfig):
    name = "daily"
    verbose_name = _("Daily puzzles")

    def ready(self) -> None:
        # A pair's daily is played in a room: its match starts on the day's board and its end records the pair's
        # plays (daily/pairs.py), told by the runtime, which knows nothing of dailies.
        from daily import pairs
        from games.runtime import signals

        signals.match_starting.connect(pairs.on_match_starting, dispatch_uid="daily.pairs.starting")
        signals.match_finished.connect(pairs.on_match_finished, dispatch_uid="daily.pairs.finished")
