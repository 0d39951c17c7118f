"""`make soak` (python -m bench.soak --profile short|long|peak): the real stack under real websocket clients.

    python -m bench.soak --profile long

PostgreSQL and Redis are the soak's own: a private cluster of Debian's PostgreSQL binaries and Debian's
/usr/bin/redis-server, each on a free loopback port, which it stops and starts again during play (the
machine's servers are never touched). The run stops by itself (the profile's limit bounds it even if
something hangs), and Ctrl-C or SIGTERM stop it cleanly: daphne, the clock, the workers, beat, the helper
process and both servers are always stopped. Prints the table, writes bench-results/soak-<profile>-<time>.json;
the servers' logs stay in bench-results/soak-logs/. Exits with 1 when the verdict failed: a correctness check,
or one of the limits issue 30 sets (clock lateness, queues drained, updates delivered, sockets caught up).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import signal
import sys
from datetime import UTC, datetime

from bench import figures as report
from bench.soak.profiles import PROFILES, Profile


class OverTime(Exception):
    """The profile's time limit passed: stop where we are."""


def _stop(signum, frame):
    raise KeyboardInterrupt


def _over_time(signum, frame):
    raise OverTime


def scaled(profile: Profile, scale: float) -> Profile:
    """The profile with its tables (so its sockets) times `scale`, its ramp in proportion; the same faults."""
    return dataclasses.replace(
        profile,
        name=f"{profile.name}-x{scale:g}",
        ramp_seconds=max(1, round(profile.ramp_seconds * scale)),
        duelo=round(profile.duelo * scale),
        wordgrid=round(profile.wordgrid * scale),
        wordgrid_staked=round(profile.wordgrid_staked * scale),
        cruzadas=round(profile.cruzadas * scale),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", choices=sorted(PROFILES), default="short")
    parser.add_argument(
        "--page-heartbeat",
        action="store_true",
        help="give a socket up as socket.js does, when no frame follows a ping within 0.9 s "
        "(default: count those, give up after 10 s of silence)",
    )
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="the profile's tables times this (e.g. 1.5: the long profile with 1,500 sockets), to find how many "
        "sockets the machine holds within the limits (docs/performance.md, the capacity)",
    )
    args = parser.parse_args(argv)
    profile = PROFILES[args.profile]
    if args.scale <= 0:
        parser.error("--scale must be above 0")
    if args.scale != 1.0:
        profile = scaled(profile, args.scale)
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGALRM, _over_time)
    signal.alarm(int(profile.limit_seconds))
    started, load = datetime.now(UTC), os.getloadavg()
    from bench.soak.run import run

    try:
        found, details = run(profile, page_heartbeat=args.page_heartbeat)
    except KeyboardInterrupt:
        print("\nsoak: interrupted; everything it started is stopped", file=sys.stderr)
        return 130
    except OverTime:
        print(
            f"\nsoak: over its limit of {profile.limit_seconds:.0f} s; everything it started is stopped",
            file=sys.stderr,
        )
        return 1
    finally:
        signal.alarm(0)
    print()
    print(report.table(found))
    path = report.write_json(
        f"soak-{profile.name}",
        report.report(f"soak-{profile.name}", found, started=started, details=details, load_at_start=load),
    )
    print(f"\nsoak: written {path.relative_to(report.ROOT)}")
    verdict = next(figure for figure in found if figure.figure == "verdict")
    print(f"soak: {verdict.value}: {verdict.method}")
    return 0 if verdict.value == "passed" else 1


if __name__ == "__main__":
    sys.exit(main())
