from django.http import Http404
from django.shortcuts import render

from ratings.games import is_glicko, rated_names
from ratings.selectors import PROVISIONAL_DEVIATION, board_of, standing_of

LEADERBOARD_SIZE = 50


def leaderboard(request, game: str):
    """The best ratings of one rated game, open to everyone (guests included): the ranked players, the provisional
    ones apart (Glicko-2 games), and the viewer's own place."""
    names = rated_names()
    if game not in names:
        raise Http404("no rated game")
    player = request.player
    viewer_id = player.pk if player else None
    board = board_of(game, viewer_id=viewer_id, limit=LEADERBOARD_SIZE)
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "game": game,
            "game_name": names[game],
            "rows": board.ranked,
            "provisional": board.provisional,
            "mine": board.mine,
            "mine_shown": board.mine_shown,
            "my_standing": standing_of(player, game) if player else None,
            "glicko": is_glicko(game),
            "threshold": PROVISIONAL_DEVIATION,
            "games": names,
            "viewer_id": viewer_id,
        },
    )
