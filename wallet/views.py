from django.core.paginator import Paginator
from django.shortcuts import render

from accounts.decorators import player_required
from wallet.conf import signup_grant, stake_levels
from wallet.selectors import balance_of, statement_of

STATEMENT_PAGE = 50


@player_required
def statement(request):
    """The player's credits and every movement of them, newest first, with the match it belongs to."""
    player = request.player
    page = Paginator(statement_of(player=player), STATEMENT_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "wallet/statement.html",
        {
            "balance": balance_of(player=player),
            "page": page,
            "stake_levels": stake_levels(),
            "signup_grant": signup_grant(),
        },
    )
