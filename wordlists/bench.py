"""Benchmark (not a test): load time and memory of every word list, as a process would load it.

    python -m wordlists.bench

Each list is loaded in a fresh interpreter, so the figures are what one worker pays on first use.
"""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, os, time, tracemalloc
from wordlists import lexicon

def rss_mib():
    try:  # resident set size now (Linux); elsewhere the growth reads 0
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return 0.0

slug = {slug!r}
load = lexicon.dawg if slug in lexicon.DAWG_BACKED else lexicon.lexicon
before = rss_mib()
started = time.perf_counter()
words = load(slug)
seconds = time.perf_counter() - started
rss_growth = rss_mib() - before
tracemalloc.start()  # a second, traced load (bypassing the cache): Python's own allocations
again = load.__wrapped__(slug)
current, peak = tracemalloc.get_traced_memory()
tracemalloc.stop()
del again
probe = next(iter(words)) if slug in lexicon.DAWG_BACKED else words.words[0]
started = time.perf_counter()
for _ in range(100000):
    probe in words
lookups = 100000 / (time.perf_counter() - started)
print(json.dumps({{"seconds": seconds, "mib": current / 2**20, "rss_growth_mib": rss_growth,
                  "lookups_per_s": lookups}}))
"""


def probe(slug: str) -> dict[str, float]:
    """Load one list in a fresh interpreter: seconds (untraced), MiB allocated (traced), growth of the
    process's resident memory (MiB, untraced), membership look-ups per second."""
    result = subprocess.run([sys.executable, "-c", PROBE.format(slug=slug)], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def main() -> int:
    from wordlists import lexicon

    print(f"{'list':28} {'words':>9} {'load ms':>8} {'MiB':>7} {'lookups/s':>11}")
    for slug, info in sorted(lexicon.manifest().items()):
        figures = probe(slug)
        print(
            f"{slug:28} {info.count:>9,} {figures['seconds'] * 1000:>8.1f} {figures['mib']:>7.1f} "
            f"{figures['lookups_per_s']:>11,.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
