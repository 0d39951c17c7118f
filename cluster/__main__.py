"""`python -m cluster up|status|kill-node N|start-node N|drain-node N|kill-redis-primary|start-redis NAME|down`.

`up` stays in the foreground (as `make cluster` runs it) until Ctrl-C or SIGTERM, then takes everything down;
`up --detach` returns once the cluster is up. The other commands act on the cluster in the run folder
(.local/cluster by default), from any shell.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from pathlib import Path

from cluster.core import DEFAULT_RUN_DIR, Cluster
from cluster.database import POOLS
from cluster.topology import MAX_NODES


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m cluster", description=__doc__.split("\n\n")[0])
    parser.add_argument("--run-dir", type=Path, default=DEFAULT_RUN_DIR, help="logs and state (.local/cluster)")
    commands = parser.add_subparsers(dest="command", required=True)
    up = commands.add_parser("up", help="start the cluster (foreground until Ctrl-C, unless --detach)")
    up.add_argument("--nodes", type=int, default=2, choices=range(1, MAX_NODES + 1))
    up.add_argument("--pool", choices=POOLS, default="django", help="Django's own pool, or PgBouncer in front")
    up.add_argument("--daphnes", type=int, default=1, help="daphne processes per node")
    up.add_argument("--prefix", default="dgc", help="names of the namespaces, bridge and veths")
    up.add_argument("--subnet", default="10.77.0", help="the /24 of the hosts, its .1 this namespace")
    up.add_argument("--detach", action="store_true", help="return once up; `down` stops it")
    status = commands.add_parser("status", help="hosts, processes, HAProxy's servers, Redis and Sentinel")
    status.add_argument("--json", action="store_true")
    for name, text in (
        ("kill-node", "SIGKILL every process of node N"),
        ("start-node", "start node N's processes and put it back in rotation"),
        ("stop-node", "stop node N gracefully (SIGTERM)"),
        ("drain-node", "drain node N in HAProxy, tell its sockets to reconnect, stop it"),
    ):
        command = commands.add_parser(name, help=text)
        command.add_argument("node", type=int)
        if name == "drain-node":
            command.add_argument("--keep-running", action="store_true", help="drain without stopping it")
            command.add_argument("--timeout", type=float, default=30)
    commands.add_parser("kill-redis-primary", help="SIGKILL the Redis the sentinels call primary")
    start_redis = commands.add_parser("start-redis", help="start a killed Redis again, as a replica")
    start_redis.add_argument("host", help="redis1 or redis2")
    commands.add_parser("kill-database", help="PostgreSQL's immediate shutdown")
    commands.add_parser("start-database", help="start PostgreSQL again")
    down = commands.add_parser("down", help="stop everything, remove the namespaces and the bridge")
    down.add_argument("--prefix", default=None, help="for what a crashed run left, when no state is there")
    return parser.parse_args(argv)


def print_status(status: dict) -> None:
    if not status.get("hosts"):
        print(f"cluster: down{' (namespaces left: ' + ', '.join(status['down']) + ')' if status.get('down') else ''}")
        return
    beat = f"node{status['beat_node']}" if status["beat_node"] else "none says it holds the lock"
    print(f"balancer {status['balancer']}   pool {status['pool']}   Redis primary {status['primary']}   beat {beat}")
    for name, host in status["hosts"].items():
        counts = host["processes"].items()
        running = ", ".join(f"{process}×{count}" if count > 1 else process for process, count in counts)
        print(f"  {name:<10} {host['address']:<12} {'up' if host['up'] else 'GONE':<5} {running or '-'}")
    print("HAProxy:")
    for name, server in status["haproxy"].items():
        if name == "error":
            print(f"  {server}")
            continue
        print(f"  {name:<14} {server['status']:<10} {server['sessions']} open, {server['total']} served")
    print("Redis:")
    for name, role in status["redis"].items():
        print(f"  {name:<10} {role}")
    print("Sentinels:")
    for name, view in status["sentinels"].items():
        print(f"  {name:<10} {view}")


def say(text: str, began: float = time.monotonic()) -> None:
    print(f"[{time.monotonic() - began:5.1f} s] {text}", flush=True)


def main(argv: list[str]) -> int:
    args = parse(argv)
    if args.command == "up":
        cluster = Cluster(
            args.run_dir,
            nodes=args.nodes,
            pool=args.pool,
            daphnes=args.daphnes,
            prefix=args.prefix,
            subnet=args.subnet,
            say=say,
        )

        def stop(signum: int, frame: object) -> None:
            raise KeyboardInterrupt

        signal.signal(signal.SIGTERM, stop)
        try:
            cluster.up()  # takes everything down again itself when it fails or is interrupted
        except KeyboardInterrupt:
            print("cluster: interrupted; everything is down")
            return 130
        print_status(cluster.status())
        print(f"logs: {cluster.logs}/<host>/<process>.log   HAProxy's page: {cluster.stats_url}")
        if args.detach:
            return 0
        print("Ctrl-C stops the cluster; `python -m cluster kill-node 1` and the others act on it from another shell")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            print("\ncluster: taking everything down")
        finally:
            cluster.down()
        return 0
    if args.command == "down":
        try:
            cluster = Cluster.attach(args.run_dir)
        except FileNotFoundError:
            cluster = Cluster(args.run_dir, prefix=args.prefix or "dgc")
        removed = cluster.down()
        print(f"cluster: down; removed {', '.join(removed) if removed else 'nothing (nothing was up)'}")
        return 0
    try:
        cluster = Cluster.attach(args.run_dir)
    except FileNotFoundError as error:
        print(f"cluster: {error}")
        return 1
    if args.command == "status":
        status = cluster.status()
        print(json.dumps(status, indent=2)) if args.json else print_status(status)
    elif args.command == "kill-node":
        cluster.kill_node(args.node)
        print(f"node{args.node}: killed")
    elif args.command == "start-node":
        cluster.start_node(args.node)
        print(f"node{args.node}: up (HAProxy sees it)")
    elif args.command == "stop-node":
        cluster.stop_node(args.node)
        print(f"node{args.node}: stopped")
    elif args.command == "drain-node":
        print(json.dumps(cluster.drain_node(args.node, stop=not args.keep_running, timeout=args.timeout)))
    elif args.command == "kill-redis-primary":
        old = cluster.kill_redis_primary()
        print(f"{old}: killed; waiting for the sentinels' failover")
        began = time.monotonic()
        new = cluster.wait_failover(old)
        print(f"{new} is the primary after {time.monotonic() - began:.1f} s; `python -m cluster start-redis {old}`")
    elif args.command == "start-redis":
        cluster.start_redis(args.host)
        print(f"{args.host}: started as a replica of {cluster.redis_primary()}")
    elif args.command == "kill-database":
        cluster.kill_database()
        print("PostgreSQL: killed")
    elif args.command == "start-database":
        cluster.start_database()
        print("PostgreSQL: started")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
