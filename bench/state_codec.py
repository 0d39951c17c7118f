"""The engines' state JSON, hand-written (an older commit's engines) against `games.kit.codec` (issue 15).

    .venv/bin/python -m bench.state_codec [--old d89bfef] [--repeats 3]

For each engine and each stored mid-game state of tests/games/fixtures/states/: `from_json` then `to_json`
of the same data, old and new taking turns in one process, µs per pair (best of 15 runs of N calls
each); the old engine module is read from git (`git show REV:games/<slug>/engine.py`), never kept in the
tree. Also `copy.deepcopy` of the loaded state (what `advance`/`apply` did first) against the engine's
`copy_state` (`games.kit.codec.state_copier`, what they do now), and, for Duelo only,
msgspec's `to_builtins` + `convert` on the same dataclasses when msgspec is installed (it writes UTC as
"Z", so its output is not the stored format: a best case, not a candidate). Figures, not a test.
"""

from __future__ import annotations

import argparse
import copy
import importlib
import json
import os
import subprocess
import sys
import timeit
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "games" / "fixtures" / "states"
SLUGS = ("duelo", "wordgrid", "cruzadas", "claves", "torneo")


def old_engine(slug: str, rev: str) -> types.ModuleType:
    source = subprocess.run(
        ["git", "show", f"{rev}:games/{slug}/engine.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    module = types.ModuleType(f"_old_{slug}_engine")
    module.__file__ = f"{rev}:games/{slug}/engine.py"
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, module.__file__, "exec"), module.__dict__)  # noqa: S102 (our own code, from git)
    return module


def per_call_us(functions: dict[str, object], number: int, rounds: int = 15) -> dict[str, float]:
    """µs per call of each function: the best of `rounds` runs of `number` calls, the functions taking
    turns run by run, so that a busy machine slows them alike (the best run is the least disturbed)."""
    best = dict.fromkeys(functions, float("inf"))
    for _ in range(rounds):
        for name, function in functions.items():
            best[name] = min(best[name], timeit.timeit(function, number=number) / number * 1e6)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--old", default="d89bfef", help="a commit whose engines write JSON by hand")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    try:
        import msgspec
    except ImportError:
        msgspec = None
    heads = ("bytes", "old µs", "new µs", "new/old", "deepcopy µs", "copy µs", "msgspec µs")
    for repeat in range(1, args.repeats + 1):
        print(f"-- repeat {repeat}, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(f"{'state':22} " + " ".join(f"{head:>11}" for head in heads))
        for slug in SLUGS:
            new = importlib.import_module(f"games.{slug}.engine")
            old = old_engine(slug, args.old)
            for path in sorted(FIXTURES.glob(f"{slug}-mid-*.json")):
                data = json.loads(path.read_text(encoding="utf-8"))
                assert old.to_json(old.from_json(data)) == data == new.to_json(new.from_json(data))
                state = new.from_json(data)
                functions = {
                    "old": lambda: old.to_json(old.from_json(data)),  # noqa: B023
                    "new": lambda: new.to_json(new.from_json(data)),  # noqa: B023
                    "deepcopy": lambda: copy.deepcopy(state),  # noqa: B023
                    "copy_state": lambda: new.copy_state(state),  # noqa: B023
                }
                if msgspec is not None and slug == "duelo":
                    built = msgspec.to_builtins(state)
                    functions["msgspec"] = lambda: msgspec.to_builtins(msgspec.convert(built, type=new.State))  # noqa: B023
                times = per_call_us(functions, number=max(20, int(40_000 / len(json.dumps(data)))))
                cells = (len(json.dumps(data)), f"{times['old']:.1f}", f"{times['new']:.1f}")
                cells += (
                    f"{times['new'] / times['old']:.2f}",
                    f"{times['deepcopy']:.1f}",
                    f"{times['copy_state']:.1f}",
                )
                cells += (f"{times['msgspec']:.1f}" if "msgspec" in times else "-",)
                print(f"{path.stem:22} " + " ".join(f"{cell:>11}" for cell in cells))
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
