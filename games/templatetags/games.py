from django import template

from games.selectors import duelo_stats

register = template.Library()


@register.inclusion_tag("games/duelo/stats.html")
def duelo_results(player):
    """A player's Duelo results, for their page and the game's page."""
    return {"stats": duelo_stats(player)}
