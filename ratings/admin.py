"""Ratings in Django admin: read-only; ratings change only through services.rating_apply. History is
append-only and a rating is the sum of it: nobody edits or deletes either here."""

from django.contrib import admin

from ratings.models import Rating, RatingChange
from toolkit.readonly_admin import ReadOnlyAdmin


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["player", "game", "value", "games", "updated_at"]
    list_filter = ["game"]
    search_fields = ["player__nickname", "player__tag"]
    list_select_related = ["player"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "player", "game", "match", "before", "delta", "after", "place"]
    list_filter = ["game"]
    search_fields = ["player__nickname", "player__tag"]
    list_select_related = ["player", "match"]
    date_hierarchy = "created_at"
