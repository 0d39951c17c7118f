"""`make bench` (python -m bench): every benchmark, one table, one JSON file under bench-results/.

    DATABASE_URL=postgres://... REDIS_URL=redis://... python -m bench [--only rules,services,pages,transport]
        [--transport-quick | --transport-sockets 100,1000 --transport-rates 30,60,100 --transport-seconds 15
         --transport-repeats 3] [--transport-games duelo,torneo,wordgrid,cruzadas,claves]

Rules and bots need no database. Services, pages and transport (bench/transport.py, issue 16) run on a
database of their own next to DATABASE_URL's (`<name>_bench`: created, migrated, dropped at the end) and on
REDIS_URL's Redis.
Figures, not tests: nothing here passes or fails on a number.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import os
import sys
import time
import traceback
from datetime import UTC, datetime

from bench import figures as report
from bench import transport_games
from bench.figures import Figure

AREAS = ("rules", "services", "pages", "transport")


def _step(name: str, function, log: dict[str, str], failures: list[str]) -> list[Figure]:
    """Run one benchmark, keep what it printed for the JSON, and go on if it fails."""
    print(f"bench: {name} ...", end=" ", flush=True)
    started = time.perf_counter()
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            result = function()
    except Exception:  # noqa: BLE001 - one broken benchmark must not hide the others' figures
        failures.append(name)
        log[name] = out.getvalue() + traceback.format_exc()
        print(f"FAILED after {time.perf_counter() - started:.0f} s:\n{traceback.format_exc()}", flush=True)
        return [Figure(name.split(".")[0], name, "failed", "", "see the JSON's details for the traceback")]
    if isinstance(result, tuple):  # (figures, text the step produced itself)
        result, text = result
        out.write(text)
    log[name] = out.getvalue()
    print(f"{time.perf_counter() - started:.0f} s", flush=True)
    return result


def _bench_database_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("bench: services and pages measure PostgreSQL: set DATABASE_URL=postgres://...")
    from urllib.parse import urlparse

    from bench.stack import database_url_named

    return database_url_named(url, urlparse(url).path.lstrip("/") + "_bench")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(AREAS), help="comma-separated areas: " + ", ".join(AREAS))
    parser.add_argument(
        "--transport-quick", action="store_true", help="transport: 100 sockets, 30 moves/s, 10 s steps, 3 repeats"
    )
    parser.add_argument("--transport-sockets", default="100,1000", help="transport: socket counts (even)")
    parser.add_argument("--transport-rates", default="30,60,100", help="transport: moves offered per second")
    parser.add_argument("--transport-seconds", type=float, default=15.0, help="transport: seconds of moves a step")
    parser.add_argument("--transport-repeats", type=int, default=3, help="transport: repeats (the table: medians)")
    parser.add_argument(
        "--transport-games",
        default=",".join(transport_games.GAMES),
        help="transport: the games measured, in this order (also with --transport-quick)",
    )
    args = parser.parse_args(argv)
    areas = [area.strip() for area in args.only.split(",") if area.strip()]
    unknown = set(areas) - set(AREAS)
    if unknown:
        parser.error(f"unknown areas: {', '.join(sorted(unknown))}")
    try:
        games = transport_games.parse_games(args.transport_games)
    except ValueError as error:
        parser.error(f"--transport-games: {error}")

    started, load = datetime.now(UTC), os.getloadavg()
    found: list[Figure] = []
    log: dict[str, str] = {}
    failures: list[str] = []

    if "rules" in areas:
        from bench import rules

        for function in rules.ALL:
            found += _step(f"rules.{function.__name__}", function, log, failures)

    if {"services", "pages", "transport"} & set(areas):
        from bench.stack import drop_database, recreate_database

        url = _bench_database_url()
        recreate_database(url)
        os.environ["DATABASE_URL"] = url
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        from django.db import connections

        from bench import pages, services, transport

        try:
            with services.private_celery_queue():
                if "services" in areas:
                    found += _step("services.game_actions", services.game_actions, log, failures)
                    found += _step("services.settlements", services.settlements, log, failures)
                if "pages" in areas:
                    found += _step("pages.ttfb", pages.ttfb, log, failures)
                if "transport" in areas:
                    plan = (
                        dataclasses.replace(transport.QUICK, games=games)
                        if args.transport_quick
                        else transport.Plan(
                            sockets=tuple(int(n) for n in args.transport_sockets.split(",")),
                            rates=tuple(float(n) for n in args.transport_rates.split(",")),
                            seconds=args.transport_seconds,
                            repeats=args.transport_repeats,
                            games=games,
                        )
                    )
                    found += _step("transport.side_by_side", lambda: transport.run(plan), log, failures)
        finally:
            connections.close_all()
            drop_database(url)

    print()
    print(report.table(found))
    side_by_side = log.get("transport.side_by_side", "")
    if "| game | sockets" in side_by_side:  # issue 16's table, as docs/performance.md shows it
        print("\n" + side_by_side[side_by_side.index("| game | sockets") :].rstrip())
    path = report.write_json(
        "bench",
        report.report(
            "bench",
            found,
            started=started,
            load_at_start=load,
            details={"areas": areas, "output": log, "failed": failures},
        ),
    )
    failed = f"; FAILED: {', '.join(failures)}" if failures else ""
    print(f"\nbench: written {path.relative_to(report.ROOT)}{failed}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
