"""Rooms and matches in Django admin, read-only: game state changes only through the services; admins
look, and act through actions."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from games.models import Match, MatchEvent, MatchResult, Room, Seat
from games.runtime.matches import match_stop
from toolkit.readonly_admin import ReadOnlyAdmin, ReadOnlyInline


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = readonly_fields = ("index", "player", "bot_level")


class EventInline(ReadOnlyInline):
    model = MatchEvent
    fields = readonly_fields = ("version", "kind", "data", "at")


class ResultInline(ReadOnlyInline):
    model = MatchResult
    fields = readonly_fields = ("player", "seat", "place", "won", "points")


@admin.register(Room)
class RoomAdmin(ReadOnlyAdmin):
    list_display = ["code", "game", "host", "status", "is_public", "created_at"]
    list_filter = ["game", "status", "is_public"]
    search_fields = ["code", "host__nickname"]
    inlines = [SeatInline]


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ["pk", "game", "room", "number", "status", "version", "deadline", "started_at", "finished_at"]
    list_filter = ["game", "status"]
    search_fields = ["room__code"]
    readonly_fields = [
        "room",
        "game",
        "number",
        "status",
        "version",
        "deadline",
        "lineup",
        "state",
        "outcome",
        "started_at",
        "finished_at",
    ]
    inlines = [ResultInline, EventInline]
    actions = ["end_matches"]

    @admin.action(description=_("End the selected matches now (points so far stand)"))
    def end_matches(self, request, queryset):
        ended = sum(
            1 for match_id in queryset.values_list("pk", flat=True) if match_stop(match_id=match_id, reason="admin")
        )
        self.message_user(request, _("%(count)d matches ended.") % {"count": ended}, messages.SUCCESS)

    def has_change_permission(self, request, obj=None):
        # The change page is needed to show state and events; every field is read-only anyway.
        return request.user.is_staff and request.method in ("GET", "HEAD")

    def get_actions(self, request):
        return super().get_actions(request) if request.user.has_perm("games.change_match") else {}


@admin.register(MatchResult)
class MatchResultAdmin(ReadOnlyAdmin):
    list_display = ["player", "game", "match", "place", "won", "points", "finished_at"]
    list_filter = ["game", "won"]
