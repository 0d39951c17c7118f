from django.http import Http404
from django.shortcuts import render

from ratings.models import RATED_GAMES
from ratings.selectors import leaderboard as leaderboard_of

LEADERBOARD_SIZE = 50


def leaderboard(request, game: str):
    """The best ratings of one rated game, open to everyone (guests included)."""
    if game not in RATED_GAMES:
        raise Http404("no rated game")
    player = request.player
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "game": game,
            "game_name": RATED_GAMES[game],
            "rows": leaderboard_of(game, limit=LEADERBOARD_SIZE),
            "viewer_id": player.pk if player else None,
        },
    )
