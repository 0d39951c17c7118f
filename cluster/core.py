"""The cluster on one machine, as a Python API: what `python -m cluster` and the cluster soak both drive.

    with Cluster(Path(".local/cluster"), nodes=2, pool="django") as cluster:   # up() ... down()
        cluster.balancer_url                      # http://10.77.0.2
        cluster.kill_node(1); cluster.wait_node(1, up=False); cluster.start_node(1)
        cluster.kill_redis_primary(); cluster.wait_failover(old); cluster.start_redis(old)
        cluster.drain_node(2)

A cluster brought up by one process may be driven by another: `Cluster.attach(run_dir)` reads the state file
that `up` wrote (the layout, the pool, the secrets, where PostgreSQL keeps its data), and every fault acts on
namespaces, not on the processes this object happened to start.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets as random_secrets
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.stack import wait_for_port
from cluster import database, haproxy, network, nodes, processes, sentinel
from cluster.topology import HTTP_PORT, POSTGRES_PORT, REDIS_PORT, SENTINEL_PORT, Host, Layout

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_RUN_DIR = ROOT / ".local" / "cluster"
STATE = "state.json"
# What `up` makes in the run folder and wipes before it starts again (never anything else it may hold).
RUN_FILES = ("logs", "nodes", "redis", "haproxy.cfg", "haproxy.sock", STATE)
# Debian's command names: what `up` needs (PgBouncer only with pool="pgbouncer").
NEEDED = {"ip": "iproute2", "haproxy": "haproxy", "redis-server": "redis-server", "runuser": "util-linux"}
# The site's management command that tells every socket of a node to reconnect (through the balancer, hence
# elsewhere once the node's servers are in drain), spread over a few seconds; it reaches the node through the
# channel layer, so it may run anywhere. drain_node calls it.
RECONNECT_COMMAND = "drain_sockets"
# What beat says in its log when it gets celery-redbeat's lock, and when it loses it (config/beat.py).
BEAT_HOLDS = "holds the beat lock"
BEAT_LOST = "is no longer this beat's"


def wait_for(check: Callable[[], bool], timeout: float, what: str, interval: float = 0.2) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(interval)
    raise TimeoutError(f"{what}: not within {timeout:.0f} s")


class Cluster:
    def __init__(
        self,
        run_dir: Path = DEFAULT_RUN_DIR,
        *,
        nodes: int = 2,
        pool: str = "django",
        daphnes: int = 1,
        prefix: str = "dgc",
        subnet: str = "10.77.0",
        extra_env: dict[str, str] | None = None,
        python: str = sys.executable,
        say: Callable[[str], None] = print,
    ):
        if pool not in database.POOLS:
            raise ValueError(f"pool is one of {', '.join(database.POOLS)}, not {pool!r}")
        self.layout = Layout(nodes=nodes, daphnes=daphnes, prefix=prefix, subnet=subnet)
        self.run_dir = Path(run_dir).resolve()
        self.pool = pool
        self.extra_env = dict(extra_env or {})
        self.python = python
        self.say = say
        self.secrets = nodes_secrets()
        self.postgres_folder: Path | None = None
        self.started: list[subprocess.Popen] = []  # reaped as they end (the faults act on namespaces)

    # --- where things are ---------------------------------------------------------------------------------------
    @property
    def logs(self) -> Path:
        return self.run_dir / "logs"

    @property
    def balancer_url(self) -> str:
        return self.layout.balancer_url

    @property
    def stats_url(self) -> str:
        """HAProxy's statistics page (its Prometheus exporter is /metrics beside it)."""
        return f"http://{self.layout.lb.address}:{haproxy.STATS_PORT}/stats"

    @property
    def runtime_api(self) -> haproxy.RuntimeAPI:
        """HAProxy's runtime API (the stats socket at level admin)."""
        return haproxy.RuntimeAPI(self.run_dir / "haproxy.sock")

    @property
    def database_url(self) -> str:
        """PostgreSQL itself (not PgBouncer): for checks from the root namespace, such as ledger_check."""
        return f"postgres://postgres@{self.layout.db.address}:{POSTGRES_PORT}/{database.DATABASE_NAME}"

    @property
    def node_database_url(self) -> str:
        return database.node_url(self.layout, self.pool)

    @property
    def sentinels(self) -> str:
        """REDIS_SENTINELS as the nodes have it."""
        return ",".join(f"{address}:{port}" for address, port in self.layout.sentinel_addresses)

    def redis_primary(self) -> str | None:
        """The primary's address as the sentinels see it now (None when none answers, or the cluster is down)."""
        return sentinel.primary_address(self.layout) if network.bridge_up(self.layout) else None

    def redis_url(self) -> str:
        return f"redis://{self.redis_primary() or self.layout.redis[0].address}:{REDIS_PORT}/0"

    def node_env(self, number: int) -> dict[str, str]:
        """A node's environment, for running a management command as the node would (`python manage.py ...`)."""
        primary = self.redis_primary() or self.layout.redis[0].address
        env = nodes.site_env(self.layout, self.secrets, self.node_database_url, primary, self.extra_env)
        return {**env, "NODE_NAME": self.layout.node(number).name}

    def servers(self) -> list[haproxy.Server]:
        return self.runtime_api.servers()

    def node_servers(self, number: int) -> list[haproxy.Server]:
        names = {self.layout.server_name(number, port) for port in self.layout.daphne_ports}
        return [server for server in self.servers() if server.name in names]

    # --- the state file -----------------------------------------------------------------------------------------
    def save(self) -> None:
        self.run_dir.mkdir(parents=True, exist_ok=True)
        path = self.run_dir / STATE
        state = {
            "nodes": self.layout.nodes,
            "daphnes": self.layout.daphnes,
            "prefix": self.layout.prefix,
            "subnet": self.layout.subnet,
            "pool": self.pool,
            "extra_env": self.extra_env,
            "secrets": vars(self.secrets),
            "postgres_folder": str(self.postgres_folder) if self.postgres_folder else None,
        }
        path.write_text(json.dumps(state, indent=2))
        path.chmod(0o600)

    @classmethod
    def attach(cls, run_dir: Path = DEFAULT_RUN_DIR, say: Callable[[str], None] = print) -> Cluster:
        """The cluster a previous `up` (maybe another process's) left running in `run_dir`."""
        path = Path(run_dir) / STATE
        if not path.exists():
            raise FileNotFoundError(f"no cluster in {run_dir} (no {STATE}): `python -m cluster up` first")
        state = json.loads(path.read_text())
        cluster = cls(
            run_dir,
            nodes=state["nodes"],
            daphnes=state["daphnes"],
            prefix=state["prefix"],
            subnet=state["subnet"],
            pool=state["pool"],
            extra_env=state["extra_env"],
            say=say,
        )
        cluster.secrets = nodes.Secrets(**state["secrets"])
        cluster.postgres_folder = Path(state["postgres_folder"]) if state["postgres_folder"] else None
        return cluster

    # --- up and down --------------------------------------------------------------------------------------------
    def __enter__(self) -> Cluster:
        self.up()
        return self

    def __exit__(self, *exc: object) -> None:
        self.down()

    def up(self) -> Cluster:
        """Everything, in order: hosts, PostgreSQL (+ PgBouncer), Redis and the sentinels, HAProxy, the nodes;
        back when HAProxy sees every daphne up. Anything failing, or Ctrl-C, takes it all down again."""
        self._preflight()
        try:
            self._up()
        except BaseException:
            self.say("cluster: up failed; taking everything down")
            self.down()
            raise
        return self

    def _preflight(self) -> None:
        if os.geteuid() != 0:
            raise SystemExit("cluster: network namespaces need root")
        needed = dict(NEEDED, **({"pgbouncer": "pgbouncer"} if self.pool == "pgbouncer" else {}))
        missing = [package for command, package in needed.items() if not shutil.which(command)]
        if missing:
            raise SystemExit(f"cluster: needs Debian's {', '.join(sorted(set(missing)))} (apt-get install ...)")
        left = network.leftovers(self.layout.prefix)
        if left:
            raise SystemExit(
                f"cluster: a cluster named {self.layout.prefix} is up or was left behind ({', '.join(left)}): "
                "`python -m cluster down` first"
            )

    def _up(self) -> None:
        began = time.monotonic()
        for name in RUN_FILES:
            path = self.run_dir / name
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists() or path.is_symlink():
                path.unlink()
        self.logs.mkdir(parents=True, exist_ok=True)
        self.save()
        layout = self.layout
        self.say(f"cluster: hosts on {layout.subnet}.0/24 (bridge {layout.bridge}, this namespace .1)")
        network.build(layout)

        self.say(f"cluster: PostgreSQL on {layout.db.name} ({layout.db.address}:{POSTGRES_PORT})")
        server = database.postgres(layout, self.logs)
        self.postgres_folder = server.folder
        self.save()
        server.create()
        direct = database.create_database(server)
        self.say("cluster: migrations and collectstatic")
        database.migrate(direct, self.node_env(1), self.python, ROOT)
        if self.pool == "pgbouncer":
            self.say(f"cluster: PgBouncer (transaction mode) on {layout.db.address}:{database.PGBOUNCER_PORT}")
            ini = database.pgbouncer_files(layout, server.folder)
            self._start(layout.db, "pgbouncer", database.pgbouncer_argv(ini))
            self._wait_port(layout.db, database.PGBOUNCER_PORT, "pgbouncer")

        primary, replica = layout.redis
        self.say(f"cluster: Redis primary {primary.name}, replica {replica.name}, three sentinels")
        self.start_redis(primary.name, replica_of=None)
        self.start_redis(replica.name, replica_of=primary.address)
        for host in layout.sentinels:
            argv = sentinel.sentinel_argv(host, self.run_dir / "redis" / host.name, primary.address)
            self._start(host, "sentinel", argv)
        for host in layout.sentinels:
            self._wait_port(host, SENTINEL_PORT, "sentinel")
        wait_for(self._sentinels_agree, 30, "the sentinels know the primary, its replica and each other")

        self.say(f"cluster: HAProxy on {layout.lb.address}:{HTTP_PORT}")
        config = self.run_dir / "haproxy.cfg"
        config.write_text(haproxy.config(layout, self.run_dir / "haproxy.sock"))
        haproxy.check(config)
        self._start(layout.lb, "haproxy", haproxy.argv(config))
        self._wait_port(layout.lb, HTTP_PORT, "haproxy")

        for number in layout.node_numbers:
            self.say(f"cluster: node{number} ({layout.node(number).address})")
            self.start_node(number, wait=False)
        for number in layout.node_numbers:
            self.wait_node(number, up=True, timeout=180)
        self.say(f"cluster: up in {time.monotonic() - began:.0f} s: {self.balancer_url}")

    def down(self) -> list[str]:
        """Every process stopped, every namespace and the bridge removed, PostgreSQL's folder deleted (its log
        kept under logs/db/). Safe to call twice, and from another process than `up`'s."""
        folder = self.postgres_folder
        if folder and folder.exists():
            with contextlib.suppress(Exception):  # its namespace may be gone already: tear_down kills it then
                database.postgres(self.layout, self.logs, folder=folder).kill()
        removed = network.tear_down(self.layout.prefix)
        for process in self.started:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5)
        self.started = []
        if folder and folder.exists():
            log = folder / "postgres.log"
            if log.exists():
                (self.logs / self.layout.db.name).mkdir(parents=True, exist_ok=True)
                shutil.copy(log, self.logs / self.layout.db.name / "postgres.log")
            shutil.rmtree(folder, ignore_errors=True)
        with contextlib.suppress(FileNotFoundError):
            (self.run_dir / STATE).unlink()
        with contextlib.suppress(FileNotFoundError):
            (self.run_dir / "haproxy.sock").unlink()
        return removed

    # --- starting things ----------------------------------------------------------------------------------------
    def _start(self, host: Host, name: str, argv: list[str], env: dict[str, str] | None = None) -> subprocess.Popen:
        self.started = [process for process in self.started if process.poll() is None]
        base = {name: os.environ[name] for name in nodes.PASSED_THROUGH if name in os.environ}
        process = processes.start(host, name, argv, env or base, self.logs)
        self.started.append(process)
        return process

    def _wait_port(self, host: Host, port: int, name: str, timeout: float = 30) -> None:
        if not wait_for_port(port, timeout, host=host.address):
            log = processes.tail(self.logs, host, name)
            raise RuntimeError(f"{name} on {host.name} did not open port {port}: {log}")

    def _sentinels_agree(self) -> bool:
        views = sentinel.sentinel_views(self.layout).values()
        return all(view.get("replicas", 0) >= 1 and view.get("other_sentinels", 0) >= 2 for view in views)

    # --- the nodes ----------------------------------------------------------------------------------------------
    def start_node(self, number: int, wait: bool = True, timeout: float = 120) -> None:
        """Start node `number` (its supervisor, which starts its processes) unless it runs, put its servers back
        in HAProxy's rotation (after a drain), and with `wait` return once HAProxy's checks see every daphne of
        it up."""
        host = self.layout.node(number)
        if "supervisor" not in processes.names(host):
            env = self.node_env(number)
            folder = self.run_dir / "nodes" / host.name
            folder.mkdir(parents=True, exist_ok=True)
            spec = [
                {
                    "name": process.name,
                    "argv": process.argv,
                    "env": {**env, **added, processes.LABEL: f"{host.name}/{process.name}"},
                }
                for process, added in nodes.processes(self.layout, number, self.python, folder)
            ]
            (folder / "spec.json").write_text(json.dumps(spec, indent=2))
            (folder / "spec.json").chmod(0o600)  # the secrets are in it
            (self.logs / host.name).mkdir(parents=True, exist_ok=True)
            argv = [self.python, "-m", "cluster.supervisor", str(folder / "spec.json"), str(self.logs / host.name)]
            self._start(host, "supervisor", argv, env)
        with contextlib.suppress(OSError):  # HAProxy not started yet (during `up`)
            for port in self.layout.daphne_ports:
                self.runtime_api.set_state(self.layout.server_name(number, port), "ready")
        if wait:
            self.wait_node(number, up=True, timeout=timeout)

    def wait_node(self, number: int, *, up: bool, timeout: float = 60) -> None:
        """Until HAProxy's health checks say every daphne of node `number` is up (or, `up=False`, down)."""
        host = self.layout.node(number)

        def reached() -> bool:
            if up and "supervisor" not in processes.names(host):
                raise RuntimeError(f"{host.name}'s supervisor exited: {processes.tail(self.logs, host, 'supervisor')}")
            servers = self.node_servers(number)
            return bool(servers) and all(server.status == ("UP" if up else "DOWN") for server in servers)

        wait_for(reached, timeout, f"HAProxy sees node{number} {'up' if up else 'down'}", interval=0.5)

    def kill_node(self, number: int) -> None:
        """SIGKILL every process of node `number`, as a host that loses its power: its sockets are cut, its
        tasks in hand lost; HAProxy marks its servers down within about 2 s."""
        network.kill_all(self.layout.node(number).namespace)
        self._reap()

    def beat_node(self) -> int | None:
        """The node whose beat holds celery-redbeat's lock and sends (config/beat.py says so in its log once it
        has the lock, and again when it loses it), read from each running beat's log since its latest start;
        None when no beat has said it holds the lock."""
        holders = []
        for number in self.layout.node_numbers:
            host = self.layout.node(number)
            if "beat" not in processes.names(host):
                continue
            path = self.logs / host.name / "beat.log"
            text = path.read_text(errors="replace") if path.exists() else ""
            text = text.rsplit(processes.START_MARK, 1)[-1]
            if text.rfind(BEAT_HOLDS) > text.rfind(BEAT_LOST):
                holders.append(number)
        return holders[-1] if holders else None

    def stop_node(self, number: int, grace: float = 30) -> None:
        """Stop node `number` as a deploy does: its supervisor stops each process (SIGTERM: Celery's warm
        shutdown; SIGKILL after 10 s); whatever is left after `grace` s is killed."""
        host = self.layout.node(number)
        for process in processes.running(host):
            if process.name == "supervisor":
                with contextlib.suppress(ProcessLookupError):
                    os.kill(process.pid, signal.SIGTERM)
        with contextlib.suppress(TimeoutError):
            wait_for(lambda: not network.pids(host.namespace), grace, f"{host.name} stopped")
        network.kill_all(host.namespace)
        self._reap()

    def drain_node(self, number: int, *, stop: bool = True, timeout: float = 30) -> dict:
        """A node out of rotation for a deploy: HAProxy stops giving it new connections (drain, through the
        runtime API), its sockets are told to reconnect (they land on the other nodes), and once it holds no
        connection (or after `timeout` s) it is stopped. Returns what happened."""
        names = [self.layout.server_name(number, port) for port in self.layout.daphne_ports]
        for name in names:
            self.runtime_api.set_state(name, "drain")
        told = self.reconnect_sockets(number)
        began = time.monotonic()
        with contextlib.suppress(TimeoutError):
            wait_for(lambda: sum(s.sessions for s in self.node_servers(number)) == 0, timeout, "drained", 0.5)
        left = sum(server.sessions for server in self.node_servers(number))
        if stop:
            self.stop_node(number)
        return {"servers": names, "sockets_told": told, "seconds": round(time.monotonic() - began, 1), "left": left}

    def reconnect_sockets(self, number: int) -> bool:
        """Ask node `number`'s daphne processes to tell their sockets to reconnect, through the site's management
        command RECONNECT_COMMAND run on the node. False (and said) when the site has no such command yet."""
        host = self.layout.node(number)
        argv = [*network.wrap(host), self.python, "manage.py", RECONNECT_COMMAND, "--node", host.name]
        result = subprocess.run(argv, cwd=ROOT, env=self.node_env(number), capture_output=True, text=True)
        if result.returncode != 0:
            if "Unknown command" in result.stderr:
                self.say(f"cluster: the site has no `{RECONNECT_COMMAND}` command: {host.name}'s sockets stay")
                return False
            raise RuntimeError(f"{RECONNECT_COMMAND} on {host.name} failed: {result.stderr[-2000:]}")
        return True

    # --- Redis --------------------------------------------------------------------------------------------------
    def redis_host(self, name_or_address: str) -> Host:
        for host in self.layout.redis:
            if name_or_address in (host.name, host.address):
                return host
        raise ValueError(f"not a Redis host of this cluster: {name_or_address}")

    def start_redis(self, name: str, replica_of: str | None | bool = True) -> None:
        """Start the Redis of host `name` (redis1, redis2). `replica_of=True`: as a replica of the primary the
        sentinels name now (the way back for a killed primary: never a primary of its own)."""
        host = self.redis_host(name)
        if replica_of is True:
            wait_for(lambda: self.redis_primary() not in (None, host.address), 30, f"a primary other than {name}")
            replica_of = self.redis_primary()
        argv = sentinel.server_argv(host, self.run_dir / "redis" / host.name, replica_of or None)
        self._start(host, "redis", argv)
        self._wait_port(host, REDIS_PORT, "redis")

    def kill_redis_primary(self) -> str:
        """SIGKILL the Redis the sentinels call the primary; returns its host's name (start it again with
        `start_redis(name)`). The sentinels promote the replica within about 4 s (sentinel.DOWN_AFTER_MS)."""
        address = self.redis_primary()
        if address is None:
            raise RuntimeError("no sentinel names a primary")
        host = self.redis_host(address)
        network.kill_all(host.namespace)
        self._reap()
        return host.name

    def wait_failover(self, old: str, timeout: float = 30) -> str:
        """Until the sentinels name a primary other than `old` (a host name or address) that answers as one;
        returns the new primary's host name."""
        gone = self.redis_host(old).address

        def promoted() -> bool:
            address = self.redis_primary()
            if address is None or address == gone:
                return False
            return bool(sentinel.role(self.redis_host(address))["role"] == "primary")

        wait_for(promoted, timeout, "a failover")
        return self.redis_host(self.redis_primary() or "").name

    # --- PostgreSQL ---------------------------------------------------------------------------------------------
    def kill_database(self) -> None:
        """PostgreSQL's immediate shutdown: every connection cut (PgBouncer stays up and queues)."""
        self._postgres().kill()

    def start_database(self) -> None:
        self._postgres().start()

    def _postgres(self):  # noqa: ANN202 - bench.soak.postgres.SoakPostgres
        if self.postgres_folder is None:
            raise RuntimeError("this cluster has no PostgreSQL yet")
        return database.postgres(self.layout, self.logs, folder=self.postgres_folder)

    def _reap(self) -> None:
        # poll() reads the status of one that ended, without waiting for one still running (waiting half a
        # second for each live process made a kill return 11 s late on a two-node cluster).
        self.started = [process for process in self.started if process.poll() is None]

    # --- what is going on ---------------------------------------------------------------------------------------
    def status(self) -> dict:
        """Each host and what runs on it, HAProxy's view of every daphne, Redis' roles and the sentinels' view."""
        existing = set(network.namespaces(self.layout.prefix))
        if not network.bridge_up(self.layout):
            return {"balancer": None, "pool": self.pool, "hosts": {}, "down": sorted(existing)}
        hosts = {
            host.name: {
                "address": host.address,
                "up": host.namespace in existing,
                "processes": processes.names(host) if host.namespace in existing else {},
            }
            for host in self.layout.hosts()
        }
        servers: dict[str, Any]
        try:
            servers = {s.name: {"status": s.status, "sessions": s.sessions, "total": s.total} for s in self.servers()}
        except OSError as error:
            servers = {"error": str(error)}
        return {
            "balancer": self.balancer_url,
            "pool": self.pool,
            "hosts": hosts,
            "haproxy": servers,
            "redis": {host.name: sentinel.role(host) for host in self.layout.redis},
            "sentinels": sentinel.sentinel_views(self.layout),
            "primary": self.redis_primary(),
            "beat_node": self.beat_node(),
        }


def nodes_secrets() -> nodes.Secrets:
    return nodes.Secrets(
        secret_key=random_secrets.token_urlsafe(50),
        metrics_token=random_secrets.token_urlsafe(32),
        healthz_token=random_secrets.token_urlsafe(32),
    )
