"""What a move does with its state, before and after finished records (frozen turns) were shared (issue 16).

    .venv/bin/python -m bench.finished_records --old REV [--repeats 3]

For Duelo, Letras Cruzadas and Torneo (the games whose histories are frozen records: games.kit.codec
`_finished`), on each stored mid-game state of tests/games/fixtures/states/: the state work of a move,
`to_json(copy_state(from_json(data)))` (read, the copy the rules change, write), with the engine as it was at
REV (read from git, its records not frozen) and as it is now, taking turns in one process (bench.state_codec's
per_call_us: the best of 15 runs). The same codec runs both: only the records' frozenness differs. Figures,
not a test.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os

from bench.state_codec import FIXTURES, old_engine, per_call_us

SLUGS = ("duelo", "cruzadas", "torneo")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--old", required=True, help="a commit whose records are not frozen")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    for repeat in range(1, args.repeats + 1):
        print(f"-- repeat {repeat}, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(f"{'state':22} {'bytes':>8} {'old µs':>9} {'new µs':>9} {'new/old':>8}")
        for slug in SLUGS:
            new = importlib.import_module(f"games.{slug}.engine")
            old = old_engine(slug, args.old)
            for path in sorted(FIXTURES.glob(f"{slug}-mid-*.json")):
                data = json.loads(path.read_text(encoding="utf-8"))
                assert old.to_json(old.copy_state(old.from_json(data))) == data
                assert new.to_json(new.copy_state(new.from_json(data))) == data
                times = per_call_us(
                    {
                        "old": lambda: old.to_json(old.copy_state(old.from_json(data))),  # noqa: B023
                        "new": lambda: new.to_json(new.copy_state(new.from_json(data))),  # noqa: B023
                    },
                    number=max(20, int(40_000 / len(json.dumps(data)))),
                )
                print(
                    f"{path.stem:22} {len(json.dumps(data)):>8} {times['old']:>9.1f} {times['new']:>9.1f} "
                    f"{times['new'] / times['old']:>8.2f}"
                )
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
