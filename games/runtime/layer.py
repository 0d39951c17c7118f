"""The channel layer of the site's sockets: channels_redis' pub/sub layer, which, once its Redis connection is
back after an outage, tells every socket of this process to look again (issue 30: after a 15 s Redis outage,
3 of 221 sockets that were behind never showed their match's latest version).

Why they stayed behind: while Redis is away, or in the moments after it returns before this process has
subscribed its sockets' groups again, a change committed elsewhere (a clock step, a bot's move, a move on the
other daphne) is published to nobody, and a socket that stayed open through it has no way to know. The
process that published may announce again what failed (games.runtime.broadcast), but not what went through to
an empty Redis. So the receiving side does it: when this process' subscription reads again after failing (redis-py
subscribes its channels again as it reconnects), every local socket gets a `layer.recovered` message and sends its
viewer fresh snapshots, read after the subscription is back: what committed before is in them, what commits
after is published to a subscribed process.

It also logs an outage once, where channels_redis logged a traceback every second of it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer, RedisSingleShardConnection

from observe import metrics

log = logging.getLogger(__name__)

RECOVERED = {"type": "layer.recovered"}
RETRY_SECONDS = 0.5


class RecoveringShard(RedisSingleShardConnection):
    async def _do_receiving(self) -> None:
        broken = False
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=0.1)
                    if broken:
                        broken = False
                        log.warning("channel layer: Redis answers again; every socket of this process looks again")
                        self._tell_every_socket()
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except (TimeoutError, asyncio.CancelledError, GeneratorExit):
                raise
            except Exception as error:  # noqa: BLE001 - Redis away: tried again until it answers
                metrics.channel_layer_error("receive")
                if not broken:
                    log.warning("channel layer: Redis does not answer (%s); trying again", error)
                broken = True
                await asyncio.sleep(RETRY_SECONDS)

    def _tell_every_socket(self) -> None:
        layer = self.channel_layer
        data = layer.channel_layer.serialize(RECOVERED)
        for queue in list(layer.channels.values()):
            queue.put_nowait(data)


class RecoveringLoopLayer(RedisPubSubLoopLayer):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        hosts: list[Any] = [shard.host for shard in vars(self)["_shards"]]
        self._shards = [RecoveringShard(host, self) for host in hosts]


class RecoveringPubSubChannelLayer(RedisPubSubChannelLayer):
    """settings.CHANNEL_LAYERS' backend: channels_redis' pub/sub layer whose sockets look again after an outage."""

    def _get_layer(self) -> RecoveringLoopLayer:
        loop = asyncio.get_running_loop()
        if loop not in self._layers:
            from channels_redis.utils import _wrap_close

            self._layers[loop] = RecoveringLoopLayer(*self._args, **self._kwargs, channel_layer=self)
            _wrap_close(self, loop)
        layer: RecoveringLoopLayer = self._layers[loop]
        return layer
