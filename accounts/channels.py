"""Channels middleware: every websocket's scope gets the session's user and the Player (registered or guest).

It stands in for channels' AuthMiddleware, under its SessionMiddleware (config/asgi.py): the user and the Player
are read in one call, in the sockets' database threads (toolkit.database_threads), where channels would read each
in its one thread-sensitive thread, behind every other socket's reads of the process (issue 34: a dead node's
sockets, reconnecting all at once, each waited there in turn). The user is Django's own `auth.get_user`, which
checks the session's hash against the user's password as a page's request does.
"""

from django.contrib import auth
from django.http import HttpRequest

from accounts.selectors import player_from_session
from toolkit.database_threads import in_database_thread


def _user_and_player(session):
    request = HttpRequest()
    request.session = session  # all that auth.get_user reads of a request
    user = auth.get_user(request)
    return user, player_from_session(user=user, session=session)


class PlayerScopeMiddleware:
    """Needs scope['session'] (channels' SessionMiddleware); gives scope['user'] and scope['player']."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        if "session" not in scope:
            raise ValueError("PlayerScopeMiddleware needs channels' SessionMiddleware around it")
        user, player = await in_database_thread(_user_and_player)(scope["session"])
        return await self.inner(dict(scope, user=user, player=player), receive, send)
