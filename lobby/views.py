from django.shortcuts import render

from lobby.games import CATALOGUE
from wallet.selectors import balance_of


def home(request):
    """The five games, and the player's own state when they have one (nickname, credits)."""
    player = request.player
    balance = balance_of(player=player) if player and not player.is_guest else None
    return render(request, "lobby/home.html", {"games": CATALOGUE, "balance": balance})
