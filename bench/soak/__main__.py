"""`make soak` (python -m bench.soak --profile short|long): the real stack under real websocket clients.

    DATABASE_URL=postgres://.../dreamgames_soak REDIS_URL=redis://127.0.0.1:6379/10 python -m bench.soak

DATABASE_URL names a database the soak owns: it is dropped and created again at the start. REDIS_URL
names a Redis db the soak owns: it is emptied at the start. Loopback only. The run stops by itself
(the profile's limit bounds it even if something hangs), and Ctrl-C or SIGTERM stop it cleanly: daphne,
the worker, beat and the helper process are always stopped. Prints the table, writes
bench-results/soak-<profile>-<time>.json; the servers' logs stay in bench-results/soak-logs/.
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
    args = parser.parse_args(argv)
    profile = PROFILES[args.profile]
    database_url, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")) or not redis_url.startswith("redis://"):
        raise SystemExit("soak: set DATABASE_URL=postgres://.../<a database it may recreate> and "
                         "REDIS_URL=redis://127.0.0.1:6379/<a db it may empty>")
    for url in (database_url, redis_url):
        if not url.split("//", 1)[1].split("@")[-1].startswith(("127.0.0.1", "localhost", "[::1]")):
            raise SystemExit(f"soak: loopback only, not {url}")
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGALRM, _over_time)
    signal.alarm(int(profile.limit_seconds))
    started, load = datetime.now(UTC), os.getloadavg()
    from bench.soak.run import run

    try:
        found, details = run(profile, database_url, redis_url)
    except KeyboardInterrupt:
        print("\nsoak: interrupted; everything it started is stopped", file=sys.stderr)
        return 130
    except OverTime:
        print(f"\nsoak: over its limit of {profile.limit_seconds:.0f} s; everything it started is stopped",
              file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
    print()
    print(report.table(found))
    path = report.write_json(f"soak-{profile.name}", report.report(f"soak-{profile.name}", found, started=started,
                                                                   details=details, load_at_start=load))
    print(f"\nsoak: written {path.relative_to(report.ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
