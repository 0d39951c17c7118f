"""Benchmark (not a test): load time and memory of every word list, as a process would load it.

    python -m wordlists.bench

Each list is loaded in a fresh interpreter, so the figures are what one worker pays on first use.
"""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, resource, time, tracemalloc
from wordlists import lexicon
slug = {slug!r}
tracemalloc.start()
started = time.perf_counter()
words = lexicon.dawg(slug) if slug in lexicon.DAWG_BACKED else lexicon.lexicon(slug)
seconds = time.perf_counter() - started
current, peak = tracemalloc.get_traced_memory()
probe = next(iter(words)) if slug in lexicon.DAWG_BACKED else words.words[0]
started = time.perf_counter()
for _ in range(100000):
    probe in words
lookups = 100000 / (time.perf_counter() - started)
print(json.dumps({{"seconds": seconds, "mib": current / 2**20, "lookups_per_s": lookups}}))
"""


def main() -> int:
    from wordlists import lexicon

    print(f"{'list':28} {'words':>9} {'load ms':>8} {'MiB':>7} {'lookups/s':>11}")
    for slug, info in sorted(lexicon.manifest().items()):
        result = subprocess.run([sys.executable, "-c", PROBE.format(slug=slug)], capture_output=True,
                                text=True, check=True)
        figures = json.loads(result.stdout)
        print(f"{slug:28} {info.count:>9,} {figures['seconds'] * 1000:>8.1f} {figures['mib']:>7.1f} "
              f"{figures['lookups_per_s']:>11,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
