from django.shortcuts import render

from games.models import Room
from lobby.games import CATALOGUE
from wallet.selectors import balance_of

NAMES = {card.slug: card.name for card in CATALOGUE}


def home(request):
    """The five games, and the player's own state: nickname, credits, the tables they sit at."""
    player = request.player
    balance = balance_of(player=player) if player and not player.is_guest else None
    rooms = []
    if player:
        rooms = list(Room.objects.filter(seats__player=player).exclude(status=Room.CLOSED).order_by("-updated_at")[:5])
        for room in rooms:
            setattr(room, "game_name", NAMES.get(room.game, room.game))  # noqa: B010 - for the template
    return render(request, "lobby/home.html", {"games": CATALOGUE, "balance": balance, "rooms": rooms})
