"""ASGI entry point: HTTP through Django, websockets through Channels with session auth.

A websocket must come from the site's own page: its Origin is compared, scheme, host and port, with the
socket's own origin (config/ws_origin.py), so a page of another site, of another port of the same host or
plain http in front of https cannot open a socket with our player's cookies. Then it is given the session's
user and the Player who sits at tables (registered or guest); while the database is away it is told to try
again later instead (config/outage.py).
"""

import os

from django.core.asgi import get_asgi_application

from observe import identity

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
identity.declare("daphne")  # before Django's start: its log lines say so too
django_asgi_app = get_asgi_application()

# Imports that touch models must come after Django is set up.
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import SessionMiddlewareStack  # noqa: E402

from accounts.channels import PlayerScopeMiddleware  # noqa: E402
from config.metrics import ObservedHTTP  # noqa: E402
from config.outage import AwaySocketMiddleware  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from config.warmup import start_up  # noqa: E402
from config.ws_origin import SameOriginValidator  # noqa: E402

start_up()  # last before serving: the lists loaded, everything made so far out of the collector's walks

application = ProtocolTypeRouter(
    {
        "http": ObservedHTTP(django_asgi_app),  # /metrics, and every request counted (config/metrics.py)
        "websocket": SameOriginValidator(
            AwaySocketMiddleware(SessionMiddlewareStack(PlayerScopeMiddleware(URLRouter(websocket_urlpatterns))))
        ),
    }
)
