"""A site process's start-up (config/warmup.py): every word list loaded before the first player comes, and
what start-up made frozen out of the garbage collector's walks, so a full collection no longer walks the
lists (issue 16, docs/performance.md)."""

import gc
import logging

import pytest

from config.warmup import start_up, warm_up
from games.cruzadas import engine as cruzadas
from games.cruzadas import movegen
from wordlists.lexicon import DAWG_BACKED, dawg, lexicon, manifest


@pytest.fixture
def fresh_process():
    """As a process that has loaded no list yet; afterwards the collector walks everything again."""
    lexicon.cache_clear()
    dawg.cache_clear()
    gc.unfreeze()
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_start_up_loads_every_list_and_freezes_them(fresh_process, caplog):
    with caplog.at_level(logging.INFO, logger="config.warmup"):
        warm_up()
    lists = manifest()
    graphs = sum(1 for info in lists.values() if info.dawg_sha256 is not None)
    assert lexicon.cache_info().currsize == len(lists) - len(DAWG_BACKED)
    assert dawg.cache_info().currsize == graphs and graphs >= 1
    # A player's first move in a language finds its list loaded: no miss.
    misses = lexicon.cache_info().misses
    lexicon("duelo-es-5-valid")
    assert lexicon.cache_info().misses == misses
    assert gc.get_freeze_count() > 0
    assert f"warm-up: {len(lists)} word lists loaded" in caplog.text
    # Letras Cruzadas' move generator finds its graph's tables made (issue 30).
    graph = dawg(cruzadas.list_slug("tr"))
    assert any(made is graph for made, _tables in movegen._GRAPHS.values())


def test_the_lists_are_out_of_the_collectors_walks(fresh_process):
    """A list's word set (hundreds of thousands of entries that every full collection visited one by one) is
    frozen: the collector's generations no longer hold it, until it is unfrozen."""
    warm_up()
    words = lexicon("duelo-es-5-valid")._members

    def walked() -> bool:
        return any(found is words for found in gc.get_objects())

    assert not walked()
    gc.unfreeze()
    assert walked()


def test_start_up_sets_the_collectors_thresholds_with_or_without_the_warm_up(fresh_process, settings):
    settings.WARM_UP = False
    settings.GC_THRESHOLDS = (12345, 7, 8)
    start_up()
    assert gc.get_threshold() == (12345, 7, 8)
    assert gc.get_freeze_count() == 0 and lexicon.cache_info().currsize == 0  # no warm-up asked for
    settings.GC_THRESHOLDS = ()  # Python's own, untouched
    gc.set_threshold(700, 10, 10)
    start_up()
    assert gc.get_threshold() == (700, 10, 10)
