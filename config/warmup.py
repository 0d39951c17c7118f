"""A site process's start-up (issue 16, docs/decisions.md 58): every published word list loaded, everything
made so far frozen out of the garbage collector's walks, and the collector's thresholds raised.

The word lists are the largest structures a process holds (135 lists, about 165 MB: sets and tuples of
hundreds of thousands of words, the crossword graphs), and they live as long as the process. Loaded on first
use, as before, they sat in the collector's oldest generation with Django's own start-up objects, and every
full collection walked them all again: 160-190 ms on this machine, on top of the sockets' objects, with the
process standing still (docs/performance.md, "The collector's pauses"). Loaded here and then passed to
`gc.freeze()`, they are never walked again, and a player's first move in a language no longer waits for its
list to load. The raised thresholds make full collections rare.

Called by config/asgi.py (daphne) and by the Celery worker when it starts (config/celery.py), each after
Django is set up; WARM_UP=0 and GC_THRESHOLDS= (empty) in the environment leave either as it was.
"""

from __future__ import annotations

import gc
import logging
import time

log = logging.getLogger(__name__)


def start_up() -> None:
    """What a site process does once Django is set up, before it serves: the warm-up (settings.WARM_UP) and
    the collector's thresholds (settings.GC_THRESHOLDS, Python's own when empty)."""
    from django.conf import settings

    if settings.WARM_UP:
        warm_up()
    if settings.GC_THRESHOLDS:
        gc.set_threshold(*settings.GC_THRESHOLDS)


def warm_up() -> None:
    """Load every published word list (the set or the graph its games read) and freeze what exists."""
    from games.runtime.catalogue import game_slugs, spec_for
    from wordlists.lexicon import DAWG_BACKED, dawg, lexicon, manifest

    started = time.perf_counter()
    for slug, info in manifest().items():
        if slug not in DAWG_BACKED:
            lexicon(slug)
        if info.dawg_sha256 is not None:  # the graph that Wordgrid and Letras Cruzadas (and their bots) walk
            dawg(slug)
    for slug in game_slugs():  # what each game makes once (its spec's warm_up: Letras Cruzadas' move tables)
        made = spec_for(slug).warm_up
        if made is not None:
            made()
    # A collection first, so that the garbage of start-up is freed rather than frozen with the rest.
    gc.collect()
    gc.freeze()
    log.info(
        "warm-up: %d word lists loaded, %d objects frozen out of the collector's walks, in %.2f s",
        len(manifest()),
        gc.get_freeze_count(),
        time.perf_counter() - started,
    )
