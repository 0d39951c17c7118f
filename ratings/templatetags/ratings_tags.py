from django import template

from ratings.models import RATED_GAMES
from ratings.selectors import player_standings, recent_changes

register = template.Library()


@register.inclusion_tag("ratings/player_ratings.html")
def player_ratings(player):
    """A player's ratings and latest changes, for their own page."""
    return {"ratings": player_standings(player), "changes": recent_changes(player, limit=5), "names": RATED_GAMES}
