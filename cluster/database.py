"""The `db` host: a private PostgreSQL cluster from Debian's binaries (the soak's, bench/soak/postgres.py, on this
host's address and namespace) and, with `pool="pgbouncer"`, Debian's PgBouncer in transaction mode in front.

Which the nodes use is `pool`: "django" (each process's own pool of DB_POOL_SIZE connections, straight to
PostgreSQL) or "pgbouncer" (the same pools, to PgBouncer, which lends its few server connections to a client
for one transaction at a time). docs/deployment.md compares the two with figures.
"""

from __future__ import annotations

import os
import pwd
import subprocess
from pathlib import Path

from bench.soak.postgres import SoakPostgres
from cluster import network
from cluster.topology import DATABASE_NAME, PGBOUNCER_PORT, POSTGRES_PORT, Layout

POOLS = ("django", "pgbouncer")
PGBOUNCER = "/usr/sbin/pgbouncer"
# Server connections PgBouncer keeps per database and user: a few per core of the database's host is where
# PostgreSQL does the most work; more only queue inside it.
PGBOUNCER_POOL_SIZE = 20
# Django's setting for the database's clock: the server says UTC, so Django never sends `SET TIME ZONE` (a
# session setting, which transaction pooling would hand to another client's transactions).
SETTINGS = ("timezone = 'UTC'", "log_min_duration_statement = 1000")


def postgres(layout: Layout, logs: Path, folder: Path | None = None) -> SoakPostgres:
    return SoakPostgres(
        logs / layout.db.name,
        host=layout.db.address,
        port=POSTGRES_PORT,
        wrap=network.wrap(layout.db),
        folder=folder,
        settings=SETTINGS,
        clients=f"{layout.subnet}.0/24",
    )


def create_database(server: SoakPostgres) -> str:
    import psycopg

    with psycopg.connect(server.url("postgres"), autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{DATABASE_NAME}"')
    return server.url(DATABASE_NAME)


def node_url(layout: Layout, pool: str) -> str:
    """The DATABASE_URL the nodes get."""
    port = PGBOUNCER_PORT if pool == "pgbouncer" else POSTGRES_PORT
    return f"postgres://postgres@{layout.db.address}:{port}/{DATABASE_NAME}"


def pgbouncer_files(layout: Layout, folder: Path) -> Path:
    """pgbouncer.ini and its user list in the cluster's folder (PgBouncer refuses to run as root: it runs as
    the postgres user, who owns that folder). Returns the ini's path."""
    (folder / "userlist.txt").write_text('"postgres" ""\n')
    ini = folder / "pgbouncer.ini"
    ini.write_text(
        "\n".join(
            [
                "[databases]",
                f"{DATABASE_NAME} = host={layout.db.address} port={POSTGRES_PORT} dbname={DATABASE_NAME}",
                "",
                "[pgbouncer]",
                f"listen_addr = {layout.db.address}",
                f"listen_port = {PGBOUNCER_PORT}",
                f"unix_socket_dir = {folder}",
                "auth_type = trust",
                f"auth_file = {folder / 'userlist.txt'}",
                "admin_users = postgres",
                # A server connection belongs to a client for one transaction: the site keeps no session state
                # (advisory locks are per transaction; no LISTEN, no session SET; cursors and prepared
                # statements are turned off by DB_TRANSACTION_POOLING=1, config/env.py).
                "pool_mode = transaction",
                f"default_pool_size = {PGBOUNCER_POOL_SIZE}",
                "reserve_pool_size = 5",
                "reserve_pool_timeout = 1",
                "max_client_conn = 2000",
                # psycopg asks for nothing unusual; what other drivers send at start-up is not refused.
                "ignore_startup_parameters = extra_float_digits,options",
                "server_check_delay = 5",
                "",
            ]
        )
    )
    account = pwd.getpwnam("postgres")
    for path in (folder / "userlist.txt", ini):
        os.chown(path, account.pw_uid, account.pw_gid)
    return ini


def pgbouncer_argv(ini: Path) -> list[str]:
    # In the foreground, so its log is its output and SIGTERM stops it.
    return ["runuser", "-u", "postgres", "--", PGBOUNCER, str(ini)]


def migrate(url: str, env: dict[str, str], python: str, root: Path) -> None:
    """Migrations and collectstatic, once, from the root namespace, straight to PostgreSQL (a migration's DDL
    wants a session of its own, not a pooler's)."""
    run_env = {**env, "DATABASE_URL": url}
    for command in (["migrate", "--noinput", "-v", "0"], ["collectstatic", "--noinput", "-v", "0"]):
        result = subprocess.run([python, "manage.py", *command], cwd=root, env=run_env, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"manage.py {command[0]} failed: {result.stdout[-2000:]}{result.stderr[-3000:]}")
