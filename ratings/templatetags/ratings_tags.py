from django import template

from ratings.selectors import ratings_of, recent_changes

register = template.Library()


@register.inclusion_tag("ratings/player_ratings.html")
def player_ratings(player):
    """A player's ratings and latest changes, for their own page."""
    return {"ratings": ratings_of(player), "changes": recent_changes(player, limit=5)}
