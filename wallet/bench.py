"""Benchmark: settlements per second through the real service on PostgreSQL (`make bench`).

Makes a throw-away database next to DATABASE_URL's (as the tests do), seeds players, then
times hold + settle pairs: first one worker, then several workers on separate matches
(each settlement locks its escrow, the winner and the one house account, so the house row
is where parallel settlements meet). Prints one line per run and drops the database.

Usage: DATABASE_URL=postgres://... python -m wallet.bench [settlements] [workers]
"""

from __future__ import annotations

import os
import sys
import threading
import time


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()


def _seed(count: int):
    from django.contrib.auth import get_user_model

    from accounts.services import player_create_for_user
    from wallet.services import wallet_grant

    players = []
    for number in range(count):
        user = get_user_model().objects.create_user(username=f"bench{number}", email=f"bench{number}@example.com")
        player = player_create_for_user(user=user, nickname=f"Bench{number}")
        wallet_grant(player=player, amount=10**9, key=f"bench:seed:{player.pk}")
        players.append(player)
    return players


def _run(label: str, players, settlements: int, workers: int) -> float:
    from django.db import connections

    from wallet.conf import stake_levels
    from wallet.services import escrow_hold, escrow_settle

    stake, per_worker = stake_levels()[0], settlements // workers
    barrier = threading.Barrier(workers + 1)
    failures: list[BaseException] = []

    def work(index: int) -> None:
        pair = players[2 * index : 2 * index + 2]
        try:
            barrier.wait()
            for number in range(per_worker):
                match_ref = f"bench:{label}:{index}:{number}"
                escrow_hold(match_ref=match_ref, players=pair, stake=stake, key=f"hold:{match_ref}")
                escrow_settle(match_ref=match_ref, winner=pair[number % 2], key=f"settle:{match_ref}")
        except BaseException as error:  # noqa: BLE001 - reported below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=work, args=(index,)) for index in range(workers)]
    for thread in threads:
        thread.start()
    barrier.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    if failures:
        raise failures[0]
    rate = per_worker * workers / elapsed
    print(
        f"wallet: {per_worker * workers} settlements (hold + settle each) with {workers} worker(s) "
        f"in {elapsed:.2f} s: {rate:.0f} settlements/s"
    )
    return rate


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    settlements = int(argv[0]) if argv else 400
    workers = int(argv[1]) if len(argv) > 1 else 4
    _setup_django()
    from django.core.management import call_command
    from django.db import connection

    if connection.vendor != "postgresql":
        raise SystemExit("wallet.bench measures PostgreSQL: set DATABASE_URL=postgres://...")
    original = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        players = _seed(2 * workers)
        _run("serial", players, settlements, 1)
        _run("parallel", players, settlements, workers)
        call_command("ledger_check")
    finally:
        connection.creation.destroy_test_db(original, verbosity=0)


if __name__ == "__main__":
    main()
