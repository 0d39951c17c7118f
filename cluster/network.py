"""The hosts as network namespaces on one bridge (iproute2; we are root), and what runs in them.

A namespace is the unit a fault hits: killing a node is killing every process whose network namespace is the
node's (`ip netns pids`), whoever started it, so a cluster brought up by one command can be hurt by another.
Tearing down works from the names alone (the prefix), so it also cleans what a crashed `up` left behind.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

from cluster.topology import Host, Layout

NETNS_DIR = Path("/run/netns")


def ip(*argv: str, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run(["ip", *argv], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise RuntimeError(f"ip {' '.join(argv)}: {result.stderr.strip()}")
    return result


def wrap(host: Host) -> tuple[str, ...]:
    """The prefix that runs a command on `host`."""
    return ("ip", "netns", "exec", host.namespace)


def namespaces(prefix: str) -> list[str]:
    listed = ip("netns", "list", check=False).stdout.split("\n")
    names = [line.split()[0] for line in listed if line.strip()]
    return sorted(name for name in names if name.startswith(f"{prefix}-"))


def build(layout: Layout) -> None:
    """The bridge with the root namespace's address, and each host: its namespace, a veth pair (eth0 inside,
    <namespace> outside, on the bridge), its address, loopback up."""
    ip("link", "add", layout.bridge, "type", "bridge")
    ip("addr", "add", f"{layout.root_address}/24", "dev", layout.bridge)
    ip("link", "set", layout.bridge, "up")
    for host in layout.hosts():
        ip("netns", "add", host.namespace)
        ip("link", "add", host.namespace, "type", "veth", "peer", "name", "eth0", "netns", host.namespace)
        ip("link", "set", host.namespace, "master", layout.bridge, "up")
        inside = ("-n", host.namespace)
        ip(*inside, "addr", "add", f"{host.address}/24", "dev", "eth0")
        ip(*inside, "link", "set", "eth0", "up")
        ip(*inside, "link", "set", "lo", "up")
        # No default route: a host reaches the /24 and nothing else.


def bridge_up(layout: Layout) -> bool:
    """Whether the cluster's subnet is on this machine. Without the bridge its addresses would be routed to the
    machine's gateway: nothing may be sent to them then."""
    return ip("link", "show", layout.bridge, check=False).returncode == 0


def pids(namespace: str) -> list[int]:
    """Every live process whose network namespace is `namespace` (threads are not listed). A zombie is left out:
    it is dead, and waits only for its parent (often this process, which started it) to read its status, so
    counting it made a kill wait out its full deadline (the soak saw a Redis kill take 13 s to return)."""
    result = ip("netns", "pids", namespace, check=False)
    return sorted(pid for pid in (int(w) for w in result.stdout.split() if w.isdigit()) if not _zombie(pid))


def _zombie(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # gone already
    return stat[stat.rindex(")") + 2 :].startswith(("Z", "X"))


def signal_all(namespace: str, number: int) -> int:
    sent = 0
    for pid in pids(namespace):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, number)
            sent += 1
    return sent


def empty(namespace: str, grace: float = 10.0) -> None:
    """Stop everything on a host: SIGTERM, then SIGKILL what is left after `grace` seconds."""
    if signal_all(namespace, signal.SIGTERM) == 0:
        return
    deadline = time.monotonic() + grace
    while pids(namespace) and time.monotonic() < deadline:
        time.sleep(0.1)
    kill_all(namespace)


def kill_all(namespace: str) -> None:
    """SIGKILL every process on a host, as a host that loses its power would (nothing is flushed, no socket is
    closed politely), until none is left."""
    deadline = time.monotonic() + 10
    while pids(namespace) and time.monotonic() < deadline:
        signal_all(namespace, signal.SIGKILL)
        time.sleep(0.05)


def tear_down(prefix: str) -> list[str]:
    """Every process in the prefix's namespaces stopped, the namespaces, their veths and the bridge removed.
    Returns what was removed."""
    removed = []
    found = namespaces(prefix)
    for namespace in found:
        signal_all(namespace, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while any(pids(namespace) for namespace in found) and time.monotonic() < deadline:
        time.sleep(0.1)
    for namespace in found:
        kill_all(namespace)
        ip("link", "del", namespace, check=False)  # the veth's outer end (the inner one goes with it)
        ip("netns", "del", namespace, check=False)
        removed.append(namespace)
    if ip("link", "show", f"{prefix}-br", check=False).returncode == 0:
        ip("link", "del", f"{prefix}-br", check=False)
        removed.append(f"{prefix}-br")
    return removed


def leftovers(prefix: str) -> list[str]:
    """What of a cluster with this prefix still exists: namespaces, links."""
    links = [
        line.split(":")[1].strip().split("@")[0]
        for line in ip("-o", "link", "show", check=False).stdout.splitlines()
        if line.count(":") >= 2
    ]
    return namespaces(prefix) + sorted(link for link in links if link.startswith(f"{prefix}-"))
