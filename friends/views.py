"""The friends pages (issue 36): /friends/ (the player's own requests, friends and blocks; nobody else's), its
JSON, the people of a table one sat at (a result card's "Add friend"), and the POSTs that change anything.

Every change is a POST (with the CSRF token) naming the other player by id and goes through friends.services;
a bad id, oneself or a refused change answers a clear error and changes nothing. A form gets a message and
goes back to its page (`next`, on this site only); a script (Accept: application/json) gets JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.decorators import player_required
from accounts.models import Player
from friends import selectors, services
from friends.errors import GameError, error_text, friends_error
from friends.models import Block
from friends.playing import Playing, playing_now
from games.models import Room
from games.runtime.rooms import normalise_code
from notifications.online import online_ids


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _back(request) -> str:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return "/friends/"


def _other(request) -> Player:
    raw = request.POST.get("player", "")
    other = Player.objects.filter(pk=int(raw)).first() if raw.isdigit() and len(raw) < 12 else None
    if other is None:
        raise friends_error("no_such_player")
    return other


def _request(me: Player, other: Player) -> str:
    if services.friend_request(by=me, to=other) == "friends":
        return _("You and %(name)s are friends now.")
    return _("Friend request sent to %(name)s.")


def _accept(me: Player, other: Player) -> str:
    services.friend_accept(by=me, sender=other)
    return _("You and %(name)s are friends now.")


def _decline(me: Player, other: Player) -> str:
    services.friend_decline(by=me, sender=other)
    return _("You declined %(name)s's friend request.")


def _cancel(me: Player, other: Player) -> str:
    services.friend_cancel(by=me, receiver=other)
    return _("Your friend request to %(name)s is cancelled.")


def _unfriend(me: Player, other: Player) -> str:
    services.unfriend(by=me, other=other)
    return _("%(name)s is no longer your friend.")


def _block(me: Player, other: Player) -> str:
    services.block(by=me, other=other)
    return _("%(name)s is blocked: you will hear nothing from them.")


def _unblock(me: Player, other: Player) -> str:
    services.unblock(by=me, other=other)
    return _("%(name)s is no longer blocked.")


ACTIONS: dict[str, Callable[[Player, Player], str]] = {
    "request": _request,
    "accept": _accept,
    "decline": _decline,
    "cancel": _cancel,
    "unfriend": _unfriend,
    "block": _block,
    "unblock": _unblock,
}


@require_POST
@player_required
def friend_action(request, action: str) -> HttpResponse:
    """One of ACTIONS on the player named by `player`."""
    if action not in ACTIONS:
        raise Http404("no such action")
    me = request.player
    try:
        other = _other(request)
        text = ACTIONS[action](me, other) % {"name": other.display_name}
    except GameError as error:
        if _wants_json(request):
            return JsonResponse({"error": {"code": error.code, "message": error_text(error)}}, status=400)
        messages.error(request, error_text(error))
        return redirect(_back(request))
    if _wants_json(request):
        return JsonResponse({"ok": True, "state": selectors.relation(me.pk, other.pk), "message": text})
    messages.success(request, text)
    return redirect(_back(request))


@dataclass(frozen=True)
class FriendRow:
    player: Player
    online: bool
    playing: Playing | None


def _friends(me: Player) -> list[FriendRow]:
    ids = selectors.friend_ids(me.pk)
    online = online_ids(ids)
    playing = playing_now(ids)
    people = Player.objects.filter(pk__in=ids).only("nickname", "tag", "page_hidden", "user_id")
    rows = [FriendRow(person, person.pk in online, playing.get(person.pk)) for person in people]
    # Who is on now first, then by name: the list is read to find someone to play with.
    rows.sort(key=lambda row: (not row.online, row.player.nickname.casefold(), row.player.tag))
    return rows


@require_GET
@player_required
def friends_page(request) -> HttpResponse:
    """The player's own friends, requests and blocks (never anyone else's: nothing here reads a parameter)."""
    me = request.player
    context = {
        "friends": _friends(me),
        "incoming": selectors.incoming(me.pk),
        "outgoing": selectors.outgoing(me.pk),
        "blocked": list(Block.objects.filter(blocker=me).select_related("blocked").order_by("-created_at")),
    }
    return render(request, "friends/friends.html", context)


def _person(player: Player) -> dict[str, Any]:
    return {"id": player.pk, "name": player.nickname, "tag": player.tag}


@require_GET
def friends_json(request) -> JsonResponse:
    """The viewer's own friends, as the page shows them, for scripts (a challenge's "whom")."""
    if not request.player:
        return JsonResponse({"error": {"code": "no_player", "message": _("Choose a nickname first.")}}, status=403)
    rows = _friends(request.player)
    return JsonResponse(
        {
            "friends": [
                {
                    **_person(row.player),
                    "online": row.online,
                    "playing": {"game": row.playing.game, "watch_url": row.playing.watch_url} if row.playing else None,
                }
                for row in rows
            ],
            "incoming": [_person(r.sender) for r in selectors.incoming(request.player.pk)],
        }
    )


@require_GET
def table_people(request, code: str) -> JsonResponse:
    """The other people who played the room's last match with the viewer, and what the viewer is to each: a
    result card's "Add friend" (static/js/friends_card.js). Only for someone seated in that match; anyone else
    gets the same 404 as a room that does not exist. Bots are no players: never listed."""
    me = request.player
    room = Room.objects.filter(code=normalise_code(code)).first()
    match = room.matches.order_by("-number").first() if room is not None else None
    if not me or match is None or match.seat_of(me.pk) is None:
        return JsonResponse({"error": {"code": "no_table", "message": _("Not found.")}}, status=404)
    ids = [sitter["player"] for sitter in match.lineup if sitter.get("player") not in (None, me.pk)]
    states = selectors.relations(me.pk, ids)
    mine = selectors.blocked_by(me.pk)
    people = {p.pk: p for p in Player.objects.filter(pk__in=ids)}
    return JsonResponse(
        {
            "match_id": match.pk,
            "people": [{**_person(people[pk]), "state": states[pk]} for pk in ids if pk in people and pk not in mine],
        }
    )
