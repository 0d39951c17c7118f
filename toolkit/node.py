"""Which node this process runs on, and the channel-layer group of that node's sockets.

A node is one host of the cluster (docs/deployment.md): env NODE_NAME, else the host name. Every socket of the
site (the room's, the lobby's) listens in its node's group, so that an operator draining the node for a deploy
tells all of its sockets to reconnect elsewhere with one message (`manage.py drain_sockets`), from any machine
that reaches Redis: no signal to a process, no list of sockets kept anywhere."""

from __future__ import annotations

import os
import re
import socket

# Channels' group names: ASCII letters, digits, hyphens, underscores and periods, shorter than 100.
_NOT_IN_A_GROUP_NAME = re.compile(r"[^A-Za-z0-9_.-]")


def node_name() -> str:
    """NODE_NAME, else this host's name. Read when asked (not at import): a test may run two "nodes" in one
    process by changing the environment between two sockets."""
    return os.environ.get("NODE_NAME", "").strip() or socket.gethostname()


def node_group(name: str | None = None) -> str:
    """The group every socket of node `name` (this one by default) listens in."""
    return f"node.{_NOT_IN_A_GROUP_NAME.sub('_', name or node_name())}"[:99]
