"""Draining a node for a deploy: every socket of the node is told to reconnect, and the load balancer, which has
put the node in drain first, sends each one to another node (docs/deployment.md, "Draining a node for a deploy").

One message to the node's group (toolkit.node: every room and lobby socket of the node listens there), sent through
the channel layer from wherever the operator runs it: it needs no signal to a process and no list of sockets. Each
socket closes with consumers.DRAINED, at a moment drawn within `spread` seconds; the page reconnects at once
(static/js/socket.js) and resyncs as after any reconnect. Sending it twice, or to a node with no sockets, is
harmless."""

from __future__ import annotations

from channels.layers import get_channel_layer

from games.runtime.broadcast import group_send
from toolkit.node import node_group

DRAIN = "node.drain"
SPREAD_SECONDS = 1.0


def node_drain(name: str, spread: float = SPREAD_SECONDS) -> str:
    """Tell every socket of node `name` to reconnect (within `spread` seconds). Returns the group told. Raises
    when Redis does not take the message (nothing was told: the operator runs it again)."""
    group = node_group(name)
    group_send(get_channel_layer(), group, {"type": DRAIN, "spread": max(0.0, float(spread))})
    return group
