from django import template

from ratings import window
from ratings.games import rated_names
from ratings.selectors import player_standings, recent_changes

register = template.Library()


@register.simple_tag
def rating_window() -> int:
    """The points two ratings may lie apart for rated play to pair them (ratings.window)."""
    return window.RATING_WINDOW


@register.inclusion_tag("ratings/player_ratings.html")
def player_ratings(player):
    """A player's ratings and latest changes, for their own page."""
    return {"ratings": player_standings(player), "changes": recent_changes(player, limit=5), "names": rated_names()}
