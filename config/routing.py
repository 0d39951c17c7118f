"""Websocket routes of every app, in one list for config.asgi."""

from lobby.routing import websocket_urlpatterns as lobby_routes

websocket_urlpatterns = [*lobby_routes]
