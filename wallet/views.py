from django.core.paginator import Paginator
from django.shortcuts import render

from accounts.decorators import player_required
from accounts.selectors import player_is_verified
from wallet.conf import signup_grant, stake_levels
from wallet.models import AccountFreeze, GrantWithheld, Transfer
from wallet.selectors import balance_of, is_frozen, statement_of
from wallet.statement import statement_lines

STATEMENT_PAGE = 50


def _grant_status(player) -> dict:
    """Why a registered player has no sign-up grant yet, if they have none: waiting for the e-mail's
    verification, or withheld by a limit (for good)."""
    if player.is_guest or not signup_grant() or Transfer.objects.filter(key=f"signup:player:{player.pk}").exists():
        return {}
    withheld = GrantWithheld.objects.filter(player=player).first()
    if withheld is not None:
        return {"grant_withheld": withheld.reason}
    return {} if player_is_verified(player=player) else {"grant_waits": True}


@player_required
def statement(request):
    """The player's credits and every movement of them in words, newest first, each with its game's page."""
    player = request.player
    page = Paginator(statement_of(player=player), STATEMENT_PAGE).get_page(request.GET.get("page"))
    freezes = [] if player.is_guest else list(AccountFreeze.objects.filter(account__player=player)[:10])
    return render(
        request,
        "wallet/statement.html",
        {
            "balance": balance_of(player=player),
            "page": page,
            "lines": statement_lines(player=player, legs=list(page.object_list)) if not player.is_guest else [],
            "stake_levels": stake_levels(),
            "signup_grant": signup_grant(),
            "frozen": not player.is_guest and is_frozen(player=player),
            "freezes": freezes,
            **_grant_status(player),
        },
    )
