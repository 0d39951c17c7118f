"""Websocket routes of every app, in one list for config.asgi."""

from chat.routing import websocket_urlpatterns as chat_routes
from games.routing import websocket_urlpatterns as game_routes
from lobby.routing import websocket_urlpatterns as lobby_routes

websocket_urlpatterns = [*lobby_routes, *game_routes, *chat_routes]
