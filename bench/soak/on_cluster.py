"""The soak's players through the cluster on one machine's balancer, without faults: what decided the cluster's
database pool (docs/deployment.md, "PgBouncer or Django's pool"). The cluster soak with faults drives the same
pieces (`Soak`, the cluster's API); this is its smallest form.

    python -m bench.soak.on_cluster --pool django|pgbouncer [--tables 300] [--play 60] [--nodes 2]

Brings a cluster up (its own prefix and subnet), seats the tables, plays, prints moves a second, the mover's ok
and the other players' update (p50, p99), the database's connections and the ledger check, and takes it down.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import logging
import os
import time
from pathlib import Path
from typing import Any

from bench.figures import RESULTS, percentile
from bench.soak import checks
from bench.soak.profiles import SHORT
from bench.stack import cpu_seconds, rss_mib
from cluster import processes, sentinel
from cluster.core import Cluster

STEADY_AFTER = 20


class ClusterStack:
    """What the soak reads off its stack, from the cluster's nodes (every process of every node)."""

    def __init__(self, cluster: Cluster):
        self.cluster = cluster
        self.logs = cluster.logs

    def _pids(self) -> dict[str, int]:
        found = {}
        for number in self.cluster.layout.node_numbers:
            host = self.cluster.layout.node(number)
            for process in processes.running(host):
                found[f"{host.name}/{process.name}"] = process.pid
        return found

    def rss(self) -> dict[str, float | None]:
        return {name: rss_mib(pid) for name, pid in self._pids().items()}

    def cpu(self) -> dict[str, float | None]:
        return {name: cpu_seconds(pid) for name, pid in self._pids().items()}

    def alive(self, name: str) -> bool:
        return any(key.endswith(f"/{name}") for key in self._pids())

    def tail(self, name: str, chars: int = 3000) -> str:
        return ""


class ClusterRedis:
    def __init__(self, cluster: Cluster):
        self.cluster = cluster
        self.url = cluster.redis_url()

    def running(self) -> bool:
        address = self.cluster.redis_primary()
        return address is not None and sentinel.role(self.cluster.redis_host(address))["role"] == "primary"


def host_cpu(cluster: Cluster, name: str) -> float:
    host = next(host for host in cluster.layout.hosts() if host.name == name)
    return sum(cpu_seconds(process.pid) or 0.0 for process in processes.running(host))


def measure(pool: str, tables: int, play: float, nodes: int) -> dict[str, Any]:
    profile = dataclasses.replace(
        SHORT,
        name=f"cluster-{pool}",
        play_seconds=play,
        ramp_seconds=20,
        duelo=tables // 2,
        wordgrid=tables // 5,
        wordgrid_staked=tables // 10,
        cruzadas=tables - tables // 2 - tables // 5 - tables // 10,
        redis_outages=(),
        postgres_outages=(),
    )
    run_dir = RESULTS / "cluster" / f"{pool}-{time.strftime('%Y%m%d-%H%M%S')}"
    extra = {"CODE_LOOKUP_RATES": "1000000/m", "WALLET_PAIR_GAMES_PER_DAY": "0"}
    cluster = Cluster(run_dir, nodes=nodes, pool=pool, prefix="dgm", subnet="10.79.0", extra_env=extra)
    with cluster:
        os.environ.update(
            DATABASE_URL=cluster.database_url,
            REDIS_URL=cluster.redis_url(),
            SECRET_KEY=cluster.secrets.secret_key,  # the members' sessions carry a hash signed with it
            DEBUG="1",
            DJANGO_SETTINGS_MODULE="config.settings",
        )
        import django

        django.setup()
        from bench.soak.run import Soak, make_people

        logging.getLogger("httpx").setLevel(logging.WARNING)
        people = make_people(profile)
        soak = Soak(
            profile,
            [cluster.balancer_url] * 2,
            ClusterStack(cluster),  # type: ignore[arg-type]
            ClusterRedis(cluster),  # type: ignore[arg-type]
            cluster._postgres(),
        )
        db_cpu = host_cpu(cluster, "db")
        outcome = asyncio.run(soak.play(people))
        db_cpu = host_cpu(cluster, "db") - db_cpu
        ledger_ok, ledger_text = checks.ledger_check(checks.env_for(cluster.database_url, cluster.redis_url()))
        soak.pool.shutdown(cancel_futures=True)
        from django.db import connections

        connections.close_all()
    moves = sum(soak.accepted.values())
    steady = soak.ledger.latencies_since(outcome["play_started"] + STEADY_AFTER, [])
    connections_seen = [s["db_connections"] for s in soak.samples if s.get("db_connections") is not None]
    return {
        "pool": pool,
        "nodes": nodes,
        "sockets": profile.sockets,
        "play_seconds": round(outcome["play_seconds"]),
        "moves_per_second": round(moves / outcome["play_seconds"], 1),
        "ok_ms_p50_p99": [round(percentile(soak.ack_ms, q)) for q in (0.5, 0.99)] if soak.ack_ms else None,
        "update_ms_p50_p99": [round(percentile(steady, q)) for q in (0.5, 0.99)] if steady else None,
        "delivery_ratio": soak.ledger.ratio(),
        "refused": dict(soak.refused),
        "connect_failures": dict(soak.connect_failures),
        "postgres_connections_max": max(connections_seen) if connections_seen else None,
        "db_host_cpu_seconds": round(db_cpu, 1),
        "ledger_check": "passed" if ledger_ok else ledger_text[-500:],
        "logs": str(run_dir),
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.soak.on_cluster")
    parser.add_argument("--pool", choices=("django", "pgbouncer"), required=True)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--play", type=float, default=60)
    parser.add_argument("--nodes", type=int, default=2)
    args = parser.parse_args()
    result = measure(args.pool, args.tables, args.play, args.nodes)
    print(json.dumps(result, indent=2))
    out = Path(result["logs"]) / "result.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
