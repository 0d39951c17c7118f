"""`make soak` (python -m bench.soak --profile short|long): the real stack under real websocket clients.

    DATABASE_URL=postgres://.../dreamgames_soak python -m bench.soak

DATABASE_URL names a database the soak owns: it is dropped and created again at the start. Redis is the
soak's own: Debian's /usr/bin/redis-server on a free loopback port, which it kills and starts again
during play (the machine's Redis is never touched). Loopback only. The run stops by itself
(the profile's limit bounds it even if something hangs), and Ctrl-C or SIGTERM stop it cleanly: daphne,
the worker, beat and the helper process are always stopped. Prints the table, writes
bench-results/soak-<profile>-<time>.json; the servers' logs stay in bench-results/soak-logs/. Exits
with 1 when a correctness check failed (the table's verdict), never on a speed.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from datetime import UTC, datetime

from bench import figures as report
from bench.soak.profiles import PROFILES


class OverTime(Exception):
    """The profile's time limit passed: stop where we are."""


def _stop(signum, frame):
    raise KeyboardInterrupt


def _over_time(signum, frame):
    raise OverTime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", choices=sorted(PROFILES), default="short")
    parser.add_argument(
        "--page-heartbeat",
        action="store_true",
        help="give a socket up as socket.js does, when no frame follows a ping within 0.9 s "
        "(default: count those, give up after 10 s of silence)",
    )
    args = parser.parse_args(argv)
    profile = PROFILES[args.profile]
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("soak: set DATABASE_URL=postgres://.../<a database it may recreate>")
    if not database_url.split("//", 1)[1].split("@")[-1].startswith(("127.0.0.1", "localhost", "[::1]")):
        raise SystemExit(f"soak: loopback only, not {database_url}")
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGALRM, _over_time)
    signal.alarm(int(profile.limit_seconds))
    started, load = datetime.now(UTC), os.getloadavg()
    from bench.soak.run import run

    try:
        found, details = run(profile, database_url, page_heartbeat=args.page_heartbeat)
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
