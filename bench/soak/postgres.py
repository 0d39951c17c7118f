"""The soak's own PostgreSQL, which it may stop and start again (issue 30: a database outage joins the faults): a
private cluster from Debian's binaries, on a free loopback port, its data in a temporary folder. The machine's
own server serves others and is never touched.

PostgreSQL refuses to run as root: as root, every command runs as the `postgres` user (runuser), which owns the
cluster's folder. `kill` is an immediate shutdown (no checkpoint, every client cut off: a crash, as far as the
site can tell); `start` starts the same cluster again on the same port, with what was committed.

The cluster on one machine (cluster/) runs the same cluster as its `db` host: on that host's address and the
usual port, every command run inside the host's network namespace (`wrap`, a command prefix).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

from bench.stack import free_port, wait_for_port

MAX_CONNECTIONS = 300


def binaries() -> Path:
    """Debian's PostgreSQL binaries (the newest installed major version)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda path: int(path.split("/")[4]))
    if not found:
        raise SystemExit("soak: needs Debian's PostgreSQL server binaries (apt-get install postgresql)")
    return Path(found[-1]).parent


class SoakPostgres:
    """One private cluster; `kill` and `start` keep its port and data."""

    def __init__(
        self,
        log_folder: Path,
        *,
        host: str = "127.0.0.1",
        port: int | None = None,
        wrap: tuple[str, ...] = (),
        folder: Path | None = None,
        settings: tuple[str, ...] = (),
        clients: str | None = None,
    ):
        """`host`, `port`: where it listens (a free loopback port by default); `wrap`: the prefix of every command
        (`ip netns exec <host>`); `folder`: a cluster made before (its data, to start or remove again), else a new
        temporary one; `settings`: postgresql.conf lines added to the soak's; `clients`: a network (10.77.0.0/24)
        whose clients are trusted too (initdb trusts only the loopback's)."""
        self.bin = binaries()
        self.host = host
        self.port = port or free_port()
        self.wrap = wrap
        self.extra_settings = settings
        self.clients = clients
        self.folder = folder or Path(tempfile.mkdtemp(prefix="dreamgames-soak-pg-"))
        self.data = self.folder / "data"
        # The server writes its log in its own folder (the postgres user may not reach the caller's); `remove`
        # copies it to `log_folder`.
        self.log = self.folder / "postgres.log"
        self.log_folder = log_folder
        log_folder.mkdir(parents=True, exist_ok=True)
        self.as_postgres = os.geteuid() == 0
        self.url_base = f"postgres://postgres@{host}:{self.port}"

    def _run(self, *argv: str, check: bool = True) -> subprocess.CompletedProcess:
        command = [str(self.bin / argv[0]), *argv[1:]]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run([*self.wrap, *command], capture_output=True, text=True, check=check)

    def create(self) -> None:
        if self.as_postgres:
            account = pwd.getpwnam("postgres")
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        settings = [
            f"port = {self.port}",
            f"listen_addresses = '{self.host}'",
            f"unix_socket_directories = '{self.folder}'",
            f"max_connections = {MAX_CONNECTIONS}",
            "shared_buffers = 256MB",
            *self.extra_settings,
        ]
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write("\n# the soak's own cluster\n" + "\n".join(settings) + "\n")
        if self.clients:
            with (self.data / "pg_hba.conf").open("a") as hba:
                hba.write(f"host all all {self.clients} trust\n")
        self.start()

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60", "start")
        if not wait_for_port(self.port, 30, host=self.host):
            raise RuntimeError(f"the soak's PostgreSQL did not start on port {self.port}: see {self.log}")

    def kill(self) -> None:
        """An immediate shutdown: every connection cut, nothing flushed beyond what was committed."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)

    def running(self) -> bool:
        return self._run("pg_ctl", "-D", str(self.data), "status", check=False).returncode == 0

    def url(self, name: str) -> str:
        return f"{self.url_base}/{name}"

    def remove(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop", check=False)
        if self.log.exists():
            shutil.copy(self.log, self.log_folder / "postgres.log")
        shutil.rmtree(self.folder, ignore_errors=True)
