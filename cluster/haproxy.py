"""HAProxy in front of the nodes: its configuration, written from the layout, and its runtime API.

Why each line is there is said in the configuration itself (`config`), which docs/deployment.md ("A cluster on
one machine") quotes. The runtime API is the stats socket at level admin, a Unix socket in the run folder: the
filesystem is shared by every namespace, so the operator's shell (and `python -m cluster drain-node`) reaches
it without entering the balancer's host.
"""

from __future__ import annotations

import csv
import io
import resource
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path

from cluster.topology import HTTP_PORT, STATS_PORT, Layout

BACKEND = "nodes"
HAPROXY = "/usr/sbin/haproxy"


def max_connections() -> int:
    """As many connections as the file descriptors allow (two each: the client's and the server's, with room for
    the checks and the listeners), at most 20,000: HAProxy refuses to start when it cannot raise its limit."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return 20000 if hard == resource.RLIM_INFINITY else max(1000, min(20000, (hard - 1000) // 2))


def config(layout: Layout, stats_socket: Path) -> str:
    lb = layout.lb.address
    servers = "\n".join(
        f"    server {layout.server_name(n, port)} {layout.node(n).address}:{port}"
        for n in layout.node_numbers
        for port in layout.daphne_ports
    )
    return f"""# Written by cluster/haproxy.py for the cluster on one machine (docs/deployment.md).
global
    log stdout format raw local0 info
    # The runtime API: `set server {BACKEND}/<server> state drain|maint|ready`, `show stat`, `show servers state`.
    stats socket {stats_socket} mode 600 level admin
    stats timeout 30s
    maxconn {max_connections()}

defaults
    mode http
    log global
    option httplog
    # Only errors and abnormal ends are logged: a soak's thousands of requests a second would fill the disk.
    option dontlog-normal
    timeout connect 3s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 10s
    timeout client 30s
    timeout server 30s
    # Once a connection is upgraded to a WebSocket it is a tunnel: this, not client/server, is its idle timeout.
    # The page pings every 2 s (static/js/socket.js), but a tab in the background may be throttled for longer.
    timeout tunnel 1h
    timeout client-fin 10s
    # A request whose connection to a server was refused (a node just killed, not yet marked down) is tried
    # again on another server instead of failing: the player sees a slower answer, not an error.
    retries 3
    option redispatch 1

frontend site
    bind {lb}:{HTTP_PORT}
    # The client's address for the per-address limits: the site reads the LAST X-Forwarded-For entry.
    option forwardfor
    # No TLS here: the site must know the scheme the browser used (the socket's Origin check, secure cookies).
    http-request set-header X-Forwarded-Proto http
    default_backend {BACKEND}

backend {BACKEND}
    # Sockets live for minutes and pages for milliseconds, so the open connections are the sockets: leastconn
    # gives a new socket to the server holding the fewest. Round robin would leave a restarted node nearly
    # empty while the others carry every socket that moved to them when it went away.
    balance leastconn
    # /healthz per daphne: 200 when that process reaches its database and Redis (config/health.py). The Host is
    # the balancer's (ALLOWED_HOSTS); checked every second (every 0.5 s once one failed), down after 3 failures,
    # up again after 2 successes. A dead node refuses at once, so it is out within about 2 s; a busy one gets 5 s
    # to answer: with the default (the check's interval, 1 s) the soak saw the one node left, busy taking the
    # dead node's 434 reconnects, marked down too, and the balancer answer 503 to everyone ("no server
    # available") while the node was fine, which made the reconnect storm last minutes instead of seconds.
    option httpchk
    http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host {lb}
    http-check expect status 200
    timeout check 5s
    # No `on-marked-down shutdown-sessions`: a server marked down because Redis is failing over keeps its open
    # sockets, which ride the failover out; a dead node's sockets are closed by its death anyway.
    default-server check inter 1s fastinter 500ms downinter 1s fall 3 rise 2
{servers}

frontend stats
    bind {lb}:{STATS_PORT}
    http-request use-service prometheus-exporter if {{ path /metrics }}
    stats enable
    stats uri /stats
    stats refresh 2s
"""


def check(path: Path) -> str:
    """`haproxy -c`: the configuration as HAProxy reads it; raises with its complaint."""
    result = subprocess.run([HAPROXY, "-c", "-f", str(path)], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"haproxy -c -f {path}: {result.stdout}{result.stderr}")
    return result.stdout + result.stderr


def argv(path: Path) -> list[str]:
    # -db: in the foreground (its log is its output), one process that stops on SIGTERM.
    return [HAPROXY, "-db", "-f", str(path)]


@dataclass(frozen=True)
class Server:
    name: str
    status: str  # UP, DOWN, DRAIN, MAINT, "UP 1/2" (going down), "DOWN 1/2" (coming up), no check
    sessions: int  # open connections now: sockets and requests in flight
    total: int  # connections served since the start

    @property
    def up(self) -> bool:
        return self.status.startswith("UP") or self.status == "DRAIN"


class RuntimeAPI:
    def __init__(self, path: Path):
        self.path = path

    def command(self, line: str, timeout: float = 5.0) -> str:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
            connection.settimeout(timeout)
            connection.connect(str(self.path))
            connection.sendall(line.encode() + b"\n")
            chunks = []
            while chunk := connection.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def servers(self) -> list[Server]:
        text = self.command("show stat").lstrip("# ")
        rows = csv.DictReader(io.StringIO(text))
        return [
            Server(row["svname"], row["status"], int(row["scur"] or 0), int(row["stot"] or 0))
            for row in rows
            if row["pxname"] == BACKEND and row["svname"] not in ("FRONTEND", "BACKEND")
        ]

    def set_state(self, server: str, state: str) -> None:
        """`ready`, `drain` (no new connections; the open ones stay) or `maint` (no traffic, checks stopped)."""
        if state not in ("ready", "drain", "maint"):
            raise ValueError(f"not a server state: {state}")
        answer = self.command(f"set server {BACKEND}/{server} state {state}").strip()
        if answer:
            raise RuntimeError(f"HAProxy refused `set server {BACKEND}/{server} state {state}`: {answer}")
