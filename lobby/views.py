from django.shortcuts import render

from lobby.games import CATALOGUE


def home(request):
    """The five games, and the player's own state when they have one."""
    return render(request, "lobby/home.html", {"games": CATALOGUE})
