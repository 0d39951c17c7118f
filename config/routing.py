"""Websocket routes of every app, in one list for config.asgi."""

from games.routing import websocket_urlpatterns as game_routes
from lobby.routing import websocket_urlpatterns as lobby_routes

websocket_urlpatterns = [*lobby_routes, *game_routes]
