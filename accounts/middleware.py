from django.utils.functional import SimpleLazyObject

from accounts.selectors import player_from_session


class PlayerMiddleware:
    """Gives every request `request.player` (a Player or None), resolved only when used."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.player = SimpleLazyObject(lambda: player_from_session(user=request.user, session=request.session))
        return self.get_response(request)
