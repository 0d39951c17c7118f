"""ASGI entry point: HTTP through Django, websockets through Channels with session auth.

Websockets are checked against ALLOWED_HOSTS by origin (a page from another site
must not open a socket with our player's cookies), then given the session's user
and the Player who sits at tables (registered or guest).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

# Imports that touch models must come after Django is set up.
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from accounts.channels import PlayerScopeMiddleware  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(PlayerScopeMiddleware(URLRouter(websocket_urlpatterns)))
        ),
    }
)
