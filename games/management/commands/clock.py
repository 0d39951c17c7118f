"""`manage.py clock`: the process that applies every match's deadline and runs the sweeps (games.runtime.clock).

Started by the site's launcher (config/launch.py) beside daphne and the workers, supervised like them; stops
on SIGTERM or Ctrl-C after its tick."""

from __future__ import annotations

import signal
import threading

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Apply every match's deadline as it comes, and run the sweeps (the clock process)."

    def handle(self, *args, **options):
        import gc

        from django.conf import settings

        from games.runtime import clock

        stop = threading.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stop.set())
        # No word list to load (config/warmup.py): the clock applies deadlines, which read none. Only the
        # collector's thresholds, as in the other site processes.
        if settings.GC_THRESHOLDS:
            gc.set_threshold(*settings.GC_THRESHOLDS)
        self.stdout.write(
            f"clock: ticking every {clock.TICK_SECONDS:g} s at most; sweeps every {clock.SWEEP_SECONDS:g} s"
        )
        clock.run(stop)
        self.stdout.write("clock: stopped")
