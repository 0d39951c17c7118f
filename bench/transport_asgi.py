"""What the transport bench's daphne processes serve (bench/transport.py): the site's own application,
config.asgi's, with one thing added that exists only in these bench processes: the room socket
(`games.runtime.consumers.RoomConsumer`, unchanged, at its own path) also takes a `bench.frame` message
from its room's group and sends its text to the browser as it is.

That is the bare transport: a message published on the channel layer (Redis pub/sub), received by a
daphne process, written to a websocket, with no database and no view built. The site never has this
route; nothing but `python -m bench --only transport` starts a process with it. The bench gives its processes
CELERY_QUEUE_PREFIX (config/lanes.py): the tasks they send go to the bench's own copies of the lanes' queues,
which only its workers read.

    python -m daphne bench.transport_asgi:application
"""

# isort: off
from config import asgi  # first: Django set up, the site's application built

# isort: on
import gc  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import SessionMiddlewareStack  # noqa: E402
from django.urls import re_path  # noqa: E402

from accounts.channels import PlayerScopeMiddleware  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from config.ws_origin import SameOriginValidator  # noqa: E402
from games.routing import websocket_urlpatterns as game_routes  # noqa: E402
from games.runtime.consumers import RoomConsumer  # noqa: E402


class BenchRoomConsumer(RoomConsumer):
    """The room socket, and the bare transport's one extra message."""

    async def bench_frame(self, event):
        await self.send(text_data=event["text"])


def _routes():
    rooms = {str(route.pattern) for route in game_routes}
    return [
        re_path(str(route.pattern), BenchRoomConsumer.as_asgi()) if str(route.pattern) in rooms else route
        for route in websocket_urlpatterns
    ]


application = ProtocolTypeRouter(
    {
        "http": asgi.django_asgi_app,
        "websocket": SameOriginValidator(SessionMiddlewareStack(PlayerScopeMiddleware(URLRouter(_routes())))),
    }
)


# The garbage collector's pauses, written to this process's log (transport-logs/): every collection of the
# oldest generation and any other of 5 ms or more, with how long the process stood still for it
# (config/warmup.py; docs/performance.md, "The collector's pauses").
_started: list[float] = []


def _pause(phase: str, info: dict) -> None:
    if phase == "start":
        _started[:] = [time.perf_counter()]
    elif _started:
        ms = (time.perf_counter() - _started[0]) * 1000
        if info["generation"] == 2 or ms >= 5:  # every full collection, and any other that took 5 ms or more
            print(f"gc-pause generation={info['generation']} ms={ms:.1f}", file=sys.stderr, flush=True)


gc.callbacks.append(_pause)
