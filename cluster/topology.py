"""Who is where: the hosts of the cluster on one machine, their addresses and ports.

Every host is a network namespace joined to one bridge in the root namespace by a veth pair; the subnet is a
/24 whose `.1` is the root namespace (the load generator, the operator's curl), so everything is reachable from
the machine itself and nothing from outside it. Inside a namespace the ports are the host's own, so every
node listens on the same ports, as real hosts would.

    .1       the root namespace (the bridge)
    .2       lb          HAProxy: :80 the site, :8404 its statistics page and Prometheus exporter
    .3       db          PostgreSQL :5432, PgBouncer :6432
    .4, .5   redis1/2    Redis :6379, the primary and the replica at the start (Sentinel may swap them)
    .6-.8    sentinel1-3 Redis Sentinel :26379
    .11-.13  node1-3     daphne :8001.., the clock, a live and a batch worker, a beat
"""

from __future__ import annotations

from dataclasses import dataclass

HTTP_PORT = 80
STATS_PORT = 8404
POSTGRES_PORT = 5432
PGBOUNCER_PORT = 6432
REDIS_PORT = 6379
SENTINEL_PORT = 26379
FIRST_DAPHNE_PORT = 8001
# prometheus_client's own server in each process that is not daphne (daphne serves /metrics itself); one port
# per kind of process, the same on every node.
METRICS_PORTS = {"clock": 9101, "worker-live": 9102, "worker-batch": 9103, "beat": 9104}
SENTINEL_MASTER = "dreamgames"
DATABASE_NAME = "dreamgames"
MAX_NODES = 3


@dataclass(frozen=True)
class Host:
    name: str  # node1, lb, db, redis1, sentinel1
    address: str
    namespace: str


@dataclass(frozen=True)
class Layout:
    """The hosts of one cluster. `prefix` names its namespaces, bridge and veths (two clusters with different
    prefixes and subnets may run side by side: `make cluster` and the test); `subnet` is the first three numbers
    of its /24."""

    nodes: int = 2
    daphnes: int = 1
    prefix: str = "dgc"
    subnet: str = "10.77.0"

    def __post_init__(self) -> None:
        if not 1 <= self.nodes <= MAX_NODES:
            raise ValueError(f"a cluster has 1 to {MAX_NODES} nodes, not {self.nodes}")
        if not 1 <= self.daphnes <= 8:
            raise ValueError(f"a node runs 1 to 8 daphne processes, not {self.daphnes}")
        # Interface names are at most 15 characters: the longest is <prefix>-sentinel3.
        if not (self.prefix.isalnum() and self.prefix.islower() and 1 <= len(self.prefix) <= 5):
            raise ValueError(f"the prefix is 1 to 5 lower-case letters or digits, not {self.prefix!r}")
        parts = self.subnet.split(".")
        if len(parts) != 3 or not all(part.isdigit() and int(part) < 256 for part in parts):
            raise ValueError(f"the subnet is the first three numbers of a /24, such as 10.77.0, not {self.subnet!r}")

    def _host(self, name: str, last: int) -> Host:
        return Host(name, f"{self.subnet}.{last}", f"{self.prefix}-{name}")

    @property
    def bridge(self) -> str:
        return f"{self.prefix}-br"

    @property
    def root_address(self) -> str:
        return f"{self.subnet}.1"

    @property
    def lb(self) -> Host:
        return self._host("lb", 2)

    @property
    def db(self) -> Host:
        return self._host("db", 3)

    @property
    def redis(self) -> list[Host]:
        return [self._host("redis1", 4), self._host("redis2", 5)]

    @property
    def sentinels(self) -> list[Host]:
        return [self._host(f"sentinel{i}", 5 + i) for i in (1, 2, 3)]

    def node(self, number: int) -> Host:
        if not 1 <= number <= self.nodes:
            raise ValueError(f"this cluster has nodes 1 to {self.nodes}, not {number}")
        return self._host(f"node{number}", 10 + number)

    @property
    def node_numbers(self) -> list[int]:
        return list(range(1, self.nodes + 1))

    @property
    def daphne_ports(self) -> list[int]:
        return [FIRST_DAPHNE_PORT + i for i in range(self.daphnes)]

    def hosts(self) -> list[Host]:
        return [self.lb, self.db, *self.redis, *self.sentinels, *(self.node(n) for n in self.node_numbers)]

    def host_at(self, address: str) -> Host | None:
        return next((host for host in self.hosts() if host.address == address), None)

    def server_name(self, number: int, port: int) -> str:
        """A daphne process's name in HAProxy's backend."""
        return f"node{number}-{port}"

    @property
    def balancer_url(self) -> str:
        return f"http://{self.lb.address}" if HTTP_PORT == 80 else f"http://{self.lb.address}:{HTTP_PORT}"

    @property
    def sentinel_addresses(self) -> list[tuple[str, int]]:
        return [(host.address, SENTINEL_PORT) for host in self.sentinels]
