"""Channels middleware: put the Player (registered or guest) into every websocket's scope."""

from channels.db import database_sync_to_async

from accounts.selectors import player_from_session


@database_sync_to_async
def _player_for_scope(scope):
    return player_from_session(user=scope.get("user"), session=scope.get("session"))


class PlayerScopeMiddleware:
    """Runs inside AuthMiddlewareStack, so scope has 'session' and 'user' already."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        scope = dict(scope, player=await _player_for_scope(scope))
        return await self.inner(scope, receive, send)
