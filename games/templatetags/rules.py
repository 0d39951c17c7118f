"""The rules texts' tags: {% rules_template slug as name %}, the text the room's "?" dialog includes
(games.rules_pages); {% stake_table as rows %}, Wordgrid's stakes as the settings make them."""

from django import template

from games.rules_pages import rules_template as _rules_template
from wallet.conf import payout_for, stake_levels

register = template.Library()


@register.simple_tag
def rules_template(slug: str) -> str:
    return _rules_template(slug)


@register.simple_tag
def stake_table() -> list[dict[str, int]]:
    """Each stake level a player may offer (setting WALLET_STAKE_LEVELS), with its pot and the winner's payout."""
    return [{"stake": stake, "pot": 2 * stake, "payout": payout_for(stake)} for stake in stake_levels()]
