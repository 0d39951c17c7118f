"""A Redis with Sentinel of the test's own, from Debian's redis-server: a primary, a replica and three sentinels on
free ports of 127.0.0.1, in a temporary folder; stopped (killed) at the end.

The sentinels judge the primary down after DOWN_AFTER_MS without an answer and promote the replica, so a test
that kills the primary sees the failover within a few seconds, as the cluster's rehearsal does.
"""

from __future__ import annotations

import os
import signal
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import redis

from config.redis_topology import RedisTopology
from tests.integration.stack import REDIS_SERVER, free_port, wait_for

MASTER = "dreamgames"
DOWN_AFTER_MS = 1000
# After a failed election a sentinel waits twice this before it tries again.
FAILOVER_TIMEOUT_MS = 3000


@dataclass
class SentinelRedis:
    folder: Path
    primary_port: int = field(default_factory=free_port)
    replica_port: int = field(default_factory=free_port)
    sentinel_ports: list[int] = field(default_factory=lambda: [free_port() for _ in range(3)])
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)

    # -- what the site is given --------------------------------------------------------------------------------

    def env(self) -> dict[str, str]:
        """The site's environment for this Redis (docs/deployment.md, "Redis with Sentinel")."""
        sentinels = ",".join(f"127.0.0.1:{port}" for port in self.sentinel_ports)
        return {"REDIS_SENTINELS": sentinels, "REDIS_SENTINEL_MASTER": MASTER, "REDIS_DB": "0"}

    def topology(self) -> RedisTopology:
        return RedisTopology(sentinels=tuple(("127.0.0.1", port) for port in self.sentinel_ports), master=MASTER)

    # -- running it --------------------------------------------------------------------------------------------

    def start(self) -> None:
        self._server("primary", self.primary_port)
        self._server("replica", self.replica_port, "--replicaof", "127.0.0.1", str(self.primary_port))
        # The sentinels learn of the replica from the primary's INFO, asked at their start and then every 10 s:
        # started once the replica is in sync, they know it at once.
        if not wait_for(self._replica_in_sync, 20, every=0.05):
            raise RuntimeError(f"the replica never synchronised: {self.describe()}")
        for number, port in enumerate(self.sentinel_ports):
            config = self.folder / f"sentinel-{number}.conf"  # a sentinel rewrites its file: one each
            config.write_text(
                f"port {port}\nbind 127.0.0.1\ndir {self.folder}\n"
                f"sentinel monitor {MASTER} 127.0.0.1 {self.primary_port} 2\n"
                f"sentinel down-after-milliseconds {MASTER} {DOWN_AFTER_MS}\n"
                f"sentinel failover-timeout {MASTER} {FAILOVER_TIMEOUT_MS}\n"
                f"sentinel parallel-syncs {MASTER} 1\n"
            )
            self._spawn(f"sentinel-{number}", [REDIS_SERVER, str(config), "--sentinel"])
        if not wait_for(self.ready, 30, every=0.2):
            raise RuntimeError(f"the sentinels never saw each other and the replica: {self.describe()}")

    def _server(self, name: str, port: int, *extra: str) -> None:
        argv = [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self._spawn(name, [*argv, "--dir", str(self.folder), *extra])

    def _spawn(self, name: str, argv: list[str]) -> None:
        log = open(self.folder / f"{name}.log", "a")  # noqa: SIM115 - closed with the process
        self.processes[name] = subprocess.Popen(argv, stdout=log, stderr=log, start_new_session=True)

    def sentinel(self, number: int) -> redis.Redis:
        return redis.Redis(port=self.sentinel_ports[number], socket_timeout=1, decode_responses=True)

    def ready(self) -> bool:
        """Every sentinel knows the primary, the replica (in sync) and the two other sentinels: a failover can
        be voted and has a replica to promote."""
        try:
            for number in range(3):
                state = self.sentinel(number).sentinel_master(MASTER)
                if state["num-other-sentinels"] < 2 or state["num-slaves"] < 1:
                    return False
            return self._replica_in_sync()
        except redis.RedisError:
            return False

    def _replica_in_sync(self) -> bool:
        try:
            replica = redis.Redis(port=self.replica_port, socket_timeout=1).info("replication")
        except redis.RedisError:
            return False
        return replica.get("master_link_status") == "up"

    def primary(self) -> int | None:
        """The primary's port as the sentinels (a majority of them) see it now."""
        seen = []
        for number in range(3):
            try:
                seen.append(int(self.sentinel(number).sentinel_get_master_addr_by_name(MASTER)[1]))
            except (redis.RedisError, TypeError):
                continue
        for port in seen:
            if seen.count(port) >= 2:
                return port
        return None

    def kill_primary(self) -> None:
        """SIGKILL: no goodbye to clients or sentinels, as a crashed host."""
        os.killpg(self.processes["primary"].pid, signal.SIGKILL)
        self.processes["primary"].wait(timeout=10)

    def describe(self) -> str:
        logs = sorted(self.folder.glob("*.log"))
        return "\n".join(f"--- {log.name}\n{log.read_text(errors='replace')[-1500:]}" for log in logs)

    def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
