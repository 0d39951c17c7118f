"""A chat's history over HTTP: what the panel shows each time its socket (chat.consumers) opens, filtered for
its reader. Anyone not in the room or group gets a 404, as for a code that does not exist."""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.views.decorators.http import require_GET

from chat.errors import ChatRefusal
from chat.places import place_of
from chat.selectors import chat_read


@require_GET
def chat_history(request, kind: str, code: str):
    if not request.player:
        raise Http404
    try:
        place = place_of(kind, code, request.player)
    except ChatRefusal as refusal:
        raise Http404 from refusal
    response = JsonResponse(chat_read(place, request.player))
    response["Cache-Control"] = "no-store"
    return response
