"""`manage.py drain_sockets [--node NAME] [--spread SECONDS]`: every socket of a node reconnects elsewhere.

The site's part of draining a node for a deploy (docs/deployment.md): run it after the load balancer has put the
node's servers in drain, so that the reconnects land on the other nodes; then stop the node. It may run on any
machine that reaches the site's Redis. Exit status 0 once the message is sent; 1 when Redis did not take it."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.runtime.drain import SPREAD_SECONDS, node_drain
from toolkit.node import node_name


class Command(BaseCommand):
    help = "Tell every socket of a node (this one by default) to reconnect at once, elsewhere."

    def add_arguments(self, parser):
        parser.add_argument("--node", help="the node's NODE_NAME (default: this node's, NODE_NAME or the host name)")
        parser.add_argument(
            "--spread",
            type=float,
            default=SPREAD_SECONDS,
            help=f"seconds over which the sockets close, so their reconnects do not all come at once "
            f"(default {SPREAD_SECONDS:g}; 0: all at once)",
        )

    def handle(self, *args, node=None, spread=SPREAD_SECONDS, **options):
        name = node or node_name()
        if spread < 0:
            raise CommandError("--spread is a number of seconds, 0 or more")
        try:
            group = node_drain(name, spread)
        except Exception as error:
            raise CommandError(f"drain_sockets: the channel layer did not take the message ({error})") from error
        self.stdout.write(f"drain_sockets: told every socket of node {name} ({group}) to reconnect within {spread:g} s")
