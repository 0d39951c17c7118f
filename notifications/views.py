"""The notification centre's pages: the bell's list (JSON), the page of them all, marking them read, the settings
page, and a device's push subscription. Every one shows or changes the requesting player's own only: nothing takes
a player or a notification's owner from the request's parameters."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.decorators import player_required
from notifications import kinds
from notifications.models import Notification
from notifications.preferences import chosen, language_note, preferences_of, preferences_save
from notifications.services import notifications_read, unread_count
from notifications.subscriptions import BadSubscription, subscription_delete, subscription_save
from notifications.texts import item

BELL_SIZE = 8
PAGE_SIZE = 50
MAX_BODY = 4096


def _no_player() -> JsonResponse:
    return JsonResponse({"code": "no_player", "message": gettext("Choose a nickname first.")}, status=403)


@require_GET
def recent(request: Any) -> JsonResponse:
    """The bell: the newest notifications and how many are unread."""
    if not request.player:
        return _no_player()
    newest = Notification.objects.filter(player=request.player).order_by("-created_at", "-pk")[:BELL_SIZE]
    language = translation.get_language()
    return JsonResponse(
        {"unread": unread_count(player_id=request.player.pk), "items": [item(n, language) for n in newest]}
    )


@require_POST
def read(request: Any) -> JsonResponse:
    """The bell was opened: what it shows is read."""
    if not request.player:
        return _no_player()
    notifications_read(player=request.player)
    return JsonResponse({"unread": 0})


@require_GET
@player_required
def index(request: Any) -> HttpResponse:
    """Every notification of the player's, the newest first; looking at them reads them."""
    rows = Notification.objects.filter(player=request.player).order_by("-created_at", "-pk")
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    language = translation.get_language()
    items = [{**item(n, language), "when": n.created_at} for n in page.object_list]
    notifications_read(player=request.player, ids=[entry["id"] for entry in items])
    return render(request, "notifications/index.html", {"items": items, "page": page})


CHANNEL_NAMES = {
    kinds.SITE: gettext_lazy("On the site"),
    kinds.PUSH: gettext_lazy("On this device"),
    kinds.EMAIL: gettext_lazy("By e-mail"),
}


@require_http_methods(["GET", "POST"])
@player_required
def preferences(request: Any) -> HttpResponse:
    """Each kind on or off per channel (push and e-mail where the kind may use them)."""
    player = request.player
    if request.method == "POST":
        picked = {kind: set(request.POST.getlist(kind)) for kind in kinds.KINDS}
        preferences_save(player=player, channels=picked, language=translation.get_language())
        from django.contrib import messages

        messages.success(request, gettext("Your notification settings are saved."))
        return redirect("notifications:settings")
    current = chosen(preferences_of(player))
    rows = [
        {
            "kind": kind,
            "name": name,
            "channels": [
                {
                    "channel": channel,
                    "name": CHANNEL_NAMES[channel],
                    "on": channel in current[kind],
                    "allowed": channel in kinds.channels_of(kind),
                }
                for channel in kinds.CHANNELS
            ],
        }
        for kind, name in kinds.KINDS.items()
    ]
    context = {
        "rows": rows,
        "vapid_public_key": settings.VAPID_PUBLIC_KEY,
        "mail_possible": not player.is_guest,
    }
    return render(request, "notifications/settings.html", context)


def _json_body(request: HttpRequest) -> object:
    if len(request.body) > MAX_BODY:
        return None
    try:
        return json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        return None


def _refusal(error: BadSubscription) -> JsonResponse:
    return JsonResponse({"code": error.code, "message": str(error.message)}, status=400)


@require_POST
def subscribe(request: Any) -> JsonResponse:
    """This device's push subscription (static/js/push.js), for the requesting player."""
    if not request.player:
        return _no_player()
    try:
        subscription_save(
            player=request.player, info=_json_body(request), user_agent=request.headers.get("user-agent", "")
        )
    except BadSubscription as error:
        return _refusal(error)
    language_note(request.player, translation.get_language())
    return JsonResponse({"subscribed": True}, status=201)


@require_POST
def unsubscribe(request: Any) -> JsonResponse:
    """This device no longer wants pushes (or the player turned them off there)."""
    if not request.player:
        return _no_player()
    body = _json_body(request)
    endpoint = body.get("endpoint") if isinstance(body, dict) else None
    return JsonResponse({"unsubscribed": subscription_delete(player=request.player, endpoint=endpoint)})
