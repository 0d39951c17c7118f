"""The friend buttons on pages of the apps below friends (a group's members, lobby/): those apps may not import
friends (the layers), so their templates ask here, by the tag library's name, as base.html does of the context
processors (decision 146)."""

from __future__ import annotations

from typing import Any

from django import template

from friends.models import Block
from friends.selectors import SELF, relations

register = template.Library()


@register.simple_tag(takes_context=True)
def friend_states(context: dict[str, Any], people: list[Any]) -> dict[int, dict[str, Any]]:
    """What the page's player is to each of `people` (Players, or rows with a `.player`): {id: {state,
    blocked}}, in four queries for any number. Empty for a visitor without a nickname."""
    viewer = context.get("player")
    if not viewer:
        return {}
    ids = [getattr(person, "player", person).pk for person in people]
    states = relations(viewer.pk, ids)
    blocked = set(Block.objects.filter(blocker_id=viewer.pk, blocked_id__in=ids).values_list("blocked_id", flat=True))
    return {pk: {"state": states[pk], "blocked": pk in blocked} for pk in ids if states[pk] != SELF}


@register.inclusion_tag("friends/relation.html", takes_context=True)
def friend_buttons(context: dict[str, Any], states: dict[int, dict[str, Any]], other: Any, next: str = "") -> dict:
    """The buttons for `other` from `friend_states`: nothing for the player themself (not in `states`)."""
    found = states.get(other.pk)
    if found is None:
        return {"hidden": True}
    request = context.get("request")
    return {
        "other": other,
        "state": found["state"],
        "blocked": found["blocked"],
        "next": next or (request.get_full_path() if request else ""),
        "compact": True,
        "csrf_token": context.get("csrf_token"),
    }
