"""`manage.py clock`: the process that applies every match's deadline and runs the sweeps (games.runtime.clock).

Started by the site's launcher (config/launch.py) beside daphne and the workers, supervised like them; stops
on SIGTERM or Ctrl-C after its tick."""

from __future__ import annotations

import logging
import signal
import threading

from django.core.management.base import BaseCommand

log = logging.getLogger("games.runtime.clock")


class Command(BaseCommand):
    help = "Apply every match's deadline as it comes, and run the sweeps (the clock process)."

    def handle(self, *args, **options):
        import gc

        from django.conf import settings

        from games.runtime import clock
        from games.runtime.scheduling import lane_depths
        from observe import identity, metrics

        identity.declare("clock")
        # Its metrics on METRICS_PORT, with each lane's queue depth read from the broker when scraped.
        metrics.watch_queues(lambda: lane_depths(settings.LANE_QUEUES))
        metrics.serve(settings.METRICS_PORT, settings.METRICS_ADDRESS)
        stop = threading.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stop.set())
        # No word list to load (config/warmup.py): the clock applies deadlines, which read none. Only the
        # collector's thresholds, as in the other site processes.
        if settings.GC_THRESHOLDS:
            gc.set_threshold(*settings.GC_THRESHOLDS)
        # Logged, not printed: with LOG_FORMAT=json they are JSON lines like the rest.
        log.info("clock: ticking every %g s at most; sweeps every %g s", clock.TICK_SECONDS, clock.SWEEP_SECONDS)
        clock.run(stop)
        log.info("clock: stopped")
