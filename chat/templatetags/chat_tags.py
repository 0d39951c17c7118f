"""`{% chat_panel kind code %}`: the chat drawer of a private room or a group (templates/chat/panel.html), or
nothing where there is no chat (a public or rated room). The room page is the same for every game and may not
import chat (the import layers): it only loads this tag."""

from __future__ import annotations

from typing import Any

from django import template

from chat.models import MAX_LENGTH

register = template.Library()


@register.inclusion_tag("chat/panel.html")
def chat_panel(kind: str, place: Any) -> dict[str, Any]:
    if kind == "room":
        from chat.places import chat_allowed_in

        if not chat_allowed_in(place):
            return {"open": False}
    return {"open": True, "kind": kind, "code": place.code, "max_length": MAX_LENGTH}
